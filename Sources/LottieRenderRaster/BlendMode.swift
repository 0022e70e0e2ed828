/// Separable and non-separable blend modes, as After Effects and the W3C compositing spec define them.
package enum BlendMode: Sendable {
    /// Source over.
    case normal
    /// cb · cs
    case multiply
    /// cb + cs − cb · cs
    case screen
    /// Hard light with the layers swapped.
    case overlay
    /// min(cb, cs)
    case darken
    /// max(cb, cs)
    case lighten
    /// cb / (1 − cs), clamped.
    case colorDodge
    /// 1 − (1 − cb) / cs, clamped.
    case colorBurn
    /// Multiply or screen depending on the source.
    case hardLight
    /// A softer hard light (W3C formula).
    case softLight
    /// |cb − cs|
    case difference
    /// cb + cs − 2 · cb · cs
    case exclusion
    /// Hue of the source with saturation and luminosity of the backdrop.
    case hue
    /// Saturation of the source.
    case saturation
    /// Hue and saturation of the source.
    case color
    /// Luminosity of the source.
    case luminosity
    /// Linear dodge: min(1, cb + cs).
    case add
    /// 1 where cb + cs ≥ 1, else 0.
    case hardMix
    /// Soft light as (1 − min(1, 2cs))·cb² + min(1, 2·cs·cb) (ThorVG's software engine).
    case softLightSquare
    /// Hue, saturation, colour and luminosity exchanged in the HSL model, not with W3C's SetSat and SetLum
    /// (ThorVG's software engine).
    case hueHSL, saturationHSL, colorHSL, luminosityHSL

    /// Source over, told by its tag (the scene builder and renderer test it for every layer and group; `==` went
    /// through the enum's `Equatable` witness from their modules).
    package var isNormal: Bool {
        if case .normal = self { return true }
        return false
    }
}

/// Blending of a whole isolated layer onto its backdrop with a blend mode.
///
/// Hot loop file (per pixel, Float): result = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(cb/αb, cs/αs), in premultiplied
/// form. Used only for layers with a blend mode, over the region they touched. The separable modes run as vectors
/// (SeparableBlend.swift, about 60 Mpixel/s); the hue, saturation, colour and luminosity modes pixel by pixel here.
package enum BlendModes {
    /// Blends `src` (premultiplied) with `opacity` onto `dst` inside `region` using `mode`.
    package static func apply(_ src: Pixmap, onto dst: inout Pixmap, mode: BlendMode, opacity: Double, region: IntRect)
    {
        guard src.width == dst.width, src.height == dst.height else { return }
        if mode == .normal { Compositor.drawOver(src, onto: &dst, opacity: opacity, region: region); return }
        let k = Float(min(1, max(0, opacity)))
        switch mode {
        case .normal: break
        case .multiply: blendSeparable(src, onto: &dst, region: region, k, MultiplyBlend.self)
        case .screen: blendSeparable(src, onto: &dst, region: region, k, ScreenBlend.self)
        case .overlay: blendSeparable(src, onto: &dst, region: region, k, OverlayBlend.self)
        case .darken: blendSeparable(src, onto: &dst, region: region, k, DarkenBlend.self)
        case .lighten: blendSeparable(src, onto: &dst, region: region, k, LightenBlend.self)
        case .colorDodge: blendSeparable(src, onto: &dst, region: region, k, ColorDodgeBlend.self)
        case .colorBurn: blendSeparable(src, onto: &dst, region: region, k, ColorBurnBlend.self)
        case .hardLight: blendSeparable(src, onto: &dst, region: region, k, HardLightBlend.self)
        case .softLight: blendSeparable(src, onto: &dst, region: region, k, SoftLightBlend.self)
        case .difference: blendSeparable(src, onto: &dst, region: region, k, DifferenceBlend.self)
        case .exclusion: blendSeparable(src, onto: &dst, region: region, k, ExclusionBlend.self)
        case .add: blendSeparable(src, onto: &dst, region: region, k, AddBlend.self)
        case .hardMix: blendSeparable(src, onto: &dst, region: region, k, HardMixBlend.self)
        case .softLightSquare: blendSeparable(src, onto: &dst, region: region, k, SoftLightSquareBlend.self)
        case .hue, .saturation, .color, .luminosity, .hueHSL, .saturationHSL, .colorHSL, .luminosityHSL:
            Compositor.combine(src, onto: &dst, region: region) { sp, dp in blend(sp, dp, mode, k) }
        }
    }

    @inline(__always) static func channels(_ p: UInt32) -> (Float, Float, Float, Float) {
        (Float(p & 255) / 255, Float((p >> 8) & 255) / 255, Float((p >> 16) & 255) / 255, Float(p >> 24) / 255)
    }

    @inline(__always) static func pack(_ r: Float, _ g: Float, _ b: Float, _ a: Float) -> UInt32 {
        func q(_ v: Float) -> UInt32 { UInt32(min(255, max(0, v * 255 + 0.5))) }
        return q(r) | q(g) << 8 | q(b) << 16 | q(a) << 24
    }

    /// One pixel, channel by channel: what ``apply(_:onto:mode:opacity:region:)`` does to a pixel, and the
    /// reference the vector loops of the separable modes are tested against.
    package static func blend(_ sp: UInt32, _ dp: UInt32, _ mode: BlendMode, _ k: Float) -> UInt32 {
        var s = channels(sp)
        s = (s.0 * k, s.1 * k, s.2 * k, s.3 * k)
        let b = channels(dp)
        let sa = s.3, ba = b.3
        if sa <= 0 { return dp }
        // Straight colours.
        let cs = (s.0 / sa, s.1 / sa, s.2 / sa)
        let cb = ba > 0 ? (b.0 / ba, b.1 / ba, b.2 / ba) : (Float(0), Float(0), Float(0))
        let m: (Float, Float, Float)
        switch mode {
        case .hue, .saturation, .color, .luminosity:
            m = nonSeparable(cb, cs, mode)
        case .hueHSL, .saturationHSL, .colorHSL, .luminosityHSL:
            m = hslExchange(cb, cs, mode)
        default:
            m = (separable(cb.0, cs.0, mode), separable(cb.1, cs.1, mode), separable(cb.2, cs.2, mode))
        }
        let both = sa * ba
        let r = s.0 * (1 - ba) + b.0 * (1 - sa) + both * m.0
        let g = s.1 * (1 - ba) + b.1 * (1 - sa) + both * m.1
        let bl = s.2 * (1 - ba) + b.2 * (1 - sa) + both * m.2
        let a = sa + ba - both
        return pack(min(r, a), min(g, a), min(bl, a), a)
    }

    @inline(__always) static func separable(_ cb: Float, _ cs: Float, _ mode: BlendMode) -> Float {
        switch mode {
        case .normal: return cs
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return hardLight(cs: cb, cb: cs)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge:
            if cb <= 0 { return 0 }
            return cs >= 1 ? 1 : min(1, cb / (1 - cs))
        case .colorBurn:
            if cb >= 1 { return 1 }
            return cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs)
        case .hardLight: return hardLight(cs: cs, cb: cb)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        case .add: return min(1, cb + cs)
        case .hardMix: return cb + cs >= 1 ? 1 : 0
        case .softLightSquare: return (1 - min(1, 2 * cs)) * cb * cb + min(1, 2 * cs * cb)
        case .hue, .saturation, .color, .luminosity, .hueHSL, .saturationHSL, .colorHSL, .luminosityHSL: return cs
        }
    }

    @inline(__always) static func hardLight(cs: Float, cb: Float) -> Float {
        cs <= 0.5 ? cb * 2 * cs : cb + (2 * cs - 1) - cb * (2 * cs - 1)
    }

    static func lum(_ c: (Float, Float, Float)) -> Float { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }

    static func clip(_ c: (Float, Float, Float)) -> (Float, Float, Float) {
        let l = lum(c), n = min(c.0, c.1, c.2), x = max(c.0, c.1, c.2)
        var r = c
        if n < 0 { let f = l / (l - n); r = (l + (r.0 - l) * f, l + (r.1 - l) * f, l + (r.2 - l) * f) }
        if x > 1 { let f = (1 - l) / (x - l); r = (l + (r.0 - l) * f, l + (r.1 - l) * f, l + (r.2 - l) * f) }
        return r
    }

    static func setLum(_ c: (Float, Float, Float), _ l: Float) -> (Float, Float, Float) {
        let d = l - lum(c)
        return clip((c.0 + d, c.1 + d, c.2 + d))
    }

    static func sat(_ c: (Float, Float, Float)) -> Float { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }

    static func setSat(_ c: (Float, Float, Float), _ s: Float) -> (Float, Float, Float) {
        let mx = max(c.0, c.1, c.2), mn = min(c.0, c.1, c.2)
        guard mx > mn else { return (0, 0, 0) }
        func f(_ v: Float) -> Float { v == mx ? s : (v == mn ? 0 : (v - mn) * s / (mx - mn)) }
        return (f(c.0), f(c.1), f(c.2))
    }

    static func nonSeparable(
        _ cb: (Float, Float, Float), _ cs: (Float, Float, Float), _ mode: BlendMode
    ) -> (Float, Float, Float) {
        switch mode {
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        default: return setLum(cb, lum(cs))
        }
    }

    /// Hue, saturation and lightness of a colour (HSL; hue in 0…1).
    static func hsl(_ c: (Float, Float, Float)) -> (Float, Float, Float) {
        let mx = max(c.0, c.1, c.2), mn = min(c.0, c.1, c.2), l = (mx + mn) / 2
        guard mx > mn else { return (0, 0, l) }
        let d = mx - mn
        let s = l > 0.5 ? d / (2 - mx - mn) : d / (mx + mn)
        var h: Float
        if mx == c.0 {
            h = (c.1 - c.2) / d + (c.1 < c.2 ? 6 : 0)
        } else if mx == c.1 {
            h = (c.2 - c.0) / d + 2
        } else {
            h = (c.0 - c.1) / d + 4
        }
        h /= 6
        return (h, s, l)
    }

    /// The colour of hue `h` (0…1), saturation `s` and lightness `l`.
    static func rgb(_ h: Float, _ s: Float, _ l: Float) -> (Float, Float, Float) {
        guard s > 0 else { return (l, l, l) }
        let q = l < 0.5 ? l * (1 + s) : l + s - l * s, p = 2 * l - q
        func channel(_ t0: Float) -> Float {
            var t = t0
            if t < 0 { t += 1 }
            if t > 1 { t -= 1 }
            if t < 1 / 6 { return p + (q - p) * 6 * t }
            if t < 1 / 2 { return q }
            if t < 2 / 3 { return p + (q - p) * (2 / 3 - t) * 6 }
            return p
        }
        return (channel(h + 1 / 3), channel(h), channel(h - 1 / 3))
    }

    /// The HSL-model modes: hue, saturation or both from the source, the rest from the backdrop.
    static func hslExchange(
        _ cb: (Float, Float, Float), _ cs: (Float, Float, Float), _ mode: BlendMode
    ) -> (Float, Float, Float) {
        let b = hsl(cb), s = hsl(cs)
        switch mode {
        case .hueHSL: return rgb(s.0, b.1, b.2)
        case .saturationHSL: return rgb(b.0, s.1, b.2)
        case .colorHSL: return rgb(s.0, s.1, b.2)
        default: return rgb(b.0, b.1, s.2)
        }
    }
}
