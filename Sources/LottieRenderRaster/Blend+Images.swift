/// Image rows without rotation or skew.
///
/// Hot loop file: unsafe buffers and wrapping arithmetic. An upscaled row works out each source column's vertical
/// blend once and steps in 16.16 fixed point; two channels are weighed in each product (red and blue, green and
/// alpha). Measured (callgrind, one `lottie-render bench --unchecked` pass at 512²): samples/clouds 108.6 → 83.2 M
/// instructions over its 60 frames when the columns were hoisted (session 33), 69.4 → 55.3 M, seed/clouds 43.7 →
/// 36.8 M and seed/fireworks 23.7 → 22.0 M (with the wide stores of `Blend.store`) when the columns beyond the
/// image's edges were copied rather than clamped, and each loop made once for each weighting (session 35).
extension Blend {
    /// Core Graphics' weights when it magnifies an image, by 4-bit fraction (0…16): steeper than bilinear, about
    /// clamp(1.5 · (f − ½) + ½, 0, 1). Fitted to lottie-ios's snapshots of an image drawn at 2× (base64Test, where
    /// Core Graphics gives the nearer pixel 7/8) and at 1.24× (issue_1945).
    static let sharpWeights: [UInt64] = [0, 0, 0, 1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 16, 16]

    /// The image case of `row` when v is constant along the row: the bilinear sample with the row's vertical terms
    /// hoisted.
    /// `sharpU` and `sharpV` use ``sharpWeights`` across and down (an image magnified as Core Graphics does).
    /// Not inlined: inside `row` it cost the rotated-image loop there 0.9 % more instructions (nepenthe's 100 frames
    /// 7 534 → 7 593 M; apart, 7 505 M), for 2–4 % fewer here.
    @inline(never) static func axisAlignedImageRow(
        _ out: UnsafeMutablePointer<UInt32>, _ cov: UnsafeBufferPointer<UInt8>, _ s: UnsafePointer<UInt32>,
        _ w: Int, _ h: Int, u0: Int, du: Int, v: Int, opacity op: UInt32, sharpU: Bool = false, sharpV: Bool = false
    ) {
        let fv = sharpV ? sharpWeights[(v >> 12) & 15] : UInt64((v >> 12) & 15)
        let yi = v >> 16
        let r0 = s + min(max(yi, 0), h &- 1) &* w, r1 = s + min(max(yi &+ 1, 0), h &- 1) &* w
        let top = 16 &- fv
        let n = cov.count
        guard n > 0 && du > 0 && du < 65536 else {
            if sharpU {
                sampledRow(out, cov, r0, r1, w, fv: fv, u0: u0, du: du, opacity: op, sharp: true)
            } else {
                sampledRow(out, cov, r0, r1, w, fv: fv, u0: u0, du: du, opacity: op, sharp: false)
            }
            return
        }
        upscaledRow(out, cov, r0, r1, w, top: top, fv: fv, u0: u0, du: du, opacity: op, sharpU: sharpU)
    }

    /// The case of `axisAlignedImageRow` where no source column serves two pixels: each pixel gathers its own four,
    /// eight at a time (`bilinearRow`), as two 64-bit loads where both columns lie inside the image (session 43:
    /// issue_2269 30.6 → 29.1 M instructions, with nepenthe's rotated rows' loads alike 5 570 → 5 052 M). The compiler keeps one copy for both weightings: `sharp` is a branch per
    /// gathered pixel, always taken the same way along a row.
    @inline(__always) private static func sampledRow(
        _ out: UnsafeMutablePointer<UInt32>, _ cov: UnsafeBufferPointer<UInt8>, _ r0: UnsafePointer<UInt32>,
        _ r1: UnsafePointer<UInt32>, _ w: Int, fv: UInt64, u0: Int, du: Int, opacity op: UInt32, sharp: Bool
    ) {
        bilinearRow(out, cov, opacity: op, fv: UInt32(truncatingIfNeeded: fv)) { i, g in
            let u = u0 &+ du &* i
            gatherColumns(r0, r1, w, u >> 16, g)
            g[32] = UInt32(truncatingIfNeeded: weight(u, sharp: sharp))
        }
    }

    /// The upscaled case of `axisAlignedImageRow` (0 < du < 1 in 16.16), apart so that the other case's loop is
    /// compiled as it was: within one function it cost issue_2269's downscaled images 3 % more instructions.
    @inline(never) private static func upscaledRow(
        _ out: UnsafeMutablePointer<UInt32>, _ cov: UnsafeBufferPointer<UInt8>, _ r0: UnsafePointer<UInt32>,
        _ r1: UnsafePointer<UInt32>, _ w: Int, top: UInt64, fv: UInt64, u0: Int, du: Int, opacity op: UInt32,
        sharpU: Bool
    ) {
        let n = cov.count
        // Upscaled: each source column serves several pixels. The weights factor exactly: (16 − fu)·(top·a + fv·b) +
        // fu·(top·c + fv·d), with no lane above 65,280, so a column's vertical blend is worked out once for the row.
        // The columns are stored for every unclamped index the row reaches, each holding its clamped column's blend,
        // so a pixel reads its two columns with no clamping.
        let lo = u0 >> 16, hi = ((u0 &+ du &* (n &- 1)) >> 16) &+ 1
        let uRel = u0 &- (lo << 16)
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: hi &- lo &+ 1) { colBuf in
            guard let col = colBuf.baseAddress else { return }
            // Columns left of the image and right of it repeat its edge columns: only those inside are read.
            let first = min(max(lo, 0), w &- 1), last = max(min(hi, w &- 1), first)
            let left = lanes(r0[first]) &* top &+ lanes(r1[first]) &* fv
            let right = lanes(r0[last]) &* top &+ lanes(r1[last]) &* fv
            var x = lo
            while x <= hi && x < first {
                col[x &- lo] = left
                x &+= 1
            }
            while x <= hi && x <= last {
                col[x &- lo] = lanes(r0[x]) &* top &+ lanes(r1[x]) &* fv
                x &+= 1
            }
            while x <= hi {
                col[x &- lo] = right
                x &+= 1
            }
            if sharpU {
                blendColumns(out, cov, col, n, uRel: uRel, du: du, opacity: op, sharp: true)
            } else {
                blendColumns(out, cov, col, n, uRel: uRel, du: du, opacity: op, sharp: false)
            }
        }
    }

    /// The pixels of an upscaled image row from its columns' vertical blends (`axisAlignedImageRow`), inlined
    /// once for each weighting so that neither tests `sharp` per pixel.
    @inline(__always) private static func blendColumns(
        _ out: UnsafeMutablePointer<UInt32>, _ cov: UnsafeBufferPointer<UInt8>, _ col: UnsafeMutablePointer<UInt64>,
        _ n: Int, uRel: Int, du: Int, opacity op: UInt32, sharp: Bool
    ) {
        @inline(__always) func sample(_ i: Int) -> UInt32 {
            let u = uRel &+ du &* i
            let x = u >> 16
            return mix(col[x], col[x &+ 1], weight(u, sharp: sharp))
        }
        var i = 0
        while i < n {
            let m = UInt32(cov[i])
            if m == 0 {
                i = runEnd(cov, from: i &+ 1, of: 0)
                continue
            }
            if m == 255 && op == 256 {
                // A run of full coverage at full opacity: the sample goes over as it is.
                let j = runEnd(cov, from: i &+ 1, of: 255)
                for p in i..<j { out[p] = over(sample(p), out[p]) }
                i = j
                continue
            }
            let c = sample(i)
            let k = (op &* (m &+ (m >> 7))) >> 8
            out[i] = over(k == 256 ? c : scale(c, k), out[i])
            i &+= 1
        }
    }

    /// The horizontal weight (0…16) of 16.16 position `u`'s fraction: bilinear, or Core Graphics' steeper one.
    @inline(__always) private static func weight(_ u: Int, sharp: Bool) -> UInt64 {
        sharp ? sharpWeights[(u >> 12) & 15] : UInt64((u >> 12) & 15)
    }

    /// The pixel between two vertically blended columns (`lanes` weighted to 16 in all), `fu` sixteenths of the way
    /// from `a` to `b`, rounded.
    @inline(__always) private static func mix(_ a: UInt64, _ b: UInt64, _ fu: UInt64) -> UInt32 {
        unlanes(((a &* (16 &- fu) &+ b &* fu &+ 0x0080_0080_0080_0080) >> 8) & 0x00FF_00FF_00FF_00FF)
    }

    /// A pixel spread into four 16-bit lanes of a UInt64, for weighted sums without overflow: red and blue in the
    /// low half, green and alpha in the high half (two masks and a shift; a lane per channel in RGBA order took a
    /// dozen shifts and masks, session 29).
    @inline(__always) static func lanes(_ c: UInt32) -> UInt64 {
        UInt64(c & 0x00FF_00FF) | UInt64((c >> 8) & 0x00FF_00FF) << 32
    }

    /// The pixel whose channels are the low bytes of the four 16-bit lanes (the inverse of `lanes`).
    @inline(__always) static func unlanes(_ r: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: r) & 0x00FF_00FF | (UInt32(truncatingIfNeeded: r >> 32) & 0x00FF_00FF) << 8
    }
}
