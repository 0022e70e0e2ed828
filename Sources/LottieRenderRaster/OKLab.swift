#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Björn Ottosson's OKLab: a perceptual colour space where Euclidean distance follows perceived difference. Used by
/// the GIF palette builder and by snapshot comparison.
package enum OKLab {
    /// An OKLab colour: lightness and the two opponent axes.
    package typealias Lab = (l: Double, a: Double, b: Double)

    /// sRGB 8-bit → linear light.
    static let linear8: [Double] = (0..<256).map { linear(Double($0)) }

    /// sRGB channel value in 0…255 (any real value, clamped) → linear light.
    @inline(__always) static func linear(_ v: Double) -> Double { SRGB.decode(v / 255) }

    /// OKLab of linear-light RGB.
    @inline(__always) static func fromLinear(_ r: Double, _ g: Double, _ b: Double) -> Lab {
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return (
            0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
            1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
        )
    }

    /// OKLab of an sRGB colour with channels in 0…255 (fractional values allowed, as for averaged colours).
    package static func from(r: Double, g: Double, b: Double) -> Lab { fromLinear(linear(r), linear(g), linear(b)) }

    /// OKLab of a premultiplied pixel composited over a grey background `bg` (0 black, 255 white).
    @inline(__always) package static func from(_ p: UInt32, over bg: UInt32) -> Lab {
        let a = p >> 24
        let k = (255 &- a) &* bg / 255
        return fromLinear(
            linear8[Int(min(255, (p & 255) &+ k))], linear8[Int(min(255, ((p >> 8) & 255) &+ k))],
            linear8[Int(min(255, ((p >> 16) & 255) &+ k))])
    }

    /// Squared Euclidean distance.
    @inline(__always) package static func distance2(_ x: Lab, _ y: Lab) -> Double {
        let d0 = x.l - y.l, d1 = x.a - y.a, d2 = x.b - y.b
        return d0 * d0 + d1 * d1 + d2 * d2
    }
}
