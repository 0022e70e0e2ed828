import LottieRenderEval
import LottieRenderRaster

extension SceneRenderer {
    /// True when the first thing `scene` draws into a `width`×`height` frame through `viewport` paints every pixel
    /// of it with one opaque colour: a fill (`"ty":1` solid layers and full-frame rectangles, the usual background)
    /// of an axis-aligned rectangle that reaches the frame's edges, one opaque colour at full opacity, inside groups
    /// that only pass their opacity on (no mask, matte, blend mode, effect or projection). Such a frame need not be
    /// cleared first: that fill stores its colour in every pixel (a corner pixel it covers to within 1/10 000 of
    /// both its edges has an area of at least 0.9998, coverage 255 by `⌊v · 255 + 0.5⌋`; a thousandth short on two
    /// edges would be 254), so what the buffer held does not show. Clearing a
    /// 512² frame is about 19 µs on the bench host, a fifth of samples/clouds' frame.
    package func coversFrame(_ scene: Scene, viewport v: Transform, width w: Int, height h: Int) -> Bool {
        guard canvas.clipRect == nil, w > 0, h > 0 else { return false }
        var nodes = scene.nodes[...]
        var opacity = 1.0
        while let first = nodes.first {
            switch first {
            case .group(let g):
                guard g.masks.isEmpty, g.matte == nil, g.blendMode.isNormal, g.effects.isEmpty, !g.averageChildren,
                    g.projection == nil, g.eightBit == nil
                else { return false }
                opacity *= g.opacity
                nodes = g.children[...]
            case .fill(let path, let t, _, .solid(let c), let o):
                // As `Canvas.fill` prepares the colour (`PreparedPaint`).
                guard c.premultiplied(opacity: min(1, max(0, o * opacity))) >> 24 == 255 else { return false }
                let m = v.concat(t)
                // (`axisAlignedRect` takes sides within 10⁻⁶ of an axis as along it: well inside the margin.)
                guard m.isFinite, let r = path.axisAlignedRect(m) else { return false }
                let margin = 1e-4
                return r.minX <= margin && r.minY <= margin && r.maxX >= Double(w) - margin
                    && r.maxY >= Double(h) - margin
            default:
                return false
            }
        }
        return false
    }
}
