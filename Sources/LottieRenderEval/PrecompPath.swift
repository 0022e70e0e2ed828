import LottieRenderModel

/// Where a walk into precomps stands: a bound list, how deeply it is nested, and (where a precomp can hold itself)
/// the precomp lists entered on the way there. Every walk (drawing, the visibility walk, keyframe times, the load
/// checks) enters a precomp through ``BoundComposition/enter(_:from:)``, the one place that says when a precomp is
/// not followed.
package struct PrecompPath: Sendable, Equatable {
    /// The bound list (`BoundComposition.lists`).
    package let list: Int
    /// Precomps entered to reach it (0 for the root).
    package let depth: Int
    /// The precomp lists entered on the way, outermost first (the root's list is never one); empty in a composition
    /// where no precomp holds itself (``BoundComposition/acyclic``), where no walk needs them.
    package let stack: [Int]

    /// The root composition.
    package static let root = PrecompPath(list: BoundComposition.root, depth: 0, stack: [])
}

/// What entering a layer's precomp gives (``BoundComposition/enter(_:from:)``).
package enum PrecompStep: Sendable, Equatable {
    /// The precomp's list, one level deeper.
    case enter(PrecompPath)
    /// The layer is no precomp layer.
    case notPrecomp
    /// Its asset (`"refId"`) is missing.
    case missing
    /// The precomp is one of those being walked: it contains itself.
    case containsItself
    /// Precomps nest deeper than ``BoundComposition/maxDepth``.
    case tooDeep
}

extension BoundComposition {
    /// Entering the precomp of layer `i` of the list at `path`: its list one level deeper, or why it is not followed
    /// (the layer and what it holds are then skipped, and the load warns).
    package func enter(_ i: Int, from path: PrecompPath) -> PrecompStep {
        BoundComposition.enter(i, from: path, in: lists, acyclic: acyclic)
    }

    /// ``enter(_:from:)`` over `lists`, for binding before the composition is complete. `acyclic`: no precomp of
    /// `lists` holds itself (``BoundComposition/acyclic``), so none is looked for on the path's stack.
    static func enter(_ i: Int, from path: PrecompPath, in lists: [BoundList], acyclic: Bool = false) -> PrecompStep {
        let list = lists[path.list]
        // Binding sets `precomp` for precomp layers whose asset it found: the layer's content (a copy of it, every
        // reference in it retained) is read only when it is not set.
        guard let sub = list.bound[i].precomp else {
            if case .precomp = list.layers[i].content { return .missing }
            return .notPrecomp
        }
        if acyclic {
            guard path.depth < BoundComposition.maxDepth else { return .tooDeep }
            return .enter(PrecompPath(list: sub, depth: path.depth + 1, stack: []))
        }
        if path.stack.contains(sub) { return .containsItself }
        guard path.depth < BoundComposition.maxDepth else { return .tooDeep }
        // One allocation for the longer stack (`stack + [sub]` made two).
        var stack: [Int] = []
        stack.reserveCapacity(path.stack.count + 1)
        stack.append(contentsOf: path.stack)
        stack.append(sub)
        return .enter(PrecompPath(list: sub, depth: path.depth + 1, stack: stack))
    }
}
