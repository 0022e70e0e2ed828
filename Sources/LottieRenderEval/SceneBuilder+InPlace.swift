import LottieRenderModel
import LottieRenderRaster

extension SceneBuilder {
    /// Appends the nodes of layer `i` of the context's list to `nodes` and returns true when it is a shape layer
    /// with nothing to composite: a constant full opacity (`"ks.o"`), no masks, track matte, effects, layer styles or
    /// blend mode, not seen through a camera, no 8-bit composite. The renderer draws such a layer's group as its
    /// children in place (``SceneGroup``: nothing isolates it), so they go into the list itself, without a group and
    /// an array of their own each frame. Returns false, having appended nothing, for any other layer (which
    /// ``layerGroup(_:_:matteChain:scratch:)`` builds). Not for layers with motion blur (their samples are groups).
    func shapesInPlace(
        _ i: Int, _ context: LayerContext, into nodes: inout [SceneNode], scratch: inout ShapeBuilder.Scratch
    ) -> Bool {
        let list = context.list, b = list.bound[i]
        guard b.drawsShapes, b.constantOpacity == 1, !b.hasMasks, !b.hasEffects, !(rules.layerStyles && b.hasStyles),
            b.matteMode == nil, !rules.eightBitComposites
        else { return false }
        let l = list.layers[i]
        guard !(l.is3D && context.camera != nil), layerBlend(l) == .normal, case .shapes(let items) = l.content
        else { return false }
        // A parent cycle draws nothing (as `layerGroup` returns no group for it).
        guard let world = worldTransform(i, list, time: context.time) else { return true }
        ShapeBuilder.build(
            items, bound: list.shapes[i], time: context.time, layerTransform: context.base.concat(world),
            rules: rules, outlines: b.outlines, entries: b.entries, into: &nodes, scratch: &scratch)
        return true
    }

    /// How layer `l` is blended onto what is below it (`"bm"`), as the player draws blend modes.
    func layerBlend(_ l: Layer) -> BlendMode {
        rules.draws(blendMode: l.blendMode)
            ? rules.blendFormulas[l.blendMode] ?? SceneBuilder.blendMode(l.blendMode) : .normal // "bm"
    }
}
