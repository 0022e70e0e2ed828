import Dispatch
import LottieRenderEval
import LottieRenderModel
import LottieRenderRaster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws a `Scene` into a pixmap with the Raster engine. Keeps its scratch buffers between frames, so
/// one renderer per thread renders a sequence without per-frame allocation of layers.
package struct SceneRenderer: Sendable {
    var canvas = Canvas()
    private var layerPool: [Pixmap] = []
    private var maskScratch: [UInt8] = []
    /// Decoded images by asset id.
    package var images: [String: Pixmap]
    /// How images fill their asset's box when the sizes differ.
    package var imageFit: ImageFit
    /// Images magnified with Core Graphics' steeper weights (lottie-ios).
    package var imageSampling = ImageSampling.bilinear
    /// Mip pyramids of the images drawn smaller than half their size, built on first use.
    private var mipmaps: [String: Mipmap] = [:]
    /// The scene being drawn runs its effects as SVG filters (`Scene.effectsAsSVGFilters`).
    private var svgFilters = false
    /// The scene being drawn blurs as ThorVG does (`Scene.blursAsThorVG`): two passes per axis, truncated to bytes,
    /// edges repeated, nothing past the canvas, shadows moved by whole pixels.
    private var blursAsThorVG = false
    /// When cancelled, drawing stops before the next node (the frame is left unfinished; the caller throws).
    package var stop: CancellationFlag?
    /// When the monotonic clock (`DispatchTime`, nanoseconds) passes it, drawing stops before the next node and
    /// `timedOut` is set (``ResourceLimits/maxFrameSeconds``).
    package var deadline: UInt64?
    /// The last frame stopped at `deadline`.
    package private(set) var timedOut = false

    /// Creates a renderer with decoded images, fitted into their asset boxes by `imageFit`.
    package init(images: [String: Pixmap] = [:], imageFit: ImageFit = .stretch) {
        self.images = images
        self.imageFit = imageFit
    }

    /// Renders `scene` into `target`, mapping composition coordinates by `viewport`. Returns the pixel region it
    /// wrote (nothing outside it changed), as the offscreen buffers' regions are kept.
    @discardableResult
    package mutating func render(_ scene: Scene, viewport: Transform, into target: inout Pixmap) -> IntRect {
        svgFilters = scene.effectsAsSVGFilters
        blursAsThorVG = scene.blursAsThorVG
        timedOut = false
        canvas.beginFrame(width: target.width, height: target.height)
        return draw(scene.nodes, viewport: viewport, opacity: 1, into: &target)
    }

    /// A clean (fully transparent) buffer; pooled buffers are cleared over their dirty region when given back.
    mutating func take(_ w: Int, _ h: Int) -> Pixmap {
        if let i = layerPool.firstIndex(where: { $0.width == w && $0.height == h }) { return layerPool.remove(at: i) }
        return Pixmap(width: w, height: h)
    }

    /// Frees the pooled offscreen buffers and the coverage runs kept from earlier frames, so that between frames a
    /// renderer holds only what the memory budget does not count (mipmaps, scratch rows).
    mutating func releaseBuffers() {
        layerPool.removeAll()
        maskScratch = []
        canvas.releaseMemo()
    }

    /// Returns a buffer to the pool, clearing the region that was drawn (in place: no copy).
    mutating func give(_ p: inout Pixmap, dirty: IntRect) {
        Compositor.clear(&p, region: dirty)
        layerPool.append(p)
        p = Pixmap(width: 0, height: 0)
    }

    /// Draws nodes and returns the pixel region they touched.
    @discardableResult
    mutating func draw(
        _ nodes: [SceneNode], viewport v: Transform, opacity: Double, into target: inout Pixmap
    ) -> IntRect {
        var dirty = IntRect.empty
        for n in nodes {
            if let stop, stop.isCancelled { break }
            if let deadline, DispatchTime.now().uptimeNanoseconds > deadline {
                timedOut = true
                break
            }
            dirty = dirty.union(draw(n, viewport: v, opacity: opacity, into: &target))
        }
        return dirty
    }

    mutating func draw(_ node: SceneNode, viewport v: Transform, opacity: Double, into target: inout Pixmap) -> IntRect
    {
        switch node {
        case .fill(let path, let t, let rule, let paint, let o):
            let m = v.concat(t)
            // A colour goes as it is (no placed copy of the paint made and dropped for every fill).
            if case .solid = paint {
                return canvas.fill(path, transform: m, rule: rule, paint: paint, opacity: o * opacity, into: &target)
            }
            return canvas.fill(
                path, transform: m, rule: rule, paint: place(paint, m), opacity: o * opacity, into: &target)
        case .stroke(let path, let t, let style, let paint, let o):
            let m = v.concat(t)
            if case .solid = paint {
                return canvas.stroke(
                    path, transform: m, style: style, paint: paint, opacity: o * opacity, into: &target)
            }
            return canvas.stroke(
                path, transform: m, style: style, paint: place(paint, m), opacity: o * opacity, into: &target)
        case .image(let id, let bw, let bh, let t, let o):
            guard let img = images[id] else { return .empty }
            let fit = imageFit.placement(
                imageWidth: Double(img.width), imageHeight: Double(img.height),
                boxWidth: bw, boxHeight: bh)
            let m = v.concat(t)
            var source = img, toDevice = m.concat(fit.transform)
            // Drawn at half its size or less: sample a halved level, so that thin lines do not break up.
            let scale = Mipmap.minificationScale(toDevice)
            if imageSampling.usesMipmaps && Mipmap.isNeeded(forScale: scale) {
                if mipmaps[id] == nil { mipmaps[id] = Mipmap(img) }
                if let level = mipmaps[id]?.level(forScale: scale) {
                    source = level.image
                    toDevice = toDevice.concat(.scale(level.factor, level.factor))
                }
            }
            return canvas.fill(
                .rect(fit.rect), transform: m, rule: .nonZero,
                paint: .image(source, transform: toDevice, sampling: imageSampling),
                opacity: o * opacity, into: &target)
        case .group(let g):
            return drawGroup(g, viewport: v, opacity: opacity, into: &target)
        }
    }

    /// Gradients are defined in the shape's space: move them to device space. Colours need no placing, and an image
    /// paint (made by the image node already in device space) none either.
    private func place(_ p: Paint, _ m: Transform) -> Paint {
        switch p {
        case .solid: return p
        case .linear(let s, let a, let b, let t): return .linear(stops: s, start: a, end: b, transform: m.concat(t))
        case .radial(let s, let c, let r, let f, let t):
            return .radial(stops: s, center: c, radius: r, focal: f, transform: m.concat(t))
        case .image: return p
        }
    }

    /// Draws a group, isolating it into an offscreen buffer only when masks, a matte or opacity over overlapping
    /// children require it; all buffer work is limited to the region its children touched. `masksClipped`: its
    /// only mask is the canvas's clip rectangle already (``rectClip(_:viewport:)``), so it is not applied again.
    private mutating func drawGroup(
        _ g: SceneGroup, viewport v: Transform, opacity: Double, into target: inout Pixmap, masksClipped: Bool = false
    ) -> IntRect {
        let o = g.opacity * opacity
        // rlottie blends a matted layer back even at opacity 0 (renderMatteLayer), darkening what is below.
        if o <= 0 && (g.eightBit == nil || g.matte == nil) { return .empty }
        if g.averageChildren { return drawAverage(g, viewport: v, opacity: o, into: &target) }
        // A plain rectangular mask (a precomp's frame, most often) clips as the content is drawn: no layer for it.
        if !masksClipped, let r = rectClip(g, viewport: v) {
            let saved = canvas.clipRect
            canvas.clipRect = saved.map { Rect.intersection($0, r) } ?? r
            defer { canvas.clipRect = saved }
            return drawGroup(g, viewport: v, opacity: opacity, into: &target, masksClipped: true)
        }
        let masked = !masksClipped && g.projection == nil && !g.masks.isEmpty && !clipCovers(g, viewport: v, target)
        // rlottie: a layer offscreen for its opacity or its matte is composed in 8-bit steps (EightBitComposite).
        let eightBit = g.eightBit.flatMap { e in (e.offscreenForOpacity && o < 1) || g.matte != nil ? e : nil }
        let isolate =
            masked || g.matte != nil || !g.blendMode.isNormal || !g.effects.isEmpty
            || (g.opacity < 1 && g.leafCount > 1) || g.projection != nil || eightBit != nil
        if !isolate { return draw(g.children, viewport: v, opacity: o, into: &target) }
        var layer = take(target.width, target.height)
        var region: IntRect
        if let h = g.projection {
            region = drawProjected(g, Homography(v).concat(h), into: &layer)
        } else if !blursAsThorVG, let margin = offCanvasMargin(g.effects, scale: v.maxScale, target) {
            // (ThorVG draws a layer's effects inside the canvas only, its edges repeated: no margin.)
            region = drawWithMargin(g, viewport: v, margin: margin, into: &layer)
        } else {
            region = o > 0 ? drawContent(g, viewport: v, masked: masked, into: &layer) : .empty
        }
        if region.isEmpty && eightBit == nil { give(&layer, dirty: region); return .empty }
        // drawBitmap blends at alpha_mul(255, opacity byte): a layer offscreen for its opacity is scaled by it
        // (before its matte, when it has one); a matted one is blended at 254.
        var bitmapAlpha: UInt32 = 254
        if let e = eightBit, e.offscreenForOpacity && o < 1 {
            let a = EightBitCompositor.bitmapAlpha(opacity: o)
            if g.matte != nil { EightBitCompositor.scale(&layer, by: a, region: region) } else { bitmapAlpha = a }
        }
        if let matte = g.matte {
            let (channel, inverted) = SceneRenderer.values(of: matte)
            applyMatte(
                .group(matte.source), channel: channel, inverted: inverted, viewport: v, region: region, to: &layer,
                eightBit: eightBit != nil)
        }
        if let e = eightBit {
            let whole = IntRect(x0: 0, y0: 0, x1: target.width, y1: target.height)
            let area = g.matte != nil && e.singleDrawable && !region.isEmpty ? region : whole
            EightBitCompositor.drawOver(layer, onto: &target, alpha: bitmapAlpha, region: region, area: area)
            give(&layer, dirty: region)
            return area
        }
        BlendModes.apply(layer, onto: &target, mode: g.blendMode, opacity: o, region: region)
        give(&layer, dirty: region)
        return region
    }

    /// A group's children, then its masks (when `masked`) and its effects, drawn into `layer` by `v`. Returns the
    /// region written.
    mutating func drawContent(_ g: SceneGroup, viewport v: Transform, masked: Bool, into layer: inout Pixmap) -> IntRect
    {
        var region = draw(g.children, viewport: v, opacity: 1, into: &layer)
        if masked && !region.isEmpty { applyMasks(g.masks, viewport: v, region: region, to: &layer) }
        // The stroke effect paints even on a layer with nothing else in it.
        if !g.effects.isEmpty && (!region.isEmpty || g.effects.contains(where: \.paintsOnItsOwn)) {
            region = applyEffects(g.effects, viewport: v, region: region, to: &layer)
        }
        return region
    }

    /// The value a track matte takes from its source, and whether it is inverted (`"tt"`).
    private static func values(of matte: SceneMatte) -> (channel: MatteChannel, inverted: Bool) {
        let luma = matte.mode == .luma || matte.mode == .lumaInverted
        let inverted = matte.mode == .alphaInverted || matte.mode == .lumaInverted
        return (luma ? (matte.lumaIgnoresAlpha ? .lumaOfColor : .luma) : .alpha, inverted)
    }

    /// Multiplies `layer` over `region` by a value (`channel`, maybe inverted) of `source` drawn by `v`: track
    /// mattes and the Set Matte effect.
    private mutating func applyMatte(
        _ source: SceneNode, channel: MatteChannel, inverted: Bool, viewport v: Transform,
        region: IntRect, to layer: inout Pixmap, eightBit: Bool = false
    ) {
        var src = take(layer.width, layer.height)
        let dirty = draw(source, viewport: v, opacity: 1, into: &src)
        Compositor.matteValues(src, channel: channel, inverted: inverted, region: region, into: &maskScratch)
        if eightBit {
            EightBitCompositor.multiply(&layer, byMask: maskScratch, region: region)
        } else {
            Compositor.multiply(&layer, byMask: maskScratch, region: region)
        }
        give(&src, dirty: dirty)
    }

    /// Motion blur: each child (the layer at one shutter sample) is drawn alone and the results are averaged, then
    /// multiplied by the layer's track matte when it has one.
    private mutating func drawAverage(
        _ g: SceneGroup, viewport v: Transform, opacity o: Double, into target: inout Pixmap
    ) -> IntRect {
        let n = g.children.count
        guard n > 0 else { return .empty }
        var sum = [UInt32](repeating: 0, count: target.width * target.height * 4)
        var region = IntRect.empty
        var layer = take(target.width, target.height)
        for child in g.children {
            let r = draw(child, viewport: v, opacity: 1, into: &layer)
            region = region.union(r)
            Compositor.accumulate(layer, into: &sum, region: r)
            Compositor.clear(&layer, region: r)
        }
        Compositor.average(sum, count: n, into: &layer, region: region)
        if let matte = g.matte, !region.isEmpty {
            let (channel, inverted) = SceneRenderer.values(of: matte)
            applyMatte(
                .group(matte.source), channel: channel, inverted: inverted, viewport: v, region: region, to: &layer)
        }
        Compositor.drawOver(layer, onto: &target, opacity: o, region: region)
        give(&layer, dirty: region)
        return region
    }

    /// One mask's coverage over `region`, into `maskScratch`: its path, expanded (`"x"`) and feathered (`"f"`, a
    /// gaussian of the coverage, as Skottie does it). A feathered mask is computed over the region grown by the
    /// blur's reach, so edges just outside the region count.
    private mutating func maskCoverage(_ m: SceneMask, transform t: Transform, region: IntRect) {
        let sigma = m.feather > 0 && m.feather.isFinite ? min(500, m.feather * SceneRenderer.toSigma * t.maxScale) : 0
        let reach = sigma > 0 ? Int((3 * sigma).rounded(.up)) : 0
        let area = grow(region, reach, reach)
        canvas.coverage(m.path, transform: t, rule: .nonZero, region: area, into: &maskScratch)
        if m.expansion != 0 {
            var ring: [UInt8] = []
            let style = StrokeStyle(width: abs(m.expansion) * 2, cap: .round, join: .round)
            canvas.strokeCoverage(m.path, transform: t, style: style, region: area, into: &ring)
            MaskOps.expand(&maskScratch, ring: ring, grow: m.expansion > 0)
        }
        guard reach > 0 else { return }
        var pm = Pixmap(width: area.width, height: area.height)
        for i in 0..<min(maskScratch.count, pm.pixels.count) { pm.pixels[i] = UInt32(maskScratch[i]) << 24 }
        Effects.blur(&pm, region: IntRect(x0: 0, y0: 0, x1: area.width, y1: area.height), sigmaX: sigma, sigmaY: sigma)
        maskScratch = [UInt8](repeating: 0, count: region.width * region.height)
        for y in 0..<region.height {
            for x in 0..<region.width {
                maskScratch[y * region.width + x] = UInt8(pm.pixels[(y + reach) * area.width + x + reach] >> 24)
            }
        }
    }

    /// After Effects' blurriness, softness and mask feather are about 1/0.3 of the gaussian's standard deviation (as
    /// Skottie maps them).
    static let toSigma = 0.3

    /// Applies layer effects in order; blur and shadow grow the region by their reach. Returns the new region.
    private mutating func applyEffects(
        _ effects: [SceneEffect], viewport v: Transform, region start: IntRect,
        to layer: inout Pixmap
    ) -> IntRect {
        let scale = v.maxScale
        var region = start
        let bounds = IntRect(x0: 0, y0: 0, x1: layer.width, y1: layer.height)
        for e in effects {
            if region.isEmpty && !e.paintsOnItsOwn { continue }
            switch e {
            case .fill(let c, let o):
                if svgFilters {
                    Effects.fillAsSVGFilter(&layer, region: region, color: c, opacity: o)
                } else {
                    Effects.fill(&layer, region: region, color: c, opacity: o)
                }
            case .tint(let b, let w, let a):
                if svgFilters {
                    Effects.tintAsSVGFilter(&layer, region: region, black: b, white: w, amount: a)
                } else {
                    Effects.tint(&layer, region: region, black: b, white: w, amount: a)
                }
            case .tritone(let h, let m, let s, let b):
                if svgFilters {
                    Effects.tritoneAsSVGFilter(&layer, region: region, highlights: h, midtones: m, shadows: s)
                } else {
                    Effects.tritone(&layer, region: region, highlights: h, midtones: m, shadows: s, blend: b)
                }
            case .levels(let c, let r, let g, let b, let a):
                Effects.levels(&layer, region: region, composite: c, red: r, green: g, blue: b, alpha: a)
            case .stroke(let paths, let t, let color, let o, let width, let gap, let style):
                region = strokeEffect(
                    paths, transform: v.concat(t), color: color, opacity: o, width: width, gap: gap,
                    style: style, region: region, layer: &layer)
            case .hueSaturation(let h, let s, let l):
                Effects.hueSaturation(&layer, region: region, hue: h, saturation: s, lightness: l)
            case .blur(let amount, let hor, let ver, let edges):
                // Capped at a σ of 500 device pixels; beyond that everything is one colour anyway.
                let sigma = min(500, max(0, amount.isFinite ? amount * SceneRenderer.toSigma * scale : 0))
                if let edges {
                    // "Repeat Edge Pixels": the layer's bounds (on the device grid) hold the result; beyond them
                    // the blur sees copies of their edge pixels.
                    let frame = pixelFrame(edges, viewport: v).intersection(bounds)
                    Compositor.clear(&layer, outside: frame, within: region)
                    region = frame
                    Effects.blur(
                        &layer, region: region, sigmaX: hor ? sigma : 0, sigmaY: ver ? sigma : 0, repeatEdges: true,
                        linearLight: svgFilters, passes: blursAsThorVG ? 2 : 3, truncating: blursAsThorVG)
                    continue
                }
                let reach = Int((3 * sigma).rounded(.up))
                region = grow(region, reach, reach).intersection(bounds)
                // ThorVG's box passes repeat the edge pixels of the area they blur, the layer's grown bounds on the
                // canvas (`_gaussianEdgeExtend`): a layer filling the canvas keeps solid edges.
                Effects.blur(
                    &layer, region: region, sigmaX: hor ? sigma : 0, sigmaY: ver ? sigma : 0,
                    repeatEdges: blursAsThorVG, linearLight: svgFilters, passes: blursAsThorVG ? 2 : 3,
                    truncating: blursAsThorVG)
            case .setMatte(let source, let channel, let inverted):
                applyMatte(source, channel: channel, inverted: inverted, viewport: v, region: region, to: &layer)
            case .dropShadow(let c, let o, let dir, let dist, let soft, let only):
                let a = dir * Double.pi / 180
                guard a.isFinite, dist.isFinite, soft.isFinite else { continue }
                var dx = max(-1e5, min(1e5, sin(a) * dist * scale)), dy = max(-1e5, min(1e5, -cos(a) * dist * scale))
                // ThorVG (effectDropShadowUpdate) moves the shadow by whole pixels, cut towards zero.
                if blursAsThorVG { (dx, dy) = (dx.rounded(.towardZero), dy.rounded(.towardZero)) }
                let sigma = min(500, max(0, soft * SceneRenderer.toSigma * scale))
                let reach = Int((3 * sigma).rounded(.up))
                var grown = region.union(
                    IntRect(
                        x0: region.x0 + Int(dx.rounded(.down)), y0: region.y0 + Int(dy.rounded(.down)),
                        x1: region.x1 + Int(dx.rounded(.up)), y1: region.y1 + Int(dy.rounded(.up))))
                grown = grow(grown, reach, reach).intersection(bounds)
                region = grown
                Effects.dropShadow(
                    &layer, region: region, color: c, opacity: o, dx: dx, dy: dy, sigma: sigma, shadowOnly: only,
                    passes: blursAsThorVG ? 2 : 3, truncating: blursAsThorVG)
            }
        }
        return region
    }

    func grow(_ r: IntRect, _ dx: Int, _ dy: Int) -> IntRect {
        IntRect(x0: r.x0 - dx, y0: r.y0 - dy, x1: r.x1 + dx, y1: r.y1 + dy)
    }

    /// The device pixels a placed rectangle covers (its bounding box, edges rounded to the nearest pixel).
    func pixelFrame(_ r: SceneRect, viewport v: Transform) -> IntRect {
        let b = SceneRenderer.mapped(r.rect, v.concat(r.transform), grow: 0)
        guard b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite else { return .empty }
        func px(_ x: Double) -> Int { Int(max(-1e9, min(1e9, x)).rounded()) }
        return IntRect(x0: px(b.minX), y0: px(b.minY), x1: px(b.maxX), y1: px(b.maxY))
    }

    /// True when the masks are one plain rectangle (a precomp's clip, say) that contains everything the group
    /// can draw on the target: masking would remove nothing, so the group needs no isolation for it.
    private func clipCovers(_ g: SceneGroup, viewport v: Transform, _ target: Pixmap) -> Bool {
        guard g.masks.count == 1, let m = g.masks.first, m.mode == .add || m.mode == .intersect, !m.inverted,
            m.opacity >= 1, m.expansion == 0, let r = m.path.axisAlignedRect(v.concat(m.transform))
        else { return false }
        let all = Rect(minX: 0, minY: 0, maxX: Double(target.width), maxY: Double(target.height))
        if r.minX <= all.minX && r.minY <= all.minY && r.maxX >= all.maxX && r.maxY >= all.maxY { return true }
        // Anti-aliasing reaches one pixel past the geometry.
        let b = deviceBounds(g.children, viewport: v)
        if b.isEmpty { return true }
        return r.minX <= max(b.minX - 1, all.minX) && r.minY <= max(b.minY - 1, all.minY)
            && r.maxX >= min(b.maxX + 1, all.maxX) && r.maxY >= min(b.maxY + 1, all.maxY)
    }

    /// The device rectangle of a group's only mask when clipping each fill and stroke to it gives what the mask
    /// gives: one plain, axis-aligned rectangle (add or intersect, not inverted, opaque, no expansion or feather),
    /// no matte of the group's own (its source would be clipped too), and nothing in the group that paints outside
    /// what was drawn (effects, 3-D projection, motion blur).
    private func rectClip(_ g: SceneGroup, viewport v: Transform) -> Rect? {
        guard g.masks.count == 1, let m = g.masks.first, m.mode == .add || m.mode == .intersect, !m.inverted,
            m.opacity >= 1, m.expansion == 0, m.feather == 0, g.matte == nil, SceneRenderer.clipSafe(g)
        else { return nil }
        return m.path.axisAlignedRect(v.concat(m.transform))
    }

    /// True when nothing in the group draws outside the primitives' own coverage.
    private static func clipSafe(_ g: SceneGroup) -> Bool {
        guard g.effects.isEmpty, g.projection == nil, !g.averageChildren else { return false }
        for case .group(let c) in g.children where !clipSafe(c) { return false }
        return true
    }

    /// Conservative device bounds of what `nodes` can paint (control points, stroke reach).
    func deviceBounds(_ nodes: [SceneNode], viewport v: Transform) -> Rect {
        var out = Rect.empty
        for n in nodes {
            switch n {
            case .fill(let path, let t, _, _, _):
                out = out.union(SceneRenderer.mapped(path.controlBounds, v.concat(t), grow: 0))
            case .stroke(let path, let t, let style, _, _):
                let m = v.concat(t)
                let reach = style.width * max(1, style.miterLimit) * m.maxScale
                out = out.union(SceneRenderer.mapped(path.controlBounds, m, grow: reach))
            case .image(let id, let bw, let bh, let t, _):
                guard let img = images[id] else { continue }
                let r = imageFit.placement(
                    imageWidth: Double(img.width), imageHeight: Double(img.height),
                    boxWidth: bw, boxHeight: bh
                ).rect
                out = out.union(SceneRenderer.mapped(r, v.concat(t), grow: 0))
            case .group(let sub):
                if let h = sub.projection {
                    // The plane's bounds through the projection; anything behind the camera means unbounded.
                    let hv = Homography(v).concat(h)
                    let b = deviceBounds(sub.children, viewport: .identity)
                    if b.isEmpty { continue }
                    for c in [
                        Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY),
                    ] {
                        if let q = hv.apply(c) {
                            out.include(q)
                        } else {
                            return Rect(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)
                        }
                    }
                } else {
                    out = out.union(deviceBounds(sub.children, viewport: v))
                }
            }
        }
        return out
    }

    /// The bounds of `r`'s four corners under `t`, grown by `grow` on every side.
    static func mapped(_ r: Rect, _ t: Transform, grow: Double) -> Rect {
        if r.isEmpty && !(r.maxX >= r.minX && r.maxY >= r.minY) { return .empty }
        var out = Rect.empty
        for p in [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)] {
            out.include(t.apply(p))
        }
        guard out.minX.isFinite, out.maxX.isFinite, out.minY.isFinite, out.maxY.isFinite else {
            return Rect(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)
        }
        return Rect(minX: out.minX - grow, minY: out.minY - grow, maxX: out.maxX + grow, maxY: out.maxY + grow)
    }

    /// Combines the masks in order (`"mode"`, `"inv"`, `"o"`, `"x"`) over `region` and multiplies the layer by it.
    private mutating func applyMasks(
        _ masks: [SceneMask], viewport v: Transform, region: IntRect, to layer: inout Pixmap
    ) {
        let active = masks.filter { $0.mode != .none }
        guard let first = active.first else { return }
        let n = region.width * region.height
        var acc = [UInt8](repeating: (first.mode == .subtract || first.mode == .intersect) ? 255 : 0, count: n)
        for m in active {
            maskCoverage(m, transform: v.concat(m.transform), region: region)
            MaskOps.combine(&acc, maskScratch, mode: m.mode, inverted: m.inverted, opacity: m.opacity)
        }
        Compositor.multiply(&layer, byMask: acc, region: region)
    }
}
