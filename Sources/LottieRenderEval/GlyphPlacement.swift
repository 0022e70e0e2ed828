import LottieRenderRaster

extension TextBuilder {
    /// `t` (a glyph's transform to the frame) with its origin where Chromium's Skia draws a glyph from its glyph
    /// cache: x on a quarter of a pixel, y on a whole pixel (subpixel positioning along the x axis only). Only for
    /// upright, unrotated glyphs below 256 pixels, which Skia draws from the cache; others are drawn as paths, where
    /// they are (``DrawRules/textGlyphsOnQuarterPixels``).
    static func onQuarterPixels(_ t: Transform, size: Double) -> Transform {
        guard t.b == 0, t.c == 0, t.a > 0, t.d > 0, size * t.d < 256 else { return t }
        var q = t
        q.tx = (t.tx * 4).rounded() / 4
        q.ty = t.ty.rounded()
        return q
    }
}
