import Foundation
import LottieRenderRaster
import Testing

/// Mip pyramids for images drawn much smaller than their pixels.
@Suite struct MipmapTests {
    @Test func levelsHalveByAveragingAndRepeatEdges() {
        // 3×1: red, blue, green. Level 1 is 2×1: the mean of red and blue, then green with itself.
        let img = Pixmap(width: 3, height: 1, pixels: [0xFF00_00FF, 0xFFFF_0000, 0xFF00_FF00])
        let m = Mipmap(img)
        #expect(m.levels.map(\.width) == [3, 2, 1] && m.levels.map(\.height) == [1, 1, 1])
        #expect(m.levels[1].pixels == [0xFF80_0080, 0xFF00_FF00])
    }

    @Test func flatImagesStayFlat() {
        let img = Pixmap(width: 7, height: 5, pixels: [UInt32](repeating: 0x8040_2010, count: 35))
        for level in Mipmap(img).levels { #expect(level.pixels.allSatisfy { $0 == 0x8040_2010 }) }
    }

    @Test func levelChoice() {
        let m = Mipmap(Pixmap(width: 64, height: 64))
        #expect(m.level(forScale: 1).factor == 1)
        #expect(m.level(forScale: 0.6).factor == 1)
        #expect(m.level(forScale: 0.5).factor == 2)
        #expect(m.level(forScale: 0.3).factor == 2)
        #expect(m.level(forScale: 0.25).factor == 4)
        #expect(m.level(forScale: 1e-9).factor == 64) // no level beyond 1×1
        #expect(m.level(forScale: .nan).factor == 1 && m.level(forScale: 0).factor == 1)
    }

    @Test func rotationDoesNotChangeTheLevel() {
        // Half size, turned by 70°: rounding must not push the scale above one half.
        let c = 0.5 * cos(70 * Double.pi / 180), s = 0.5 * sin(70 * Double.pi / 180)
        let scale = Mipmap.minificationScale(Transform(a: c, b: s, c: -s, d: c, tx: 3, ty: 4))
        #expect(Mipmap.isNeeded(forScale: scale))
        #expect(abs(scale - 0.5) < 1e-12)
        // An anisotropic scale is judged by its most shrunk direction.
        #expect(abs(Mipmap.minificationScale(Transform(a: 2, b: 0, c: 0, d: 0.25, tx: 0, ty: 0)) - 0.25) < 1e-12)
    }
}
