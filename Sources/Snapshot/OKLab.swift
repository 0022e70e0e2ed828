#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Björn Ottosson's OKLab: a perceptual colour space where Euclidean distance follows perceived difference.
enum OKLab {
    /// sRGB 8-bit → linear light.
    static let linear: [Double] = (0..<256).map { i in
        let c = Double(i) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// OKLab of a premultiplied pixel composited over a grey background `bg` (0 black, 255 white).
    @inline(__always) static func from(_ p: UInt32, over bg: UInt32) -> (Double, Double, Double) {
        let a = p >> 24
        let k = (255 &- a) &* bg / 255
        let r = linear[Int(min(255, (p & 255) &+ k))]
        let g = linear[Int(min(255, ((p >> 8) & 255) &+ k))]
        let b = linear[Int(min(255, ((p >> 16) & 255) &+ k))]
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return (0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    /// Squared Euclidean distance.
    @inline(__always) static func distance2(_ x: (Double, Double, Double), _ y: (Double, Double, Double)) -> Double {
        let d0 = x.0 - y.0, d1 = x.1 - y.1, d2 = x.2 - y.2
        return d0 * d0 + d1 * d1 + d2 * d2
    }
}
