import LottieRenderRaster
import Testing

@Suite struct BlendModeTests {
    static let separable: [BlendMode] = [
        .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight, .softLight,
        .difference, .exclusion, .add, .hardMix, .softLightSquare,
    ]

    /// A 64×64 pixmap of premultiplied pixels from a fixed sequence: every channel at or below alpha, with
    /// transparent, opaque, black and white pixels among them.
    func pixmap(seed: UInt64) -> Pixmap {
        var state = seed
        func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        var pm = Pixmap(width: 64, height: 64)
        for i in pm.pixels.indices {
            let r = next()
            switch r % 8 {
            case 0: pm.pixels[i] = 0
            case 1: pm.pixels[i] = 0xFFFF_FFFF
            case 2: pm.pixels[i] = 0xFF00_0000
            default:
                let a = r >> 24
                let c = { (v: UInt32) in a == 0 ? 0 : v % (a + 1) }
                pm.pixels[i] = c(next()) | c(next()) << 8 | c(next()) << 16 | (r % 3 == 0 ? 255 : a) << 24
            }
        }
        return pm
    }

    /// Each separable mode's loop (four channels as one vector) gives, pixel for pixel, what the per-channel
    /// function gives, at full and partial opacity.
    @Test(arguments: separable) func separableLoopMatchesPerChannel(mode: BlendMode) {
        let src = pixmap(seed: 7), dst = pixmap(seed: 11)
        let all = IntRect(x0: 0, y0: 0, x1: 64, y1: 64)
        for opacity in [1.0, 0.6, 0.02] {
            var out = dst
            BlendModes.apply(src, onto: &out, mode: mode, opacity: opacity, region: all)
            var differ = 0
            for i in src.pixels.indices {
                let expected =
                    src.pixels[i] == 0
                    ? dst.pixels[i] : BlendModes.blend(src.pixels[i], dst.pixels[i], mode, Float(opacity))
                if out.pixels[i] != expected { differ += 1 }
            }
            #expect(differ == 0, "\(mode) at opacity \(opacity): \(differ) of 4096 pixels differ")
        }
    }
}
