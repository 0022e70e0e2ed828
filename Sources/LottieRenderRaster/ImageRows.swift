/// Source rows of a magnified image, blended across once and kept while a fill's rows step down the image.
///
/// Hot loop file: unsafe buffers and wrapping arithmetic. An image drawn larger than its size without rotation or
/// skew samples every device row between two source rows with one vertical weight, and consecutive device rows
/// share their source rows. The bilinear sum factors exactly: top · (a·(16 − fu) + b·fu) + fv · (c·(16 − fu) +
/// d·fu), each bracket at most 16 · 255 and the whole at most 65 280, so a source row blended across for the
/// row's sample positions (`rb`, `ag`: two channels in the 16-bit halves of a `UInt32`, as the 0x00FF00FF trick
/// keeps them) serves every device row between it and its neighbour, and a device row is two such rows weighed
/// and blended eight pixels at a time. The bits are those of `Blend.axisAlignedImageRow` (integer sums in another
/// order). A row's two columns are one 64-bit load where both lie inside the image, and a block of eight opaque
/// samples under full coverage is stored as it is. Measured (callgrind, one `lottie-render bench --unchecked` pass
/// at 512², expressions off, session 43), against each row's columns blended down and mixed pixel by pixel:
/// samples/clouds 56.1 → 36.8 M instructions over its 60 frames, seed/clouds 36.0 → 22.1 M, seed/fireworks 20.3 →
/// 16.5 M (with `Blend.store`'s short runs as pairs); `lottie-render bench samples/clouds.json` 0.105 → 0.083 ms a
/// frame (median of 20 passes, one pinned core).
struct ImageRows: Sendable {
    /// What the kept rows were blended for: the row's first sample position and its step (16.16), its length and
    /// the horizontal weighting.
    private struct Key: Equatable, Sendable {
        var u0: Int
        var du: Int
        var n: Int
        var sharp: Bool
    }

    private var key: Key? = nil
    /// The clamped source row each of the two slots holds (−1: none).
    private var held: (Int, Int) = (-1, -1)
    /// The pixels whose two columns both lie inside the image (`inside.lowerBound..<inside.upperBound`): the others
    /// read clamped columns.
    private var inside = 0..<0
    /// `stride` horizontal weights (0…16, in both 16-bit halves), `2 · stride` lanes for a row's gathered column
    /// pairs, then the two slots: `stride` lanes of red-blue sums then `stride` of green-alpha sums each.
    private var lanes: [UInt32] = []
    private var stride = 0

    /// Forgets the kept rows: a fill of another image (or the same one placed anew) starts.
    mutating func reset() {
        key = nil
        held = (-1, -1)
    }

    /// Blends the row of image `s` (`w` × `h`) sampled at 16.16 positions `u0 + du · i` across and `v` down (the
    /// device row magnifies the image: 0 < `du` < 65 536, and the next device row lies less than a source row
    /// lower) into `out` under `cov` at opacity `op` (0…256), as `Blend.axisAlignedImageRow` does, keeping the two
    /// source rows it blends across for the rows after it with the same positions.
    mutating func row(
        _ out: UnsafeMutablePointer<UInt32>, _ cov: UnsafeBufferPointer<UInt8>, _ s: UnsafePointer<UInt32>,
        _ w: Int, _ h: Int, u0: Int, du: Int, v: Int, opacity op: UInt32, sharpU: Bool, sharpV: Bool
    ) {
        let n = cov.count
        let k = Key(u0: u0, du: du, n: n, sharp: sharpU)
        let padded = (n &+ 7) & ~7
        if padded > stride {
            stride = padded
            lanes = [UInt32](repeating: 0, count: 7 &* padded)
            key = nil
        }
        let st = stride
        let fv = UInt32(truncatingIfNeeded: sharpV ? Blend.sharpWeights[(v >> 12) & 15] : UInt64((v >> 12) & 15))
        let yi = v >> 16
        let y0 = min(max(yi, 0), h &- 1), y1 = min(max(yi &+ 1, 0), h &- 1)
        lanes.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            let weights = base, pairs = base + st
            @inline(__always) func slot(_ i: Int) -> (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>) {
                (base + (3 &+ 2 &* i) &* st, base + (4 &+ 2 &* i) &* st)
            }
            if key != k {
                key = k
                held = (-1, -1)
                inside = ImageRows.weigh(weights, w, n, u0, du, sharpU)
            }
            // The slot of each source row: the one holding it, else one the other row does not need.
            var slot0 = held.0 == y0 ? 0 : held.1 == y0 ? 1 : -1
            var slot1 = held.0 == y1 ? 0 : held.1 == y1 ? 1 : -1
            if slot0 < 0 {
                slot0 = slot1 == 0 ? 1 : 0
                ImageRows.blendAcross(slot(slot0), s + y0 &* w, w, n, u0, du, weights, pairs, inside)
                if slot0 == 0 { held.0 = y0 } else { held.1 = y0 }
            }
            if slot1 < 0 {
                if y1 == y0 {
                    slot1 = slot0
                } else {
                    slot1 = 1 &- slot0
                    ImageRows.blendAcross(slot(slot1), s + y1 &* w, w, n, u0, du, weights, pairs, inside)
                    if slot1 == 0 { held.0 = y1 } else { held.1 = y1 }
                }
            }
            ImageRows.blendDown(out, cov, top: slot(slot0), bottom: slot(slot1), weights: (16 &- fv, fv), opacity: op)
        }
    }

    /// The horizontal weights (0…16, Core Graphics' steeper ones when `sharp`) of the `n` positions `u0 + du · i`
    /// in both 16-bit halves of `weights`, and the positions whose two columns lie inside an image `w` wide.
    @inline(__always) private static func weigh(
        _ weights: UnsafeMutablePointer<UInt32>, _ w: Int, _ n: Int, _ u0: Int, _ du: Int, _ sharp: Bool
    ) -> Range<Int> {
        var u = u0, lo = n, hi = n
        for i in 0..<n {
            let xi = u >> 16
            if xi >= 0 && lo == n { lo = i }
            if xi &+ 1 > w &- 1 && hi == n { hi = i }
            let fu = UInt32(truncatingIfNeeded: sharp ? Blend.sharpWeights[(u >> 12) & 15] : UInt64((u >> 12) & 15))
            weights[i] = fu | fu << 16
            u &+= du
        }
        for i in n..<((n &+ 7) & ~7) { weights[i] = 0 }
        return lo..<max(lo, hi)
    }

    /// Source row `src` blended across at the `n` positions `u0 + du · i` into `rb` and `ag`, weighed by
    /// `weights` (`weigh`): each pixel's two columns gathered as a pair (one 64-bit load where both lie inside the
    /// image, clamped ones outside it), then eight pixels weighed at a time.
    @inline(__always) private static func blendAcross(
        _ into: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>), _ src: UnsafePointer<UInt32>,
        _ w: Int, _ n: Int, _ u0: Int, _ du: Int, _ weights: UnsafeMutablePointer<UInt32>,
        _ pairs: UnsafeMutablePointer<UInt32>, _ inside: Range<Int>
    ) {
        let last = w &- 1, raw = UnsafeRawPointer(src)
        let left = pairs, right = pairs + ((n &+ 7) & ~7)
        @inline(__always) func clamped(_ i: Int) {
            let xi = (u0 &+ du &* i) >> 16
            left[i] = src[min(max(xi, 0), last)]
            right[i] = src[min(max(xi &+ 1, 0), last)]
        }
        for i in 0..<inside.lowerBound { clamped(i) }
        var u = u0 &+ du &* inside.lowerBound
        for i in inside {
            // Both columns in one load.
            let v = raw.loadUnaligned(fromByteOffset: (u >> 16) &* 4, as: UInt64.self)
            left[i] = UInt32(truncatingIfNeeded: v)
            right[i] = UInt32(truncatingIfNeeded: v >> 32)
            u &+= du
        }
        for i in inside.upperBound..<n { clamped(i) }
        let lo = SIMD8<UInt32>(repeating: 0x00FF_00FF), sixteen = SIMD16<UInt16>(repeating: 16)
        let (rb, ag) = (UnsafeMutableRawPointer(into.0), UnsafeMutableRawPointer(into.1))
        let wraw = UnsafeRawPointer(weights)
        var i = 0
        while i < n {
            let a = UnsafeRawPointer(left + i).loadUnaligned(as: SIMD8<UInt32>.self)
            let b = UnsafeRawPointer(right + i).loadUnaligned(as: SIMD8<UInt32>.self)
            let fu = wraw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt16>.self), gu = sixteen &- fu
            let sumRB =
                unsafeBitCast(a & lo, to: SIMD16<UInt16>.self) &* gu &+ unsafeBitCast(b & lo, to: SIMD16<UInt16>.self)
                &* fu
            let sumAG =
                unsafeBitCast((a &>> 8) & lo, to: SIMD16<UInt16>.self) &* gu
                &+ unsafeBitCast((b &>> 8) & lo, to: SIMD16<UInt16>.self) &* fu
            rb.storeBytes(of: sumRB, toByteOffset: i &* 4, as: SIMD16<UInt16>.self)
            ag.storeBytes(of: sumAG, toByteOffset: i &* 4, as: SIMD16<UInt16>.self)
            i &+= 8
        }
    }

    /// Two rows blended across (`top`, `bottom`) weighed down by `weights` (summing to 16) and blended into `out`
    /// under `cov` at opacity `op`, eight pixels at a time (`Blend.scale8`, `Blend.over8`).
    @inline(__always) private static func blendDown(
        _ out: UnsafeMutablePointer<UInt32>, _ cov: UnsafeBufferPointer<UInt8>,
        top: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>),
        bottom: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>), weights: (UInt32, UInt32),
        opacity op: UInt32
    ) {
        let n = cov.count
        guard let cb = cov.baseAddress else { return }
        let craw = UnsafeRawPointer(cb)
        let gt = SIMD16<UInt16>(repeating: UInt16(truncatingIfNeeded: weights.0))
        let gb = SIMD16<UInt16>(repeating: UInt16(truncatingIfNeeded: weights.1))
        let half = SIMD16<UInt16>(repeating: 0x80), high = SIMD16<UInt16>(repeating: 0xFF00)
        @inline(__always) func load(_ p: UnsafeMutablePointer<UInt32>, _ i: Int) -> SIMD16<UInt16> {
            UnsafeRawPointer(p + i).loadUnaligned(as: SIMD16<UInt16>.self)
        }
        @inline(__always) func sample(_ i: Int) -> SIMD8<UInt32> {
            let rb = load(top.0, i) &* gt &+ load(bottom.0, i) &* gb &+ half
            let ag = load(top.1, i) &* gt &+ load(bottom.1, i) &* gb &+ half
            return unsafeBitCast(rb &>> 8, to: SIMD8<UInt32>.self) | unsafeBitCast(ag & high, to: SIMD8<UInt32>.self)
        }
        @inline(__always) func factor(_ m: UInt32) -> UInt32 { (op &* (m &+ (m >> 7))) >> 8 }
        // The last block of a row shorter than eight pixels is blended in a copy (its lanes past the row zero).
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8) { buf in
            guard let tail = buf.baseAddress else { return }
            tail.initialize(repeating: 0, count: 8)
            var i = 0
            while i < n {
                let count = min(8, n &- i)
                let word: UInt64
                if count == 8 {
                    word = craw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                } else {
                    var wd: UInt64 = 0
                    for j in 0..<count { wd |= UInt64(cb[i &+ j]) << (8 &* UInt64(j)) }
                    word = wd
                }
                if word == 0 {
                    i &+= 8
                    continue
                }
                let s = sample(i)
                var f: SIMD8<UInt32>
                if word == UInt64.max {
                    f = SIMD8(repeating: op)
                } else {
                    f = .zero
                    for j in 0..<count { f[j] = factor(UInt32(cb[i &+ j])) }
                }
                let full = op == 256 && word == UInt64.max
                let c = full ? s : Blend.scale8(s, f)
                if count == 8 {
                    let raw = UnsafeMutableRawPointer(out + i)
                    if full && ImageRows.opaque(s) {
                        // Opaque samples under full coverage replace what is under them.
                        raw.storeBytes(of: s, as: SIMD8<UInt32>.self)
                        i &+= 8
                        continue
                    }
                    raw.storeBytes(
                        of: Blend.over8(c, raw.loadUnaligned(as: SIMD8<UInt32>.self)), as: SIMD8<UInt32>.self)
                } else {
                    tail.update(from: out + i, count: count)
                    let raw = UnsafeMutableRawPointer(tail)
                    raw.storeBytes(
                        of: Blend.over8(c, raw.loadUnaligned(as: SIMD8<UInt32>.self)), as: SIMD8<UInt32>.self)
                    (out + i).update(from: tail, count: count)
                }
                i &+= 8
            }
        }
    }

    /// Whether all eight pixels are opaque (their alpha bytes ANDed together).
    @inline(__always) private static func opaque(_ s: SIMD8<UInt32>) -> Bool {
        let q = s.lowHalf & s.highHalf
        let p = q.lowHalf & q.highHalf
        return (p[0] & p[1]) >= 0xFF00_0000
    }
}
