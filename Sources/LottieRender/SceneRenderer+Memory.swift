import LottieRenderEval
import LottieRenderRaster

/// What drawing a frame allocates, worked out from its scene before anything is drawn: the memory ceiling
/// (`ResourceLimits.maxMemory`) is checked against it. The rules follow `draw`: a group that needs its own layer
/// (masks, a matte, a blend mode, effects, group opacity over several items, a 3-D projection) takes a buffer the
/// size of its target while its content is drawn; a matte source takes another; blur and shadow work in a buffer
/// grown by their reach, with float planes for the gaussian; motion blur adds an accumulation buffer. Where `draw`
/// may skip a buffer (a rectangular clip), the estimate still counts it: it is an upper bound.
extension SceneRenderer {
    /// Bytes that drawing `nodes` by `v` into a `width`×`height` target allocates at the peak, the target itself
    /// not included.
    static func peakBytes(_ nodes: [SceneNode], viewport v: Transform, width w: Int, height h: Int) -> Int {
        var peak = 0
        // Only groups take buffers: leaves are passed over without a copy of the node (a retain and a release each,
        // about half of this walk over bodymovin's frames).
        for i in nodes.indices {
            guard case .group(let g) = nodes[i] else { continue }
            peak = max(peak, peakBytes(g, viewport: v, width: w, height: h))
        }
        return peak
    }

    static func peakBytes(_ node: SceneNode, viewport v: Transform, width w: Int, height h: Int) -> Int {
        guard case .group(let g) = node else { return 0 }
        return peakBytes(g, viewport: v, width: w, height: h)
    }

    /// The most bytes of buffers that drawing group `g` at `w`×`h` holds at once (what the node version gives for a
    /// group node).
    static func peakBytes(_ g: SceneGroup, viewport v: Transform, width w: Int, height h: Int) -> Int {
        // rlottie's 8-bit composition blends a matted layer back even at opacity 0 (as `drawGroup` draws it).
        guard g.opacity > 0 || (g.eightBit != nil && g.matte != nil) else { return 0 }
        let px = w &* h
        let children = peakBytes(g.children, viewport: v, width: w, height: h)
        // The track matte's source, drawn into a layer of its own beside the group's (a matte always isolates).
        var matte = 0
        if let m = g.matte {
            matte = saturating(4 &* px, peakBytes(m.source, viewport: v, width: w, height: h))
        }
        // Motion blur: 16-byte sums and a layer.
        if g.averageChildren { return saturating(20 &* px, max(children, matte)) }
        let isolates =
            !g.masks.isEmpty || g.matte != nil || !g.blendMode.isNormal || !g.effects.isEmpty
            || (g.opacity < 1 && g.leafCount > 1) || g.projection != nil
            // An 8-bit layer goes offscreen below full opacity, its own or that of a group above it.
            || g.eightBit?.offscreenForOpacity == true
        guard isolates else { return children }
        var content: Int
        if g.projection != nil {
            // The plane buffer holds at most 4096² pixels (see drawProjected).
            let side = 4096
            content = saturating(
                4 &* side &* side, peakBytes(g.children, viewport: v, width: side, height: side),
                effectBytes(g.effects, viewport: v, pixels: side &* side, width: side, height: side))
        } else if let m = margin(g.effects, scale: v.maxScale, width: w, height: h) {
            let bw = w &+ 2 &* m, bh = h &+ 2 &* m
            content = saturating(
                4 &* bw &* bh, peakBytes(g.children, viewport: v, width: bw, height: bh),
                effectBytes(g.effects, viewport: v, pixels: bw &* bh, width: bw, height: bh))
        } else {
            content = saturating(children, effectBytes(g.effects, viewport: v, pixels: px, width: w, height: h))
        }
        if !g.masks.isEmpty { content = saturating(content, 5 &* px) } // coverage bytes, a feather's pixmap
        return saturating(4 &* px, max(content, matte))
    }

    /// Buffers of effects over `pixels`: gaussian planes (16 bytes a pixel) for blur and shadow (the shadow is
    /// built in its plane), a Set Matte source's layer.
    private static func effectBytes(
        _ effects: [SceneEffect], viewport v: Transform, pixels: Int, width w: Int, height h: Int
    ) -> Int {
        var peak = 0
        for e in effects {
            switch e {
            case .blur, .dropShadow: peak = max(peak, 16 &* pixels)
            case .setMatte(let source, _, _):
                peak = max(peak, saturating(4 &* pixels, peakBytes(source, viewport: v, width: w, height: h)))
            default: break
            }
        }
        return peak
    }

    /// A sum that stops at `Int.max` instead of trapping. Two and three terms, not variadic: a variadic call builds
    /// an array on the heap, 42 allocations a frame of bodymovin's (issue 33).
    private static func saturating(_ a: Int, _ b: Int) -> Int {
        let (r, o) = a.addingReportingOverflow(b)
        return o ? Int.max : r
    }

    /// `a + b + c`, stopping at `Int.max`.
    private static func saturating(_ a: Int, _ b: Int, _ c: Int) -> Int {
        saturating(saturating(a, b), c)
    }
}
