#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sRGB transfer function, both ways, on straight components in 0…1 (clamped).
package enum SRGB {
    /// Stored sRGB value → linear light.
    @inline(__always) package static func decode(_ v: Double) -> Double {
        let c = min(1, max(0, v))
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// Linear light → stored sRGB value.
    @inline(__always) package static func encode(_ v: Double) -> Double {
        let c = min(1, max(0, v))
        return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
    }
}
