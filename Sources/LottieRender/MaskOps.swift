import LottieRenderModel

/// Per-pixel mask arithmetic on 8-bit coverage, After Effects' mask modes.
enum MaskOps {
    /// Grows (union with the ring around the outline) or shrinks (minus the ring) a coverage buffer.
    static func expand(_ cov: inout [UInt8], ring: [UInt8], grow: Bool) {
        guard ring.count == cov.count else { return }
        let n = cov.count
        // In 16-bit arithmetic, as `combine`: c · r fits, and c + r − ⌊c · r / 255⌋ never passes 255.
        cov.withUnsafeMutableBufferPointer { cb in
            ring.withUnsafeBufferPointer { rb in
                guard let a = cb.baseAddress, let src = rb.baseAddress else { return }
                if grow {
                    for i in 0..<n {
                        let c = UInt16(a[i]), r = UInt16(src[i])
                        a[i] = UInt8(truncatingIfNeeded: c &+ r &- (c &* r) / 255)
                    }
                } else {
                    // max(c − r, 0) as c − min(c, r): no branch, so the loop runs sixteen bytes at a time.
                    for i in 0..<n { a[i] = a[i] &- min(a[i], src[i]) }
                }
            }
        }
    }

    /// acc ← acc ∘ mask for one mode; the mask is first inverted and scaled by its opacity. One loop per mode and
    /// inversion (the choice made once, not per pixel), through pointers: a hot loop of masked layers. In 16-bit
    /// arithmetic, which every product here fits (at most 255 · 255 + 127), so the compiler divides eight bytes at a
    /// time by 255 (with 64-bit integers it had no vector multiply; session 29: nepenthe's masks over 100 frames at
    /// 512² 1 382 → 111 M instructions). Every result is the one of the same formula in `Int` (`MaskOpsTests`).
    static func combine(_ acc: inout [UInt8], _ mask: [UInt8], mode: MaskMode, inverted: Bool, opacity: Double) {
        let k = UInt16((min(1, max(0, opacity)) * 255).rounded())
        let n = min(acc.count, mask.count)
        acc.withUnsafeMutableBufferPointer { ab in
            mask.withUnsafeBufferPointer { mb in
                guard let a = ab.baseAddress, let src = mb.baseAddress else { return }
                @inline(__always) func each(_ op: (UInt16, UInt16) -> UInt16) {
                    if inverted {
                        for i in 0..<n {
                            let m = ((255 &- UInt16(src[i])) &* k &+ 127) / 255
                            a[i] = UInt8(truncatingIfNeeded: min(255, op(UInt16(a[i]), m)))
                        }
                    } else {
                        for i in 0..<n {
                            let m = (UInt16(src[i]) &* k &+ 127) / 255
                            a[i] = UInt8(truncatingIfNeeded: min(255, op(UInt16(a[i]), m)))
                        }
                    }
                }
                switch mode {
                case .add: each { a, m in a &+ m &- (a &* m &+ 127) / 255 }
                case .subtract: each { a, m in (a &* (255 &- m) &+ 127) / 255 }
                case .intersect: each { a, m in (a &* m &+ 127) / 255 }
                case .lighten: each { a, m in max(a, m) }
                case .darken: each { a, m in min(a, m) }
                case .difference: each { a, m in a > m ? a &- m : m &- a }
                case .none: break
                }
            }
        }
    }
}
