import Testing

@testable import LottieRenderRaster

/// A magnified image's rows through `ImageRows`: source rows blended across once and kept while the device rows
/// step down between them. Every row must be what the clamped bilinear formula gives (`ImageRowTests.reference`)
/// whether its source rows were kept, blended anew or swapped between the two slots, when a row's positions change
/// (a new placement), under partial coverage, opacity and an opaque image (its blocks stored without blending).
@Suite struct ImageRowsTests {
    /// An opaque `w` × 3 image.
    static func opaqueImage(_ w: Int) -> [UInt32] {
        ImageRowTests.image(w).map { $0 | 0xFF00_0000 }
    }

    /// Draws `rows` (each a start position, a step and a vertical position) through one `ImageRows` and checks each
    /// against the reference.
    func check(
        _ img: [UInt32], w: Int, rows: [(u0: Int, du: Int, v: Int)], n: Int, op: UInt32, sharp: Bool,
        coverage: (Int, Int) -> UInt8
    ) {
        var cache = ImageRows()
        cache.reset()
        for (r, row) in rows.enumerated() {
            let cov = (0..<n).map { coverage(r, $0) }
            let dst: [UInt32] = (0..<n).map { i in (i + r) % 3 == 0 ? 0 : 0x8040_2010 }
            var out = dst
            out.withUnsafeMutableBufferPointer { o in
                cov.withUnsafeBufferPointer { c in
                    img.withUnsafeBufferPointer { s in
                        cache.row(
                            o.baseAddress!, c, s.baseAddress!, w, ImageRowTests.h, u0: row.u0, du: row.du, v: row.v,
                            opacity: op, sharpU: sharp, sharpV: sharp)
                    }
                }
            }
            let expected = Self.reference(
                img, w: w, u0: row.u0, du: row.du, v: row.v, cov: cov, op: op, sharp: sharp, dst: dst)
            #expect(out == expected, "row \(r) w \(w) n \(n) \(row) sharp \(sharp) op \(op)")
        }
    }

    /// `ImageRowTests.reference` with the vertical weight Core Graphics' when `sharp` (as `sharpV`).
    static func reference(
        _ img: [UInt32], w: Int, u0: Int, du: Int, v: Int, cov: [UInt8], op: UInt32, sharp: Bool, dst: [UInt32]
    ) -> [UInt32] {
        guard sharp else {
            return ImageRowTests.reference(
                img, w: w, u0: u0, du: du, v: v, cov: cov, op: op, sharp: false, dst: dst)
        }
        // Core Graphics' vertical weight for v's fraction, expressed as a position with that bilinear fraction.
        let fv = Int(Blend.sharpWeights[(v >> 12) & 15])
        let vSharp = (v >> 16) << 16 | fv << 12
        if fv < 16 {
            return ImageRowTests.reference(
                img, w: w, u0: u0, du: du, v: vSharp, cov: cov, op: op, sharp: true, dst: dst)
        }
        // A weight of 16 is the next row at weight 0.
        return ImageRowTests.reference(
            img, w: w, u0: u0, du: du, v: ((v >> 16) + 1) << 16, cov: cov, op: op, sharp: true, dst: dst)
    }

    @Test(arguments: [1, 2, 7], [9_000, 30_000, 65_535])
    func keptRowsMatchTheClampedFormula(width w: Int, du: Int) {
        let starts = [-3 * 65_536 + 1_234, -200 * 65_536, (w + 2) * 65_536 + 77, -65_536 / 2]
        for img in [ImageRowTests.image(w), Self.opaqueImage(w)] {
            for u0 in starts {
                for n in [1, 8, 13, 40] {
                    // Device rows a third, then a ninth of a source row apart, from above the image to below it.
                    let down = (0..<12).map { (u0: u0, du: du, v: -65_536 + $0 * 21_845) }
                    let fine = (0..<10).map { (u0: u0, du: du, v: 20_000 + $0 * 7_282) }
                    // Upward, as a flipped image steps.
                    let up = (0..<8).map { (u0: u0, du: du, v: 3 * 65_536 - $0 * 30_000) }
                    for rows in [down, fine, up] {
                        for sharp in [false, true] {
                            for op: UInt32 in [256, 200] {
                                check(img, w: w, rows: rows, n: n, op: op, sharp: sharp) { r, i in
                                    (i + r) % 7 == 3 ? 0 : (i + r) % 5 == 1 ? 128 : 255
                                }
                                check(img, w: w, rows: rows, n: n, op: op, sharp: sharp) { _, _ in 255 }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Rows whose positions change (another start, step or length) blend their source rows anew: nothing kept for
    /// the earlier positions is reused.
    @Test func newPositionsAreBlendedAnew() {
        let w = 5
        let img = ImageRowTests.image(w)
        let rows = [
            (u0: 1_000, du: 30_000, v: 20_000), (u0: 1_000, du: 30_000, v: 40_000),
            (u0: 9_000, du: 30_000, v: 40_000), (u0: 9_000, du: 20_000, v: 40_000),
            (u0: 9_000, du: 20_000, v: 60_000), (u0: 1_000, du: 30_000, v: 60_000),
        ]
        for sharp in [false, true] {
            check(img, w: w, rows: rows, n: 21, op: 256, sharp: sharp) { r, i in (i * 3 + r) % 4 == 0 ? 90 : 255 }
        }
    }
}
