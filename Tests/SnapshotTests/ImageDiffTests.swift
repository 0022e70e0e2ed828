import LottieRenderRaster
import LottieRenderSnapshot
import Testing

/// A disc of `color` on a transparent canvas, its centre offset by `dx` pixels.
private func disc(dx: Double = 0, color: Color = Color(r: 0.2, g: 0.5, b: 0.9), size: Int = 96) -> Pixmap {
    var pm = Pixmap(width: size, height: size)
    var c = Canvas()
    let r = 30.0, cx = 48.0 + dx, cy = 48.0
    c.fill(
        .ellipse(Rect(minX: cx - r, minY: cy - r, maxX: cx + r, maxY: cy + r)), transform: .identity,
        rule: .nonZero, paint: .solid(color), opacity: 1, into: &pm)
    return pm
}

@Suite struct ImageDiffTests {
    @Test func identicalImagesHaveNoDifference() throws {
        let c = try #require(ImageDiff.compare(disc(), disc()))
        #expect(c.differing == 0 && c.antiAliased == 0 && c.regions.isEmpty)
    }

    @Test func subpixelEdgeMovesAreForgiven() throws {
        for dx in [0.1, 0.3, 0.5] {
            let c = try #require(ImageDiff.compare(disc(), disc(dx: dx)))
            #expect(c.differing == 0, "shift \(dx): \(c.differing) pixels fail")
            #expect(c.antiAliased > 0 || dx < 0.2)
        }
    }

    @Test func twoPixelShiftFails() throws {
        let c = try #require(ImageDiff.compare(disc(), disc(dx: 2)))
        #expect(c.differing > 50)
        // Both crescents (leading and trailing edge) are reported.
        let all = c.regions.reduce(IntRect.empty) { $0.union($1) }
        #expect(all.x0 <= 20 && all.x1 >= 78)
    }

    @Test func colourChangeFailsEverywhereInTheShape() throws {
        let c = try #require(ImageDiff.compare(disc(), disc(color: Color(r: 0.9, g: 0.3, b: 0.2))))
        #expect(c.differing > Int(Double.pi * 28 * 28))
    }

    @Test func smallColourNoiseIsWithinThreshold() throws {
        // One 8-bit step in every channel: invisible, within the default threshold.
        let a = disc()
        var b = a
        for i in b.pixels.indices where b.pixels[i] >> 24 == 255 { b.pixels[i] &+= 0x0001_0101 }
        let c = try #require(ImageDiff.compare(a, b))
        #expect(c.differing == 0 && c.antiAliased == 0)
    }

    @Test func alphaChangesCount() throws {
        let a = disc()
        var b = a
        for i in b.pixels.indices where b.pixels[i] >> 24 == 255 {
            let p = b.pixels[i]; b.pixels[i] = ((p & 0x00FF_00FF) >> 1) & 0x00FF_00FF | ((p >> 1) & 0x7F00_7F00)
        }
        let c = try #require(ImageDiff.compare(a, b))
        #expect(c.differing > 1000)
    }

    @Test func sizeMismatchIsNotComparable() {
        #expect(ImageDiff.compare(disc(size: 96), disc(size: 64)) == nil)
    }

    @Test func diffImageMarksChangedPixelsRed() throws {
        let base = disc()
        let c = try #require(ImageDiff.compare(base, disc(dx: 3)))
        let img = ImageDiff.diffImage(baseline: base, comparison: c)
        let reds = img.pixels.filter { $0 == 0xFF00_00FF }.count
        #expect(reds == c.differing)
        #expect(img.pixels.allSatisfy { $0 >> 24 == 255 })
    }
}
