import LottieRenderModel
import LottieRenderRaster

extension SceneBuilder {
    /// `group` (a track-matted layer) limited to the region an SVG `<mask>` keeps by default: the bounding box of its
    /// geometry in its composition's space (`base` maps that space to the frame), from -10 % over 120 % of its width
    /// and height (``DrawRules/matteRegionIsBoundingBox``). The box counts paths as drawn (no stroke width) and images
    /// as their rectangles, and ignores masks and clips, as an SVG bounding box does. An empty box keeps nothing.
    func matteRegion(_ group: SceneGroup, base: Transform) -> SceneGroup {
        guard let toComp = base.inverted() else { return group }
        var box = Rect.empty
        SceneBuilder.includeGeometry(of: group.children, mappedBy: toComp, into: &box)
        let inner = SceneGroup(
            children: group.children, opacity: group.opacity, masks: group.masks, effects: group.effects,
            averageChildren: group.averageChildren, projection: group.projection, eightBit: group.eightBit)
        var region = Path()
        if box.minX <= box.maxX, box.minY <= box.maxY {
            let w = box.maxX - box.minX, h = box.maxY - box.minY
            region = Path.rect(
                Rect(minX: box.minX - w / 10, minY: box.minY - h / 10, maxX: box.maxX + w / 10, maxY: box.maxY + h / 10)
            )
        }
        return SceneGroup(
            children: [.group(inner)],
            masks: [
                SceneMask(path: region, transform: base, mode: .add, inverted: false, opacity: 1, expansion: 0)
            ],
            matte: group.matte, blendMode: group.blendMode)
    }

    /// Grows `box` by the geometry of `nodes` mapped through `toComp` (from the frame to the composition's space).
    static func includeGeometry(of nodes: [SceneNode], mappedBy toComp: Transform, into box: inout Rect) {
        for node in nodes {
            switch node {
            case .fill(let path, let t, _, _, _), .stroke(let path, let t, _, _, _):
                guard !path.isEmpty else { continue }
                let r = path.transformed(toComp.concat(t)).tightBounds
                box = box.union(r)
            case .image(_, let w, let h, let t, _):
                box = box.union(
                    Path.rect(Rect(minX: 0, minY: 0, maxX: w, maxY: h)).transformed(toComp.concat(t)).tightBounds)
            case .group(let g):
                includeGeometry(of: g.children, mappedBy: toComp, into: &box)
            }
        }
    }
}
