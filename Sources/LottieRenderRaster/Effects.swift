#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Pixel effects on a premultiplied pixmap, limited to a region: colour fill, tint, tritone, gaussian blur and drop
/// shadow.
///
/// Hot loop file. Blur is three box passes per axis with running sums in Float (O(1) per pixel whatever the radius),
/// the four channels of a pixel in one SIMD4, columns a strip of 16 at a time; measured (release, one core)
/// PrecompBlur at 512², a blurred full-frame precomp, 1.8 ms a frame (5.5 with one channel at a time, about 60
/// Mpixel/s per full blur). Walking the columns in strips took it from 5.46 to 4.70 ms on a machine 2.5× slower
/// (session 25), and a drop shadow at 512² (samples/effects_shadow_blur) from 4.59 to 3.25 ms.
package enum Effects {
    @inline(__always) static func unpack(_ p: UInt32) -> (Float, Float, Float, Float) {
        (Float(p & 255), Float((p >> 8) & 255), Float((p >> 16) & 255), Float(p >> 24))
    }
    @inline(__always) static func pack(_ r: Float, _ g: Float, _ b: Float, _ a: Float) -> UInt32 {
        let aa = min(255, max(0, a))
        func q(_ v: Float) -> UInt32 { UInt32(min(aa, max(0, v)) + 0.5) }
        return q(r) | q(g) << 8 | q(b) << 16 | UInt32(aa + 0.5) << 24
    }

    /// Applies `f` (straight r, g, b in 0…1 → new straight r, g, b) to every pixel in `region`, keeping alpha, mixed
    /// with the original by `amount`.
    static func mapColors(
        _ pm: inout Pixmap, region: IntRect, amount: Double, _ f: (Float, Float, Float) -> (Float, Float, Float)
    ) {
        let k = Float(min(1, max(0, amount)))
        guard k > 0 else { return }
        eachCovered(&pm, region: region) { p in
            let a = Float(p >> 24)
            let c = unpack(p)
            let s = (c.0 / a, c.1 / a, c.2 / a)
            let m = f(s.0, s.1, s.2)
            return pack((s.0 + (m.0 - s.0) * k) * a, (s.1 + (m.1 - s.1) * k) * a, (s.2 + (m.2 - s.2) * k) * a, a)
        }
    }

    /// Replaces every pixel in `region` that is not fully transparent by `f` of it.
    @inline(__always) static func eachCovered(_ pm: inout Pixmap, region: IntRect, _ f: (UInt32) -> UInt32) {
        let r = region.intersection(IntRect(x0: 0, y0: 0, x1: pm.width, y1: pm.height))
        let w = pm.width
        for y in r.y0..<max(r.y0, r.y1) {
            for x in r.x0..<r.x1 {
                let i = y * w + x
                let p = pm.pixels[i]
                if p >> 24 == 0 { continue }
                pm.pixels[i] = f(p)
            }
        }
    }

    /// Luminance of straight sRGB values (Rec. 601 weights, as After Effects' tint uses).
    @inline(__always) static func luma(_ r: Float, _ g: Float, _ b: Float) -> Float {
        0.299 * r + 0.587 * g + 0.114 * b
    }

    /// Fill effect: every pixel takes `color` (straight, 0…1), keeping its alpha; `opacity` mixes with the original.
    package static func fill(_ pm: inout Pixmap, region: IntRect, color: Color, opacity: Double) {
        let c = (Float(color.r), Float(color.g), Float(color.b))
        mapColors(&pm, region: region, amount: opacity) { _, _, _ in c }
    }

    /// Tint: black maps to `black`, white to `white`, by luminance; `amount` (0…1) mixes with the original.
    package static func tint(_ pm: inout Pixmap, region: IntRect, black: Color, white: Color, amount: Double) {
        let b = (Float(black.r), Float(black.g), Float(black.b)), w = (Float(white.r), Float(white.g), Float(white.b))
        mapColors(&pm, region: region, amount: amount) { r, g, bl in
            let l = luma(r, g, bl)
            return (b.0 + (w.0 - b.0) * l, b.1 + (w.1 - b.1) * l, b.2 + (w.2 - b.2) * l)
        }
    }

    /// Tritone: luminance 0, 0.5 and 1 map to shadows, midtones and highlights; `blend` (0…1) is how much of the
    /// original stays.
    package static func tritone(
        _ pm: inout Pixmap, region: IntRect, highlights h: Color, midtones m: Color, shadows s: Color,
        blend: Double
    ) {
        let hh = (Float(h.r), Float(h.g), Float(h.b)), mm = (Float(m.r), Float(m.g), Float(m.b)),
            ss = (Float(s.r), Float(s.g), Float(s.b))
        mapColors(&pm, region: region, amount: 1 - blend) { r, g, b in
            let l = luma(r, g, b)
            if l < 0.5 {
                let t = l * 2
                return (ss.0 + (mm.0 - ss.0) * t, ss.1 + (mm.1 - ss.1) * t, ss.2 + (mm.2 - ss.2) * t)
            }
            let t = (l - 0.5) * 2
            return (mm.0 + (hh.0 - mm.0) * t, mm.1 + (hh.1 - mm.1) * t, mm.2 + (hh.2 - mm.2) * t)
        }
    }

    /// Levels (`"ty": 24`, Pro Levels): each colour channel through its own curve and then the composite one, alpha
    /// through its curve; straight colour.
    package static func levels(
        _ pm: inout Pixmap, region: IntRect, composite: LevelsCurve, red: LevelsCurve = .identity,
        green: LevelsCurve = .identity, blue: LevelsCurve = .identity, alpha: LevelsCurve = .identity
    ) {
        // Per-channel curves first, then the composite one on the colour channels (as lottie-web chains them),
        // through 256-entry tables on straight values.
        let tr = red.then(composite).table(), tg = green.then(composite).table(), tb = blue.then(composite).table()
        let ta = alpha.table().map { $0 * 255 }, alphaChanges = !alpha.isIdentity
        eachCovered(&pm, region: region) { p in
            let a = p >> 24
            func straight(_ v: UInt32) -> Int { Int(min(255, (v * 255 + a / 2) / a)) }
            let na = alphaChanges ? ta[Int(a)] : Float(a)
            let cr = tr[straight(p & 255)], cg = tg[straight((p >> 8) & 255)], cb = tb[straight((p >> 16) & 255)]
            return pack(cr * na, cg * na, cb * na, na)
        }
    }

    /// Hue/saturation: hue rotated by `hue` degrees, saturation and lightness changed by −100…100, in HSL.
    package static func hueSaturation(
        _ pm: inout Pixmap, region: IntRect, hue: Double, saturation: Double, lightness: Double
    ) {
        let dh = Float(hue / 360), ds = Float(saturation / 100), dl = Float(lightness / 100)
        mapColors(&pm, region: region, amount: 1) { r, g, b in
            let mx = max(r, g, b), mn = min(r, g, b)
            var l = (mx + mn) / 2
            var h: Float = 0, s: Float = 0
            if mx > mn {
                let d = mx - mn
                s = l > 0.5 ? d / (2 - mx - mn) : d / (mx + mn)
                if mx == r {
                    h = (g - b) / d + (g < b ? 6 : 0)
                } else if mx == g {
                    h = (b - r) / d + 2
                } else {
                    h = (r - g) / d + 4
                }
                h /= 6
            }
            h = (h + dh).truncatingRemainder(dividingBy: 1); if h < 0 { h += 1 }
            s = ds >= 0 ? s + (1 - s) * ds : s * (1 + ds)
            l = dl >= 0 ? l + (1 - l) * dl : l * (1 + dl)
            guard s > 0 else { return (l, l, l) }
            let q = l < 0.5 ? l * (1 + s) : l + s - l * s, p = 2 * l - q
            func hue2(_ t0: Float) -> Float {
                var t = t0; if t < 0 { t += 1 }; if t > 1 { t -= 1 }
                if t < 1 / 6 { return p + (q - p) * 6 * t }
                if t < 1 / 2 { return q }
                if t < 2 / 3 { return p + (q - p) * (2 / 3 - t) * 6 }
                return p
            }
            return (hue2(h + 1 / 3), hue2(h), hue2(h - 1 / 3))
        }
    }

    /// Box sizes of three passes approximating a gaussian of `sigma` (Kovesi's almost-gaussian filtering), of which
    /// the first `passes` are run.
    static func boxes(_ sigma: Double, passes: Int = 3) -> [Int] {
        guard sigma > 0.2 else { return [] }
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var wl = Int(ideal.rounded(.down)); if wl % 2 == 0 { wl -= 1 }
        let wu = wl + 2
        let m = Int(
            ((12 * sigma * sigma - 3 * Double(wl * wl) - 12 * Double(wl) - 9) / (-4 * Double(wl) - 4)).rounded())
        return (0..<min(3, max(0, passes))).map { $0 < m ? wl : wu }
    }

    /// Gaussian blur of the premultiplied pixels in `region`, standard deviations in pixels per axis. Pixels outside
    /// the region count as transparent, or with `repeatEdges` as copies of the nearest edge pixel. With
    /// `linearLight`, colours are blurred in linear RGB (as SVG filters are by default, `color-interpolation-filters`).
    /// `passes` of the three boxes are run per axis, and with `truncating` each pass's result is cut down to a whole
    /// 8-bit level (ThorVG runs two of three at its default quality, in bytes: tvgSwPostEffect.cpp).
    package static func blur(
        _ pm: inout Pixmap, region: IntRect, sigmaX: Double, sigmaY: Double, repeatEdges: Bool = false,
        linearLight: Bool = false, passes: Int = 3, truncating: Bool = false
    ) {
        let r = region.intersection(IntRect(x0: 0, y0: 0, x1: pm.width, y1: pm.height))
        let rw = r.width, rh = r.height
        guard rw > 0, rh > 0 else { return }
        // The four channels side by side: each box pass runs on all of them at once (lane by lane, the same
        // arithmetic as one channel at a time).
        let w = pm.width
        var plane = [SIMD4<Float>](repeating: .zero, count: rw * rh)
        pm.pixels.withUnsafeMutableBufferPointer { pixBuf in
            plane.withUnsafeMutableBufferPointer { pb in
                guard let px = pixBuf.baseAddress, let p = pb.baseAddress else { return }
                for y in 0..<rh {
                    let src = px + ((y &+ r.y0) &* w &+ r.x0), dst = p + y &* rw
                    for x in 0..<rw {
                        var c = unpack(src[x])
                        if linearLight { c = relit(c, toLinear) }
                        dst[x] = SIMD4(c.0, c.1, c.2, c.3)
                    }
                }
                blurPlane(
                    p, width: rw, height: rh, sigmaX: sigmaX, sigmaY: sigmaY, repeatEdges: repeatEdges, passes: passes,
                    truncating: truncating)
                for y in 0..<rh {
                    let src = p + y &* rw, dst = px + ((y &+ r.y0) &* w &+ r.x0)
                    for x in 0..<rw {
                        let v = src[x]
                        var c = (v[0], v[1], v[2], v[3])
                        if linearLight { c = relit(c, fromLinear) }
                        dst[x] = pack(c.0, c.1, c.2, c.3)
                    }
                }
            }
        }
    }

    /// The box passes of ``blur(_:region:sigmaX:sigmaY:repeatEdges:linearLight:passes:truncating:)`` over a plane
    /// of `width` × `height` values, rows first. Rows are blurred one at a time; columns a strip of 16 side by
    /// side, row by row through a copy of the strip, so each step reads neighbouring memory (a column walked alone
    /// strides a whole row per pixel).
    static func blurPlane(
        _ p: UnsafeMutablePointer<SIMD4<Float>>, width rw: Int, height rh: Int, sigmaX: Double, sigmaY: Double,
        repeatEdges: Bool, passes: Int, truncating: Bool
    ) {
        let strip = min(rw, 16)
        var tmp = [SIMD4<Float>](repeating: .zero, count: max(rw, rh * strip))
        var sums = [SIMD4<Float>](repeating: .zero, count: strip)
        tmp.withUnsafeMutableBufferPointer { tb in
            sums.withUnsafeMutableBufferPointer { sb in
                guard let t = tb.baseAddress, let s = sb.baseAddress else { return }
                for size in boxes(sigmaX, passes: passes) {
                    for y in 0..<rh { boxLine(p + y &* rw, 1, rw, size, t, repeatEdges, truncating) }
                }
                for size in boxes(sigmaY, passes: passes) {
                    var x = 0
                    while x < rw {
                        let count = min(strip, rw &- x)
                        boxColumns(p + x, rw, rh, count, size, t, s, repeatEdges, truncating)
                        x &+= count
                    }
                }
            }
        }
    }

    /// A premultiplied pixel (0…255 a channel) whose straight colour goes through `f` (0…1 to 0…1), alpha kept.
    @inline(__always) static func relit(
        _ c: (Float, Float, Float, Float), _ f: (Float) -> Float
    ) -> (Float, Float, Float, Float) {
        guard c.3 > 0 else { return c }
        let k = c.3 / 255
        return (f(c.0 / c.3) * 255 * k, f(c.1 / c.3) * 255 * k, f(c.2 / c.3) * 255 * k, c.3)
    }

    /// A straight sRGB component 0…1 to linear light (`SRGB.decode`).
    @inline(__always) static func toLinear(_ v: Float) -> Float { Float(SRGB.decode(Double(v))) }

    /// Linear light 0…1 to a straight sRGB component (`SRGB.encode`).
    @inline(__always) static func fromLinear(_ v: Float) -> Float { Float(SRGB.encode(Double(v))) }

    /// Drop shadow: the layer's alpha, offset by (dx, dy), blurred by `sigma`, painted in `color` (straight) with
    /// `opacity` under the layer (or alone with `shadowOnly`); `passes` and `truncating` as ``blur(_:region:sigmaX:sigmaY:repeatEdges:linearLight:passes:truncating:)``.
    package static func dropShadow(
        _ pm: inout Pixmap, region: IntRect, color: Color, opacity: Double, dx: Double, dy: Double,
        sigma: Double, shadowOnly: Bool, passes: Int = 3, truncating: Bool = false
    ) {
        let r = region.intersection(IntRect(x0: 0, y0: 0, x1: pm.width, y1: pm.height))
        guard r.width > 0, r.height > 0 else { return }
        let ox = Int(dx.rounded()), oy = Int(dy.rounded())
        let col = color.premultiplied(opacity: 1)
        let k = UInt32(min(1, max(0, opacity)) * 256)
        let w = pm.width, h = pm.height, rw = r.width, rh = r.height
        // The shadow in a plane over `r` as the blur takes it: the layer's alpha from (x − ox, y − oy) where that
        // is inside the pixmap, times the colour; then blurred, and each value packed to a pixel as it is drawn.
        var plane = [SIMD4<Float>](repeating: .zero, count: rw * rh)
        let xs = max(r.x0, ox), xe = min(r.x1, w &+ ox)
        pm.pixels.withUnsafeMutableBufferPointer { lb in
            plane.withUnsafeMutableBufferPointer { pb in
                guard let layer = lb.baseAddress, let p = pb.baseAddress else { return }
                if xs < xe {
                    for y in r.y0..<r.y1 {
                        let sy = y &- oy
                        guard sy >= 0, sy < h else { continue }
                        let src = layer + (sy &* w &- ox), dst = p + ((y &- r.y0) &* rw &- r.x0)
                        for x in xs..<xe {
                            let a = src[x] >> 24
                            if a == 0 { continue }
                            let m = (a &* k) >> 8
                            let c = unpack(Blend.scale(col, m &+ (m >> 7)))
                            dst[x] = SIMD4(c.0, c.1, c.2, c.3)
                        }
                    }
                }
                blurPlane(
                    p, width: rw, height: rh, sigmaX: sigma, sigmaY: sigma, repeatEdges: false, passes: passes,
                    truncating: truncating)
                for y in r.y0..<r.y1 {
                    let l = layer + y &* w, sp = p + ((y &- r.y0) &* rw &- r.x0)
                    for x in r.x0..<r.x1 {
                        let v = sp[x]
                        let s = pack(v[0], v[1], v[2], v[3])
                        if shadowOnly {
                            l[x] = s
                        } else {
                            let la = l[x] >> 24
                            l[x] = la == 255 ? l[x] : l[x] &+ Blend.scale(s, 256 &- (la &+ (la >> 7)))
                        }
                    }
                }
            }
        }
    }
}
