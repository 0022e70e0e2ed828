import LottieRenderModel
import LottieRenderRaster

/// Evaluates a bound composition at a time into a `Scene`: bind once (`init`), then call `scene(at:)` per frame.
package struct SceneBuilder: Sendable {
    /// The composition with its references resolved.
    package let bound: BoundComposition
    /// The composition.
    package var composition: Composition { bound.composition }
    /// Problems the players survive (missing assets, missing parents, cycles); the affected layers are skipped.
    package var warnings: [String] { bound.warnings }
    /// Glyphs of `"chars"` by family, style and character.
    let glyphIndex: [String: Int]
    /// Outlines for text whose characters are not in `"chars"`.
    package var fonts: FontOutlines?
    /// What is left out to draw as a given player does; everything by default.
    package var rules = DrawRules.full
    /// The frame being built is the root composition's out point (for ``OutPointRule/inclusiveAtEnd``).
    var atEnd = false

    /// Binds a composition.
    package init(_ composition: Composition) {
        self.init(BoundComposition(composition))
    }

    /// Uses a bound composition.
    package init(_ bound: BoundComposition) {
        self.bound = bound
        var gi: [String: Int] = [:]
        for (i, g) in bound.composition.glyphs.enumerated() {
            for k in [
                TextBuilder.key(g.family, g.style, g.character), TextBuilder.key(g.family, "", g.character),
                TextBuilder.key("", "", g.character),
            ] where gi[k] == nil { gi[k] = i }
        }
        glyphIndex = gi
    }

    /// The scene at composition time `frame` (in frames, same scale as `ip`/`op`).
    package func scene(at frame: Double) -> Scene {
        if rules.drawsNothing || canvasMatteFault(at: frame) {
            return Scene(width: composition.width, height: composition.height, nodes: [])
        }
        var scratch = ShapeBuilder.Scratch()
        // A copy of the builder (every reference it holds retained) only where `at` would change it.
        let nodes =
            endsAt(frame) == atEnd
            ? layers(.root, time: frame, base: .identity, scratch: &scratch)
            : at(frame).layers(.root, time: frame, base: .identity, scratch: &scratch)
        var scene = Scene(width: composition.width, height: composition.height, nodes: nodes)
        scene.effectsAsSVGFilters = rules.effectsAsSVGFilters
        scene.blursAsThorVG = rules.blursAsThorVG
        return scene
    }

    /// Nodes for the bound layer list at `path` at `time` (that list's composition time), placed by `base`, bottom
    /// layer first.
    /// `scratch`: the shape builder's memory, shared by the frame's shape layers.
    func layers(
        _ path: PrecompPath, time t: Double, base: Transform, scratch: inout ShapeBuilder.Scratch
    ) -> [SceneNode] {
        var nodes: [SceneNode] = []
        nodes.reserveCapacity(bound.lists[path.list].nodeCapacity) // one allocation, not one per doubling
        layers(path, time: t, base: base, into: &nodes, scratch: &scratch)
        return nodes
    }

    /// ``layers(_:time:base:scratch:)`` appending the nodes to `nodes` (a precomp layer drawn in place without a
    /// frame to clip to, `"ct"` or no `"w"`/`"h"`, adds its layers' nodes there: no list of their own to copy).
    func layers(
        _ path: PrecompPath, time t: Double, base: Transform, into nodes: inout [SceneNode],
        scratch: inout ShapeBuilder.Scratch
    ) {
        let list = bound.lists[path.list]
        let cam = list.hasCamera && rules.camera ? camera(list, time: t) : nil
        let context = LayerContext(path: path, list: list, time: t, base: base, camera: cam)
        // The list's arrays and each layer read once (each read of a class's array property retained it).
        let layers = list.layers, boundLayers = list.bound
        for i in layers.indices.reversed() {
            let b = boundLayers[i]
            // Matte sources draw only through the layer they matte.
            if b.hidden { continue } // "hd"
            if b.onlyAsMatte, !(rules.unflaggedMatteSourcesDrawn && !b.isMatteSource) { continue }
            if rules.unflaggedMatteHides, let m = b.matteMode, m == .alpha || m == .luma,
                let s = b.matteSource, !boundLayers[s].isMatteSource
            {
                continue
            }
            guard visible(b.timing, at: t) else { continue }
            // The track matte goes around the motion blur's samples, when there are any. (A layer without effects
            // is not read for them.)
            let matteChain: Int? = b.hasEffects && effectSkipsMasks(layers[i]) ? nil : 0
            let mb = composition.motionBlur
            let blurred = b.motionBlur && rules.motionBlur && (mb?.samples ?? 0) > 1 && (mb?.angle ?? 0) > 0
            if !blurred && layerInPlace(i, context, into: &nodes, scratch: &scratch) { continue }
            guard var group = layerGroup(i, context, matteChain: blurred ? nil : matteChain, scratch: &scratch)
            else { continue }
            if blurred, let mb {
                // Motion blur ("mb"): the layer at evenly spaced times while the shutter is open, averaged.
                var samples: [SceneNode] = []
                var limit = mb.samples
                for k in 0..<mb.samples where k < limit {
                    let st = t + (mb.phase + min(mb.angle, 3600) * Double(k) / Double(mb.samples - 1)) / 360
                    // Sub-frame samples use the layer's values at those times even just outside its in/out points.
                    // A camera moves during the shutter too.
                    var sample = context
                    sample.time = st
                    sample.camera = cam == nil ? nil : camera(list, time: st)
                    if let g = layerGroup(i, sample, matteChain: nil, scratch: &scratch) {
                        samples.append(.group(g))
                        // Keep the samples' total geometry bounded (about two million path elements).
                        if k == 0 { limit = max(2, min(mb.samples, 2_000_000 / max(1, g.elementCount))) }
                    } else {
                        samples.append(.group(SceneGroup(children: [])))
                    }
                }
                group = SceneGroup(
                    children: samples,
                    matte: matteChain.flatMap { trackMatte(i, context, chain: $0, scratch: &scratch) },
                    averageChildren: true)
            }
            if rules.matteRegionIsBoundingBox, group.matte != nil { group = matteRegion(group, base: base) }
            nodes.append(.group(group))
        }
    }

    /// The track matte of layer `i` (`"tt"`, with `"tp"` or the layer above as source), or nil when it has none.
    /// Sources with track mattes of their own are matted in turn, up to eight deep.
    func trackMatte(
        _ i: Int, _ context: LayerContext, chain: Int, scratch: inout ShapeBuilder.Scratch
    ) -> SceneMatte? {
        let list = context.list
        guard chain < 8, let mode = list.bound[i].matteMode, let s = matteSourceIndex(i, list) else { return nil }
        var matte = SceneMatte(mode: mode, source: matteSource(s, context, chain: chain + 1, scratch: &scratch))
        matte.lumaIgnoresAlpha = rules.lumaIgnoresAlpha
        return matte
    }

    /// A matte source layer, itself matted when it has a track matte of its own (hidden sources still count).
    func matteSource(
        _ s: Int, _ context: LayerContext, chain: Int, scratch: inout ShapeBuilder.Scratch
    ) -> SceneGroup {
        guard visible(context.list.bound[s].timing, at: context.time),
            let g = layerGroup(s, context, matteChain: chain, scratch: &scratch)
        else { return SceneGroup(children: []) }
        return g
    }

    /// This builder for root time `t`: whether `t` is the animation's last frame (``OutPointRule/inclusiveAtEnd``).
    func at(_ t: Double) -> SceneBuilder {
        var b = self
        b.atEnd = endsAt(t)
        return b
    }

    /// Whether root time `t` is the out point and the rules draw layers there (``atEnd`` for `t`).
    func endsAt(_ t: Double) -> Bool { rules.outPoint == .inclusiveAtEnd && t == composition.outPoint }

    /// A layer is drawn from its in point up to (not including) its out point (`"ip"`, `"op"`), or including it
    /// where the player's ``DrawRules/outPoint`` says so.
    func visible(_ l: borrowing Layer, at t: Double) -> Bool {
        visible(LayerTiming(l), at: t)
    }

    /// Whether a layer with timing `l` is drawn at `t` (the rule of the overload that takes the layer).
    func visible(_ l: LayerTiming, at t: Double) -> Bool {
        guard t >= l.inPoint, !(rules.untimedLayersHidden && l.keyMissing) else { return false }
        if t < l.outPoint { return true }
        switch rules.outPoint {
        case .exclusive: return false
        case .inclusive: return t == l.outPoint
        case .inclusiveAtEnd: return atEnd && t == l.outPoint
        }
    }

    /// Time inside a precomp layer's composition: its time remap (`"tm"`, in seconds) at `t`, else
    /// `(t − st) / sr` (`"st"`, `"sr"`). A layer's own keyframes are in the containing composition's time (as
    /// exported), so only its children are shifted.
    func childTime(_ i: Int, _ list: BoundList, _ t: Double) -> Double {
        let b = list.bound[i]
        if let tm = list.timeRemaps[i] {
            let f = Interpolator.scalar(tm, at: t) * composition.frameRate
            // rlottie (Layer::timeRemap): a whole frame, within the root composition's frames.
            return rules.wholeFrameTime ? min(max(0, f.rounded()), composition.outPoint - composition.inPoint) : f
        }
        let sr = b.timeStretch == 0 ? 1 : b.timeStretch
        // rlottie: int((t − int(st)) / sr), whole frames.
        if rules.wholeFrameTime { return ((t - b.startTime.rounded(.towardZero)) / sr).rounded(.towardZero) }
        return (t - b.startTime) / sr
    }

    /// Combines the matrices of a layer and its parents (`"parent"`), the layer's first, or nil on a parent cycle.
    func alongParents<M>(_ i: Int, _ list: BoundList, from start: M, _ combine: (Int, M) -> M) -> M? {
        if list.bound[i].parentCycle { return nil }
        var m = start
        var cur: Int? = i
        while let c = cur {
            m = combine(c, m)
            cur = list.bound[c].parent
        }
        return m
    }

    /// The layer's transform including its parents, or nil on a parent cycle.
    func worldTransform(_ i: Int, _ list: BoundList, time t: Double) -> Transform? {
        if let w = list.bound[i].constantWorld { return w }
        // Field reads, not a copy of the whole layer (which would retain all its arrays).
        return alongParents(i, list, from: Transform.identity) { c, m in
            (list.bound[c].constantMatrix
                ?? list.transforms[c].read {
                    TransformEval.matrix($0, at: t, autoOrient: list.bound[c].autoOrient, motion: rules.motion)
                })
                .concat(m)
        }
    }

    /// The topmost camera layer shown at `t` in a layer list, or nil when there is none (`"ty": 13`).
    func camera(_ list: BoundList, time t: Double) -> CameraView? {
        for (i, l) in list.layers.enumerated() {
            guard case .camera(let zoom, let poi) = l.content, !l.hidden, visible(l, at: t) else { continue }
            var world = CameraView.local(l.transform, pointOfInterest: poi, at: t)
            if let p = list.bound[i].parent {
                guard let pw = world4(p, list, time: t) else { return nil }
                world = pw.times(world)
            }
            guard let view = world.affineInverse() else { return nil }
            let w = list.width, h = list.height
            let z = Interpolator.scalar(zoom, at: t, fallback: 879.13)
            return CameraView(view: view, zoom: z.isFinite && z > 0 ? z : 879.13, centerX: w / 2, centerY: h / 2)
        }
        return nil
    }

    /// A layer's 3-D matrix including its parents, or nil on a parent cycle.
    func world4(_ i: Int, _ list: BoundList, time t: Double) -> Matrix4? {
        alongParents(i, list, from: Matrix4.identity) { c, m in
            let l = list.layers[c]
            if case .camera(_, let poi) = l.content {
                return CameraView.local(l.transform, pointOfInterest: poi, at: t).times(m)
            }
            return TransformEval.matrix4(
                l.transform, is3D: l.is3D, at: t, autoOrient: l.autoOrient, motion: rules.motion
            ).times(m)
        }
    }

    /// Layer `i` of the context's list as a group, or nil when it draws nothing. Unless `matteChain` is nil, the
    /// group has the layer's track matte (``trackMatte(_:_:chain:)``, `matteChain` sources deep), built after the
    /// layer's own content.
    func layerGroup(
        _ i: Int, _ context: LayerContext, matteChain: Int?, scratch: inout ShapeBuilder.Scratch
    ) -> SceneGroup? {
        let list = context.list, t = context.time, base = context.base
        let l = list.layers[i]
        let local = t
        guard let world = worldTransform(i, list, time: t) else { return nil }
        let opacity = list.bound[i].constantOpacity ?? list.transforms[i].read { TransformEval.opacity($0, at: local) }
        if opacity <= 0 && list.bound[i].matteMode == nil { return nil }
        var m = base.concat(world)
        var projection: Homography? = nil
        if list.bound[i].is3D, let camera = context.camera {
            // A 3-D layer seen through the camera: its content is built in its own plane and projected.
            guard let w4 = world4(i, list, time: t) else { return nil }
            projection = Homography(base).concat(camera.homography(layer: w4))
            m = .identity
        }
        var children: [SceneNode] = []
        var precompLayers = 0
        switch l.content {
        case .shapes(let items):
            children = ShapeBuilder.build(
                items, bound: list.shapes[i], time: local, layerTransform: m, rules: rules,
                outlines: list.bound[i].outlines, entries: list.bound[i].entries, scratch: &scratch)
        case .precomp:
            guard case .enter(let sub) = bound.enter(i, from: context.path) else { return nil }
            let inner = layers(sub, time: childTime(i, list, t), base: m, scratch: &scratch)
            precompLayers = inner.count
            if inner.isEmpty { break }
            if let clip = precompFrame(i, list, transform: m) {
                // Precomp layers show only their own w×h frame, unless transformations are collapsed ("ct").
                children = [.group(SceneGroup(children: inner, masks: [clip]))]
            } else {
                children = inner
            }
        case .solid(let c, let w, let h): // "sc", "sw", "sh"
            children = [
                .fill(
                    path: .rect(Rect(minX: 0, minY: 0, maxX: w, maxY: h)), transform: m, rule: .nonZero,
                    paint: .solid(Color(r: c[0], g: c[1], b: c[2])), opacity: 1)
            ]
        case .image(let ref): // "refId"
            guard case .image(let asset)? = composition.assets[ref] else { return nil }
            if rules.undecodedImages.contains(ref) { return nil }
            switch asset.source { // "e"
            case .file where !rules.filesMarkedEmbedded && asset.markedEmbedded: return nil
            case .embedded where !rules.unmarkedDataImages && !asset.markedEmbedded: return nil
            default: break
            }
            children = [.image(assetId: ref, width: asset.width, height: asset.height, transform: m, opacity: 1)]
        case .text(let data): // "t"
            guard rules.textLayers else { return nil }
            let maskPaths =
                data.pathMask == nil ? [] : l.masks.map { ShapeGenerators.path($0.path, at: local) }
            var text = TextBuilder(
                composition: composition, glyphs: glyphIndex, fonts: rules.textFromFonts ? fonts : nil, time: local)
            text.rules = rules
            children = text.build(data, layerTransform: m, maskPaths: maskPaths)
        case .null, .camera, .data, .unsupported:
            return nil
        }
        let masks = list.bound[i].hasMasks ? sceneMasks(l, at: local, transform: m, base: base) : []
        var effects: [SceneEffect] = []
        if list.bound[i].hasEffects {
            effects = SceneBuilder.effects(
                rules.effects == nil ? l.effects : l.effects.filter { rules.draws(effect: $0.type) },
                at: local, scale: rules.effectsInContainerUnits ? base.maxScale : m.maxScale, masks: masks,
                transform: m, bounds: bounds(l, base: base, m, list), shadowSoftness: rules.dropShadowSoftness,
                strokeAsThorVG: rules.strokeEffectAsThorVG
            ) { ind in
                // Set Matte's source: another layer of this composition by its "ind", as it is drawn (a few levels
                // deep at most, since sources can name each other).
                guard context.setMattes < 4, let j = list.byIndex[ind], j != i else { return nil }
                var source = context
                source.setMattes += 1
                return .group(matteSource(j, source, chain: 0, scratch: &scratch))
            }
        }
        if rules.layerStyles && list.bound[i].hasStyles {
            effects += SceneBuilder.styles(l.styles, at: local, scale: m.maxScale)
        }
        // rlottie blends a matted or translucent layer back even when it draws nothing (EightBitComposite).
        var keepsEmpty = false
        if rules.eightBitComposites {
            switch l.content {
            case .shapes, .precomp: keepsEmpty = true
            default: break
            }
        }
        if children.isEmpty && !effects.contains(where: \.paintsOnItsOwn) && !keepsEmpty { return nil }
        let blend = layerBlend(list.bound[i].blendMode)
        var eightBit: EightBitComposite? = nil
        if rules.eightBitComposites {
            // lottieitem.cpp: ShapeLayer::render, CompLayer::render (complexContent: more than one layer).
            // renderMatteLayer: a layer with one drawable (a shape layer) is blended back over its bounds only.
            var forOpacity = false, single = false
            if case .shapes = l.content { forOpacity = true; single = SceneGroup.leafCount(children) == 1 }
            if case .precomp = l.content { forOpacity = precompLayers > 1 }
            eightBit = EightBitComposite(offscreenForOpacity: forOpacity, singleDrawable: single)
        }
        return SceneGroup(
            children: children, opacity: opacity, masks: effectSkipsMasks(l) ? [] : masks,
            matte: matteChain.flatMap { trackMatte(i, context, chain: $0, scratch: &scratch) },
            blendMode: blend, effects: effects, projection: projection, eightBit: eightBit)
    }

    /// A layer's bounds, where effects that need them (a blur repeating its edge pixels) stop: the frame of a
    /// precomp (`"w"`, `"h"`), solid (`"sw"`, `"sh"`) or image asset, placed by the layer's matrix `m`; for
    /// other layers, as in After Effects, the frame of the composition that holds them, placed by `base`.
    func bounds(_ l: Layer, base: Transform, _ m: Transform, _ list: BoundList) -> SceneRect {
        func frame(_ w: Double, _ h: Double, _ t: Transform) -> SceneRect {
            SceneRect(rect: Rect(minX: 0, minY: 0, maxX: w, maxY: h), transform: t)
        }
        switch l.content {
        case .precomp(_, let w, let h, _) where w > 0 && h > 0: return frame(w, h, m)
        case .solid(_, let w, let h): return frame(w, h, m)
        case .image(let ref):
            if case .image(let asset)? = composition.assets[ref] { return frame(asset.width, asset.height, m) }
        default: break
        }
        return frame(list.width, list.height, base)
    }

    /// Layer effects at `t` (`"ef"`), lengths scaled by the layer's own scale. The stroke effect paints on
    /// `masks` (the layer's, in its coordinates), placed by `transform`; a blur that repeats its edge pixels
    /// stops at `bounds`.
    static func effects(
        _ list: [LayerEffect], at t: Double, scale k: Double, masks: [SceneMask] = [],
        transform: Transform = .identity, bounds: SceneRect? = nil, shadowSoftness: Double = 1,
        strokeAsThorVG: Bool = false, matteLayer: (Int) -> SceneNode? = { _ in nil }
    ) -> [SceneEffect] {
        var out: [SceneEffect] = []
        let p = EffectValues(time: t)
        for e in list where e.enabled {
            switch e.parameters {
            case .fill(let color, let opacity): out.append(.fill(color: p.color(color), opacity: p.number(opacity, 1)))
            case .tint(let black, let white, let amount):
                out.append(.tint(black: p.color(black), white: p.color(white), amount: p.number(amount, 100) / 100))
            case .tritone(let highlights, let midtones, let shadows, let blend):
                out.append(
                    .tritone(
                        highlights: p.color(highlights), midtones: p.color(midtones), shadows: p.color(shadows),
                        blend: p.number(blend, 0) / 100))
            case .dropShadow(let color, let opacity, let direction, let distance, let softness, let shadowOnly):
                out.append(
                    .dropShadow(
                        color: p.color(color), opacity: p.number(opacity, 255) / 255,
                        direction: p.number(direction, 135), distance: p.number(distance, 0) * k,
                        softness: p.number(softness, 0) * k * shadowSoftness, shadowOnly: p.number(shadowOnly, 0) != 0))
            case .proLevels(let composite, let red, let green, let blue, let alpha):
                func curve(_ c: LevelsParameters) -> LevelsCurve {
                    LevelsCurve(
                        inBlack: p.scalar(c.inBlack, 0), inWhite: p.scalar(c.inWhite, 1), gamma: p.scalar(c.gamma, 1),
                        outBlack: p.scalar(c.outBlack, 0), outWhite: p.scalar(c.outWhite, 1))
                }
                out.append(
                    .levels(
                        composite: curve(composite), red: curve(red), green: curve(green), blue: curve(blue),
                        alpha: curve(alpha)))
            case .stroke(let s):
                if let effect = strokeEffect(
                    s, p, maskPaths: masks.map(\.path), transform: transform, asThorVG: strokeAsThorVG)
                {
                    out.append(effect)
                }
            case .hueSaturation(let hue, let saturation, let lightness):
                out.append(
                    .hueSaturation(
                        hue: p.scalar(hue, 0), saturation: p.scalar(saturation, 0), lightness: p.scalar(lightness, 0)))
            case .setMatte(let layer, let use, let invert):
                // Take Matte From Layer ("ind"), Use For Matte (hue, lightness and saturation taken as luminance,
                // full as alpha), Invert Matte.
                let choice = MatteUse(menuValue: p.number(use, 4))
                guard choice != .off, let source = matteLayer(p.int(layer, 0)) else { break }
                let channel: MatteChannel =
                    switch choice {
                    case .red: .red
                    case .green: .green
                    case .blue: .blue
                    case .luminance, .hue, .lightness, .saturation: .luma
                    case .alpha, .full, .off: .alpha
                    }
                out.append(.setMatte(source: source, channel: channel, inverted: p.number(invert, 0) != 0))
            case .gaussianBlur(let blurriness, let dimensions, let repeatEdges):
                let dims = BlurDimensions(menuValue: p.number(dimensions, 1))
                out.append(
                    .blur(
                        blurriness: p.number(blurriness, 0) * k, horizontal: dims != .vertical,
                        vertical: dims != .horizontal, repeatEdgesOf: p.number(repeatEdges, 0) != 0 ? bounds : nil))
            case .none: break
            }
        }
        return out
    }

    /// The stroke effect (`"ty": 22`, ``StrokeEffectParameters``): dabs of Brush Size along the masks it names,
    /// from Start to End. `asThorVG`: a continuous line that reveals the layer recoloured
    /// (``StrokeEffectStyle/revealRecoloured``).
    static func strokeEffect(
        _ s: StrokeEffectParameters, _ p: EffectValues, maskPaths: [Path], transform: Transform, asThorVG: Bool = false
    ) -> SceneEffect? {
        let all = p.number(s.allMasks, 0) != 0, sequential = p.number(s.sequentially, 0) != 0
        var paths: [Path]
        if all {
            paths = maskPaths
        } else {
            let index = p.int(s.path, 1)
            guard index >= 1, index <= maskPaths.count else { return nil }
            paths = [maskPaths[index - 1]]
        }
        let start = p.number(s.start, 0), end = p.number(s.end, 100)
        Trim.apply(&paths, start: start, end: end, offset: 0, individually: all && sequential)
        let radius = p.number(s.brushSize, 2), spacing = p.number(s.spacing, 15)
        guard radius.isFinite, radius > 0, !paths.isEmpty else { return nil }
        let diameter = min(radius * 2, 1e6)
        let color = p.color(s.color), opacity = min(1, max(0, p.number(s.opacity, 1)))
        // LottieBuilder::updateStrokeEffect: the layer's scene is alpha-masked by the mask paths stroked solid at
        // twice the brush size, its shapes filled in the effect's colour unless white; Paint Style is not read.
        if asThorVG {
            return .stroke(
                paths: paths, transform: transform, color: color, opacity: opacity, width: diameter, dabSpacing: 0,
                style: .revealRecoloured)
        }
        // Dabs that overlap by more than half their radius draw a solid line; wider spacing shows separate dots.
        var gap = max(0, spacing.isFinite ? spacing : 15) / 100 * diameter
        // Keep the number of dots bounded (a long path with a tiny brush): beyond 20,000, a solid line.
        if gap > 0 && paths.reduce(0, { $0 + PathMeasure($1).length }) / gap > 20_000 { gap = 0 }
        let style: StrokeEffectStyle =
            switch StrokePaintStyle(menuValue: p.number(s.paintStyle, 1)) {
            case .onOriginal: .onOriginal
            case .onTransparent: .onTransparent
            case .revealOriginal: .revealOriginal
            }
        return .stroke(
            paths: paths, transform: transform, color: color, opacity: opacity, width: diameter,
            dabSpacing: gap >= radius / 2 ? gap : 0, style: style)
    }
}

extension SceneBuilder {
    /// The compositing of a layer's blend mode (`"bm"`); an unknown mode is drawn normal.
    static func blendMode(_ mode: LayerBlendMode) -> BlendMode {
        switch mode {
        case .normal, .unknown: .normal
        case .multiply: .multiply
        case .screen: .screen
        case .overlay: .overlay
        case .darken: .darken
        case .lighten: .lighten
        case .colorDodge: .colorDodge
        case .colorBurn: .colorBurn
        case .hardLight: .hardLight
        case .softLight: .softLight
        case .difference: .difference
        case .exclusion: .exclusion
        case .hue: .hue
        case .saturation: .saturation
        case .color: .color
        case .luminosity: .luminosity
        case .add: .add
        case .hardMix: .hardMix
        }
    }
}
