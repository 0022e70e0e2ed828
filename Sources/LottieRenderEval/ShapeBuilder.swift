import LottieRenderModel
import LottieRenderRaster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds scene nodes from a shape layer's items at one time.
///
/// Rules, as After Effects and the players apply them: a fill or stroke paints every path that comes before
/// it in its group, including paths in nested groups; a modifier (trim) changes every path before it in its
/// group, even for styles listed before the modifier; items listed first are drawn on top.
struct ShapeBuilder {
    /// A path and its placement (group → layer).
    struct Geometry {
        var path: Path
        var transform: Transform
        /// Set by merge paths: the fill rule that performs the operation on `path` (exact fills).
        var rule: FillRule? = nil
        /// Flattening tolerance for the merge result's outline, in the path's units.
        var outlineTolerance = 0.02
        /// The merge result's outline once a stroke has asked for it (several strokes share one computation).
        var outlineCache: Path? = nil
        /// The path before the first trim, for players whose trims leave fills alone (``DrawRules/trimmedFills``).
        var untrimmed: Path? = nil
        /// Filled on its own, not together with the other paths its fill paints (``DrawRules/repeatedPathsFilledApart``).
        var apart = false
        /// The lengths of `path` as binding measured them for a trim, while `path` is the bound outline (set only when
        /// a bound outline joins the pool; `setPath` drops it, and a merge's result is a new geometry without one).
        var measure: PathMeasure? = nil

        /// The geometry as an outline: after a merge, its boolean result, computed only when a stroke, trim or
        /// modifier needs it (fills use `path` with `rule`). Over budget, the inputs' outlines.
        var outlinePath: Path {
            guard let rule else { return path }
            if let outlineCache { return outlineCache }
            return PathBoolean.outline(path, rule: rule, tolerance: outlineTolerance) ?? path
        }

        /// Computes the outline once and keeps it.
        mutating func cacheOutline() { if rule != nil && outlineCache == nil { outlineCache = outlinePath } }

        /// Replaces a merge's result by a plain path (once trimmed or modified it is an ordinary outline).
        mutating func setPath(_ p: Path) { path = p; rule = nil; outlineCache = nil; measure = nil }
    }

    /// A style waiting for the final geometry, or the end of a nested group. The pending entries of a whole layer
    /// are one list (``pending``), each group's entries (file order) followed by its `group` entry: one array a
    /// layer rather than an array and a box a group (session 33).
    enum Pending {
        /// A fill or stroke (`item`, kept as the shape item: one reference to its box, not a copy of its fields).
        case style(range: Range<Int>, styleTransform: Transform, item: ShapeItem)
        /// The end of a group whose `count` entries (its whole subtree) come just before this one.
        case group(count: Int, opacity: Double)
    }

    let time: Double
    var pool: [Geometry] = []
    /// Every pending entry of the items being built, groups after their entries.
    var pending: [Pending] = []
    /// Scale of the layer's placement, for the tolerance of merge outlines.
    var layerScale = 1.0
    /// A trim's paths and their lengths while it cuts them (empty otherwise; kept for their memory).
    var trimPaths: [Path] = []
    var trimMeasures: [PathMeasure?] = []

    init(time: Double) { self.time = time }

    /// Scene nodes (paint order) for `items` placed by `layerTransform`; `bound` holds what binding worked out
    /// for them (``BoundShape/bind(_:)``), or nothing, and `outlines` and `entries` how many outlines and entries
    /// they make (``BoundShape/counts(_:)``), or 0.
    static func build(
        _ items: [ShapeItem], bound: [BoundShape] = [], time: Double, layerTransform: Transform,
        rules: DrawRules = .full, outlines: Int = 0, entries: Int = 0
    ) -> [SceneNode] {
        var scratch = Scratch()
        return build(
            items, bound: bound, time: time, layerTransform: layerTransform, rules: rules, outlines: outlines,
            entries: entries, scratch: &scratch)
    }

    /// ``build(_:bound:time:layerTransform:rules:outlines:entries:)`` with the outline pool and entry list taken
    /// from `scratch` and handed back empty, their memory kept: one frame's shape layers share them.
    static func build(
        _ items: [ShapeItem], bound: [BoundShape] = [], time: Double, layerTransform: Transform,
        rules: DrawRules = .full, outlines: Int = 0, entries: Int = 0, scratch: inout Scratch
    ) -> [SceneNode] {
        var nodes: [SceneNode] = []
        build(
            items, bound: bound, time: time, layerTransform: layerTransform, rules: rules, outlines: outlines,
            entries: entries, into: &nodes, scratch: &scratch)
        return nodes
    }

    /// ``build(_:bound:time:layerTransform:rules:outlines:entries:scratch:)`` appending the nodes to `nodes` (an
    /// empty list is made as large as the entries first; a longer one grows as it needs).
    static func build(
        _ items: [ShapeItem], bound: [BoundShape] = [], time: Double, layerTransform: Transform,
        rules: DrawRules = .full, outlines: Int = 0, entries: Int = 0, into nodes: inout [SceneNode],
        scratch: inout Scratch
    ) {
        var b = ShapeBuilder(time: time)
        swap(&b.pool, &scratch.pool)
        swap(&b.pending, &scratch.pending)
        swap(&b.trimPaths, &scratch.trimPaths)
        swap(&b.trimMeasures, &scratch.trimMeasures)
        // Room for the outlines and the entries (more only with repeaters): none to allocate once a layer as large
        // has been built with this scratch.
        b.pool.reserveCapacity(outlines)
        b.pending.reserveCapacity(entries)
        b.layerScale = layerTransform.maxScale
        b.group(items, bound: bound, transform: .identity, rules: rules)
        if nodes.isEmpty { nodes.reserveCapacity(b.pending.count) }
        b.resolve(0..<b.pending.count, layerTransform: layerTransform, rules: rules, into: &nodes)
        b.pool.removeAll(keepingCapacity: true)
        b.pending.removeAll(keepingCapacity: true)
        swap(&b.pool, &scratch.pool)
        swap(&b.pending, &scratch.pending)
        swap(&b.trimPaths, &scratch.trimPaths)
        swap(&b.trimMeasures, &scratch.trimMeasures)
    }

    /// The memory of a builder's outline pool, entry list and trim lists, kept empty between the shape layers of a
    /// frame (a pool and a list a layer were two allocations of bodymovin's ~540 a frame each, a trim's two lists two
    /// of lottiefiles_unnamed's 85 trims a frame).
    struct Scratch {
        var pool: [Geometry] = []
        var pending: [Pending] = []
        var trimPaths: [Path] = []
        var trimMeasures: [PathMeasure?] = []
    }

    /// Collects a group's items (file order), with their bound counterparts (`bound`, empty or one per item), into
    /// ``pending``. `rules`: what the player draws otherwise (merge paths, repeater order, stars, trims). The rules
    /// are passed down, not kept in the builder: a stored copy was copied again, every reference in it retained, per
    /// group.
    mutating func group(_ items: [ShapeItem], bound: [BoundShape], transform g: Transform, rules: DrawRules) {
        let first = pool.count
        // Where the items after a repeater start (an index, not a slice of `items`: a slice retained the array and
        // released it again at every group of every frame).
        var from = 0
        // A repeater copies everything before it in its group ("rp"); later items see all the copies.
        if rules.repeaters,
            let k = items.firstIndex(where: { if case .repeater = $0 { return true } else { return false } }),
            case .repeater(let rp) = items[k]
        {
            repeated(Array(items[..<k]), Array(bound.prefix(k)), rp, transform: g, rules: rules)
            from = k + 1
        }
        for k in from..<items.count {
            let prebuilt = BoundShape.at(k, in: bound)
            if case .outline(let path, let measure) = prebuilt {
                pool.append(Geometry(path: path, transform: g, measure: measure))
                continue
            }
            switch items[k] {
            case .path(let prop, _):
                pool.append(Geometry(path: ShapeGenerators.path(prop, at: time), transform: g))
            case .rect(let box): // "rc", read in place
                pool.append(Geometry(path: box.read { ShapeGenerators.rect($0, at: time) }, transform: g))
            case .ellipse(let box): // "el", read in place
                pool.append(Geometry(path: box.read { ShapeGenerators.ellipse($0, at: time) }, transform: g))
            case .star(let box): // "sr", read in place
                let path = box.read { s in
                    ShapeGenerators.star(
                        s, at: time, asLottieWeb: rules.starsAsLottieWeb, asRlottie: rules.starsAsRlottie)
                }
                pool.append(Geometry(path: path, transform: g))
            case .group(let sub):
                var t = g
                var opacity = 1.0
                var inner: [BoundShape] = []
                var matrix: Transform? = nil, constantOpacity: Double? = nil
                if case .group(let m, let o, let items) = prebuilt { (matrix, constantOpacity, inner) = (m, o, items) }
                if let matrix, let constantOpacity { // "gr" … "tr", bound: the transform is not read
                    t = g.concat(matrix)
                    opacity = constantOpacity
                } else if let box = sub.transformBox { // "gr" … "tr", read in place
                    box.read { tr in
                        t = g.concat(matrix ?? TransformEval.matrix(tr, at: time, motion: rules.motion))
                        opacity = constantOpacity ?? TransformEval.opacity(tr, at: time)
                    }
                }
                subgroup(opacity: opacity) { $0.group(sub.items, bound: inner, transform: t, rules: rules) }
            case .fill, .stroke:
                pending.append(.style(range: first..<pool.count, styleTransform: g, item: items[k]))
            case .trim(let box): // "tm", read in place
                // The paths and their lengths in the scratch lists (emptied again below: they keep their memory).
                for k in first..<pool.count {
                    trimPaths.append(pool[k].outlinePath)
                    trimMeasures.append(pool[k].measure)
                }
                let (start, end, offset, individually) = box.read { tm in
                    (
                        Interpolator.scalar(tm.start, at: time), Interpolator.scalar(tm.end, at: time, fallback: 100),
                        Interpolator.scalar(tm.offset, at: time), tm.individually
                    )
                }
                Trim.apply(
                    &trimPaths, measures: trimMeasures, start: start, end: end, offset: offset,
                    individually: individually, cut: rules.trimCut)
                for k in trimPaths.indices {
                    if !rules.trimmedFills, pool[first + k].untrimmed == nil {
                        pool[first + k].untrimmed = pool[first + k].path
                    }
                    pool[first + k].setPath(trimPaths[k])
                }
                trimPaths.removeAll(keepingCapacity: true)
                trimMeasures.removeAll(keepingCapacity: true)
            case .merge(let mode): // "mm"
                if rules.mergePaths, pool.count - first > 0 { mergePaths(from: first, mode: mode, groupTransform: g) }
            case .modifier(let m):
                guard rules.modifiers?.contains(m.kind) ?? true else { break }
                for k in first..<pool.count {
                    pool[k].setPath(PathModifiers.apply(m, to: pool[k].outlinePath, at: time))
                }
            case .repeater:
                break // a second repeater is handled by the recursion
            case .transform, .unsupported:
                break
            }
        }
    }

    /// Appends what `build` appends as a group at `opacity`: its entries and then its end, or nothing when it is
    /// invisible (the paths it added to the pool stay, as they do for any group).
    mutating func subgroup(opacity: Double, _ build: (inout ShapeBuilder) -> Void) {
        let start = pending.count
        build(&self)
        if opacity > 0 {
            pending.append(.group(count: pending.count - start, opacity: opacity))
        } else {
            pending.removeSubrange(start...)
        }
    }

    /// The copies of a repeater: copy j is placed by T(p·j)·T(a)·R(r·j)·S(s^j)·T(−a), j counting from the offset, with
    /// opacity running from start to end opacity. Composite 1 keeps the first copy on top, 2 the last.
    mutating func repeated(
        _ content: [ShapeItem], _ bound: [BoundShape], _ rp: Repeater, transform g: Transform, rules: DrawRules
    ) {
        // At most 1,000 copies: bad input must not hang the renderer.
        let raw = Interpolator.scalar(rp.copies, at: time, fallback: 1)
        let count = raw.isFinite ? Int(max(0, min(1000, raw.rounded()))) : 0
        guard count > 0 else { return }
        var off = Interpolator.scalar(rp.offset, at: time)
        if !off.isFinite { off = 0 }
        let a = Interpolator.value(rp.anchor, at: time), p = Interpolator.value(rp.position, at: time)
        let s = Interpolator.value(rp.scale, at: time)
        let r = Interpolator.scalar(rp.rotation, at: time)
        let so = Interpolator.scalar(rp.startOpacity, at: time, fallback: 100) / 100
        let eo = Interpolator.scalar(rp.endOpacity, at: time, fallback: 100) / 100
        let ax = a.component(0), ay = a.component(1)
        let px = p.component(0), py = p.component(1)
        let sx = s.component(0, or: 100) / 100, sy = s.component(1, or: s.component(0, or: 100)) / 100
        let copiesStart = pending.count
        var limit = count
        for i in 0..<count where i < limit {
            let j = Double(i) + off
            let rotation: Transform = r != 0 ? .rotation(r * j * Double.pi / 180) : .identity
            let scale = Transform.scale(pow(sx, j), pow(sy, j))
            let m = Transform.translation(px * j, py * j).concat(.translation(ax, ay))
                .concat(rules.repeaterRotatesBeforeScaling ? scale.concat(rotation) : rotation.concat(scale))
                .concat(.translation(-ax, -ay))
            // ThorVG (LottieBuilder::_repeat): copy i at lerp(so, eo, (i + 1) / count).
            let opacity =
                rules.repeaterOpacityFromFirstStep
                ? so + (eo - so) * Double(i + 1) / Double(count)
                : count > 1 ? so + (eo - so) * Double(i) / Double(count - 1) : so
            let before = pool.count
            subgroup(opacity: min(1, opacity)) { $0.group(content, bound: bound, transform: g.concat(m), rules: rules) }
            if rules.repeatedPathsFilledApart { for k in before..<pool.count { pool[k].apart = true } }
            if i == 0 {
                // Keep the copies' total geometry bounded: at most about two million path elements.
                let size = pool[before...].reduce(0) { $0 + $1.path.elements.count }
                limit = max(1, min(count, 2_000_000 / max(1, size)))
            }
        }
        // Pending lists are in file order, where earlier items draw on top. The players draw copy 0 on top for
        // composite 1 ("above" refers to the original over its copies) and the last copy on top for 2: then the
        // copies go in reverse order, each copy's entries kept in theirs: the whole run reversed, then each copy, which
        // then starts with its group entry (every copy kept ends with one) and so says how long it is.
        if rp.composite == .below || rules.repeaterLastCopyOnTop {
            pending[copiesStart...].reverse()
            var at = copiesStart
            while at < pending.count, case .group(let entries, _) = pending[at] {
                pending[at...(at + entries)].reverse()
                at += entries + 1
            }
        }
    }

    /// Appends the scene nodes of the pending entries in `range` (one level and what it holds: entries and whole
    /// groups) to `nodes` in paint order (reverse of file order): a group at full opacity adds its children in place,
    /// one below full opacity adds one group node. Each entry read is moved out (an empty group left in its place),
    /// so a range is resolved once; `build` then empties the list.
    mutating func resolve(
        _ range: Range<Int>, layerTransform: Transform, rules: DrawRules, into nodes: inout [SceneNode]
    ) {
        var i = range.upperBound
        while i > range.lowerBound {
            i -= 1
            // Each entry is read once: it is moved out, an empty group left in its place, rather than copied out
            // (its item retained) and released again with the list.
            var entry = Pending.group(count: 0, opacity: 0)
            swap(&entry, &pending[i])
            switch entry {
            case .group(let count, let opacity):
                let children = (i - count)..<i
                i -= count
                if opacity >= 1 {
                    resolve(children, layerTransform: layerTransform, rules: rules, into: &nodes)
                } else {
                    var sub: [SceneNode] = []
                    sub.reserveCapacity(count)
                    resolve(children, layerTransform: layerTransform, rules: rules, into: &sub)
                    if !sub.isEmpty { nodes.append(.group(SceneGroup(children: sub, opacity: opacity))) }
                }
            case .style(let range, let st, .fill(let box)): // "fl", "gf": read in place
                let (opacity, evenOdd) = box.read { f in
                    (Interpolator.scalar(f.opacity, at: time, fallback: 100) / 100, f.evenOdd)
                }
                guard !range.isEmpty, opacity > 0,
                    let paint = box.read({ f in StylePaints.paint(f.paint, at: time, rules: rules) })
                else { continue }
                // The first merge's rule among the paths, else the fill's own (`"r"`).
                var merged: FillRule? = nil
                for k in range where merged == nil { merged = pool[k].rule }
                let rule = merged ?? (evenOdd ? .evenOdd : .nonZero)
                let transform = layerTransform.concat(st)
                var start = range.lowerBound
                var end = filledPartEnd(from: start, upTo: range.upperBound)
                // Every part but the last takes a copy of the paint; the last (most often the only one) takes it.
                while end < range.upperBound {
                    if let path = combined(start..<end, styleTransform: st), !path.isEmpty {
                        nodes.append(
                            .fill(path: path, transform: transform, rule: rule, paint: paint, opacity: opacity))
                    }
                    start = end
                    end = filledPartEnd(from: start, upTo: range.upperBound)
                }
                guard let path = combined(start..<end, styleTransform: st), !path.isEmpty else { continue }
                nodes.append(
                    .fill(path: path, transform: transform, rule: rule, paint: consume paint, opacity: opacity))
            case .style(let range, let st, .stroke(let box)): // "st", "gs": read in place
                let (opacity, width) = box.read { s in
                    (
                        Interpolator.scalar(s.opacity, at: time, fallback: 100) / 100,
                        Interpolator.scalar(s.width, at: time)
                    )
                }
                guard !range.isEmpty, opacity > 0, width > 0,
                    let paint = box.read({ s in StylePaints.paint(s.paint, at: time, rules: rules) }),
                    let path = combined(range, styleTransform: st, outlines: true), !path.isEmpty
                else { continue }
                nodes.append(
                    .stroke(
                        path: path, transform: layerTransform.concat(st),
                        style: box.read { s in StylePaints.strokeStyle(s, width: width, at: time) },
                        paint: consume paint, opacity: opacity))
            case .style:
                continue
            }
        }
    }
}
