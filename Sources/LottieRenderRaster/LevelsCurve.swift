#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One channel's levels: v ↦ outBlack + (outWhite − outBlack)·clamp((v − inBlack) / (inWhite − inBlack))^(1/gamma),
/// all in 0…1. An input white below the input black inverts.
package struct LevelsCurve: Sendable, Equatable {
    /// Input black and white points.
    package var inBlack, inWhite: Double
    /// Gamma (above 1 brightens the midtones).
    package var gamma: Double
    /// Output black and white points.
    package var outBlack, outWhite: Double
    /// Creates a curve.
    package init(
        inBlack: Double = 0, inWhite: Double = 1, gamma: Double = 1, outBlack: Double = 0, outWhite: Double = 1
    ) {
        self.inBlack = inBlack; self.inWhite = inWhite; self.gamma = gamma; self.outBlack = outBlack;
        self.outWhite = outWhite
    }
    /// The curve that changes nothing.
    package static let identity = LevelsCurve()
    /// True when the curve changes nothing.
    package var isIdentity: Bool { self == .identity }

    /// The curve at `v`.
    package func apply(_ v: Double) -> Double {
        var range = inWhite - inBlack
        if abs(range) < 1e-4 { range = range < 0 ? -1e-4 : 1e-4 }
        let t = min(max((v - inBlack) / range, 0), 1)
        let g = gamma.isFinite ? max(gamma, 0.01) : 1
        let out = outBlack + (outWhite - outBlack) * pow(t, 1 / g)
        return out.isFinite ? min(max(out, 0), 1) : 0
    }

    /// This curve followed by `next`.
    package func then(_ next: LevelsCurve) -> Composed { Composed(first: self, second: next) }

    /// The curve as a 256-entry table (index: 8-bit input; values 0…1).
    package func table() -> [Float] { (0..<256).map { Float(apply(Double($0) / 255)) } }

    /// Two curves one after the other.
    package struct Composed: Sendable {
        /// Applied first.
        package var first: LevelsCurve
        /// Applied second.
        package var second: LevelsCurve
        /// The composition as a 256-entry table (values 0…1).
        package func table() -> [Float] { (0..<256).map { Float(second.apply(first.apply(Double($0) / 255))) } }
    }
}
