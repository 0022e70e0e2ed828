import LottieRenderRaster
import Testing

@Suite struct BlurTests {
    /// An opaque 40×30 pixmap: grey, with a white square in the middle.
    func pattern() -> Pixmap {
        var pm = Pixmap(width: 40, height: 30)
        for y in 0..<30 {
            for x in 0..<40 {
                pm.pixels[y * 40 + x] = (10...29).contains(x) && (10...19).contains(y) ? 0xFFFF_FFFF : 0xFF80_8080
            }
        }
        return pm
    }

    @Test func transparentEdgesFade() {
        var pm = pattern()
        Effects.blur(&pm, region: IntRect(x0: 0, y0: 0, x1: 40, y1: 30), sigmaX: 4, sigmaY: 4)
        #expect(pm.pixels[0] >> 24 < 128) // the corner sees three quarters of nothing
        #expect(pm.pixels[15 * 40 + 20] >> 24 == 255) // the middle stays opaque
    }

    @Test func repeatedEdgesStayOpaqueAndKeepFlatColour() {
        var pm = pattern()
        Effects.blur(&pm, region: IntRect(x0: 0, y0: 0, x1: 40, y1: 30), sigmaX: 4, sigmaY: 4, repeatEdges: true)
        #expect(pm.pixels.allSatisfy { $0 >> 24 == 255 })
        // Far from the square, the edge is the flat grey it repeats.
        #expect(pm.pixels[0] == 0xFF80_8080)
        // The square is softened: its centre is lighter than its surroundings and darker than white.
        let centre = pm.pixels[15 * 40 + 20] & 255
        #expect(centre > 0x80 && centre < 0xFF)
    }

    @Test func repeatedEdgesOfAConstantLineStayConstant() {
        var line = [SIMD4<Float>](repeating: SIMD4(7, 7, 7, 7), count: 5)
        var tmp = [SIMD4<Float>](repeating: .zero, count: 5)
        line.withUnsafeMutableBufferPointer { l in
            tmp.withUnsafeMutableBufferPointer { t in
                if let lp = l.baseAddress, let tp = t.baseAddress { Effects.boxLine(lp, 1, 5, 9, tp, true) }
            }
        }
        #expect(line.allSatisfy { abs($0[0] - 7) < 1e-4 && abs($0[3] - 7) < 1e-4 })
    }

    @Test func clearOutsideKeepsOnlyTheFrame() {
        var pm = Pixmap(width: 6, height: 5)
        pm.fill(0xFFFF_FFFF)
        Compositor.clear(&pm, outside: IntRect(x0: 1, y0: 1, x1: 4, y1: 3), within: IntRect(x0: 0, y0: 0, x1: 6, y1: 5))
        for y in 0..<5 {
            for x in 0..<6 {
                let inside = (1..<4).contains(x) && (1..<3).contains(y)
                #expect(pm.pixels[y * 6 + x] == (inside ? 0xFFFF_FFFF : 0))
            }
        }
    }
}
