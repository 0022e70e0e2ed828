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
                guard g.masks.isEmpty, g.matte == nil, g.blendMode == .normal, g.effects.isEmpty, !g.averageChildren,
                    g.projection == nil, g.eightBit == nil
                else { return false }
                opacity *= g.opacity
                nodes = g.children[...]
            case .fill(let path, let t, _, .solid(let c), let o):
                // As `Canvas.fill` prepares the colour (`PreparedPaint`).
                guard c.premultiplied(opacity: min(1, max(0, o * opacity))) >> 24 == 255 else { return false }
                let m = v.concat(t)
                guard m.isFinite, let r = SceneRenderer.rectangle(path, m) else { return false }
                let margin = 1e-4
                return r.minX <= margin && r.minY <= margin && r.maxX >= Double(w) - margin
                    && r.maxY >= Double(h) - margin
            default:
                return false
            }
        }
        return false
    }

    /// The device rectangle `path` is under `m` when it is one: a single contour of four corners, each side
    /// parallel to an axis (a closing line back to the first corner allowed); nil for any other path.
    static func rectangle(_ path: Path, _ m: Transform) -> Rect? {
        var corners: [Point] = []
        corners.reserveCapacity(5)
        for (i, e) in path.elements.enumerated() {
            switch e {
            case .move(let p) where i == 0: corners.append(m.apply(p))
            case .line(let p) where i > 0: corners.append(m.apply(p))
            case .close where i == path.elements.count - 1: break
            default: return nil
            }
        }
        if corners.count == 5, corners[4] == corners[0] { corners.removeLast() }
        guard corners.count == 4 else { return nil }
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            // Exactly one coordinate shared: a side along an axis, of some length.
            guard (a.x == b.x) != (a.y == b.y) else { return nil }
        }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        return Rect(minX: x0, minY: y0, maxX: x1, maxY: y1)
    }
}
