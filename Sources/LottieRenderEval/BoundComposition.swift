import LottieRenderModel
import LottieRenderRaster

/// A composition with every reference between its layers resolved once, at load: each layer list (the root's and
/// each precomp asset's) with its layers' parents, track matte sources and precomp children found, and the
/// problems the players survive (missing assets or parents, cycles, ambiguous indices) listed as warnings.
///
/// The scene builder, the keyframe listing, the font scan and `info` all read this one tree, so they agree on what
/// a reference means: `"parent"` and `"tp"` name the first layer of the list with that `"ind"`.
package struct BoundComposition: Sendable {
    /// The composition.
    package let composition: Composition
    /// Layer lists: `root` first, then each precomp asset in `"assets"` order.
    package let lists: [BoundList]
    /// Problems the players survive, in the order a walk from the root meets them; the layers involved are skipped.
    package let warnings: [String]
    /// The root composition's list.
    package static let root = 0
    /// Deepest precomp nesting followed.
    package static let maxDepth = 32

    /// Binds `composition`.
    package init(_ composition: Composition) {
        self.composition = composition
        var ids: [String: Int] = [:]
        var sources: [(key: String, layers: [Layer], width: Double, height: Double)] = [
            ("", composition.layers, composition.width, composition.height)
        ]
        for id in composition.assetOrder {
            guard case .precomp(_, let layers, let w, let h)? = composition.assets[id], ids[id] == nil else { continue }
            ids[id] = sources.count
            // A precomp's own frame ("w", "h") when it declares both, else the root's.
            if let w, let h {
                sources.append((id, layers, w, h))
            } else {
                sources.append((id, layers, composition.width, composition.height))
            }
        }
        lists = sources.map { BoundList(key: $0.key, layers: $0.layers, width: $0.width, height: $0.height, ids: ids) }
        warnings = BoundComposition.check(lists, composition)
        layerInstances = BoundComposition.instances(lists)
        reachableLists = BoundComposition.reachable(lists)
        acyclic = BoundComposition.isAcyclic(lists)
    }

    /// Whether no precomp holds itself, directly or through others. Then a walk entering a precomp needs no record
    /// of the precomps entered on the way (``PrecompPath/stack`` stays empty: a frame allocates none).
    package let acyclic: Bool

    /// Depth-first over the lists' precomp layers (`"refId"` found at bind): false when a list reaches itself.
    private static func isAcyclic(_ lists: [BoundList]) -> Bool {
        // 0 not seen, 1 on the walk's path, 2 done.
        var state = [UInt8](repeating: 0, count: lists.count)
        for first in lists.indices where state[first] == 0 {
            state[first] = 1
            var walk: [(list: Int, next: Int)] = [(first, 0)]
            while let top = walk.last {
                let bound = lists[top.list].bound
                var k = top.next
                while k < bound.count && bound[k].precomp == nil { k += 1 }
                guard k < bound.count, let sub = bound[k].precomp else {
                    state[top.list] = 2
                    walk.removeLast()
                    continue
                }
                walk[walk.count - 1].next = k + 1
                if state[sub] == 1 { return false }
                if state[sub] == 0 {
                    state[sub] = 1
                    walk.append((sub, 0))
                }
            }
        }
        return true
    }

    /// The lists the file shows: the root's and those of the precomps its layers use, directly or through other
    /// precomps, in list order. A precomp asset no layer uses is in `lists` but never drawn.
    package let reachableLists: [Int]

    private static func reachable(_ lists: [BoundList]) -> [Int] {
        var seen: Set<Int> = [root]
        var todo = [root]
        while let id = todo.popLast() {
            for b in lists[id].bound { if let p = b.precomp, seen.insert(p).inserted { todo.append(p) } }
        }
        return seen.sorted()
    }

    /// How many layers a frame could draw at most: every layer of the root, with each precomp layer counting the
    /// layers of its asset, nested as the scene builder follows them (cycles and nesting past `maxDepth` count
    /// nothing, as they are skipped). Saturates at 2⁵³. A few kilobytes of precomps that each use the previous one twice expand to 2⁴⁰ layers: the loader
    /// refuses such files by this number instead of drawing for ever.
    package let layerInstances: Int

    /// `layerInstances`, computed once per list and nesting depth.
    private static func instances(_ lists: [BoundList]) -> Int {
        let cap = 1 << 53
        var memo: [Int: Int] = [:] // key: list × (maxDepth + 1) + depth
        func count(_ path: PrecompPath) -> Int {
            let key = path.list * (maxDepth + 1) + path.depth
            if let m = memo[key] { return m }
            var n = 0
            for i in lists[path.list].layers.indices {
                var inner = 0
                if case .enter(let sub) = enter(i, from: path, in: lists) { inner = count(sub) }
                n = min(cap, n + 1 + inner)
            }
            memo[key] = n
            return n
        }
        return count(.root)
    }

    /// The warnings of a walk from the root: each precomp's list is checked the first time it is met.
    private static func check(_ lists: [BoundList], _ c: Composition) -> [String] {
        var out: [String] = []
        var checked: Set<Int> = []
        func check(_ path: PrecompPath) {
            let list = lists[path.list]
            let place = list.key.isEmpty ? "" : "assets[\"\(list.key)\"]."
            for (i, l) in list.layers.enumerated() {
                var name: String { "\(place)layers[\(i)] (\"\(l.name)\")" } // spelled out only for a warning
                let b = list.bound[i]
                if let p = l.parent {
                    if b.parent == nil {
                        out.append("\(name): parent \(p) does not exist; drawn without a parent")
                    } else if let all = list.allByIndex[p], all.count > 1 {
                        let named = all.map { "layers[\($0)]" }.joined(separator: ", ")
                        out.append("\(name): parent \(p) names \(all.count) layers (\(named)); the first is used")
                    }
                    if b.parentCycle { out.append("\(name): parent chain has a cycle; layer skipped") }
                }
                switch l.content {
                case .precomp(let ref, _, _, _):
                    switch enter(i, from: path, in: lists) {
                    case .enter(let sub): if checked.insert(sub.list).inserted { check(sub) }
                    case .missing: out.append("\(name): precomp asset \"\(ref)\" is missing; layer skipped")
                    case .containsItself: out.append("\(name): precomp \"\(ref)\" contains itself; layer skipped")
                    case .tooDeep:
                        out.append(
                            "\(name): precomps nest more than \(maxDepth) deep; \"\(ref)\" and what it holds are not drawn"
                        )
                    case .notPrecomp: break
                    }
                case .image(let ref):
                    if c.assets[ref] == nil { out.append("\(name): image asset \"\(ref)\" is missing; layer skipped") }
                default: break
                }
            }
        }
        check(.root)
        var unique: [String] = []
        var seen: Set<String> = []
        for w in out where seen.insert(w).inserted { unique.append(w) }
        return unique
    }
}

/// One layer list bound: its layers with their references resolved. Made once at load and never changed: an
/// immutable reference, so the per-frame walk holds a list as one reference count and reads its arrays in place.
package final class BoundList: Sendable {
    /// `""` for the root composition, else the precomp asset's id.
    package let key: String
    /// The layers, top first (as in the file).
    package let layers: [Layer]
    /// What binding found for each layer, by position.
    package let bound: [BoundLayer]
    /// For each shape layer, its items bound (constant outlines and group matrices), one for each; empty for other
    /// layers and when none of a layer's items is. Apart from ``bound`` so that a `BoundLayer` holds no reference and copies as plain bytes.
    let shapes: [[BoundShape]]
    /// For each shape layer, its items (`"shapes"`); empty for other layers. Read from here every frame rather than
    /// through the layer's content, which copied the content out (its enum and payload) for each shape layer drawn.
    let items: [[ShapeItem]]
    /// Position of the first layer with each `"ind"`.
    package let byIndex: [Int: Int]
    /// The size of the composition these layers are in (a precomp asset's `"w"`/`"h"`, else the root's).
    package let width: Double, height: Double
    /// Whether a camera layer is among them (`"ty": 13`).
    package let hasCamera: Bool
    /// Positions of every layer with an `"ind"` that more than one layer has.
    let allByIndex: [Int: [Int]]
    /// Room for the nodes of a frame of this list: one a layer, or a shape layer's entries (its nodes when drawn in
    /// place, ``SceneBuilder/layerInPlace(_:_:into:scratch:)``).
    let nodeCapacity: Int
    /// For each precomp layer that shows only its own frame (`"w"`, `"h"` both positive, not `"ct"`), that frame's
    /// outline in the layer's space, made once (``SceneBuilder/precompFrame(_:_:transform:)``); nil for the others.
    let frames: [Path?]
    /// Each layer's transform (`"ks"`, as bound), held once and lent to a frame's matrix and opacity: read through
    /// the layer, its getter was a call into the model's module for each layer and parent every frame (issue 33).
    let transforms: [Boxed<LayerTransform>]
    /// For each precomp layer, its time remap (`"tm"`); nil for the others and a precomp without one.
    let timeRemaps: [NumberProperty?]

    init(key: String, layers: [Layer], width: Double, height: Double, ids: [String: Int]) {
        self.key = key; self.width = width; self.height = height
        // Curved spans of positions get their arc-length tables once, here.
        self.layers = layers.map(SpatialCurve.bind)
        var first: [Int: Int] = [:], all: [Int: [Int]] = [:]
        for (i, l) in layers.enumerated() {
            guard let ind = l.index else { continue } // "ind"
            if first[ind] == nil { first[ind] = i } else { all[ind, default: [first[ind] ?? i]].append(i) }
        }
        byIndex = first
        allByIndex = all
        hasCamera = layers.contains {
            if case .camera = $0.content { return true }
            return false
        }
        let parents = layers.map { $0.parent.flatMap { first[$0] } } // "parent"
        let cyclic = BoundList.reachesCycle(parents)
        var bound = layers.indices.map { i in
            let l = layers[i]
            var source: Int? = nil
            if l.matteMode != nil { // "tt": the "tp" layer, or the one above
                let s = l.matteParent.flatMap { first[$0] } ?? (i > 0 ? i - 1 : nil)
                if s != i { source = s }
            }
            // A matte source ("td", or the layer just above a "tt" layer without "tp") draws only through its user.
            let implied = i + 1 < layers.count && layers[i + 1].matteMode != nil && layers[i + 1].matteParent == nil
            var precomp: Int? = nil
            if case .precomp(let ref, _, _, _) = l.content { precomp = ids[ref] } // "refId"
            var b = BoundLayer(
                parent: parents[i], parentCycle: cyclic[i], matteSource: source,
                onlyAsMatte: l.isMatteSource || implied, precomp: precomp,
                timing: LayerTiming(l),
                hidden: l.hidden, isMatteSource: l.isMatteSource, matteMode: l.matteMode, motionBlur: l.motionBlur,
                autoOrient: l.autoOrient, hasMasks: !l.masks.isEmpty, hasEffects: !l.effects.isEmpty,
                hasStyles: !l.styles.isEmpty, blendMode: l.blendMode, is3D: l.is3D, startTime: l.startTime,
                timeStretch: l.timeStretch)
            l.withTransform { tr in // read in place
                if tr.matrixIsConstant { b.constantMatrix = TransformEval.matrix(tr, at: 0, autoOrient: l.autoOrient) }
                if !tr.opacity.isAnimated { b.constantOpacity = TransformEval.opacity(tr, at: 0) }
            }
            if case .shapes(let items) = l.content { // "shapes"
                (b.outlines, b.entries) = BoundShape.counts(items)
                b.drawsShapes = true
            }
            return b
        }
        shapes = layers.map { l in
            if case .shapes(let items) = l.content { return BoundShape.bind(items) }
            return []
        }
        items = self.layers.map { l in // as bound (arc-length tables and all)
            if case .shapes(let items) = l.content { return items }
            return []
        }
        transforms = self.layers.map { Boxed($0.transform) }
        timeRemaps = self.layers.map { l in
            if case .precomp(_, _, _, let tm) = l.content { return tm }
            return nil
        }
        frames = layers.map { l in
            guard case .precomp(_, let w, let h, _) = l.content, w > 0, h > 0, !l.collapse else { return nil }
            return .rect(Rect(minX: 0, minY: 0, maxX: w, maxY: h))
        }
        // A chain of constant matrices, combined as the per-frame walk combines them (the layer's first).
        for i in bound.indices where !bound[i].parentCycle {
            var m = Transform.identity
            var cur: Int? = i
            while let c = cur, let local = bound[c].constantMatrix {
                m = local.concat(m)
                cur = bound[c].parent
            }
            if cur == nil { bound[i].constantWorld = m }
        }
        self.bound = bound
        nodeCapacity = bound.reduce(0) { $0 + ($1.drawsShapes ? max(1, $1.entries) : 1) }
    }
}

extension BoundList {
    /// For each layer, whether its parent chain comes back on itself, in one pass over the layers: each chain is
    /// followed only until it meets a layer already settled, or one on the chain being followed (a cycle).
    static func reachesCycle(_ parents: [Int?]) -> [Bool] {
        enum State { case open, onPath, clear, cyclic }
        var state = [State](repeating: .open, count: parents.count)
        var path: [Int] = []
        for start in parents.indices where state[start] == .open {
            var cur: Int? = start
            while let c = cur, state[c] == .open {
                state[c] = .onPath
                path.append(c)
                cur = parents[c]
            }
            let ends: State = cur.map { state[$0] == .clear ? .clear : .cyclic } ?? .clear
            for c in path { state[c] = ends }
            path.removeAll(keepingCapacity: true)
        }
        return state.map { $0 == .cyclic }
    }
}

/// What binding found for one layer.
package struct BoundLayer: Sendable {
    /// The parent's position (`"parent"`), or nil without one or when no layer has that `"ind"`.
    package let parent: Int?
    /// Its parent chain comes back on itself: the layer is skipped.
    package let parentCycle: Bool
    /// For a layer with a track matte (`"tt"`), the source's position: the `"tp"` layer, or the layer above.
    package let matteSource: Int?
    /// Drawn only through the layer it is the matte of.
    package let onlyAsMatte: Bool
    /// For a precomp layer, the list its asset's layers are bound in (nil when the asset is missing).
    package let precomp: Int?
    /// When the layer is shown (`"ip"`, `"op"`), and whether one of `"ip"`, `"op"`, `"st"` was missing.
    let timing: LayerTiming
    /// The layer's own flags, copied from it so that the walk reads no layer it skips: hidden (`"hd"`), a matte
    /// source (`"td"`), its track matte (`"tt"`) and motion blur (`"mb"`).
    let hidden: Bool, isMatteSource: Bool, matteMode: MatteMode?, motionBlur: Bool
    /// Auto-orient along the position path (`"ao"`).
    let autoOrient: Bool
    /// Whether the layer has masks (`"masksProperties"`), effects (`"ef"`) and layer styles (`"sy"`): read per
    /// frame without copying the lists out of the layer.
    let hasMasks: Bool, hasEffects: Bool, hasStyles: Bool
    /// Blend mode (`"bm"`) and 3-D (`"ddd"`), read every frame: copied here, not read through the layer's getters
    /// (calls into the model's module).
    let blendMode: LayerBlendMode, is3D: Bool
    /// Start time (`"st"`) and time stretch (`"sr"`), which place a precomp layer's children in time
    /// (``SceneBuilder/childTime(_:_:_:)``).
    let startTime: Double, timeStretch: Double
    /// The layer's own matrix (`"ks"`) when no value of it changes with time, worked out once at bind.
    var constantMatrix: Transform? = nil
    /// The matrix with its parents' (``SceneBuilder/worldTransform(_:_:time:)``) when it and every parent's is
    /// constant; nil otherwise, or on a parent cycle.
    var constantWorld: Transform? = nil
    /// The layer's opacity (`"ks.o"`, 0…1) when it is a constant.
    var constantOpacity: Double? = nil
    /// For a shape layer, how many outlines its items make and how many entries they leave to resolve
    /// (``BoundShape/counts(_:)``).
    var outlines = 0, entries = 0
    /// A shape layer (`"ty": 4`).
    var drawsShapes = false
}

/// When a layer is shown: its in and out points in its composition's frames (`"ip"`, `"op"`), and whether one of
/// `"ip"`, `"op"` and `"st"` was missing from the file.
struct LayerTiming {
    /// In point (`"ip"`).
    let inPoint: Double
    /// Out point (`"op"`).
    let outPoint: Double
    /// `"ip"`, `"op"` or `"st"` is absent.
    let keyMissing: Bool

    /// The timing of `l`.
    init(_ l: borrowing Layer) {
        inPoint = l.inPoint; outPoint = l.outPoint; keyMissing = l.timingKeyMissing
    }
}
