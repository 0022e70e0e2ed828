import LottieRenderRaster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gradients as lottie-ios's Core Animation engine shows them (its snapshots): a CAGradientLayer blends its stops
/// in Apple's Generic RGB space (gamma 1.8, its own primaries), so each colour is taken there, clipped to that
/// gamut, blended, and brought back to sRGB. Saturated stops are lifted and mid-tones lighter than an sRGB blend.
/// Fitted to lottie-ios 4.6.1's Core Animation snapshots of gradient_pill, gradient_square and issue_2206 (within
/// about one level); the Main Thread engine's CGGradient blends in sRGB.
enum GenericRGB {
    /// Linear sRGB to linear Generic RGB (both D65-adapted), row major.
    static let toGeneric = [
        0.97485, 0.027295, -0.002145, -0.02, 1.054209, -0.034209, 0.001691, 0.001564, 0.996745,
    ]
    /// Linear Generic RGB to linear sRGB.
    static let toSRGB = [
        1.025252, -0.026548, 0.001295, 0.019394, 0.948028, 0.032578, -0.00177, -0.001442, 1.003212,
    ]
    /// Stops inserted between two stops, so that the raster's sRGB blend follows the Generic RGB one.
    static let steps = 16

    /// A colour in Generic RGB gamma values, clipped to its gamut.
    static func encode(_ c: Color) -> (Double, Double, Double) {
        let l = (SRGB.decode(c.r), SRGB.decode(c.g), SRGB.decode(c.b))
        func row(_ k: Int) -> Double {
            let v = toGeneric[k * 3] * l.0 + toGeneric[k * 3 + 1] * l.1 + toGeneric[k * 3 + 2] * l.2
            return pow(min(max(v, 0), 1), 1 / 1.8)
        }
        return (row(0), row(1), row(2))
    }

    /// Generic RGB gamma values back to an sRGB colour with alpha `a`.
    static func decode(_ g: (Double, Double, Double), alpha a: Double) -> Color {
        let l = (pow(g.0, 1.8), pow(g.1, 1.8), pow(g.2, 1.8))
        func row(_ k: Int) -> Double {
            let v = toSRGB[k * 3] * l.0 + toSRGB[k * 3 + 1] * l.1 + toSRGB[k * 3 + 2] * l.2
            return SRGB.encode(min(max(v, 0), 1))
        }
        return Color(r: row(0), g: row(1), b: row(2), a: a)
    }

    /// `stops` blended in Generic RGB: every stop converted, `steps − 1` stops inserted between two stops apart.
    static func resampled(_ stops: [GradientStop]) -> [GradientStop] {
        guard !stops.isEmpty else { return stops }
        let enc = stops.map { encode($0.color) }
        var out: [GradientStop] = []
        for i in stops.indices {
            out.append(GradientStop(offset: stops[i].offset, color: decode(enc[i], alpha: stops[i].color.a)))
            guard i + 1 < stops.count, stops[i + 1].offset > stops[i].offset else { continue }
            let a = enc[i], b = enc[i + 1]
            for j in 1..<steps {
                let u = Double(j) / Double(steps)
                let g = (a.0 + (b.0 - a.0) * u, a.1 + (b.1 - a.1) * u, a.2 + (b.2 - a.2) * u)
                let alpha = stops[i].color.a + (stops[i + 1].color.a - stops[i].color.a) * u
                let off = stops[i].offset + (stops[i + 1].offset - stops[i].offset) * u
                out.append(GradientStop(offset: off, color: decode(g, alpha: alpha)))
            }
        }
        return out
    }
}
