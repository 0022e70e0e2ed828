import LottieRenderEval
import LottieRenderExpressions
import LottieRenderModel

/// A feature of the file that some players do not draw as the file describes it: which players, what they do
/// instead, on which layers, at which frames those layers are on screen.
public struct CompatibilityIssue: Sendable, Equatable {
    /// The feature, named as `info` names features (`effect:drop-shadow`, `merge-paths`, `mask:mode:difference`, …).
    public var feature: String
    /// The feature as a designer names it (`Drop Shadow effect`, `blend mode Add`).
    public var title: String { CompatibilityTitles.title(feature) }
    /// What those players draw instead.
    public var consequence: String
    /// The players concerned, in ``Player`` order.
    public var players: [Player]
    /// The layers that use it: their names, with the precomp for layers inside one (`card (in comp_1)`).
    public var layers: [String]
    /// The frames (counted from the in point, as frame numbers are) at which those layers are on screen.
    public var frames: [ClosedRange<Int>]
}

extension LottieDocument {
    /// Frames examined at most; longer animations are sampled evenly and their ranges joined across the gaps.
    static let compatibilityFrames = 20_000

    /// What each player leaves out or draws otherwise, from the same table `draw(as:)` follows (docs/players.md).
    public func compatibility() -> [CompatibilityIssue] {
        let players = Player.allCases.filter { $0 != .full }
        let profiles = players.map { PlayerProfile.of($0) }
        // Each layer's findings: (feature, consequence, players), from the model.
        var found: [LayerID: [(String, String, [Player])]] = [:]
        let bound = builder.bound
        let expressionLayers = expressions?.layersWithSites ?? []
        // ThorVG binds none of these (LottieExpressions::buildGlobal, _buildMath), and its thisLayer is no function:
        // an expression calling one fails and its property keeps its own value.
        let unboundInThorVG =
            expressions?.layers(calling: [
                "createPath", "fromCompToSurface", "posterizeTime", "$bm_neg", "$bm_isInstanceOfArray", "lookAt",
                "noise", "seedRandom", "gaussRandom", "framesToTime", "timeToFrames", "smooth", "thisLayer",
            ]) ?? []
        let mismatched = Set(composition.assetOrder.filter { imageAspectDiffers($0) })
        // Only the compositions the file shows: a precomp no layer uses is never drawn by any player.
        for li in bound.reachableLists {
            let list = bound.lists[li]
            for (i, l) in list.layers.enumerated() {
                var f: [(String, String, [Player])] = []
                func add(_ feature: String, _ consequence: String, _ lacks: (PlayerProfile) -> Bool) {
                    let who = zip(players, profiles).filter { lacks($0.1) }.map(\.0)
                    if !who.isEmpty { f.append((feature, consequence, who)) }
                }
                let id = LayerID(list: li, index: i)
                if expressionLayers.contains(id) {
                    add("expressions", "ignored: each property shows its own value") { $0.expressions == nil }
                }
                if unboundInThorVG.contains(id) {
                    add(
                        "expressions:unbound-functions",
                        "the expressions calling a function ThorVG does not bind (createPath, posterizeTime, $bm_neg, "
                            + "thisLayer(…) and others) fail: their properties show their own values"
                    ) { $0.expressions == .thorvg }
                }
                for e in l.effects where e.enabled && LayerEffect.rendered.contains(e.type) {
                    add(LayerEffect.featureName(e.type, matchName: e.matchName), "not drawn") {
                        !$0.draw.draws(effect: e.type)
                    }
                }
                for st in l.styles where LayerStyle.rendered.contains(st.type) {
                    add(LayerStyle.featureName(st.type), "not drawn") { !$0.draw.layerStyles }
                }
                if case .text(let data) = l.content, builder.needsFontFiles(data) {
                    for font in Set(data.documents.map(\.1.font)).sorted() {
                        add("font:\(font)", "drawn in this font only if the app bundles it, else in a system font") {
                            $0.fontsFromApp
                        }
                    }
                    add("text:from-font", "text without glyphs in the file not drawn") { !$0.draw.textFromFonts }
                    add("text:from-font", "set one character at a time: no kerning, ligatures or shaping") {
                        $0.draw.textFromFonts && $0.draw.textCharactersAlone
                    }
                }
                if case .shapes(let items) = l.content {
                    LottieDocument.shapeIssues(items, add)
                }
                LottieDocument.maskAndMatteIssues(l, i, list, add)
                engineIssues(l, add)
                lottieIOSIssues(l, add)
                if l.motionBlur, composition.motionBlur != nil {
                    add("layer:motion-blur", "not drawn") { !$0.draw.motionBlur }
                }
                if case .camera = l.content {
                    add("layer:camera", "the file is refused: nothing is drawn") { $0.refusesCameras }
                    add("layer:camera", "ignored: 3-D layers drawn flat") { !$0.refusesCameras && !$0.draw.camera }
                }
                if case .image(let ref) = l.content, composition.assets[ref] == nil {
                    add("image:unknown-asset", "the file is refused: nothing is drawn") { $0.refusesUnknownImages }
                }
                if l.timingKeyMissing {
                    add("layer:no-timing", "never drawn (no \"ip\", \"op\" or \"st\")") { $0.draw.untimedLayersHidden }
                }
                if l.blendMode != .normal {
                    add(CompatibilityTitles.blendFeature(l.blendMode), "drawn normal") {
                        !$0.draw.draws(blendMode: l.blendMode)
                    }
                }
                if case .image(let ref) = l.content, case .image(let a)? = composition.assets[ref],
                    case .file(let path) = a.source, path.hasPrefix("http://") || path.hasPrefix("https://")
                {
                    add("image:remote", "not drawn unless the app supplies it (an image provider)") {
                        !$0.fetchesRemoteImages
                    }
                }
                if case .image(let ref) = l.content, mismatched.contains(ref) {
                    add("image:other-shape", "cropped to cover its box (mobile players stretch it)") {
                        $0.imageFit != .stretch
                    }
                }
                if !f.isEmpty { found[id] = f }
            }
        }
        guard !found.isEmpty else { return [] }
        // The frames at which each layer is on screen.
        let count = max(1, Int((composition.frameCount - 1e-3).rounded(.up)))
        let step = max(1, count / LottieDocument.compatibilityFrames)
        var seen: [LayerID: [Int]] = [:]
        for f in stride(from: 0, to: count, by: step) {
            for id in builder.visibleLayers(at: composition.inPoint + Double(f)) where found[id] != nil {
                seen[id, default: []].append(f)
            }
        }
        // One issue per feature and consequence: its layers, their frames joined.
        var issues: [String: CompatibilityIssue] = [:]
        var frames: [String: Set<Int>] = [:]
        var order: [String] = []
        for id in found.keys.sorted(by: { ($0.list, $0.index) < ($1.list, $1.index) }) {
            let list = bound.lists[id.list]
            let l = list.layers[id.index]
            // An unnamed layer by its "ind", else its place (from 1).
            let own = l.name.isEmpty ? "unnamed, ind \(l.index.map(String.init) ?? "none, #\(id.index + 1)")" : l.name
            let name = own + (id.list == BoundComposition.root ? "" : " (in \(list.key))")
            for (feature, consequence, who) in found[id] ?? [] {
                let key = feature + "\u{0}" + consequence
                if issues[key] == nil {
                    order.append(key)
                    issues[key] = CompatibilityIssue(
                        feature: feature, consequence: consequence, players: who, layers: [], frames: [])
                }
                if issues[key]?.layers.contains(name) == false { issues[key]?.layers.append(name) }
                frames[key, default: []].formUnion(seen[id] ?? [])
            }
        }
        for (k, f) in frames { issues[k]?.frames = LottieDocument.ranges(f.sorted(), step: step) }
        // A refused file shows nothing at any frame, whatever layer makes the player refuse it.
        for (k, v) in issues where v.consequence.hasPrefix("the file is refused") {
            issues[k]?.frames = [0...count - 1]
        }
        return order.compactMap { issues[$0] }.sorted { ($0.feature, $0.consequence) < ($1.feature, $1.consequence) }
    }

    /// The findings of layer `i` of `list` about its masks (`"masksProperties"`) and track matte (`"tt"`), through
    /// `add` (feature, consequence, which profiles lack it).
    static func maskAndMatteIssues(
        _ l: Layer, _ i: Int, _ list: BoundList, _ add: (String, String, (PlayerProfile) -> Bool) -> Void
    ) {
        for m in l.masks {
            for to in [MaskMode.add, .intersect] {
                add("mask:mode:\(m.mode)", "drawn as \(to)") { $0.draw.drawn(m.mode) == to && to != m.mode }
            }
            if m.inverted, m.mode != .add, m.mode != .subtract {
                add("mask:inverted", "not inverted") { $0.draw.maskInversionOnAddSubtractOnly }
            }
            if m.inverted, !LottieDocument.placedAtOrigin(l) {
                add("mask:inverted-moved-layer", "inverted only inside the composition's frame") {
                    $0.draw.maskInversion != .complement
                }
            }
            if m.inverted, LottieDocument.windings(m.path).contains(1) {
                add("mask:inverted-clockwise", "not inverted: the whole frame is drawn, with no hole") {
                    $0.draw.maskInversion != .complement
                }
            }
            if LottieDocument.mayDiffer(m.opacity, from: 100) {
                add("mask:opacity", "drawn at full opacity") { !$0.draw.maskOpacity }
            }
            if LottieDocument.mayDiffer(m.expansion, from: 0) {
                add("mask:expansion", "not expanded") { !$0.draw.maskExpansion }
            }
            if LottieDocument.mayDiffer(m.feather, from: 0) {
                add("mask:feather", "hard edges") { !$0.draw.maskFeather }
            }
        }
        let drawnMasks = l.masks.filter { $0.mode != .none }
        if drawnMasks.count > 1, Set(drawnMasks.flatMap { LottieDocument.windings($0.path) }).count > 1 {
            add("masks:opposite-windings", "one clip path: a hole where masks of opposite winding overlap") {
                $0.draw.masksAsOneClip
            }
        }
        if let m = l.matteMode, m == .alpha || m == .luma, let src = list.bound[i].matteSource,
            !list.layers[src].isMatteSource
        {
            add("matte:source-without-td", "the source drawn as a layer, the matted layer not at all") {
                $0.draw.unflaggedMatteHides
            }
            add("matte:source-without-td", "the source drawn as a layer as well") {
                $0.draw.unflaggedMatteSourcesDrawn && !$0.draw.unflaggedMatteHides
            }
        }
        if l.matteMode == .luma || l.matteMode == .lumaInverted {
            add("matte:luma", "the file is refused: nothing is drawn") { $0.refusesLumaMattes }
        }
        if l.matteMode != nil {
            // lottie-web canvas: the source is the layer whose "ind" is "tp", else this one's minus one.
            let byInd = list.matteSourceByInd(i)
            if byInd == nil {
                add("matte:no-source-by-ind", "the whole frame blank: the player fails drawing it") {
                    $0.draw.matteSourceByInd
                }
            } else if let s = byInd, s != list.bound[i].matteSource {
                let ind = list.layers[s].index ?? 0
                add("matte:source-by-ind", "matted by the layer of \"ind\" \(ind), not the one above") {
                    $0.draw.matteSourceByInd
                }
            }
        }
    }

    /// Whether image asset `id` has another aspect ratio than its declared `"w"`×`"h"`.
    private func imageAspectDiffers(_ id: String) -> Bool {
        guard case .image(let a)? = composition.assets[id], let img = images[id], a.width > 0, a.height > 0 else {
            return false
        }
        return abs(Double(img.width) / Double(img.height) / (a.width / a.height) - 1) > 0.01
    }

    /// The findings about a shape layer's items (any group), through `add` (feature, consequence, which profiles
    /// draw it otherwise).
    static func shapeIssues(
        _ items: [ShapeItem], _ add: (String, String, (PlayerProfile) -> Bool) -> Void
    ) {
        if anyItem(items, where: opacityStopsApart) {
            add("gradient:opacity-stops-apart", "the gradient drawn opaque") { !$0.draw.gradientOpacityStopsApart }
        }
        if anyItem(
            items,
            where: { if case .star(let s) = $0 { s.read { $0.isStar && mayBeFractional($0.points) } } else { false } })
        {
            add("star:fractional-points", "drawn with whole points only") { $0.draw.starsAsLottieWeb }
        }
        if anyItem(
            items,
            where: { item in
                guard case .star(let box) = item else { return false }
                return box.read { s in
                    mayDiffer(s.outerRoundness, from: 0) || (s.isStar && mayDiffer(s.innerRoundness, from: 0))
                }
            })
        {
            add("star:roundness", "corners rounded with shorter handles") { $0.draw.starsAsLottieWeb }
        }
        if anyItem(items, where: { if case .trim = $0 { true } else { false } })
            && anyItem(items, where: { if case .fill = $0 { true } else { false } })
        {
            add("trim:fills", "fills drawn untrimmed: only strokes are trimmed") { !$0.draw.trimmedFills }
        }
        if anyItem(items, where: { if case .repeater = $0 { true } else { false } }) {
            add("repeater", "not drawn: the content is drawn once") { !$0.draw.repeaters }
        }
        if anyItem(items, where: rotatesUnevenly) {
            add("repeater:rotation-and-uneven-scale", "copies rotated before they are scaled") {
                $0.draw.repeaterRotatesBeforeScaling
            }
        }
        if anyItem(items, where: { if case .merge = $0 { true } else { false } }) {
            add("merge-paths", "paths drawn unmerged (lottie-android: unless the app enables merge paths)") {
                !$0.draw.mergePaths
            }
        }
    }

    /// Whether an item of `items`, or of any group among them, satisfies `test`.
    static func anyItem(_ items: [ShapeItem], where test: (ShapeItem) -> Bool) -> Bool {
        items.contains { item in
            if case .group(let g) = item { return anyItem(g.items, where: test) }
            return test(item)
        }
    }

    /// Whether `p` may take a value that is not a whole number (animated, an expression, or a fractional constant).
    static func mayBeFractional(_ p: NumberProperty) -> Bool {
        if case .constant(let c) = p { return c.contains { $0 != $0.rounded() } }
        return true
    }

    /// Whether `item` is a repeater that may rotate its copies while scaling them unevenly (`"tr"."r"`, `"tr"."s"`):
    /// the players that compose the copy's rotation and scale in another order differ there.
    static func rotatesUnevenly(_ item: ShapeItem) -> Bool {
        guard case .repeater(let r) = item, mayDiffer(r.rotation, from: 0) else { return false }
        if case .constant(let s) = r.scale { return s.count >= 2 && s[0] != s[1] }
        return true
    }

    /// Whether `item` is a gradient fill or stroke with opacity stops that are not one at each colour stop.
    static func opacityStopsApart(_ item: ShapeItem) -> Bool {
        guard case .gradient(let g)? = item.stylePaint else { return false }
        let frames: [[Double]]
        switch g.stops {
        case .constant(let v): frames = [v.array]
        case .animated(let k): frames = k.map(\.start.array)
        case .expression: return true
        }
        return frames.contains { StylePaints.collapsedOpacity($0, colorCount: g.colorStopCount) != $0 }
    }

    /// The windings a mask outline (`"pt"`) takes over its keyframes: 1 clockwise (y down, as the frame rectangle
    /// lottie-web prefixes to inverted masks), -1 counter-clockwise, by the signed area of its vertices.
    static func windings(_ p: Animatable<BezierShape>) -> Set<Int> {
        let shapes: [BezierShape]
        switch p {
        case .constant(let v): shapes = [v]
        case .animated(let k): shapes = k.map(\.start)
        case .expression: return [1, -1]
        }
        var out = Set<Int>()
        for s in shapes {
            let v = s.vertices
            var area = 0.0
            for (i, a) in v.enumerated() {
                let b = v[(i + 1) % v.count]
                area += a.x * b.y - b.x * a.y
            }
            if area != 0 { out.insert(area > 0 ? 1 : -1) }
        }
        return out
    }

    /// Whether layer `l` sits in its composition untransformed (no parent, anchor at its position, no scale,
    /// rotation or skew, `"ks"`): lottie-web's inverted masks then cover the whole frame as After Effects' do.
    static func placedAtOrigin(_ l: Layer) -> Bool {
        let t = l.transform
        guard l.parent == nil, t.threeD == nil, case .constant(let a) = t.anchor,
            case .combined(.constant(let p)) = t.position, a.count >= 2, p.count >= 2
        else { return false }
        return a[0] == p[0] && a[1] == p[1] && !mayDiffer(t.scale, from: 100) && !mayDiffer(t.rotation, from: 0)
            && !mayDiffer(t.skew, from: 0)
    }

    /// Whether `p` can be anything but `v` in every dimension (animated, an expression, or another constant).
    static func mayDiffer(_ p: NumberProperty, from v: Double) -> Bool {
        if case .constant(let c) = p { return c.contains { $0 != v } }
        return true
    }

    /// Sorted `frames` as ranges (frames `step` apart count as adjacent).
    static func ranges(_ frames: [Int], step: Int) -> [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = []
        for f in frames {
            if let last = out.last, f - last.upperBound <= step {
                out[out.count - 1] = last.lowerBound...f
            } else {
                out.append(f...f)
            }
        }
        return out
    }
}
