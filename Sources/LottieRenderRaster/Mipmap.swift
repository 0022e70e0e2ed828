/// An image with its successive halvings (a mip pyramid), so that drawing it much smaller samples a level whose
/// pixels are about one device pixel each instead of skipping source pixels (which aliases thin lines).
///
/// Hot loop file. Each level averages 2×2 premultiplied pixels; measured (release, one core) about 700 Mpixel/s of
/// source: a 1400×1000 image's whole pyramid takes 2 ms, once per renderer.
package struct Mipmap: Sendable {
    /// Level 0 is the image; each next level is half the size (rounded up), down to 1×1.
    package let levels: [Pixmap]

    /// The pyramid of `image`, down to 1×1.
    package init(_ image: Pixmap) {
        var levels = [image]
        while let last = levels.last, last.width > 1 || last.height > 1 { levels.append(Mipmap.halved(last)) }
        self.levels = levels
    }

    /// Device pixels per image pixel along the image's most shrunk direction under `t` (its smaller singular
    /// value), the measure Skia picks mip levels by.
    package static func minificationScale(_ t: Transform) -> Double {
        let sum = t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d
        let det = t.a * t.d - t.b * t.c
        let root = max(0, sum * sum - 4 * det * det).squareRoot()
        return max(0, (sum - root) / 2).squareRoot()
    }

    /// True when an image drawn at `scale` (see `minificationScale`) samples a level other than the image itself.
    /// Scales within a billionth of a power of two count as that power, so rounding (a rotation's cos² + sin²)
    /// cannot flip a layer between levels from frame to frame.
    package static func isNeeded(forScale scale: Double) -> Bool {
        scale > 0 && scale * 2 <= 1 + 1e-9
    }

    /// The level to sample when one image pixel covers `scale` device pixels, and the factor from that level's
    /// pixels to the image's: the smallest level whose pixels still cover at least one device pixel each, so
    /// bilinear sampling never skips pixels (the nearest-level choice lottie-web gets from Chromium's canvas).
    package func level(forScale scale: Double) -> (image: Pixmap, factor: Double) {
        guard Mipmap.isNeeded(forScale: scale), scale.isFinite else { return (levels[0], 1) }
        var k = 0, s = scale
        while s * 2 <= 1 + 1e-9, k + 1 < levels.count { s *= 2; k += 1 }
        return (levels[k], Double(1 << k))
    }

    /// `p` at half the size (rounded up); each pixel the mean of the 2×2 block it covers, edge pixels repeated.
    static func halved(_ p: Pixmap) -> Pixmap {
        let w = p.width, h = p.height
        let hw = (w + 1) / 2, hh = (h + 1) / 2
        var out = Pixmap(width: hw, height: hh)
        p.pixels.withUnsafeBufferPointer { sb in
            out.pixels.withUnsafeMutableBufferPointer { db in
                guard let s = sb.baseAddress, let d = db.baseAddress else { return }
                for y in 0..<hh {
                    let r0 = s + (2 &* y) &* w, r1 = s + min(2 &* y &+ 1, h &- 1) &* w
                    let row = d + y &* hw
                    for x in 0..<hw {
                        let x0 = 2 &* x, x1 = min(x0 &+ 1, w &- 1)
                        let sum =
                            Blend.lanes(r0[x0]) &+ Blend.lanes(r0[x1]) &+ Blend.lanes(r1[x0])
                            &+ Blend.lanes(r1[x1]) &+ 0x0002_0002_0002_0002
                        row[x] = Blend.unlanes((sum >> 2) & 0x00FF_00FF_00FF_00FF)
                    }
                }
            }
        }
        return out
    }
}
