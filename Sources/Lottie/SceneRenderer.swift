import LottieEval
import LottieModel
import Raster

/// Draws a `Scene` into a pixmap with the Raster engine. Keeps its scratch buffers between frames, so
/// one renderer per thread renders a sequence without per-frame allocation of layers.
public struct SceneRenderer: Sendable {
    private var canvas = Canvas()
    private var layerPool: [Pixmap] = []
    private var maskScratch: [UInt8] = []
    private var maskAccum: [[UInt8]] = []
    /// Decoded images by asset id.
    public var images: [String: Pixmap]

    /// Creates a renderer with decoded images.
    public init(images: [String: Pixmap] = [:]) { self.images = images }

    /// Renders `scene` into `target`, mapping composition coordinates by `viewport`.
    public mutating func render(_ scene: Scene, viewport: Transform, into target: inout Pixmap) {
        draw(scene.nodes, viewport: viewport, opacity: 1, into: &target)
    }

    private mutating func take(_ w: Int, _ h: Int) -> Pixmap {
        if let i = layerPool.firstIndex(where: { $0.width == w && $0.height == h }) {
            var p = layerPool.remove(at: i)
            p.clear()
            return p
        }
        return Pixmap(width: w, height: h)
    }

    private mutating func give(_ p: Pixmap) { layerPool.append(p) }

    private mutating func draw(_ nodes: [SceneNode], viewport v: Transform, opacity: Double, into target: inout Pixmap) {
        for n in nodes { draw(n, viewport: v, opacity: opacity, into: &target) }
    }

    private mutating func draw(_ node: SceneNode, viewport v: Transform, opacity: Double, into target: inout Pixmap) {
        switch node {
        case .fill(let path, let t, let rule, let paint, let o):
            canvas.fill(path, transform: v.concat(t), rule: rule, paint: place(paint, v.concat(t)),
                        opacity: o * opacity, into: &target)
        case .stroke(let path, let t, let style, let paint, let o):
            canvas.stroke(path, transform: v.concat(t), style: style, paint: place(paint, v.concat(t)),
                          opacity: o * opacity, into: &target)
        case .image(let id, let w, let h, let t, let o):
            // Drawn at the image's own pixel size, as lottie-web and ThorVG do (the asset's w/h are advisory).
            _ = (w, h)
            guard let img = images[id] else { return }
            let m = v.concat(t)
            canvas.fill(.rect(Rect(minX: 0, minY: 0, maxX: Double(img.width), maxY: Double(img.height))), transform: m,
                        rule: .nonZero, paint: .image(img, transform: m), opacity: o * opacity, into: &target)
        case .group(let g):
            drawGroup(g, viewport: v, opacity: opacity, into: &target)
        }
    }

    /// Gradient and image paints are defined in the shape's space: move them to device space.
    private func place(_ p: Paint, _ m: Transform) -> Paint {
        switch p {
        case .solid: return p
        case .linear(let s, let a, let b, let t): return .linear(stops: s, start: a, end: b, transform: m.concat(t))
        case .radial(let s, let c, let r, let f, let t):
            return .radial(stops: s, center: c, radius: r, focal: f, transform: m.concat(t))
        case .image: return p
        }
    }

    private mutating func drawGroup(_ g: SceneGroup, viewport v: Transform, opacity: Double, into target: inout Pixmap) {
        let o = g.opacity * opacity
        if o <= 0 && g.matte == nil { return }
        let isolate = !g.masks.isEmpty || g.matte != nil || (g.opacity < 1 && g.leafCount > 1)
        if !isolate {
            draw(g.children, viewport: v, opacity: o, into: &target)
            return
        }
        var layer = take(target.width, target.height)
        draw(g.children, viewport: v, opacity: 1, into: &layer)
        if !g.masks.isEmpty {
            applyMasks(g.masks, viewport: v, to: &layer)
        }
        if let matte = g.matte {
            var src = take(target.width, target.height)
            draw(matte.source, viewport: v, opacity: 1, into: &src)
            let luma = matte.mode == .luma || matte.mode == .lumaInverted
            let inv = matte.mode == .alphaInverted || matte.mode == .lumaInverted
            Compositor.matteValues(src, luma: luma, inverted: inv, into: &maskScratch)
            Compositor.multiply(&layer, byMask: maskScratch)
            give(src)
        }
        Compositor.drawOver(layer, onto: &target, opacity: o)
        give(layer)
    }

    /// Combines the masks in order (`"mode"`, `"inv"`, `"o"`, `"x"`) and multiplies the layer by the result.
    private mutating func applyMasks(_ masks: [SceneMask], viewport v: Transform, to layer: inout Pixmap) {
        let w = layer.width, h = layer.height
        let active = masks.filter { $0.mode != .none }
        guard let first = active.first else { return }
        var acc = [UInt8](repeating: (first.mode == .subtract || first.mode == .intersect) ? 255 : 0, count: w * h)
        for m in active {
            let t = v.concat(m.transform)
            canvas.coverage(m.path, transform: t, rule: .nonZero, width: w, height: h, into: &maskScratch)
            if m.expansion != 0 {
                var ring: [UInt8] = []
                let style = StrokeStyle(width: abs(m.expansion) * 2, cap: .round, join: .round)
                canvas.strokeCoverage(m.path, transform: t, style: style, width: w, height: h, into: &ring)
                MaskOps.expand(&maskScratch, ring: ring, grow: m.expansion > 0)
            }
            MaskOps.combine(&acc, maskScratch, mode: m.mode, inverted: m.inverted, opacity: m.opacity)
        }
        Compositor.multiply(&layer, byMask: acc)
    }
}
