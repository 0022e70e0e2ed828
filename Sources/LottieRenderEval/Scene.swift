import LottieRenderModel
import LottieRenderRaster

/// One resolved, static frame: what to draw, in composition coordinates, bottom first.
package struct Scene: Sendable {
    /// Composition width.
    package var width: Double
    /// Composition height.
    package var height: Double
    /// Nodes in paint order (first painted first).
    package var nodes: [SceneNode]
    /// Blur, fill, tint and tritone run as a browser's SVG filters (linear RGB where lottie-web leaves the default);
    /// false: on the stored sRGB values, as After Effects does.
    package var effectsAsSVGFilters = false
    /// Blurs and drop shadows as ThorVG draws them (`DrawRules.blursAsThorVG`).
    package var blursAsThorVG = false
}

/// A drawable element of a scene.
package enum SceneNode: Sendable {
    /// A filled path.
    indirect case fill(path: Path, transform: Transform, rule: FillRule, paint: Paint, opacity: Double)
    /// A stroked path (the width is in the path's coordinates).
    indirect case stroke(path: Path, transform: Transform, style: StrokeStyle, paint: Paint, opacity: Double)
    /// An image asset drawn into the rectangle (0,0)–(width,height) placed by `transform`.
    indirect case image(assetId: String, width: Double, height: Double, transform: Transform, opacity: Double)
    /// A group composited as a unit when it needs to be (masks, matte, opacity over overlapping children).
    case group(SceneGroup)
}

/// A group of nodes with its compositing: made once, with every field, and never changed (an immutable reference,
/// so a node or a matte copies as one reference count and whoever walks the scene reads the group where it lies).
/// As a struct inside the indirect enum it was copied out of its box, each of its arrays retained and released,
/// wherever the builder handed it on or a node was matched: 55 000 copies over bodymovin's 103 frames (issue 33).
package final class SceneGroup: Sendable {
    /// Children in paint order.
    package let children: [SceneNode]
    /// Opacity applied to the group as a whole.
    package let opacity: Double
    /// Masks, applied in order.
    package let masks: [SceneMask]
    /// Track matte.
    package let matte: SceneMatte?
    /// How the group, once isolated, is blended onto what is below it (`"bm"`).
    package let blendMode: BlendMode
    /// Layer effects applied to the isolated group, in order (`"ef"`).
    package let effects: [SceneEffect]
    /// Motion blur: the children are the same layer at sample times across the shutter, drawn averaged.
    package let averageChildren: Bool
    /// A 3-D layer seen through a camera: children, masks and effects are in the layer's own plane, and this maps
    /// that plane into the composition (perspective). Matte, blend and opacity apply after the projection.
    package let projection: Homography?
    /// rlottie's 8-bit compositing when this layer is drawn offscreen (``EightBitComposite``); nil otherwise.
    package let eightBit: EightBitComposite?

    /// Creates a group.
    package init(
        children: [SceneNode], opacity: Double = 1, masks: [SceneMask] = [], matte: SceneMatte? = nil,
        blendMode: BlendMode = .normal, effects: [SceneEffect] = [], averageChildren: Bool = false,
        projection: Homography? = nil, eightBit: EightBitComposite? = nil
    ) {
        self.children = children; self.opacity = opacity; self.masks = masks; self.matte = matte
        self.blendMode = blendMode; self.effects = effects; self.averageChildren = averageChildren
        self.projection = projection; self.eightBit = eightBit
    }

    /// Number of path elements below this group (a measure of its geometry's size).
    package var elementCount: Int {
        children.reduce(0) { n, c in
            switch c {
            case .fill(let p, _, _, _, _), .stroke(let p, _, _, _, _): return n + p.elements.count
            case .image: return n + 4
            case .group(let g): return n + g.elementCount
            }
        }
    }

    /// Number of leaf drawing nodes below this group.
    package var leafCount: Int { SceneGroup.leafCount(children) }

    /// Number of leaf drawing nodes in `nodes` and below them.
    package static func leafCount(_ nodes: [SceneNode]) -> Int {
        nodes.reduce(0) { n, c in
            if case .group(let g) = c { return n + g.leafCount }
            return n + 1
        }
    }
}

/// A resolved mask.
package struct SceneMask: Sendable {
    /// Outline.
    package var path: Path
    /// Outline's placement.
    package var transform: Transform
    /// How it combines with the masks before it.
    package var mode: MaskMode
    /// Inverted.
    package var inverted: Bool
    /// Opacity 0…1.
    package var opacity: Double
    /// Expansion (positive grows) in the path's units.
    package var expansion: Double
    /// Feather (`"f"`): the width of the soft edge, in the path's units.
    package var feather: Double = 0
}

/// A resolved track matte: the source's pixels decide where the group shows.
package struct SceneMatte: Sendable {
    /// Mode.
    package var mode: MatteMode
    /// The matte source, rendered like any group.
    package var source: SceneGroup
    /// A luma matte from the source's colour alone, its alpha ignored (rlottie).
    package var lumaIgnoresAlpha = false
}

/// A layer effect resolved for one frame. Lengths are in composition pixels (the renderer scales them to the device).
package enum SceneEffect: Sendable {
    /// Fill (`"ty": 21`).
    case fill(color: Color, opacity: Double)
    /// Tint (`"ty": 20`).
    case tint(black: Color, white: Color, amount: Double)
    /// Tritone (`"ty": 23`).
    case tritone(highlights: Color, midtones: Color, shadows: Color, blend: Double)
    /// Drop shadow (`"ty": 25`): direction in degrees clockwise from up.
    case dropShadow(
        color: Color, opacity: Double, direction: Double, distance: Double, softness: Double, shadowOnly: Bool)
    /// Levels (`"ty": 24`, Pro Levels): the composite curve and the red, green, blue and alpha curves.
    case levels(composite: LevelsCurve, red: LevelsCurve, green: LevelsCurve, blue: LevelsCurve, alpha: LevelsCurve)
    /// Stroke (`"ty": 22`): paints along the layer's mask paths (already cut to the effect's start and end), placed
    /// by `transform`. `width` is the brush diameter and `dabSpacing` the distance between brush dabs (0: a
    /// continuous line), both in the paths' units.
    case stroke(
        paths: [Path], transform: Transform, color: Color, opacity: Double, width: Double, dabSpacing: Double,
        style: StrokeEffectStyle)
    /// Hue/saturation (`"ty": 19`): master hue (degrees), saturation and lightness (−100…100).
    case hueSaturation(hue: Double, saturation: Double, lightness: Double)
    /// Gaussian blur (`"ty": 29`). With "Repeat Edge Pixels" on, `repeatEdgesOf` is the layer's bounds: the blur
    /// takes the pixels beyond them to be copies of the nearest edge pixel and keeps the result within them.
    case blur(blurriness: Double, horizontal: Bool, vertical: Bool, repeatEdgesOf: SceneRect?)
    /// Set Matte (`"ty": 28`): the layer is masked by a value of another layer of its composition, drawn as it
    /// appears (that layer stays visible too).
    indirect case setMatte(source: SceneNode, channel: MatteChannel, inverted: Bool)
}

/// A rectangle in its own space placed by a transform, such as a layer's bounds.
package struct SceneRect: Sendable {
    /// The rectangle in its own space.
    package var rect: Rect
    /// From that space to the composition's.
    package var transform: Transform

    /// A rectangle placed by `transform`.
    package init(rect: Rect, transform: Transform) {
        self.rect = rect
        self.transform = transform
    }
}

extension SceneEffect {
    /// True for effects that draw without any pixels of the layer under them (the stroke effect).
    package var paintsOnItsOwn: Bool {
        if case .stroke(_, _, _, _, _, _, let style) = self {
            return style != .revealOriginal && style != .revealRecoloured
        }
        return false
    }
}

/// Where the stroke effect paints (Paint Style, ``StrokePaintStyle``).
package enum StrokeEffectStyle: Sendable {
    /// Over the layer's pixels.
    case onOriginal
    /// On a transparent layer: the layer's own pixels are hidden.
    case onTransparent
    /// The stroke reveals the layer's pixels: it acts as their alpha.
    case revealOriginal
    /// The stroke reveals the layer's pixels painted in its colour (unless white), whatever the file's paint style
    /// (ThorVG: `DrawRules.strokeEffectAsThorVG`); never read from a file.
    case revealRecoloured
}

/// How rlottie composes a layer it draws offscreen (lottieitem.cpp): a shape layer whose opacity is below 1, a
/// precomp of more than one layer whose opacity is below 1 (`CompLayer::render`), and every matted layer
/// (`renderMatteLayer`) are drawn into a frame-sized bitmap and blended back with 8-bit products that truncate,
/// over the whole frame (``EightBitCompositor``).
package struct EightBitComposite: Sendable, Equatable {
    /// The layer goes offscreen when its opacity is below 1.
    package var offscreenForOpacity: Bool
    /// A matted layer of one drawable is blended back over that drawable's bounds only, not the whole frame.
    package var singleDrawable: Bool
    /// Creates the rule's data for one layer.
    package init(offscreenForOpacity: Bool, singleDrawable: Bool) {
        self.offscreenForOpacity = offscreenForOpacity
        self.singleDrawable = singleDrawable
    }
}
