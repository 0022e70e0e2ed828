#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fill, tint and tritone as the SVG filter chains a browser runs for them (lottie-web's SVG renderer): grey in linear
/// RGB, colours mapped in sRGB, and for tint a merge of source, grey and tinted layers in linear RGB.
///
/// Hot loop file, per pixel with `pow` for the transfer functions (`SRGB`). Measured (release, one core): samples/effects_color
/// at 2000×2000, 60 frames, takes 50 ms a frame more than with the After Effects versions, for about 1.1 Mpixel
/// through the three filters: roughly 20 Mpixel/s. Only `--player web` uses them.
extension Effects {
    /// Tint as `feColorMatrix` (linearRGB: the mean of r, g, b; alpha × amount), `feColorMatrix` (sRGB: black + grey
    /// × (white − black)) and `feMerge` (linearRGB: source, grey, tinted, each over the last).
    package static func tintAsSVGFilter(
        _ pm: inout Pixmap, region: IntRect, black: Color, white: Color, amount: Double
    ) {
        let k = Float(min(1, max(0, amount)))
        let b = (Float(black.r), Float(black.g), Float(black.b)), w = (Float(white.r), Float(white.g), Float(white.b))
        eachCovered(&pm, region: region) { p in
            let c = unpack(p)
            let sa = c.3 / 255
            let lin = (toLinear(c.0 / c.3), toLinear(c.1 / c.3), toLinear(c.2 / c.3))
            let greyLin = min(1, (lin.0 + lin.1 + lin.2) * 0.3333)
            let grey = fromLinear(greyLin)
            let a = sa * k
            let t = (
                toLinear(b.0 + (w.0 - b.0) * grey), toLinear(b.1 + (w.1 - b.1) * grey),
                toLinear(b.2 + (w.2 - b.2) * grey)
            )
            // Premultiplied, linear: grey over the source, then the tinted layer over both.
            let a1 = a + sa * (1 - a)
            let p1 = (
                greyLin * a + lin.0 * sa * (1 - a), greyLin * a + lin.1 * sa * (1 - a),
                greyLin * a + lin.2 * sa * (1 - a)
            )
            let ao = a + a1 * (1 - a)
            guard ao > 0 else { return 0 }
            let o = ((t.0 * a + p1.0 * (1 - a)) / ao, (t.1 * a + p1.1 * (1 - a)) / ao, (t.2 * a + p1.2 * (1 - a)) / ao)
            let a255 = ao * 255
            return pack(fromLinear(o.0) * a255, fromLinear(o.1) * a255, fromLinear(o.2) * a255, a255)
        }
    }

    /// Fill as one `feColorMatrix` (sRGB): every pixel takes `color`, its alpha scaled by `opacity` (not mixed with
    /// the original colour).
    package static func fillAsSVGFilter(_ pm: inout Pixmap, region: IntRect, color: Color, opacity: Double) {
        let k = Float(min(1, max(0, opacity)))
        let c = (Float(color.r), Float(color.g), Float(color.b))
        eachCovered(&pm, region: region) { p in
            let a = Float(p >> 24) * k
            return pack(c.0 * a, c.1 * a, c.2 * a, a)
        }
    }

    /// Tritone as `feColorMatrix` (linearRGB: the mean of r, g, b) and `feComponentTransfer` (sRGB: a table through
    /// shadows, midtones, highlights); alpha kept, no blend with the original.
    package static func tritoneAsSVGFilter(
        _ pm: inout Pixmap, region: IntRect, highlights h: Color, midtones m: Color, shadows s: Color
    ) {
        let hh = (Float(h.r), Float(h.g), Float(h.b)), mm = (Float(m.r), Float(m.g), Float(m.b)),
            ss = (Float(s.r), Float(s.g), Float(s.b))
        eachCovered(&pm, region: region) { p in
            let c = unpack(p)
            let a = c.3
            let g = fromLinear(
                min(1, (toLinear(c.0 / a) + toLinear(c.1 / a) + toLinear(c.2 / a)) * 0.3333))
            let o: (Float, Float, Float)
            if g < 0.5 {
                let t = g * 2
                o = (ss.0 + (mm.0 - ss.0) * t, ss.1 + (mm.1 - ss.1) * t, ss.2 + (mm.2 - ss.2) * t)
            } else {
                let t = (g - 0.5) * 2
                o = (mm.0 + (hh.0 - mm.0) * t, mm.1 + (hh.1 - mm.1) * t, mm.2 + (hh.2 - mm.2) * t)
            }
            return pack(o.0 * a, o.1 * a, o.2 * a, a)
        }
    }
}
