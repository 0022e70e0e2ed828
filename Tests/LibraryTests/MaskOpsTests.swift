import LottieRenderModel
import Testing

@testable import LottieRender

/// `MaskOps.combine` and `MaskOps.expand` work in 16-bit arithmetic; these check every mask value against every coverage value, for
/// each mode, both inversions and several opacities, against the formulas in `Int`.
@Suite struct MaskOpsTests {
    static let modes: [MaskMode] = [.add, .subtract, .intersect, .lighten, .darken, .difference]

    /// What the formulas give in `Int`, clamped to a byte.
    static func expected(_ a: Int, _ mask: Int, _ mode: MaskMode, inverted: Bool, k: Int) -> UInt8 {
        let m = ((inverted ? 255 - mask : mask) * k + 127) / 255
        let v: Int
        switch mode {
        case .add: v = a + m - (a * m + 127) / 255
        case .subtract: v = (a * (255 - m) + 127) / 255
        case .intersect: v = (a * m + 127) / 255
        case .lighten: v = max(a, m)
        case .darken: v = min(a, m)
        case .difference: v = abs(a - m)
        case .none: v = a
        }
        return UInt8(max(0, min(255, v)))
    }

    @Test(arguments: modes) func everyValueMatchesTheIntegerFormula(mode: MaskMode) {
        // Every (coverage, mask) pair once: coverage in the low byte of the position, mask in the high byte.
        let mask = (0..<65536).map { UInt8($0 >> 8) }
        for inverted in [false, true] {
            for opacity: Double in [0, 1.0 / 255, 0.5, 0.999, 1] {
                var acc = (0..<65536).map { UInt8($0 & 255) }
                MaskOps.combine(&acc, mask, mode: mode, inverted: inverted, opacity: opacity)
                let k = Int((opacity * 255).rounded())
                let wrong = (0..<65536).filter {
                    acc[$0] != Self.expected($0 & 255, $0 >> 8, mode, inverted: inverted, k: k)
                }
                #expect(wrong.isEmpty, "\(mode) inverted \(inverted) opacity \(opacity): \(wrong.prefix(4))")
            }
        }
    }

    /// `MaskOps.expand` (`"x"`, mask expansion) in 16-bit arithmetic gives, for every (coverage, ring) pair, the union
    /// c + r − ⌊c · r / 255⌋ when growing and max(0, c − r) when shrinking, as in `Int`.
    @Test func expansionMatchesTheIntegerFormula() {
        let ring = (0..<65536).map { UInt8($0 >> 8) }
        for grow in [false, true] {
            var cov = (0..<65536).map { UInt8($0 & 255) }
            MaskOps.expand(&cov, ring: ring, grow: grow)
            let wrong = (0..<65536).filter {
                let c = $0 & 255, r = $0 >> 8
                return Int(cov[$0]) != (grow ? c + r - c * r / 255 : max(0, c - r))
            }
            #expect(wrong.isEmpty, "grow \(grow): \(wrong.prefix(4))")
        }
    }
}
