/// A layer of a composition. Its fields are held in one shared, immutable allocation (`Boxed`): a layer copies as
/// one reference (the scene is built from copies of layers every frame), and setting a field replaces the whole.
package struct Layer: Sendable {
    /// The fields, held once.
    private var storage: Boxed<LayerFields>

    /// A layer with `fields`.
    init(_ fields: LayerFields) { storage = Boxed(fields) }

    /// Replaces the fields with `body` applied to a copy of them.
    private mutating func update(_ body: (inout LayerFields) -> Void) {
        var f = storage.value
        body(&f)
        storage = Boxed(f)
    }

    /// Index used for parenting and matte references (`"ind"`).
    package var index: Int? {
        get { storage.value.index }
        set { update { $0.index = newValue } }
    }

    /// Parent layer index (`"parent"`).
    package var parent: Int? {
        get { storage.value.parent }
        set { update { $0.parent = newValue } }
    }

    /// Name (`"nm"`).
    package var name: String {
        get { storage.value.name }
        set { update { $0.name = newValue } }
    }

    /// In point in the containing composition's frames (`"ip"`).
    package var inPoint: Double {
        get { storage.value.inPoint }
        set { update { $0.inPoint = newValue } }
    }

    /// Out point (`"op"`).
    package var outPoint: Double {
        get { storage.value.outPoint }
        set { update { $0.outPoint = newValue } }
    }

    /// Start time offset (`"st"`).
    package var startTime: Double {
        get { storage.value.startTime }
        set { update { $0.startTime = newValue } }
    }

    /// Time stretch (`"sr"`).
    package var timeStretch: Double {
        get { storage.value.timeStretch }
        set { update { $0.timeStretch = newValue } }
    }

    /// `"ip"`, `"op"` or `"st"` is absent (read as 0, forever and 0); lottie-web never shows such a layer.
    package var timingKeyMissing: Bool {
        get { storage.value.timingKeyMissing }
        set { update { $0.timingKeyMissing = newValue } }
    }

    /// Transform (`"ks"`).
    package var transform: LayerTransform {
        get { storage.value.transform }
        set { update { $0.transform = newValue } }
    }

    /// `body` applied to the transform read in place: a reader that only evaluates it (a matrix, an opacity, every
    /// frame) takes no copy of it, which the getter's copy did, retaining and releasing every property's storage.
    package func withTransform<R>(_ body: (LayerTransform) -> R) -> R { body(storage.value.transform) }

    /// True when the transform's position or anchor has a curved spatial span (read in place, without a copy).
    package var transformHasSpatialTangents: Bool {
        storage.value.transform.hasSpatialTangents
    }

    /// Auto-orient along the position path (`"ao"`).
    package var autoOrient: Bool {
        get { storage.value.autoOrient }
        set { update { $0.autoOrient = newValue } }
    }

    /// Masks (`"masksProperties"`).
    package var masks: [Mask] {
        get { storage.value.masks }
        set { update { $0.masks = newValue } }
    }

    /// Track matte mode using the matte source above it (`"tt"`).
    package var matteMode: MatteMode? {
        get { storage.value.matteMode }
        set { update { $0.matteMode = newValue } }
    }

    /// This layer is a matte source (`"td"`).
    package var isMatteSource: Bool {
        get { storage.value.isMatteSource }
        set { update { $0.isMatteSource = newValue } }
    }

    /// Explicit matte source index (`"tp"`).
    package var matteParent: Int? {
        get { storage.value.matteParent }
        set { update { $0.matteParent = newValue } }
    }

    /// Hidden (`"hd"`).
    package var hidden: Bool {
        get { storage.value.hidden }
        set { update { $0.hidden = newValue } }
    }

    /// Blend mode (`"bm"`).
    package var blendMode: LayerBlendMode {
        get { storage.value.blendMode }
        set { update { $0.blendMode = newValue } }
    }

    /// 3-D layer (`"ddd"`).
    package var is3D: Bool {
        get { storage.value.is3D }
        set { update { $0.is3D = newValue } }
    }

    /// What the layer draws.
    package var content: LayerContent {
        get { storage.value.content }
        set { update { $0.content = newValue } }
    }

    /// Collapse transformations (`"ct"`): a precomp's content is not clipped to its size.
    package var collapse: Bool {
        get { storage.value.collapse }
        set { update { $0.collapse = newValue } }
    }

    /// Motion blur (`"mb"`).
    package var motionBlur: Bool {
        get { storage.value.motionBlur }
        set { update { $0.motionBlur = newValue } }
    }

    /// Layer effects (`"ef"`), in order.
    package var effects: [LayerEffect] {
        get { storage.value.effects }
        set { update { $0.effects = newValue } }
    }

    /// Layer styles (`"sy"`), drawn after the effects.
    package var styles: [LayerStyle] {
        get { storage.value.styles }
        set { update { $0.styles = newValue } }
    }

    /// Whether `"ddd"` is written before `"ks"` in the layer's object (key order, which rlottie's parser depends on:
    /// a transform read before `"ddd"`, or with `"ddd": 1`, is read as 3-D, its `"r"` ignored).
    /// Whether `"ddd"` is written before `"ks"` in the layer's object (key order, which rlottie's parser depends on:
    /// a transform read before `"ddd"`, or with `"ddd": 1`, is read as 3-D, its `"r"` ignored).
    package var dddBeforeTransform: Bool {
        get { storage.value.dddBeforeTransform }
        set { update { $0.dddBeforeTransform = newValue } }
    }

    /// A shape layer's items as read from each item's `"ty"` key on (the keys written before it absent), when some
    /// item has a key the item readers read written before its `"ty"`: what rlottie, which reads items that way,
    /// draws. Nil otherwise (such items read the same either way).
    package var shapesFromType: [ShapeItem]? {
        get { storage.value.shapesFromType }
        set { update { $0.shapesFromType = newValue } }
    }
}

/// The kind-specific part of a layer (`"ty"`).
/// Cases with more than a reference of payload are indirect, so a copy of the content is one reference.
package enum LayerContent: Sendable {
    /// Shape layer (ty 4).
    case shapes([ShapeItem])
    /// Precomposition layer (ty 0): asset id, its size, optional time remap (`"tm"`, seconds).
    indirect case precomp(refId: String, width: Double, height: Double, timeRemap: NumberProperty?)
    /// Solid layer (ty 1): colour `"sc"`, size `"sw"`×`"sh"`.
    indirect case solid(color: [Double], width: Double, height: Double)
    /// Image layer (ty 2).
    case image(refId: String)
    /// Null layer (ty 3): a transform only.
    case null
    /// Text (`"t"`).
    indirect case text(TextData)
    /// Camera (ty 13): zoom (`"pe"`, the distance in pixels at which the z = 0 plane is shown at 100 %) and, for a
    /// two-node camera, the point of interest (`"ks.a"`).
    indirect case camera(zoom: NumberProperty, pointOfInterest: NumberProperty?)
    /// Data layer (ty 15): a JSON data footage asset (`"refId"`) that expressions read; draws nothing.
    case data(refId: String)
    /// A layer kind that draws nothing here (audio, …), with its `ty`.
    case unsupported(type: Int)

    /// What kind of layer it is, in words: `shape`, `precomp`, `solid`, `image`, `null`, `text`, `camera`, `data`,
    /// `audio` (`"ty": 6`) or `type N` for a code lottie-docs does not list.
    package var kindName: String {
        switch self {
        case .shapes: "shape"
        case .precomp: "precomp"
        case .solid: "solid"
        case .image: "image"
        case .null: "null"
        case .text: "text"
        case .camera: "camera"
        case .data: "data"
        case .unsupported(let ty): ty == 6 ? "audio" : "type \(ty)"
        }
    }
}

/// Track matte modes (`"tt"`).
package enum MatteMode: Int, Sendable {
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
package struct Transform3D: Sendable {
    /// X and Y rotation in degrees, and orientation (x, y, z degrees).
    package var rotationX: NumberProperty, rotationY: NumberProperty, orientation: NumberProperty
    /// Creates a 3-D rotation.
    package init(rotationX: NumberProperty, rotationY: NumberProperty, orientation: NumberProperty) {
        self.rotationX = rotationX; self.rotationY = rotationY; self.orientation = orientation
    }
}

/// A layer transform (`"ks"`), also used for shape groups (`"ty":"tr"`).
package struct LayerTransform: Sendable {
    /// 3-D rotation, when the layer is 3-D.
    package var threeD: Transform3D? = nil
    /// Anchor point (`"a"`).
    package var anchor: NumberProperty
    /// Position (`"p"`).
    package var position: PositionProperty
    /// The z part of a split position (`"p.z"`), used by 3-D layers.
    package var positionZ: NumberProperty? = nil
    /// Scale in percent (`"s"`).
    package var scale: NumberProperty
    /// Rotation in degrees, clockwise (`"r"`, or `"rz"` on 3-D layers).
    package var rotation: NumberProperty
    /// Whether `rotation` was read from `"r"` (false: from `"rz"`, or neither was written).
    package var rotationFromR = true
    /// Opacity in percent (`"o"`).
    package var opacity: NumberProperty
    /// Skew in degrees (`"sk"`).
    package var skew: NumberProperty
    /// Skew axis in degrees (`"sa"`).
    package var skewAxis: NumberProperty
    /// Creates a transform.
    package init(
        anchor: NumberProperty, position: PositionProperty, scale: NumberProperty, rotation: NumberProperty,
        opacity: NumberProperty, skew: NumberProperty, skewAxis: NumberProperty
    ) {
        self.anchor = anchor; self.position = position; self.scale = scale; self.rotation = rotation
        self.opacity = opacity; self.skew = skew; self.skewAxis = skewAxis
    }

    /// Whether the matrix is the same at every time: anchor, position, scale, rotation, skew and the 3-D rotations
    /// are all constants (no keyframes, no expression). Opacity is not part of the matrix.
    package var matrixIsConstant: Bool {
        if let d = threeD, d.rotationX.isAnimated || d.rotationY.isAnimated || d.orientation.isAnimated {
            return false
        }
        return !position.isAnimated && !anchor.isAnimated && !scale.isAnimated && !rotation.isAnimated
            && !skew.isAnimated && !skewAxis.isAnimated
    }

    /// True when the position (combined) or the anchor has a curved spatial span (`"ks.p"`, `"ks.a"` with `"to"`,
    /// `"ti"`): what binding gives arc-length tables to.
    package var hasSpatialTangents: Bool {
        if case .combined(let p) = position, p.hasSpatialTangents { return true }
        return anchor.hasSpatialTangents
    }
}

/// A layer mask (`"masksProperties"[]`).
package struct Mask: Sendable {
    /// Feather (`"f"`), x and y in pixels.
    package var feather: NumberProperty = .constant([0, 0])
    /// Mode (`"mode"`).
    package var mode: MaskMode
    /// Inverted (`"inv"`).
    package var inverted: Bool
    /// Whether `"inv"` is written before `"mode"` (key order, which ThorVG's parser depends on: it maps an inverted
    /// mask to another mode only when it has read `"inv"` first).
    package var inversionBeforeMode = true
    /// Outline (`"pt"`).
    package var path: Animatable<BezierShape>
    /// Opacity in percent (`"o"`).
    package var opacity: NumberProperty
    /// Expansion in pixels (`"x"`).
    package var expansion: NumberProperty
}

/// Mask modes (`"mode"`: a, s, i, l, d, f, n).
package enum MaskMode: String, Sendable {
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

/// How a layer is blended with what is drawn below it (`"bm"`), as After Effects names the modes.
package enum LayerBlendMode: Sendable, Hashable {
    /// Source over (0).
    case normal
    /// Multiply (1).
    case multiply
    /// Screen (2).
    case screen
    /// Overlay (3).
    case overlay
    /// Darken (4).
    case darken
    /// Lighten (5).
    case lighten
    /// Colour dodge (6).
    case colorDodge
    /// Colour burn (7).
    case colorBurn
    /// Hard light (8).
    case hardLight
    /// Soft light (9).
    case softLight
    /// Difference (10).
    case difference
    /// Exclusion (11).
    case exclusion
    /// Hue (12).
    case hue
    /// Saturation (13).
    case saturation
    /// Colour (14).
    case color
    /// Luminosity (15).
    case luminosity
    /// Add (linear dodge) (16).
    case add
    /// Hard mix (17).
    case hardMix
    /// A code After Effects does not export, kept to be reported (drawn normal).
    case unknown(Int)

    /// The modes of codes 0…17, in code order.
    package static let known: [LayerBlendMode] = [
        .normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight, .softLight,
        .difference, .exclusion, .hue, .saturation, .color, .luminosity, .add, .hardMix,
    ]

    /// The mode of code `code`.
    package init(code: Int) {
        self = code >= 0 && code < LayerBlendMode.known.count ? LayerBlendMode.known[code] : .unknown(code)
    }

    /// After Effects' name in lower case with hyphens (`hard-light`), or the code of an unknown mode.
    package var name: String {
        switch self {
        case .normal: "normal"
        case .multiply: "multiply"
        case .screen: "screen"
        case .overlay: "overlay"
        case .darken: "darken"
        case .lighten: "lighten"
        case .colorDodge: "color-dodge"
        case .colorBurn: "color-burn"
        case .hardLight: "hard-light"
        case .softLight: "soft-light"
        case .difference: "difference"
        case .exclusion: "exclusion"
        case .hue: "hue"
        case .saturation: "saturation"
        case .color: "color"
        case .luminosity: "luminosity"
        case .add: "add"
        case .hardMix: "hard-mix"
        case .unknown(let code): "\(code)"
        }
    }
}
