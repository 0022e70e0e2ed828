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

extension SceneBuilder {
    /// The layers on screen at composition time `t`: not hidden, inside their in and out points, followed into every
    /// precomp that shows them (its start, stretch and time remap applied), as `scene(at:)` follows them.
    package func visibleLayers(at t: Double) -> Set<LayerID> {
        var out: Set<LayerID> = []
        visit(BoundComposition.root, time: t, depth: 0, stack: [], into: &out)
        return out
    }

    private func visit(_ id: Int, time t: Double, depth: Int, stack: [Int], into out: inout Set<LayerID>) {
        let list = bound.lists[id]
        for i in list.layers.indices {
            let l = list.layers[i]
            guard !l.hidden, visible(l, at: t) else { continue }
            out.insert(LayerID(list: id, index: i))
            guard case .precomp(_, _, _, let tm) = l.content, depth < SceneBuilder.maxDepth,
                let sub = list.bound[i].precomp, !stack.contains(sub)
            else { continue }
            // "tm" is in seconds.
            let child =
                tm.map { Interpolator.scalar($0, at: t) * composition.frameRate } ?? SceneBuilder.childTime(l, t)
            visit(sub, time: child, depth: depth + 1, stack: stack + [sub], into: &out)
        }
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
