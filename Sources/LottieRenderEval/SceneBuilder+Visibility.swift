import LottieRenderModel

/// A layer of a bound list: the list (`BoundComposition.lists`) and its index there.
package struct LayerID: Hashable, Sendable {
    /// The list.
    package var list: Int
    /// The layer's index in it.
    package var index: Int
    /// A layer of list `list`.
    package init(list: Int, index: Int) {
        self.list = list
        self.index = index
    }
}

/// What a walk over the layers on screen does after one layer.
enum LayerWalkStep {
    /// Go on, into the layer's precomp if it has one.
    case descend
    /// Go on, but not into the layer's precomp.
    case skip
    /// End the walk.
    case stop
}

extension SceneBuilder {
    /// The layers on screen at composition time `t`: not hidden, inside their in and out points, followed into every
    /// precomp that shows them (its start, stretch and time remap applied), as `scene(at:)` follows them.
    package func visibleLayers(at t: Double) -> Set<LayerID> {
        var out: Set<LayerID> = []
        walkLayers(at: t) { id, _ in
            out.insert(id)
            return .descend
        }
        return out
    }

    /// Calls `body` with each layer on screen at composition time `t` (not hidden, inside its in and out points)
    /// and its composition's time, top layer first, into precomps as `body` asks; false when `body` stopped it.
    @discardableResult
    func walkLayers(at t: Double, _ body: (LayerID, Double) -> LayerWalkStep) -> Bool {
        at(t).walk(.root, time: t, body)
    }

    private func walk(
        _ path: PrecompPath, time t: Double, _ body: (LayerID, Double) -> LayerWalkStep
    ) -> Bool {
        let list = bound.lists[path.list]
        for i in list.layers.indices {
            let l = list.layers[i]
            guard !l.hidden, visible(l, at: t) else { continue }
            switch body(LayerID(list: path.list, index: i), t) {
            case .stop: return false
            case .skip: continue
            case .descend: break
            }
            guard case .enter(let sub) = bound.enter(i, from: path) else { continue }
            if !walk(sub, time: childTime(i, list, t), body) { return false }
        }
        return true
    }
}

extension SceneBuilder {
    /// Whether some character of `data`'s documents has no glyph in `"chars"` (it is drawn from a font file).
    package func needsFontFiles(_ data: TextData) -> Bool {
        data.sourceExpression != nil
            || data.documents.contains { _, doc in
                let font = composition.fonts[doc.font]
                let family = font?.family ?? doc.font, style = font?.style ?? ""
                return doc.text.contains { ch in
                    let s = String(ch)
                    if ch == "\r" || ch == "\n" || ch == "\u{3}" || ch == " " { return false }
                    return glyphIndex[TextBuilder.key(family, style, s)] == nil
                        && glyphIndex[TextBuilder.key(family, "", s)] == nil
                        && glyphIndex[TextBuilder.key("", "", s)] == nil
                }
            }
    }
}
