/// A layer of a composition.
public struct Layer: Sendable {
    /// Index used for parenting and matte references (`"ind"`).
    public var index: Int?
    /// Parent layer index (`"parent"`).
    public var parent: Int?
    /// Name (`"nm"`).
    public var name: String
    /// In point in the containing composition's frames (`"ip"`).
    public var inPoint: Double
    /// Out point (`"op"`).
    public var outPoint: Double
    /// Start time offset (`"st"`).
    public var startTime: Double
    /// Time stretch (`"sr"`).
    public var timeStretch: Double
    /// Transform (`"ks"`).
    public var transform: LayerTransform
    /// Auto-orient along the position path (`"ao"`).
    public var autoOrient: Bool
    /// Masks (`"masksProperties"`).
    public var masks: [Mask]
    /// Track matte mode using the matte source above it (`"tt"`).
    public var matteMode: MatteMode?
    /// This layer is a matte source (`"td"`).
    public var isMatteSource: Bool
    /// Explicit matte source index (`"tp"`).
    public var matteParent: Int?
    /// Hidden (`"hd"`).
    public var hidden: Bool
    /// Blend mode (`"bm"`), 0 is normal.
    public var blendMode: Int
    /// 3-D layer (`"ddd"`).
    public var is3D: Bool
    /// What the layer draws.
    public var content: LayerContent
    /// Collapse transformations (`"ct"`): a precomp's content is not clipped to its size.
    public var collapse: Bool = false
    /// Motion blur (`"mb"`).
    public var motionBlur: Bool = false
    /// Layer effects (`"ef"`), in order.
    public var effects: [LayerEffect] = []
}

/// The kind-specific part of a layer (`"ty"`).
public enum LayerContent: Sendable {
    /// Shape layer (ty 4).
    case shapes([ShapeItem])
    /// Precomposition layer (ty 0): asset id, its size, optional time remap (`"tm"`, seconds).
    case precomp(refId: String, width: Double, height: Double, timeRemap: NumberProperty?)
    /// Solid layer (ty 1): colour `"sc"`, size `"sw"`×`"sh"`.
    case solid(color: [Double], width: Double, height: Double)
    /// Image layer (ty 2).
    case image(refId: String)
    /// Null layer (ty 3): a transform only.
    case null
    /// Text (`"t"`).
    case text(TextData)
    /// Camera (ty 13): zoom (`"pe"`, the distance in pixels at which the z = 0 plane is shown at 100 %) and, for a
    /// two-node camera, the point of interest (`"ks.a"`).
    case camera(zoom: NumberProperty, pointOfInterest: NumberProperty?)
    /// A layer kind that draws nothing here (audio, data, …), with its `ty`.
    case unsupported(type: Int)
}

/// Track matte modes (`"tt"`).
public enum MatteMode: Int, Sendable {
    /// Alpha matte.
    case alpha = 1
    /// Inverted alpha matte.
    case alphaInverted = 2
    /// Luma matte.
    case luma = 3
    /// Inverted luma matte.
    case lumaInverted = 4
}

/// The 3-D part of a layer transform (`"rx"`, `"ry"`, `"or"`); `"rz"` is the ordinary rotation.
public struct Transform3D: Sendable {
    /// X and Y rotation in degrees, and orientation (x, y, z degrees).
    public var rotationX: NumberProperty, rotationY: NumberProperty, orientation: NumberProperty
    /// Creates a 3-D rotation.
    public init(rotationX: NumberProperty, rotationY: NumberProperty, orientation: NumberProperty) {
        self.rotationX = rotationX; self.rotationY = rotationY; self.orientation = orientation
    }
}

/// A layer transform (`"ks"`), also used for shape groups (`"ty":"tr"`).
public struct LayerTransform: Sendable {
    /// 3-D rotation, when the layer is 3-D.
    public var threeD: Transform3D? = nil
    /// Anchor point (`"a"`).
    public var anchor: NumberProperty
    /// Position (`"p"`).
    public var position: PositionProperty
    /// The z part of a split position (`"p.z"`), used by 3-D layers.
    public var positionZ: NumberProperty? = nil
    /// Scale in percent (`"s"`).
    public var scale: NumberProperty
    /// Rotation in degrees, clockwise (`"r"`, or `"rz"` on 3-D layers).
    public var rotation: NumberProperty
    /// Opacity in percent (`"o"`).
    public var opacity: NumberProperty
    /// Skew in degrees (`"sk"`).
    public var skew: NumberProperty
    /// Skew axis in degrees (`"sa"`).
    public var skewAxis: NumberProperty
    /// Creates a transform.
    public init(anchor: NumberProperty, position: PositionProperty, scale: NumberProperty, rotation: NumberProperty,
                opacity: NumberProperty, skew: NumberProperty, skewAxis: NumberProperty) {
        self.anchor = anchor; self.position = position; self.scale = scale; self.rotation = rotation
        self.opacity = opacity; self.skew = skew; self.skewAxis = skewAxis
    }
}

/// A layer mask (`"masksProperties"[]`).
public struct Mask: Sendable {
    /// Feather (`"f"`), x and y in pixels.
    public var feather: NumberProperty = .constant([0, 0])
    /// Mode (`"mode"`).
    public var mode: MaskMode
    /// Inverted (`"inv"`).
    public var inverted: Bool
    /// Outline (`"pt"`).
    public var path: Animatable<BezierShape>
    /// Opacity in percent (`"o"`).
    public var opacity: NumberProperty
    /// Expansion in pixels (`"x"`).
    public var expansion: NumberProperty
}

/// Mask modes (`"mode"`: a, s, i, l, d, f, n).
public enum MaskMode: String, Sendable {
    /// Add (union).
    case add = "a"
    /// Subtract.
    case subtract = "s"
    /// Intersect.
    case intersect = "i"
    /// Lighten (maximum).
    case lighten = "l"
    /// Darken (minimum).
    case darken = "d"
    /// Difference.
    case difference = "f"
    /// No effect.
    case none = "n"
}
