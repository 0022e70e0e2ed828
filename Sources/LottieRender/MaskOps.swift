import LottieRenderModel

/// Per-pixel mask arithmetic on 8-bit coverage, After Effects' mask modes.
enum MaskOps {
    /// Grows (union with the ring around the outline) or shrinks (minus the ring) a coverage buffer.
    static func expand(_ cov: inout [UInt8], ring: [UInt8], grow: Bool) {
        guard ring.count == cov.count else { return }
        for i in cov.indices {
            let c = Int(cov[i]), r = Int(ring[i])
            cov[i] = UInt8(grow ? c + r - c * r / 255 : max(0, c - r))
        }
    }

    /// acc ← acc ∘ mask for one mode; the mask is first inverted and scaled by its opacity.
    static func combine(_ acc: inout [UInt8], _ mask: [UInt8], mode: MaskMode, inverted: Bool, opacity: Double) {
        let k = Int((min(1, max(0, opacity)) * 255).rounded())
        for i in acc.indices {
            var m = Int(mask[i])
            if inverted { m = 255 - m }
            m = (m * k + 127) / 255
            let a = Int(acc[i])
            let r: Int
            switch mode {
            case .add: r = a + m - (a * m + 127) / 255
            case .subtract: r = (a * (255 - m) + 127) / 255
            case .intersect: r = (a * m + 127) / 255
            case .lighten: r = max(a, m)
            case .darken: r = min(a, m)
            case .difference: r = abs(a - m)
            case .none: r = a
            }
            acc[i] = UInt8(max(0, min(255, r)))
        }
    }
}
