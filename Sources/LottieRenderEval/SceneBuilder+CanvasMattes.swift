import LottieRenderModel

extension SceneBuilder {
    /// The source of layer `i`'s track matte (`"tt"`): the `"tp"` layer, else the layer above; under
    /// `DrawRules.matteSourceByInd` (lottie-web canvas) the first layer whose `"ind"` is `"tp"`, else the layer's own
    /// `"ind"` minus one, wherever it sits.
    func matteSourceIndex(_ i: Int, _ list: BoundList) -> Int? {
        rules.matteSourceByInd ? list.matteSourceByInd(i) : list.bound[i].matteSource
    }

    /// Whether lottie-web's canvas renderer fails on frame `t`: a layer it draws then has a track matte whose source
    /// it cannot find (`getElementById` gives null, `renderFrame` of null throws). The frame was cleared to move the
    /// layer aside, and the error ends it: nothing of it shows.
    func canvasMatteFault(at t: Double) -> Bool {
        guard rules.matteSourceByInd else { return false }
        return !walkLayers(at: t) { id, time in
            let list = bound.lists[id.list], l = list.layers[id.index]
            // CVBaseElement.renderFrame: "td" layers and transparent ones are not drawn (nor what they hold).
            if l.isMatteSource || l.withTransform({ TransformEval.opacity($0, at: time) }) <= 0 { return .skip }
            return l.matteMode != nil && matteSourceIndex(id.index, list) == nil ? .stop : .descend
        }
    }
}

extension BoundList {
    /// The source of layer `i`'s track matte as lottie-web's canvas renderer finds it (`getElementById`): the first
    /// layer whose `"ind"` is `"tp"`, else layer `i`'s own `"ind"` minus one; nil when there is none.
    package func matteSourceByInd(_ i: Int) -> Int? {
        let l = layers[i]
        guard l.matteMode != nil, let want = l.matteParent ?? l.index.map({ $0 &- 1 }),
            let s = byIndex[want], s != i
        else { return nil }
        return s
    }
}
