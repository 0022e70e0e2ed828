import CWchar

/// Source-over blending of coverage rows and whole buffers, premultiplied RGBA8 packed in `UInt32`.
///
/// Hot loop file: unsafe buffers and wrapping arithmetic. Two channels are processed at once with the 0x00FF00FF mask
/// trick; gradients fill a row of LUT indices first and blend eight pixels at a time (`Blend+Gradients.swift`), images
/// step in 16.16 fixed point and weigh two channels in each product (red and blue, green and alpha; session 29:
/// nepenthe's drawing 10 780 → 8 753 M instructions over its 100 frames at 512², callgrind). Measured (release, one
/// core, 2048×2048, including scan conversion): solid about 2 Gpixel/s, samples/gradient_linear (every frame, 2048²)
/// 8.0–8.1 ms a frame, 13.5–15.9 before its rows blended eight pixels at a time (session 29); an image upscaled 2×
/// without rotation (samples/clouds at 512², 0.2 Mpixel of image) 0.52 ms a frame, 0.67 before its rows were hoisted
/// (session 33: its columns stored for unclamped indices and full-coverage runs blended without the coverage product,
/// 108.6 → 83.2 M instructions over its 60 frames, callgrind; `Blend+Images.swift`);
/// an opaque radial gradient (samples/gradient_radial at 2048²) 4.0–4.4 ms, 5.3–5.4 before runs of full coverage stored
/// its colours. Runs of full and of empty coverage are found eight bytes at a time (a byte-wise scan took 85 % of this
/// function on Boat_Loader). Runs of one opaque colour 64 pixels or longer go through the C library's `wmemset`
/// (glibc's AVX-512 or AVX2 stores; Swift's baseline x86-64 loop stores 16 bytes at a time): samples/clouds, a frame
/// behind one opaque rectangle, 0.121 → 0.109 ms a frame at 512², Boat_Loader 0.212 → 0.195 (best of five, session 35).
/// See docs/performance.md.
enum Blend {
    /// Stores `c` into `n` pixels from `out`: long runs through `wmemset` (the widest stores the CPU has), short ones
    /// in a loop (a call costs more than a few stores).
    /// A run of 4…63 pixels is stored in vectors of eight (or two of four), the last one overlapping the one before
    /// it rather than a pixel at a time after the loop: a run is short where many shapes are drawn (LightningBug's
    /// interior runs average about ten pixels).
    @inline(__always) static func store(_ out: UnsafeMutablePointer<UInt32>, _ c: UInt32, _ n: Int) {
        if n >= 64 {
            wideStore(out, c, n)
        } else if n >= 8 {
            let v = SIMD8<UInt32>(repeating: c), raw = UnsafeMutableRawPointer(out)
            var i = 0
            while i &+ 8 <= n {
                raw.storeBytes(of: v, toByteOffset: i &* 4, as: SIMD8<UInt32>.self)
                i &+= 8
            }
            if i < n { raw.storeBytes(of: v, toByteOffset: (n &- 8) &* 4, as: SIMD8<UInt32>.self) }
        } else if n >= 4 {
            let v = SIMD4<UInt32>(repeating: c), raw = UnsafeMutableRawPointer(out)
            raw.storeBytes(of: v, toByteOffset: 0, as: SIMD4<UInt32>.self)
            raw.storeBytes(of: v, toByteOffset: (n &- 4) &* 4, as: SIMD4<UInt32>.self)
        } else if n >= 2 {
            // Two overlapping pairs: a loop here is vectorised with a masked store per lane (about 70 instructions
            // for three pixels).
            let v = SIMD2<UInt32>(repeating: c), raw = UnsafeMutableRawPointer(out)
            raw.storeBytes(of: v, toByteOffset: 0, as: SIMD2<UInt32>.self)
            raw.storeBytes(of: v, toByteOffset: (n &- 2) &* 4, as: SIMD2<UInt32>.self)
        } else if n == 1 {
            out.pointee = c
        }
    }

    /// `wmemset`, apart from its callers' loops. The sanitizer and fuzzing builds define
    /// `LOTTIE_RENDER_NO_WIDE_STORE` and store in Swift: AddressSanitizer and ThreadSanitizer intercept `memset` but
    /// not `wmemset`, so writes inside the C library would go unchecked.
    @inline(never) static func wideStore(_ out: UnsafeMutablePointer<UInt32>, _ c: UInt32, _ n: Int) {
        #if LOTTIE_RENDER_NO_WIDE_STORE
        out.update(repeating: c, count: n)
        #else
        // wchar_t is 32 bits on Linux and Darwin (signed on x86-64, unsigned on Linux arm64): the bits are kept.
        out.withMemoryRebound(to: wchar_t.self, capacity: n) { p in
            _ = wmemset(p, wchar_t(truncatingIfNeeded: Int32(bitPattern: c)), n)
        }
        #endif
    }

    /// c · a / 256 for all four channels, a in 0…256.
    @inline(__always) static func scale(_ c: UInt32, _ a: UInt32) -> UInt32 {
        let rb = ((c & 0x00FF_00FF) &* a) >> 8 & 0x00FF_00FF
        let ag = ((c >> 8) & 0x00FF_00FF) &* a & 0xFF00_FF00
        return rb | ag
    }

    /// src over dst, both premultiplied.
    @inline(__always) static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        let sa = src >> 24
        if sa == 255 { return src }
        if sa == 0 { return dst }
        return src &+ scale(dst, 256 &- (sa &+ (sa >> 7)))
    }

    /// One past the end of the run of `value` that starts at `i` in `cov`: eight bytes at a time, then byte by byte.
    @inline(__always) static func runEnd(_ cov: UnsafeBufferPointer<UInt8>, from i: Int, of value: UInt8) -> Int {
        let n = cov.count
        var j = i
        if let base = cov.baseAddress {
            let word = UInt64(value) &* 0x0101_0101_0101_0101
            let raw = UnsafeRawPointer(base)
            while j &+ 8 <= n && raw.loadUnaligned(fromByteOffset: j, as: UInt64.self) == word { j &+= 8 }
        }
        while j < n && cov[j] == value { j &+= 1 }
        return j
    }

    /// Blends `n` pixels from `out` of one coverage value `m` in the solid colour `c` (premultiplied): what
    /// ``row(_:width:y:x0:coverage:paint:)`` does to each of them, with the colour scaled once for the run.
    @inline(__always) static func solidSpan(_ out: UnsafeMutablePointer<UInt32>, _ n: Int, _ m: UInt32, _ c: UInt32) {
        if m == 255 {
            let sa = c >> 24
            if sa == 255 {
                store(out, c, n)
            } else {
                let keep = 256 &- (sa &+ (sa >> 7))
                for k in 0..<n { out[k] = c &+ scale(out[k], keep) }
            }
            return
        }
        // `over` without its tests: for a premultiplied colour, s + d · (256 − a′) / 256 is s at full alpha and d at
        // none. Most partly covered runs are one pixel (a shape's edge): that one is blended without the loop.
        let s = scale(c, m &+ (m >> 7))
        let sa = s >> 24
        let keep = 256 &- (sa &+ (sa >> 7))
        if n == 1 {
            out.pointee = s &+ scale(out.pointee, keep)
            return
        }
        var k = 0
        while k < n {
            out[k] = s &+ scale(out[k], keep)
            k &+= 1
        }
    }

    /// Blends one coverage row painted with `paint` into row `y` of `dst` starting at `x0`. `images` keeps a
    /// magnified image's source rows between the rows of one fill (reset it when a fill starts).
    static func row(
        _ dst: UnsafeMutablePointer<UInt32>, width: Int, y: Int, x0: Int,
        coverage cov: UnsafeBufferPointer<UInt8>, paint: PreparedPaint, images: inout ImageRows
    ) {
        let out = dst + (y &* width &+ x0)
        let n = cov.count
        switch paint.kind {
        case .solid:
            // Runs of full coverage (the inside of a shape) are filled as runs: a store of the colour when it is
            // opaque, a branch-free blend otherwise; partial coverage (the edges) blends pixel by pixel.
            let c = paint.color
            let sa = c >> 24
            let opaque = sa == 255
            let keep = 256 &- (sa &+ (sa >> 7))
            var i = 0
            while i < n {
                let m = UInt32(cov[i])
                if m == 255 {
                    let j = runEnd(cov, from: i &+ 1, of: 255)
                    if opaque {
                        // (Not `store`: in this function it cost the rotated-image loop below 1.6 % more
                        // instructions, nepenthe's 100 frames at 512² 3 829 → 3 889 M; solid fills take the
                        // runs of `solidSpan`.)
                        (out + i).update(repeating: c, count: j &- i)
                    } else {
                        for k in i..<j { out[k] = c &+ scale(out[k], keep) }
                    }
                    i = j
                    continue
                }
                if m == 0 {
                    i = runEnd(cov, from: i &+ 1, of: 0)
                    continue
                }
                out[i] = over(scale(c, m &+ (m >> 7)), out[i])
                i &+= 1
            }
        case .linear, .radial:
            // Two passes: LUT indices for the whole row (branch-free, vectorisable), then the blend.
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: n) { idxBuf in
                guard let idx = idxBuf.baseAddress else { return }
                if paint.kind == .linear {
                    linearIndices(idx, n, y: y, x0: x0, paint: paint)
                } else {
                    radialIndices(idx, n, y: y, x0: x0, paint: paint)
                }
                paint.lut.withUnsafeBufferPointer { lutBuf in
                    guard let lut = lutBuf.baseAddress else { return }
                    gradientRow(out, cov, idx, lut, opaque: paint.lutOpaque)
                }
            }
        case .image:
            guard let img = paint.image else { return }
            let inv = paint.inverse
            let fy = Double(y) + 0.5, fx0 = Double(x0) + 0.5
            let op = paint.color
            let iw = img.width, ih = img.height
            // Sample positions are affine in x: step them in 16.16 fixed point (exact integer steps, no drift).
            let one = 65536.0, lim = 1e12
            let u0 = Int(min(max((inv.a * fx0 + inv.c * fy + inv.tx - 0.5) * one, -lim), lim))
            let v0 = Int(min(max((inv.b * fx0 + inv.d * fy + inv.ty - 0.5) * one, -lim), lim))
            let du = Int(min(max(inv.a * one, -lim), lim)), dv = Int(min(max(inv.b * one, -lim), lim))
            img.pixels.withUnsafeBufferPointer { src in
                guard let s = src.baseAddress else { return }
                switch paint.sampling {
                case .rlottie:
                    return EngineSampling.rlottieRow(out, cov, s, iw, ih, inverse: inv, x0: x0, y: y, opacity: op)
                case .thorvg:
                    return EngineSampling.thorvgRow(
                        out, cov, s, iw, ih, forward: paint.forward, inverse: inv, x0: x0, y: y, opacity: op)
                case .bilinear, .coreGraphics: break
                }
                let sharp = paint.sampling == .coreGraphics
                if dv == 0 {
                    // No rotation or skew: the whole row samples between the same two source rows, with the same
                    // vertical weight, so only the horizontal part is worked out per pixel (same result). Magnified
                    // both ways, the next rows share those source rows: they are blended across once (`ImageRows`).
                    if du > 0 && du < 65536 && abs(inv.d) < 1 && n > 0 {
                        images.row(
                            out, cov, s, iw, ih, u0: u0, du: du, v: v0, opacity: op, sharpU: sharp,
                            sharpV: sharp)
                        return
                    }
                    axisAlignedImageRow(
                        out, cov, s, iw, ih, u0: u0, du: du, v: v0, opacity: op,
                        sharpU: sharp && abs(du) < 65536, sharpV: sharp && abs(inv.d) < 1)
                    return
                }
                rotatedImageRow(out, cov, s, iw, ih, u0: u0, du: du, v0: v0, dv: dv, opacity: op)
            }
        }
    }

    /// The image case of `row` when v varies along the row (rotation or skew): each pixel gathers its four source
    /// pixels, eight at a time (`bilinearRow`). Apart from `row`: inside it the gather stayed a call per pixel
    /// (nepenthe's rotated images, about 44 instructions a pixel in the call). With the gather's two loads inside
    /// the image (session 43): nepenthe 5 570 → 4 831 M instructions over its 100 frames at 512².
    @inline(never) static func rotatedImageRow(
        _ out: UnsafeMutablePointer<UInt32>, _ cov: UnsafeBufferPointer<UInt8>, _ s: UnsafePointer<UInt32>,
        _ iw: Int, _ ih: Int, u0: Int, du: Int, v0: Int, dv: Int, opacity op: UInt32
    ) {
        bilinearRow(out, cov, opacity: op, fv: 0) { i, g in
            gatherBilinear(s, iw, ih, u0 &+ du &* i, v0 &+ dv &* i, g)
        }
    }

    /// Gathers columns `xi` and `xi + 1` of source rows `r0` and `r1` (an image `w` wide) into a sample's four lanes
    /// (`blend8`): where both lie inside the image (most of a drawn image) each row's pair is one 64-bit load,
    /// elsewhere each column is clamped to the image.
    @inline(__always) static func gatherColumns(
        _ r0: UnsafePointer<UInt32>, _ r1: UnsafePointer<UInt32>, _ w: Int, _ xi: Int, _ g: UnsafeMutablePointer<UInt32>
    ) {
        if UInt(bitPattern: xi) < UInt(bitPattern: w &- 1) {
            let a = UnsafeRawPointer(r0 + xi).loadUnaligned(as: UInt64.self)
            let b = UnsafeRawPointer(r1 + xi).loadUnaligned(as: UInt64.self)
            g[0] = UInt32(truncatingIfNeeded: a)
            g[8] = UInt32(truncatingIfNeeded: a >> 32)
            g[16] = UInt32(truncatingIfNeeded: b)
            g[24] = UInt32(truncatingIfNeeded: b >> 32)
        } else {
            let x0 = min(max(xi, 0), w &- 1), x1 = min(max(xi &+ 1, 0), w &- 1)
            g[0] = r0[x0]
            g[8] = r0[x1]
            g[16] = r1[x0]
            g[24] = r1[x1]
        }
    }

    /// Gathers the bilinear sample at 16.16 fixed-point (u, v) for `blend8`, edges clamped: its four source pixels
    /// and its 4-bit weights (summing to exactly 256, so a flat area samples to its own colour).
    @inline(__always) static func gatherBilinear(
        _ s: UnsafePointer<UInt32>, _ w: Int, _ h: Int, _ u: Int, _ v: Int, _ g: UnsafeMutablePointer<UInt32>
    ) {
        let yi = v >> 16
        if UInt(bitPattern: yi) < UInt(bitPattern: h &- 1) {
            // Both rows inside the image: no clamps.
            let r0 = s + yi &* w
            gatherColumns(r0, r0 + w, w, u >> 16, g)
        } else {
            gatherColumns(s + min(max(yi, 0), h &- 1) &* w, s + min(max(yi &+ 1, 0), h &- 1) &* w, w, u >> 16, g)
        }
        g[32] = UInt32(truncatingIfNeeded: (u >> 12) & 15)
        g[40] = UInt32(truncatingIfNeeded: (v >> 12) & 15)
    }
}

/// Region-limited compositing of layer buffers: layers, masks and mattes. Masks and mattes are 8-bit buffers
/// covering exactly the region.
package enum Compositor {
    /// Draws `src` over `dst` with `opacity` (0…1) inside `region`.
    /// Eight pixels at a time: `over` without its branches (an opaque source leaves scale(d, 0) = 0 of the
    /// destination; a transparent one leaves the destination), the same integer arithmetic lane by lane, so the
    /// result is the one pixel by pixel.
    package static func drawOver(_ src: Pixmap, onto dst: inout Pixmap, opacity: Double, region: IntRect) {
        guard src.width == dst.width, src.height == dst.height else { return }
        let k = UInt32((min(1, max(0, opacity)) * 256).rounded())
        if k == 0 { return }
        let w = src.width
        let r = region.intersection(IntRect(x0: 0, y0: 0, x1: src.width, y1: src.height))
        let kk = SIMD8<UInt32>(repeating: k)
        let zero = SIMD8<UInt32>.zero
        src.pixels.withUnsafeBufferPointer { sb in
            dst.pixels.withUnsafeMutableBufferPointer { db in
                guard let s = sb.baseAddress, let d = db.baseAddress else { return }
                let sr = UnsafeRawPointer(s), dr = UnsafeMutableRawPointer(d)
                for y in r.y0..<max(r.y0, r.y1) {
                    var i = y &* w &+ r.x0
                    let end = y &* w &+ r.x1
                    while i &+ 8 <= end {
                        var c = sr.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt32>.self)
                        if k != 256 { c = Blend.scale8(c, kk) }
                        let sa = c &>> 24
                        // A transparent source leaves the pixel as it is, whatever its colour bytes hold: its lanes
                        // are cleared (all ones where sa ≥ 1, zero where sa = 0).
                        c &= zero &- ((sa &+ 255) &>> 8)
                        let under = dr.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt32>.self)
                        dr.storeBytes(of: Blend.over8(c, under), toByteOffset: i &* 4, as: SIMD8<UInt32>.self)
                        i &+= 8
                    }
                    while i < end {
                        let c = s[i]
                        if c != 0 { d[i] = Blend.over(k == 256 ? c : Blend.scale(c, k), d[i]) }
                        i &+= 1
                    }
                }
            }
        }
    }

    /// Replaces each pixel of `dst` in `region` under a non-transparent pixel of `src` (same size) by
    /// `f(src pixel, dst pixel)`.
    @inline(__always) package static func combine(
        _ src: Pixmap, onto dst: inout Pixmap, region: IntRect,
        _ f: (UInt32, UInt32) -> UInt32
    ) {
        guard src.width == dst.width, src.height == dst.height else { return }
        let w = src.width
        let r = region.intersection(IntRect(x0: 0, y0: 0, x1: src.width, y1: src.height))
        src.pixels.withUnsafeBufferPointer { sb in
            dst.pixels.withUnsafeMutableBufferPointer { db in
                guard let s = sb.baseAddress, let d = db.baseAddress else { return }
                for y in r.y0..<max(r.y0, r.y1) {
                    var i = y &* w &+ r.x0
                    let end = y &* w &+ r.x1
                    while i < end {
                        let c = s[i]
                        if c != 0 { d[i] = f(c, d[i]) }
                        i &+= 1
                    }
                }
            }
        }
    }

    /// Adds the channels of `src` over `region` to `sum` (four counters per pixel, same size as `src`).
    package static func accumulate(_ src: Pixmap, into sum: inout [UInt32], region: IntRect) {
        guard sum.count == src.pixels.count * 4 else { return }
        let w = src.width
        let r = region.intersection(IntRect(x0: 0, y0: 0, x1: src.width, y1: src.height))
        src.pixels.withUnsafeBufferPointer { sb in
            sum.withUnsafeMutableBufferPointer { ub in
                guard let s = sb.baseAddress, let u = ub.baseAddress else { return }
                for y in r.y0..<max(r.y0, r.y1) {
                    for i in (y &* w &+ r.x0)..<(y &* w &+ r.x1) {
                        let p = s[i]
                        if p == 0 { continue }
                        let k = i &* 4
                        u[k] &+= p & 255; u[k &+ 1] &+= (p >> 8) & 255
                        u[k &+ 2] &+= (p >> 16) & 255; u[k &+ 3] &+= p >> 24
                    }
                }
            }
        }
    }

    /// Sets `region` of `dst` to the rounded mean of `count` accumulated frames (`accumulate`).
    package static func average(_ sum: [UInt32], count: Int, into dst: inout Pixmap, region: IntRect) {
        guard count > 0, sum.count == dst.pixels.count * 4 else { return }
        let w = dst.width, n = UInt32(count), half = UInt32(count / 2)
        let r = region.intersection(IntRect(x0: 0, y0: 0, x1: dst.width, y1: dst.height))
        sum.withUnsafeBufferPointer { ub in
            dst.pixels.withUnsafeMutableBufferPointer { db in
                guard let u = ub.baseAddress, let d = db.baseAddress else { return }
                for y in r.y0..<max(r.y0, r.y1) {
                    for i in (y &* w &+ r.x0)..<(y &* w &+ r.x1) {
                        let k = i &* 4
                        d[i] =
                            (u[k] &+ half) / n | ((u[k &+ 1] &+ half) / n) << 8
                            | ((u[k &+ 2] &+ half) / n) << 16 | ((u[k &+ 3] &+ half) / n) << 24
                    }
                }
            }
        }
    }

    /// Sets `region` of `pm` to transparent.
    package static func clear(_ pm: inout Pixmap, region: IntRect) {
        let w = pm.width
        let r = region.intersection(IntRect(x0: 0, y0: 0, x1: pm.width, y1: pm.height))
        pm.pixels.withUnsafeMutableBufferPointer { b in
            guard let p = b.baseAddress else { return }
            for y in r.y0..<max(r.y0, r.y1) { (p + (y &* w &+ r.x0)).update(repeating: 0, count: r.width) }
        }
    }

    /// Clears the pixels of `region` that lie outside `keep`.
    package static func clear(_ pm: inout Pixmap, outside keep: IntRect, within region: IntRect) {
        let k = keep.intersection(region)
        if k.isEmpty { clear(&pm, region: region); return }
        clear(&pm, region: IntRect(x0: region.x0, y0: region.y0, x1: region.x1, y1: k.y0))
        clear(&pm, region: IntRect(x0: region.x0, y0: k.y1, x1: region.x1, y1: region.y1))
        clear(&pm, region: IntRect(x0: region.x0, y0: k.y0, x1: k.x0, y1: k.y1))
        clear(&pm, region: IntRect(x0: k.x1, y0: k.y0, x1: region.x1, y1: k.y1))
    }

    /// 8-bit matte values over `region` from a rendered matte layer: its alpha, or the luma or one channel of its
    /// premultiplied colour.
    package static func matteValues(
        _ matte: Pixmap, channel: MatteChannel, inverted: Bool, region: IntRect, into out: inout [UInt8]
    ) {
        let n = region.width * region.height
        if out.count != n { out = [UInt8](repeating: 0, count: n) }
        let w = matte.width, rw = region.width
        matte.pixels.withUnsafeBufferPointer { mb in
            out.withUnsafeMutableBufferPointer { ob in
                guard let src = mb.baseAddress, let o = ob.baseAddress else { return }
                // One loop per channel (and per inversion), so each is a plain map the compiler can vectorise.
                @inline(__always) func each(_ value: (UInt32) -> UInt32) {
                    for y in 0..<region.height {
                        let row = src + ((y &+ region.y0) &* w &+ region.x0)
                        let orow = o + y &* rw
                        if inverted {
                            for x in 0..<rw { orow[x] = UInt8(truncatingIfNeeded: 255 &- min(value(row[x]), 255)) }
                        } else {
                            for x in 0..<rw { orow[x] = UInt8(truncatingIfNeeded: value(row[x])) }
                        }
                    }
                }
                switch channel {
                case .alpha: each { $0 >> 24 }
                case .luma:
                    // Rec. 601 luma of the premultiplied colour (the matte composited over black).
                    each { (($0 & 255) &* 77 &+ (($0 >> 8) & 255) &* 150 &+ (($0 >> 16) & 255) &* 29 &+ 128) >> 8 }
                case .lumaOfColor:
                    // The same of the straight colour: alpha ignored wherever it is not 0.
                    each { p in
                        let a = p >> 24
                        let v = ((p & 255) &* 77 &+ ((p >> 8) & 255) &* 150 &+ ((p >> 16) & 255) &* 29 &+ 128) >> 8
                        return a == 0 ? 0 : min(255, (v &* 255 &+ a / 2) / a)
                    }
                case .red: each { $0 & 255 }
                case .green: each { ($0 >> 8) & 255 }
                case .blue: each { ($0 >> 16) & 255 }
                }
            }
        }
    }
}

/// Which value of a matte layer's pixels masks another layer.
package enum MatteChannel: Sendable {
    /// Alpha.
    case alpha
    /// Rec. 601 luma of the colour composited over black.
    case luma
    /// Rec. 601 luma of the straight colour, wherever alpha is not 0.
    case lumaOfColor
    /// One colour channel, composited over black.
    case red, green, blue
}
