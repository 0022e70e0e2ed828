import Testing

@testable import LottieRenderRaster

/// Image rows without rotation (`Blend.axisAlignedImageRow`): an upscaled row blends each source column once and
/// repeats the image's edge columns beyond it, a row drawn smaller weighs each pixel's four; both must give every
/// pixel what the clamped bilinear formula gives, for rows that start left of the image, end right of it, straddle
/// it or lie wholly outside it, with either weighting, under partial coverage and opacity.
@Suite struct ImageRowTests {
    static let h = 3

    /// A premultiplied image `w` × 3: opaque and half-transparent pixels with distinct channels.
    static func image(_ w: Int) -> [UInt32] {
        (0..<(w * h)).map { i in
            let a: UInt32 = i % 3 == 1 ? 128 : 255
            let r = UInt32(i * 37 % 256) * a / 255, g = UInt32(i * 91 % 256) * a / 255,
                b = UInt32(i * 53 % 256) * a / 255
            return a << 24 | b << 16 | g << 8 | r
        }
    }

    /// The clamped formula, pixel by pixel: columns clamped to the image, 4-bit weights, then over the destination.
    static func reference(
        _ img: [UInt32], w: Int, u0: Int, du: Int, v: Int, cov: [UInt8], op: UInt32, sharp: Bool, dst: [UInt32]
    ) -> [UInt32] {
        let fv = UInt64((v >> 12) & 15), yi = v >> 16
        let y0 = min(max(yi, 0), h - 1), y1 = min(max(yi + 1, 0), h - 1)
        func column(_ x: Int) -> UInt64 {
            let c = min(max(x, 0), w - 1)
            return Blend.lanes(img[y0 * w + c]) &* (16 - fv) &+ Blend.lanes(img[y1 * w + c]) &* fv
        }
        var out = dst
        for i in cov.indices where cov[i] != 0 {
            let m = UInt32(cov[i]), u = u0 + du * i
            let fu = sharp ? Blend.sharpWeights[(u >> 12) & 15] : UInt64((u >> 12) & 15)
            let x = u >> 16
            let c = Blend.unlanes(
                ((column(x) &* (16 - fu) &+ column(x + 1) &* fu &+ 0x0080_0080_0080_0080) >> 8) & 0x00FF_00FF_00FF_00FF)
            let k = (op * (m + (m >> 7))) >> 8
            out[i] = Blend.over(k == 256 ? c : Blend.scale(c, k), out[i])
        }
        return out
    }

    @Test(arguments: [1, 2, 5], [9_000, 30_000, 65_535, 70_000, 200_000])
    func rowsMatchTheClampedFormula(width w: Int, du: Int) {
        let img = Self.image(w)
        let n = 40
        let cov: [UInt8] = (0..<n).map { i in i % 7 == 3 ? 0 : i % 5 == 1 ? 128 : 255 }
        let dst: [UInt32] = (0..<n).map { i in i % 2 == 0 ? 0 : 0x8040_2010 }
        let starts = [
            -3 * 65_536 + 1_234, // left of the image, into it
            -200 * 65_536, // wholly left of it
            (w + 2) * 65_536 + 77, // wholly right of it
            -65_536 / 2, // from its left edge past its right one
        ]
        for u0 in starts {
            for v in [-65_536, 20_000, 65_536 + 20_000, 5 * 65_536] {
                for sharp in [false, true] {
                    for op: UInt32 in [256, 200] {
                        var out = dst
                        out.withUnsafeMutableBufferPointer { o in
                            cov.withUnsafeBufferPointer { c in
                                img.withUnsafeBufferPointer { s in
                                    Blend.axisAlignedImageRow(
                                        o.baseAddress!, c, s.baseAddress!, w, Self.h, u0: u0, du: du, v: v, opacity: op,
                                        sharpU: sharp)
                                }
                            }
                        }
                        let expected = Self.reference(
                            img, w: w, u0: u0, du: du, v: v, cov: cov, op: op, sharp: sharp, dst: dst)
                        #expect(out == expected, "w \(w) du \(du) u0 \(u0) v \(v) sharp \(sharp) op \(op)")
                    }
                }
            }
        }
    }
}
