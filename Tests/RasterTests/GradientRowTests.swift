import Testing

@testable import LottieRenderRaster

/// `Blend.gradientRow` blends eight pixels at a time without branches; these check it against `over` pixel by pixel.
@Suite struct GradientRowTests {
    /// A fixed pseudo-random sequence.
    struct Sequence {
        var state: UInt64
        mutating func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
    }

    /// A premultiplied colour (every channel at or below alpha), transparent, opaque or in between.
    static func color(_ r: inout Sequence, opaque: Bool) -> UInt32 {
        let a: UInt32 = opaque ? 255 : [0, 255, 1, 128, r.next() & 255][Int(r.next() % 5)]
        let c = { (v: UInt32) in a == 0 ? 0 : v % (a + 1) }
        return c(r.next()) | c(r.next()) << 8 | c(r.next()) << 16 | a << 24
    }

    /// What the row gave pixel by pixel before: the colour scaled by coverage, then `over`.
    static func expected(_ lut: [UInt32], _ idx: [UInt32], _ cov: [UInt8], _ dst: [UInt32]) -> [UInt32] {
        var out = dst
        for i in cov.indices where cov[i] != 0 {
            let m = UInt32(cov[i]), c = lut[Int(idx[i])]
            out[i] = Blend.over(m == 255 ? c : Blend.scale(c, m + (m >> 7)), out[i])
        }
        return out
    }

    @Test(arguments: [false, true]) func matchesOverPixelByPixel(opaque: Bool) {
        var r = Sequence(state: opaque ? 7 : 11)
        let lut = (0..<256).map { _ in Self.color(&r, opaque: opaque) }
        for n in [1, 7, 8, 9, 16, 61, 300] {
            let idx = (0..<n).map { _ in r.next() & 255 }
            // Runs of no and full coverage (some eight long, aligned or not) among partial values.
            var cov: [UInt8] = []
            while cov.count < n {
                let run = Int(r.next() % 12) + 1
                let v: UInt8 = [0, 255, UInt8(truncatingIfNeeded: r.next())][Int(r.next() % 3)]
                cov += [UInt8](repeating: v, count: run)
            }
            cov = Array(cov.prefix(n))
            let dst = (0..<n).map { _ in Self.color(&r, opaque: false) }
            var out = dst
            idx.withUnsafeBufferPointer { ib in
                lut.withUnsafeBufferPointer { lb in
                    cov.withUnsafeBufferPointer { cb in
                        out.withUnsafeMutableBufferPointer { ob in
                            guard let o = ob.baseAddress, let i = ib.baseAddress, let l = lb.baseAddress else {
                                return
                            }
                            Blend.gradientRow(o, cb, i, l, opaque: opaque)
                        }
                    }
                }
            }
            #expect(out == Self.expected(lut, idx, cov, dst), "row of \(n)")
        }
    }

    /// The index loops' floor is `floorSmall`'s low byte, also for values that are not in 0…255.
    @Test func floorIndexIsFloorSmallsLowByte() {
        let values: [Float] = [
            0, 0.25, 0.5, 0.75, 1, 1.5, 2.5, 127.49, 127.5, 254.5, 254.99, 255, 255.5, -0.5, 300, .nan, .infinity,
        ]
        for v in values + (0..<1000).map({ Float($0) * 0.2561 }) {
            #expect(Blend.floorIndex(v) == UInt32(UInt8(truncatingIfNeeded: floorSmall(v))), "\(v)")
        }
    }
}

/// `Blend.blend8` weighs two channels in each 32-bit lane; this checks single samples (a row of one pixel, fully
/// covered, over a transparent one) against each channel summed alone.
@Suite struct BilinearTests {
    @Test func pairedChannelsMatchChannelsAlone() {
        var r = GradientRowTests.Sequence(state: 5)
        let w = 7, h = 5
        let pixels = (0..<(w * h)).map { _ in GradientRowTests.color(&r, opaque: false) }
        pixels.withUnsafeBufferPointer { buf in
            guard let s = buf.baseAddress else { return }
            for _ in 0..<4000 {
                // Positions inside and outside the image (edges clamp), every 4-bit fraction.
                let u = Int(r.next() % UInt32(65536 * (w + 4))) - 2 * 65536
                let v = Int(r.next() % UInt32(65536 * (h + 4))) - 2 * 65536
                let fu = (u >> 12) & 15, fv = (v >> 12) & 15
                let x0 = min(max(u >> 16, 0), w - 1), x1 = min(max((u >> 16) + 1, 0), w - 1)
                let y0 = min(max(v >> 16, 0), h - 1), y1 = min(max((v >> 16) + 1, 0), h - 1)
                var expected: UInt32 = 0
                for shift in stride(from: 0, to: 32, by: 8) {
                    let c = { (x: Int, y: Int) in Int((pixels[y * w + x] >> UInt32(shift)) & 255) }
                    let sum =
                        c(x0, y0) * (16 - fu) * (16 - fv) + c(x1, y0) * fu * (16 - fv) + c(x0, y1) * (16 - fu) * fv
                        + c(x1, y1) * fu * fv
                    expected |= UInt32(fu == 0 && fv == 0 ? c(x0, y0) : (sum + 128) >> 8) << UInt32(shift)
                }
                var got: UInt32 = 0
                withUnsafeMutablePointer(to: &got) { o in
                    [UInt8(255)].withUnsafeBufferPointer { c in
                        Blend.bilinearRow(o, c, opacity: 256, fv: 0) { _, g in Blend.gatherBilinear(s, w, h, u, v, g) }
                    }
                }
                #expect(got == expected, "u \(u) v \(v)")
            }
        }
    }
}
