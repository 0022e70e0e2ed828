import LottieRenderModel

/// Shape items split into the render groups lottie-ios's Core Animation engine draws them in (4.6.1, f4db77d,
/// ShapeLayer.swift `shapeRenderGroups`).
///
/// Core Animation draws a group's paths in `CAShapeLayer`s, one per render group. A group's items are read front to
/// back: a path (`"sh"`, `"rc"`, `"el"`, `"sr"`) joins the current render group (a new one when that group has a
/// trim already); a fill (`"fl"`, `"gf"`) joins it and closes it, borrowing the previous group's paths when the
/// current one has none; every other item (strokes, trims, modifiers) joins every render group made so far. So in
/// `[el, gf, fl, st]` the gradient fill and the fill each have a group, the stroke joins both, and the ellipse is
/// stroked twice: once under the fill and once between the fill and the gradient on top. lottie-web and the Main
/// Thread engine stroke it once.
///
/// The rewrite turns such a group's items into one nested group per render group (in the same front-to-back
/// order), which the renderer draws as Core Animation does, where that changes what an item applies to. Groups with
/// child groups, a repeater, merge paths or a transform amid the items are left as they are (Core Animation hands
/// their unused items on to the child groups; not modelled).
enum CoreAnimationRenderGroups {
    /// `items` as Core Animation's render groups, or `items` unchanged (see the type's summary).
    static func rewrite(_ items: [ShapeItem]) -> [ShapeItem] {
        guard let groups = renderGroups(items), differs(groups, items) else { return items }
        return groups.map { g in
            .group(ShapeGroup(items: g.paths.map { items[$0] } + g.others.map { items[$0] }, transform: nil))
        }
    }

    /// Whether any of `items` (one group's, not nested) is drawn otherwise by Core Animation's render groups.
    static func drawsOtherwise(_ items: [ShapeItem]) -> Bool {
        guard let groups = renderGroups(items) else { return false }
        return differs(groups, items)
    }

    /// A render group: indices into the group's items.
    private struct RenderGroup {
        var paths: [Int] = []
        var others: [Int] = []
        var hasTrim = false
    }

    /// The render groups with at least one path, front to back; nil for the groups left as they are.
    private static func renderGroups(_ items: [ShapeItem]) -> [RenderGroup]? {
        var groups = [RenderGroup()]
        for (index, item) in items.enumerated() {
            switch item {
            case .group, .repeater, .merge, .transform:
                return nil
            case _ where isPath(item):
                if groups[groups.count - 1].hasTrim { groups.append(RenderGroup()) }
                groups[groups.count - 1].paths.append(index)
            case .fill:
                let last = groups.count - 1
                groups[last].others.append(index)
                if groups[last].paths.isEmpty, last > 0 { groups[last].paths = groups[last - 1].paths }
                groups.append(RenderGroup())
            default:
                let isTrim: Bool
                if case .trim = item { isTrim = true } else { isTrim = false }
                for i in groups.indices {
                    groups[i].others.append(index)
                    if isTrim { groups[i].hasTrim = true }
                }
            }
        }
        let drawn = groups.filter { !$0.paths.isEmpty }
        return drawn.isEmpty ? nil : drawn
    }

    /// Whether some item applies to other paths (or to a path more than once) in `groups` than in the file's
    /// order, where an item applies once to every path before it.
    private static func differs(_ groups: [RenderGroup], _ items: [ShapeItem]) -> Bool {
        var applied: [Int: [Int]] = [:]
        for g in groups {
            for o in g.others { applied[o, default: []].append(contentsOf: g.paths) }
        }
        let paths = items.indices.filter { isPath(items[$0]) }
        for (index, item) in items.enumerated() where !isPath(item) {
            if (applied[index] ?? []).sorted() != paths.filter({ $0 < index }) { return true }
        }
        return false
    }

    /// Whether `item` draws a path (`"sh"`, `"rc"`, `"el"`, `"sr"`).
    private static func isPath(_ item: ShapeItem) -> Bool {
        switch item {
        case .path, .rect, .ellipse, .star: true
        default: false
        }
    }
}
