import Testing

@testable import LottieRenderRaster

/// `Blend.bilinearRow` gathers eight pixels and weighs and blends them as vectors; these check it against the clamped
/// bilinear formula worked out channel by channel, then `scale` and `over` pixel by pixel: rotated rows (a source row
/// per pixel, `rotatedImageRow`: four pixels inside the image are two loads, those at its edges clamped) and rows drawn smaller (`axisAlignedImageRow`), under runs of no, partial and full coverage (aligned
/// to eight or not), at full and partial opacity, for rows of every length modulo eight.
@Suite struct BilinearRowTests {
    /// A premultiplied image `w` × `h` of distinct pixels, opaque, transparent and in between.
    static func image(_ w: Int, _ h: Int, _ r: inout GradientRowTests.Sequence) -> [UInt32] {
        (0..<(w * h)).map { _ in GradientRowTests.color(&r, opaque: false) }
    }

    /// The sample at 16.16 (u, v), edges clamped: each channel's four products with 4-bit weights, rounded.
    static func sample(_ img: [UInt32], _ w: Int, _ h: Int, u: Int, v: Int, fu: UInt32) -> UInt32 {
        let fv = UInt32((v >> 12) & 15)
        let x0 = min(max(u >> 16, 0), w - 1), x1 = min(max((u >> 16) + 1, 0), w - 1)
        let y0 = min(max(v >> 16, 0), h - 1), y1 = min(max((v >> 16) + 1, 0), h - 1)
        let px = [img[y0 * w + x0], img[y0 * w + x1], img[y1 * w + x0], img[y1 * w + x1]]
        let weights = [(16 - fu) * (16 - fv), fu * (16 - fv), (16 - fu) * fv, fu * fv]
        var out: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            var sum: UInt32 = 128
            for (p, wt) in zip(px, weights) { sum += (p >> shift & 255) * wt }
            out |= (sum >> 8) << shift
        }
        return out
    }

    /// Each covered pixel's sample scaled by coverage and opacity, then over the destination.
    static func expected(
        _ img: [UInt32], _ w: Int, _ h: Int, u0: Int, du: Int, v0: Int, dv: Int, cov: [UInt8], op: UInt32,
        dst: [UInt32], sharp: Bool = false
    ) -> [UInt32] {
        var out = dst
        for i in cov.indices where cov[i] != 0 {
            let u = u0 + du * i
            let fu = sharp ? UInt32(Blend.sharpWeights[(u >> 12) & 15]) : UInt32((u >> 12) & 15)
            let c = sample(img, w, h, u: u, v: v0 + dv * i, fu: fu)
            let m = UInt32(cov[i]), k = (op * (m + (m >> 7))) >> 8
            out[i] = Blend.over(Blend.scale(c, k), out[i])
        }
        return out
    }

    /// Runs of no, full and partial coverage, one to twelve long.
    static func coverage(_ n: Int, _ r: inout GradientRowTests.Sequence) -> [UInt8] {
        var cov: [UInt8] = []
        while cov.count < n {
            let run = Int(r.next() % 12) + 1
            let v: UInt8 = [0, 255, 255, UInt8(truncatingIfNeeded: r.next() | 1)][Int(r.next() % 4)]
            cov += [UInt8](repeating: v, count: run)
        }
        return Array(cov.prefix(n))
    }

    /// `trials` rows of `n` pixels over an image `w` × `h`: the first fully covered, the others in runs
    /// (`coverage`), each over its own destination; `body(trial, image, coverage, destination, &sequence)`.
    static func rows(
        n: Int, seed: UInt64, w: Int, h: Int, trials: Int,
        _ body: (Int, [UInt32], [UInt8], [UInt32], inout GradientRowTests.Sequence) -> Void
    ) {
        var r = GradientRowTests.Sequence(state: seed)
        let img = image(w, h, &r)
        for trial in 0..<trials {
            let cov = trial == 0 ? [UInt8](repeating: 255, count: n) : coverage(n, &r)
            let dst = (0..<n).map { _ in GradientRowTests.color(&r, opaque: false) }
            body(trial, img, cov, dst, &r)
        }
    }

    /// `dst` after `draw(row, coverage, image)` on it.
    static func drawn(
        _ dst: [UInt32], _ img: [UInt32], _ cov: [UInt8],
        _ draw: (UnsafeMutablePointer<UInt32>, UnsafeBufferPointer<UInt8>, UnsafePointer<UInt32>) -> Void
    ) -> [UInt32] {
        var out = dst
        img.withUnsafeBufferPointer { s in
            cov.withUnsafeBufferPointer { c in
                out.withUnsafeMutableBufferPointer { o in
                    guard let s = s.baseAddress, let o = o.baseAddress else { return }
                    draw(o, c, s)
                }
            }
        }
        return out
    }

    @Test(arguments: [1, 7, 8, 9, 16, 61, 300])
    func rotatedRowsMatchTheFormula(n: Int) {
        let w = 9, h = 7
        Self.rows(n: n, seed: UInt64(n), w: w, h: h, trials: 12) { trial, img, cov, dst, r in
            // Steps of either sign, from outside the image into it and across it.
            let u0 = Int(r.next() % UInt32(14 * 65_536)) - 3 * 65_536
            let v0 = Int(r.next() % UInt32(12 * 65_536)) - 3 * 65_536
            let du = Int(r.next() % 40_000) - 20_000, dv = Int(r.next() % 40_000) - 20_000 | 1
            for op: UInt32 in [256, 171] {
                let out = Self.drawn(dst, img, cov) { o, c, s in
                    Blend.rotatedImageRow(o, c, s, w, h, u0: u0, du: du, v0: v0, dv: dv, opacity: op)
                }
                let want = Self.expected(img, w, h, u0: u0, du: du, v0: v0, dv: dv, cov: cov, op: op, dst: dst)
                #expect(out == want, "n \(n) trial \(trial) op \(op)")
            }
        }
    }

    @Test(arguments: [1, 7, 8, 9, 16, 61, 300])
    func rowsDrawnSmallerMatchTheFormula(n: Int) {
        let w = 40, h = 5
        Self.rows(n: n, seed: UInt64(n) &* 31, w: w, h: h, trials: 8) { trial, img, cov, dst, r in
            let u0 = Int(r.next() % UInt32(50 * 65_536)) - 5 * 65_536
            let v = Int(r.next() % UInt32(7 * 65_536)) - 65_536
            // Drawn smaller (a step of a source pixel or more), forwards or mirrored.
            let du = (65_536 + Int(r.next() % 100_000)) * (trial % 2 == 0 ? 1 : -1)
            for sharp in [false, true] {
                for op: UInt32 in [256, 90] {
                    let out = Self.drawn(dst, img, cov) { o, c, s in
                        Blend.axisAlignedImageRow(o, c, s, w, h, u0: u0, du: du, v: v, opacity: op, sharpU: sharp)
                    }
                    let want = Self.expected(
                        img, w, h, u0: u0, du: du, v0: v, dv: 0, cov: cov, op: op, dst: dst, sharp: sharp)
                    #expect(out == want, "n \(n) trial \(trial) sharp \(sharp) op \(op)")
                }
            }
        }
    }
}
