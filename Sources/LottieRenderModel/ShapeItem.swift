/// One item of a shape layer's content (`"shapes"[]`, `"it"[]`), by `"ty"`. Items with properties are held
/// indirectly, so an item is one reference wide however many properties it has.
package enum ShapeItem: Sendable {
    /// `"gr"`: a group of items; its last `"tr"` item is its transform.
    indirect case group(ShapeGroup)
    /// `"sh"`: a bezier path (`"ks"`).
    case path(Animatable<BezierShape>, reversed: Bool)
    /// `"rc"`: a rectangle, in a box read in place each frame (``Boxed/read(_:)``), as fills are: binding an
    /// indirect payload copied its properties out first, retaining each.
    case rect(Boxed<RectShape>)
    /// `"el"`: an ellipse, in a box read in place.
    case ellipse(Boxed<EllipseShape>)
    /// `"sr"`: a star or polygon, in a box read in place.
    case star(Boxed<StarShape>)
    /// `"fl"` and `"gf"`: a solid or gradient fill, in a box read in place each frame (``Boxed/read(_:)``): binding an
    /// indirect payload copied every property out of it first.
    case fill(Boxed<FillItem>)
    /// `"st"` and `"gs"`: a solid or gradient stroke, in a box as fills are.
    case stroke(Boxed<StrokeItem>)
    /// `"tm"`: trim paths, in a box: a frame reads its three properties in place (``Boxed/read(_:)``), where binding
    /// an indirect payload copied all three out first, retaining their keyframes.
    case trim(Boxed<TrimPaths>)
    /// Merge paths (`"ty": "mm"`), by its mode (`"mm"`).
    case merge(mode: MergeMode)
    /// Repeater (`"rp"`).
    indirect case repeater(Repeater)
    /// A path modifier: round corners, pucker/bloat, zig-zag, offset path, twist.
    indirect case modifier(PathModifier)
    /// `"tr"`: a transform (kept here only when it is not a group's last item), in the box its group then holds:
    /// the group takes it without copying the transform's fields.
    case transform(Boxed<LayerTransform>)
    /// Anything else (modifiers not rendered yet), by its `"ty"`.
    case unsupported(String)
}

extension ShapeItem {
    /// The paint of a fill or stroke (`"fl"`, `"gf"`, `"st"`, `"gs"`), read from its box; nil for other items.
    package var stylePaint: StylePaint? {
        switch self {
        case .fill(let f): f.read(\.paint)
        case .stroke(let s): s.read(\.paint)
        default: nil
        }
    }
}

/// A shape group (`"ty":"gr"`).
package struct ShapeGroup: Sendable {
    /// Creates a group.
    package init(items: [ShapeItem], transform: LayerTransform?) {
        self.items = items
        boxedTransform = transform.map(Boxed.init)
    }
    /// Creates a group holding `transformBox` as its transform (shared, not copied).
    package init(items: [ShapeItem], transformBox: Boxed<LayerTransform>?) {
        self.items = items
        boxedTransform = transformBox
    }
    /// Items in file order (first is on top).
    package var items: [ShapeItem]
    /// The transform, held indirectly: a group copies as two references.
    private var boxedTransform: Boxed<LayerTransform>?
    /// The group's transform (`"tr"`).
    package var transform: LayerTransform? {
        get { boxedTransform?.value }
        set { boxedTransform = newValue.map(Boxed.init) }
    }
    /// The box holding the transform, lent to a reader with `Boxed.read` (from another module, `transform` and
    /// the box's `value` both copy the whole transform, every property's arrays retained).
    package var transformBox: Boxed<LayerTransform>? { boxedTransform }
    /// True when the transform's position or anchor has a curved spatial span (read in place, without a copy).
    package var transformHasSpatialTangents: Bool {
        boxedTransform?.value.hasSpatialTangents ?? false
    }
}

/// A rectangle (`"ty":"rc"`).
package struct RectShape: Sendable {
    /// Centre (`"p"`).
    package var position: NumberProperty
    /// Size (`"s"`).
    package var size: NumberProperty
    /// Corner roundness (`"r"`).
    package var roundness: NumberProperty
    /// Drawn counter-clockwise (`"d":3`).
    package var reversed: Bool
}

/// An ellipse (`"ty":"el"`).
package struct EllipseShape: Sendable {
    /// Centre (`"p"`).
    package var position: NumberProperty
    /// Size (`"s"`).
    package var size: NumberProperty
    /// Drawn counter-clockwise (`"d":3`).
    package var reversed: Bool
}

/// A star or polygon (`"ty":"sr"`).
package struct StarShape: Sendable {
    /// 1 star, 2 polygon (`"sy"`).
    package var isStar: Bool
    /// Centre (`"p"`).
    package var position: NumberProperty
    /// Number of points (`"pt"`).
    package var points: NumberProperty
    /// Rotation in degrees (`"r"`).
    package var rotation: NumberProperty
    /// Outer radius (`"or"`) and roundness in percent (`"os"`).
    package var outerRadius: NumberProperty, outerRoundness: NumberProperty
    /// Inner radius (`"ir"`) and roundness (`"is"`), stars only.
    package var innerRadius: NumberProperty, innerRoundness: NumberProperty
    /// Drawn counter-clockwise (`"d":3`).
    package var reversed: Bool
}

/// A gradient's geometry and stops (`"gf"`/`"gs"`).
package struct GradientSpec: Sendable {
    /// 1 linear, 2 radial (`"t"`).
    package var isRadial: Bool
    /// Start point (`"s"`).
    package var start: NumberProperty
    /// End point (`"e"`).
    package var end: NumberProperty
    /// Highlight length in percent (`"h"`), radial only.
    package var highlightLength: NumberProperty
    /// Highlight angle in degrees (`"a"`), radial only.
    package var highlightAngle: NumberProperty
    /// Number of colour stops (`"g.p"`).
    package var colorStopCount: Int
    /// Flat stop data: colour stops `[offset,r,g,b]…` then opacity stops `[offset,a]…` (`"g.k"`).
    package var stops: NumberListProperty
}

/// Paint of a fill or stroke.
package enum StylePaint: Sendable {
    /// A solid colour (`"c"`, RGB(A) in 0…1).
    case color(NumberProperty)
    /// A gradient.
    indirect case gradient(GradientSpec)
}

/// A fill (`"fl"`, `"gf"`).
package struct FillItem: Sendable {
    /// Creates a fill.
    package init(paint: StylePaint, opacity: NumberProperty, evenOdd: Bool) {
        self.paint = paint; self.opacity = opacity; self.evenOdd = evenOdd
    }
    /// Colour or gradient.
    package var paint: StylePaint
    /// Opacity in percent (`"o"`).
    package var opacity: NumberProperty
    /// Even-odd when `"r": 2`, else non-zero.
    package var evenOdd: Bool
}

/// A dash pattern entry (`"d"[]`: `"n"` is d, g or o).
package struct DashEntry: Sendable {
    /// `"d"` dash, `"g"` gap, `"o"` offset.
    package var kind: String
    /// Length (`"v"`).
    package var value: NumberProperty
}

/// A stroke (`"st"`, `"gs"`).
package struct StrokeItem: Sendable {
    /// Creates a stroke.
    package init(
        paint: StylePaint, opacity: NumberProperty, width: NumberProperty, lineCap: LineCapStyle,
        lineJoin: LineJoinStyle,
        miterLimit: Double, dashes: [DashEntry]
    ) {
        self.paint = paint; self.opacity = opacity; self.width = width; self.lineCap = lineCap
        self.lineJoin = lineJoin; self.miterLimit = miterLimit; self.dashes = dashes
    }
    /// Colour or gradient.
    package var paint: StylePaint
    /// Opacity in percent (`"o"`).
    package var opacity: NumberProperty
    /// Width (`"w"`).
    package var width: NumberProperty
    /// Line cap (`"lc"`).
    package var lineCap: LineCapStyle
    /// Line join (`"lj"`).
    package var lineJoin: LineJoinStyle
    /// Miter limit (`"ml"`, or animated `"ml2"`).
    package var miterLimit: Double
    /// Dashes (`"d"`).
    package var dashes: [DashEntry]
}

/// Trim paths (`"ty":"tm"`).
package struct TrimPaths: Sendable {
    /// Start in percent (`"s"`).
    package var start: NumberProperty
    /// End in percent (`"e"`).
    package var end: NumberProperty
    /// Offset in degrees (`"o"`).
    package var offset: NumberProperty
    /// Trim each path separately (`"m":1`, simultaneously) or all as one (`"m":2`, individually).
    package var individually: Bool
}

/// Repeater (`"ty": "rp"`): copies of everything before it in its group.
package struct Repeater: Sendable {
    /// Number of copies (`"c"`) and offset (`"o"`).
    package var copies: NumberProperty, offset: NumberProperty
    /// Which copy is on top (`"m"`).
    package var composite: RepeaterComposite
    /// Per-copy transform (`"tr"`: anchor, position, scale, rotation) and start/end opacity (`"so"`, `"eo"`).
    package var anchor: NumberProperty, position: NumberProperty, scale: NumberProperty, rotation: NumberProperty
    /// Opacity of the first and the last copy in percent (`"tr"."so"`, `"tr"."eo"`).
    package var startOpacity: NumberProperty, endOpacity: NumberProperty
}

/// Path modifiers that change every path before them in their group.
package enum PathModifier: Sendable {
    /// Round corners (`"rd"`, `"r"` radius).
    case roundCorners(radius: NumberProperty)
    /// Pucker and bloat (`"pb"`, `"a"` amount in percent).
    case puckerBloat(amount: NumberProperty)
    /// Zig-zag (`"zz"`: `"s"` size, `"r"` ridges per segment, `"pt"` 1 corner / 2 smooth).
    case zigZag(size: NumberProperty, ridges: NumberProperty, smooth: NumberProperty)
    /// Offset path (`"op"`: `"a"` amount, `"lj"` join, `"ml"` miter limit).
    case offset(amount: NumberProperty, join: LineJoinStyle, miterLimit: NumberProperty)
    /// Twist (`"tw"`: `"a"` angle, `"c"` centre).
    case twist(angle: NumberProperty, center: NumberProperty)

    /// Which modifier it is.
    package var kind: PathModifierKind {
        switch self {
        case .roundCorners: .roundCorners
        case .puckerBloat: .puckerBloat
        case .zigZag: .zigZag
        case .offset: .offset
        case .twist: .twist
        }
    }
}

/// The kinds of path modifier, without their values (for the player rules that leave some out).
package enum PathModifierKind: Sendable, Hashable, CaseIterable {
    /// Round corners (`"rd"`).
    case roundCorners
    /// Pucker and bloat (`"pb"`).
    case puckerBloat
    /// Zig zag (`"zz"`).
    case zigZag
    /// Offset path (`"op"`).
    case offset
    /// Twist (`"tw"`).
    case twist

    /// The `"ty"` code, for feature names (`shape:pb`).
    package var code: String {
        switch self {
        case .roundCorners: "rd"
        case .puckerBloat: "pb"
        case .zigZag: "zz"
        case .offset: "op"
        case .twist: "tw"
        }
    }
}

/// A stroke's line cap (`"lc"`: 1 butt, 2 round, 3 square; any other code reads as round, the default).
package enum LineCapStyle: Sendable, Equatable {
    /// The line stops at its end (1).
    case butt
    /// A half disc past the end (2).
    case round
    /// A half square past the end (3).
    case square

    /// The cap of code `code`.
    package init(code: Int) { self = code == 1 ? .butt : code == 3 ? .square : .round }
}

/// A stroke's line join (`"lj"`: 1 miter, 2 round, 3 bevel; any other code reads as round, the default).
package enum LineJoinStyle: Sendable, Equatable {
    /// A sharp corner, cut at the miter limit (1).
    case miter
    /// A rounded corner (2).
    case round
    /// A corner cut straight (3).
    case bevel

    /// The join of code `code`; a code outside 1…3 reads as `unknown`.
    package init(code: Int, unknown: LineJoinStyle = .round) {
        switch code {
        case 1: self = .miter
        case 2: self = .round
        case 3: self = .bevel
        default: self = unknown
        }
    }
}

/// How merge paths combine the paths before them (`"mm"`: 1 merge, 2 add, 3 subtract, 4 intersect, 5 exclude
/// intersections).
package enum MergeMode: Sendable, Equatable {
    /// The paths together, as they are (1).
    case merge
    /// Union (2).
    case add
    /// The first path less the later ones (3).
    case subtract
    /// Intersection (4).
    case intersect
    /// Exclusive or (5).
    case exclude
    /// Any other code: the paths wound one way and filled together by the fill's own rule.
    case unknown

    /// The mode of code `code`.
    package init(code: Int) {
        switch code {
        case 1: self = .merge
        case 2: self = .add
        case 3: self = .subtract
        case 4: self = .intersect
        case 5: self = .exclude
        default: self = .unknown
        }
    }
}

/// Which of a repeater's copies is drawn on top (`"m"`: 1 above, each copy above the one before; 2 below; other codes
/// read as 1).
package enum RepeaterComposite: Sendable, Equatable {
    /// Each copy above the one before (1).
    case above
    /// Each copy below the one before (2).
    case below

    /// The composite of code `code`.
    package init(code: Int) { self = code == 2 ? .below : .above }
}

/// The zig-zag modifier's Points menu (`"zz"."pt"`, animatable): corners (1) or smooth (2).
package enum ZigZagPoints: Sendable, Equatable {
    /// Sharp ridges (1, and any value below 2).
    case corner
    /// Rounded ridges (2 and above).
    case smooth

    /// The choice of menu value `value`.
    package init(value: Double) { self = value >= 2 ? .smooth : .corner }
}
