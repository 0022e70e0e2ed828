import LottieRenderRaster
import Testing

@Suite struct WarpTests {
    @Test func inverseRoundTrips() throws {
        let h = Homography(1.2, 0.1, 5, -0.2, 0.9, 3, 0.001, 0.002, 1)
        let inv = try #require(h.inverted())
        for p in [Point(0, 0), Point(10, 20), Point(-30, 7)] {
            let q = try #require(h.apply(p)), back = try #require(inv.apply(q))
            #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        }
    }

    @Test func identityWarpCopiesPixels() {
        var src = Pixmap(width: 8, height: 6)
        for i in src.pixels.indices { src.pixels[i] = UInt32(i * 37 % 256) * 0x0101_0101 }
        var dst = Pixmap(width: 8, height: 6)
        let written = Warp.project(src, inverse: .identity, into: &dst, region: IntRect(x0: 0, y0: 0, x1: 8, y1: 6))
        #expect(dst == src)
        #expect(written.x0 >= 0 && written.x1 <= 8)
    }

    @Test func pixelsBehindTheViewerAreLeftAlone() {
        var src = Pixmap(width: 4, height: 4)
        for i in src.pixels.indices { src.pixels[i] = 0xFFFF_FFFF }
        var dst = Pixmap(width: 4, height: 4)
        // Weight −1 everywhere: every preimage is behind.
        let written = Warp.project(
            src, inverse: Homography(1, 0, 0, 0, 1, 0, 0, 0, -1), into: &dst,
            region: IntRect(x0: 0, y0: 0, x1: 4, y1: 4))
        #expect(written.isEmpty)
        #expect(dst.pixels.allSatisfy { $0 == 0 })
    }
}
