import LottieRenderModel
import LottieRenderRaster

extension SceneBuilder {
    /// Appends the nodes of layer `i` of the context's list to `nodes` and returns true when it is a shape or
    /// precomp layer with nothing to composite: a constant full opacity (`"ks.o"`), no masks, track matte, effects, layer styles or
    /// blend mode, not seen through a camera, no 8-bit composite. The renderer draws such a layer's group as its
    /// children in place (``SceneGroup``: nothing isolates it), so they go into the list itself, without a group and
    /// an array of their own each frame. Returns false, having appended nothing, for any other layer (which
    /// ``layerGroup(_:_:matteChain:scratch:)`` builds). Not for layers with motion blur (their samples are groups).
    func layerInPlace(
        _ i: Int, _ context: LayerContext, into nodes: inout [SceneNode], scratch: inout ShapeBuilder.Scratch
    ) -> Bool {
        let list = context.list, b = list.bound[i]
        guard b.drawsShapes || b.precomp != nil, b.constantOpacity == 1, !b.hasMasks, !b.hasEffects,
            !(rules.layerStyles && b.hasStyles), b.matteMode == nil, !rules.eightBitComposites
        else { return false }
        guard !(b.is3D && context.camera != nil), layerBlend(b.blendMode).isNormal else { return false }
        // A parent cycle draws nothing (as `layerGroup` returns no group for it).
        guard let world = worldTransform(i, list, time: context.time) else { return true }
        let m = context.base.concat(world)
        if b.drawsShapes { // "shapes"
            ShapeBuilder.build(
                list.items[i], bound: list.shapes[i], time: context.time, layerTransform: m, rules: rules,
                outlines: b.outlines, entries: b.entries, into: &nodes, scratch: &scratch)
            return true
        }
        // A precomp layer the same way: its layers, in its frame's clip group when it has one (`"w"`, `"h"`, unless
        // `"ct"`), not that group inside one more.
        guard case .enter(let sub) = bound.enter(i, from: context.path) else { return true }
        guard let clip = precompFrame(i, list, transform: m) else {
            layers(sub, time: childTime(i, list, context.time), base: m, into: &nodes, scratch: &scratch)
            return true
        }
        let inner = layers(sub, time: childTime(i, list, context.time), base: m, scratch: &scratch)
        if !inner.isEmpty { nodes.append(.group(SceneGroup(children: inner, masks: [clip]))) }
        return true
    }

    /// The clip of precomp layer `i`'s own `"w"` × `"h"` frame placed by `m`, or nil when it shows its layers
    /// unclipped (transformations collapsed, `"ct"`, or no size). The frame's outline is the list's, made at bind.
    func precompFrame(_ i: Int, _ list: BoundList, transform m: Transform) -> SceneMask? {
        guard let frame = list.frames[i] else { return nil }
        return SceneMask(path: frame, transform: m, mode: .add, inverted: false, opacity: 1, expansion: 0)
    }

    /// How a layer of blend mode `bm` (`"bm"`) is blended onto what is below it, as the player draws blend modes.
    /// Rules that draw every mode with its own formula (the default) look nothing up.
    func layerBlend(_ bm: LayerBlendMode) -> BlendMode {
        if rules.blendModes == nil && rules.blendFormulas.isEmpty { return SceneBuilder.blendMode(bm) }
        return rules.draws(blendMode: bm) ? rules.blendFormulas[bm] ?? SceneBuilder.blendMode(bm) : .normal
    }
}
