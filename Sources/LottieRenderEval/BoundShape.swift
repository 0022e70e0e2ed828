import LottieRenderModel
import LottieRenderRaster

/// What binding works out once for one shape item (`"shapes"[]`, `"gr".it[]`), so that a frame does not rebuild
/// it: the outline of a path, rectangle or ellipse none of whose values changes with time, and a group's constant
/// matrix and opacity (`"tr"`) with its own items bound in turn. Lists of bound items run parallel to the items.
indirect enum BoundShape: Sendable {
    /// Nothing is constant (or the item is not geometry or a group).
    case none
    /// The outline of `"sh"`, `"rc"` or `"el"` at every time, as ``ShapeGenerators`` builds it, and its lengths
    /// when a trim (`"tm"`) later in its group or an enclosing one may cut it (measured once, not every frame).
    case outline(Path, measure: PathMeasure?)
    /// A group (`"gr"`): the matrix and opacity of its `"tr"` when it has one and they are constant, and its items.
    case group(matrix: Transform?, opacity: Double?, items: [BoundShape])

    /// The items bound, one for each. `trimmed`: a trim follows the group these items are in, in an enclosing group.
    static func bind(_ items: [ShapeItem], trimmed: Bool = false) -> [BoundShape] {
        var out: [BoundShape] = []
        out.reserveCapacity(items.count)
        var any = false
        // Whether a trim comes after item k in this list (`"tm"` changes the paths before it).
        let lastTrim = items.lastIndex { if case .trim = $0 { return true } else { return false } }
        for (k, item) in items.enumerated() {
            let b = bind(item, trimmed: trimmed || (lastTrim.map { k < $0 } ?? false))
            if case .none = b {} else { any = true }
            out.append(b)
        }
        return any ? out : []
    }

    /// One item bound; `trimmed`: a trim may cut its outline.
    static func bind(_ item: ShapeItem, trimmed: Bool) -> BoundShape {
        func outline(_ p: Path) -> BoundShape { .outline(p, measure: trimmed ? PathMeasure(p, stepTables: true) : nil) }
        switch item {
        case .path(let prop, _): // "sh".ks
            if case .constant(let shape) = prop { return outline(ShapeGenerators.path(shape)) }
        case .rect(let box): // "rc": "p", "s", "r"
            let path = box.read { r in
                r.position.isAnimated || r.size.isAnimated || r.roundness.isAnimated
                    ? nil : ShapeGenerators.rect(r, at: 0)
            }
            if let path { return outline(path) }
        case .ellipse(let box): // "el": "p", "s"
            let path = box.read { e in
                e.position.isAnimated || e.size.isAnimated ? nil : ShapeGenerators.ellipse(e, at: 0)
            }
            if let path { return outline(path) }
        case .group(let g): // "gr": "it", "tr"
            var matrix: Transform? = nil, opacity: Double? = nil
            if let box = g.transformBox { // read in place, not copied out of the group
                box.read { tr in
                    if tr.matrixIsConstant { matrix = TransformEval.matrix(tr, at: 0) }
                    if !tr.opacity.isAnimated { opacity = TransformEval.opacity(tr, at: 0) }
                }
            }
            return .group(matrix: matrix, opacity: opacity, items: bind(g.items, trimmed: trimmed))
        default: break
        }
        return .none
    }

    /// How many outlines `items` make (`"sh"`, `"rc"`, `"el"`, `"sr"`, and those of groups in turn) and how many
    /// entries they leave for ``ShapeBuilder/resolve(_:layerTransform:rules:into:)`` (a style, `"fl"`, `"st"`, `"gf"`,
    /// `"gs"`, and a group, each), repeater copies not counted: the sizes a frame's outline pool and entry list start
    /// with.
    static func counts(_ items: [ShapeItem]) -> (outlines: Int, entries: Int) {
        var n = 0, e = 0
        for item in items {
            switch item {
            case .path, .rect, .ellipse, .star: n += 1
            case .fill, .stroke: e += 1
            case .group(let g):
                let inner = counts(g.items)
                n += inner.outlines
                e += inner.entries + 1
            default: break
            }
        }
        return (n, e)
    }

    /// Item `k` of a bound list, or ``none`` when the list is empty (nothing of it was constant).
    static func at(_ k: Int, in list: [BoundShape]) -> BoundShape { k < list.count ? list[k] : .none }
}
