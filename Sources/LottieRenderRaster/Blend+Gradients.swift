/// Gradient rows: LUT indices for a row (Float in 32-bit lanes, vectorised by the compiler), then the row's colours
/// blended eight pixels at a time.
///
/// Hot loop file. The blend is `over` without its branches, as layer compositing does it (``Compositor/drawOver``):
/// s = scale(c, m + m/128) is c at full coverage and 0 at none, and s + scale(d, 256 − (sa + sa/128)) is s when s
/// is opaque and d when it is transparent (a LUT colour never has a channel above its alpha, so a transparent one
/// is all zeros), so every pixel gets the bits the per-pixel branches gave. Measured (callgrind, drawing over one
/// `lottie-render bench` pass, session 29): insta_camera with `--expressions off` at 512² 2 690 → 2 092 M
/// instructions, samples/gradient_linear at 1024² 1 791 → 919 M, samples/gradient_radial 803 → 705 M.
extension Blend {
    /// Blends one row of gradient colours `lut[idx[i]]` under coverage `cov` into `out`: eight pixels at a time
    /// (skipped when uncovered, stored when fully covered by an `opaque` LUT), the rest one by one.
    @inline(__always) static func gradientRow(
        _ out: UnsafeMutablePointer<UInt32>, _ cov: UnsafeBufferPointer<UInt8>, _ idx: UnsafePointer<UInt32>,
        _ lut: UnsafePointer<UInt32>, opaque: Bool
    ) {
        let n = cov.count
        guard let cb = cov.baseAddress else { return }
        let craw = UnsafeRawPointer(cb), oraw = UnsafeMutableRawPointer(out)
        var i = 0
        while i &+ 8 <= n {
            let word = craw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if word == 0 { i &+= 8; continue }
            let c = SIMD8<UInt32>(
                lut[Int(idx[i])], lut[Int(idx[i &+ 1])], lut[Int(idx[i &+ 2])], lut[Int(idx[i &+ 3])],
                lut[Int(idx[i &+ 4])], lut[Int(idx[i &+ 5])], lut[Int(idx[i &+ 6])], lut[Int(idx[i &+ 7])])
            if opaque && word == UInt64.max {
                oraw.storeBytes(of: c, toByteOffset: i &* 4, as: SIMD8<UInt32>.self)
                i &+= 8
                continue
            }
            // Widened lane by lane: the generic `SIMD8(truncatingIfNeeded:)` is a call per block.
            let m = SIMD8<UInt32>(
                UInt32(cb[i]), UInt32(cb[i &+ 1]), UInt32(cb[i &+ 2]), UInt32(cb[i &+ 3]), UInt32(cb[i &+ 4]),
                UInt32(cb[i &+ 5]), UInt32(cb[i &+ 6]), UInt32(cb[i &+ 7]))
            let d = oraw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt32>.self)
            oraw.storeBytes(of: over8(scale8(c, m &+ (m &>> 7)), d), toByteOffset: i &* 4, as: SIMD8<UInt32>.self)
            i &+= 8
        }
        while i < n {
            let m = UInt32(cb[i])
            if m != 0 {
                let s = scale(lut[Int(idx[i])], m &+ (m >> 7))
                let sa = s >> 24
                out[i] = s &+ scale(out[i], 256 &- (sa &+ (sa >> 7)))
            }
            i &+= 1
        }
    }

    /// `floorSmall(t)`'s low byte as a 32-bit lane (the same bits as `UInt8(truncatingIfNeeded:)` of it, NaN
    /// included), so that index loops vectorise without widening to 64 bits and packing to bytes.
    @inline(__always) static func floorIndex(_ t: Float) -> UInt32 {
        let m = t + 8_388_608
        let r = m.bitPattern & 0x7F_FFFF
        return (m - 8_388_608 > t ? r &- 1 : r) & 255
    }

    /// Linear gradient LUT indices for one row: t is affine in x, so it is stepped in Float.
    @inline(__always) static func linearIndices(
        _ idx: UnsafeMutablePointer<UInt32>, _ n: Int, y: Int, x0: Int,
        paint: PreparedPaint
    ) {
        let inv = paint.inverse
        let fy = Double(y) + 0.5, fx0 = Double(x0) + 0.5
        let px = inv.a * fx0 + inv.c * fy + inv.tx - paint.start.x
        let py = inv.b * fx0 + inv.d * fy + inv.ty - paint.start.y
        let t0 = Float((px * paint.dir.x + py * paint.dir.y) * 255 + 0.5)
        let dt = Float((inv.a * paint.dir.x + inv.b * paint.dir.y) * 255)
        // A 32-bit counter: its lanes convert to Float in one instruction (a row of a pixmap is far shorter).
        for i in 0..<Int32(clamping: n) {
            let t = min(max(t0 + dt * Float(i), 0), 255)
            idx[Int(i)] = floorIndex(t)
        }
    }

    /// Radial gradient LUT indices for one row. With the focal point f inside the circle (centre c, radius r),
    /// the point p lies at t = |p − f| / s along the ray from f, where s solves |f + s·d̂ − c| = r. Written with
    /// d = p − f, e = f − c, A = d·d, B = d·e, C = e·e − r² < 0, that is t = (B + √(B² − A·C)) / (−C): one square
    /// root and no division per pixel (with f = c it reduces to |d| / r).
    @inline(__always) static func radialIndices(
        _ idx: UnsafeMutablePointer<UInt32>, _ n: Int, y: Int, x0: Int,
        paint: PreparedPaint
    ) {
        let inv = paint.inverse
        let fy = Double(y) + 0.5, fx0 = Double(x0) + 0.5
        let ex = paint.focal.x - paint.center.x, ey = paint.focal.y - paint.center.y
        let r = paint.radius
        let c = ex * ex + ey * ey - r * r
        let k = Float(255 / -c)
        let cf = Float(c)
        let dx0 = Float(inv.a * fx0 + inv.c * fy + inv.tx - paint.focal.x)
        let dy0 = Float(inv.b * fx0 + inv.d * fy + inv.ty - paint.focal.y)
        let sx = Float(inv.a), sy = Float(inv.b)
        let fex = Float(ex), fey = Float(ey)
        for i in 0..<Int32(clamping: n) {
            let fi = Float(i)
            let dx = dx0 + sx * fi, dy = dy0 + sy * fi
            let a = dx * dx + dy * dy
            let b = dx * fex + dy * fey
            let disc = max(b * b - a * cf, 0)
            let t = min(max((b + disc.squareRoot()) * k + 0.5, 0), 255)
            idx[Int(i)] = floorIndex(t)
        }
    }
}
