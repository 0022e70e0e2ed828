import Testing

@testable import LottieRenderRaster

/// `Color.premultiplied` rounds its channels by truncating and comparing the fraction with ½ rather than calling
/// `rounded()`: the bytes must be those of `rounded()` (half away from zero) for every colour and opacity, the
/// halfway values and their neighbours included.
@Suite struct ColorRoundingTests {
    /// The premultiplied pixel as `rounded()` gives it.
    static func reference(_ c: Color, opacity: Double) -> UInt32 {
        func clamp(_ v: Double) -> Double { min(1, max(0, v.isNaN ? 0 : v)) }
        let al = clamp(c.a) * clamp(opacity)
        let A = UInt32((al * 255).rounded())
        let R = UInt32((clamp(c.r) * al * 255).rounded()), G = UInt32((clamp(c.g) * al * 255).rounded())
        let B = UInt32((clamp(c.b) * al * 255).rounded())
        return min(R, A) | min(G, A) << 8 | min(B, A) << 16 | A << 24
    }

    @Test func everyLevelAndItsHalfwayPointsRoundAsRoundedDoes() {
        var checked = 0
        for k in 0...510 {
            // k / 510 · 255 is k / 2: whole levels and the halfway points between them, and the doubles either side.
            let v = Double(k) / 510
            for x in [v.nextDown, v, v.nextUp] {
                for opacity in [1.0, 0.5, 0.999, 0.25, 1.0.nextDown] {
                    let c = Color(r: x, g: 1 - x, b: x * 0.37, a: 1)
                    #expect(c.premultiplied(opacity: opacity) == Self.reference(c, opacity: opacity), "\(x) \(opacity)")
                    let translucent = Color(r: 0.8, g: x, b: 0.1, a: x)
                    #expect(
                        translucent.premultiplied(opacity: opacity) == Self.reference(translucent, opacity: opacity),
                        "alpha \(x) \(opacity)")
                    checked += 2
                }
            }
        }
        #expect(checked == 511 * 3 * 5 * 2)
    }

    @Test func outOfRangeAndMissingComponentsClampAsBefore() {
        let cases = [
            Color(r: -1, g: 2, b: .nan, a: 1), Color(r: 0.5, g: 0.5, b: 0.5, a: .nan),
            Color(r: .infinity, g: -.infinity, b: 0, a: 0.5), Color(r: -0.0, g: 0, b: 1, a: -0.0),
        ]
        for c in cases {
            for opacity in [0.0, 0.3, 1.0, 2.0, -1.0, .nan] {
                #expect(c.premultiplied(opacity: opacity) == Self.reference(c, opacity: opacity), "\(c) \(opacity)")
            }
        }
    }
}
