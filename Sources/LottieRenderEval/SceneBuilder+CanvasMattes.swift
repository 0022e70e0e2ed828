import LottieRenderModel

extension SceneBuilder {
    /// The source of layer `i`'s track matte (`"tt"`): the `"tp"` layer, else the layer above; under
    /// `DrawRules.matteSourceByInd` (lottie-web canvas) the first layer whose `"ind"` is `"tp"`, else the layer's own
    /// `"ind"` minus one, wherever it sits.
    func matteSourceIndex(_ i: Int, _ list: BoundList) -> Int? {
        guard rules.matteSourceByInd else { return list.bound[i].matteSource }
        let l = list.layers[i]
        guard l.matteMode != nil, let want = l.matteParent ?? l.index.map({ $0 &- 1 }) else { return nil }
        guard let s = list.byIndex[want], s != i else { return nil }
        return s
    }

    /// Whether lottie-web's canvas renderer fails on frame `t`: a layer it draws then has a track matte whose source
    /// it cannot find (`getElementById` gives null, `renderFrame` of null throws). The frame was cleared to move the
    /// layer aside, and the error ends it: nothing of it shows.
    func canvasMatteFault(at t: Double) -> Bool {
        rules.matteSourceByInd && matteFault(BoundComposition.root, time: t, depth: 0, stack: [])
    }

    private func matteFault(_ id: Int, time t: Double, depth: Int, stack: [Int]) -> Bool {
        let list = bound.lists[id]
        for i in list.layers.indices {
            let l = list.layers[i]
            // CVBaseElement.renderFrame: hidden ("hd", out of range, opacity 0) and "td" layers are not drawn.
            guard !l.hidden, !l.isMatteSource, visible(l, at: t), TransformEval.opacity(l.transform, at: t) > 0
            else { continue }
            if l.matteMode != nil, matteSourceIndex(i, list) == nil { return true }
            guard case .precomp(_, _, _, let tm) = l.content, depth < SceneBuilder.maxDepth,
                let sub = list.bound[i].precomp, !stack.contains(sub)
            else { continue }
            let child =
                tm.map { Interpolator.scalar($0, at: t) * composition.frameRate } ?? SceneBuilder.childTime(l, t)
            if matteFault(sub, time: child, depth: depth + 1, stack: stack + [sub]) { return true }
        }
        return false
    }
}
