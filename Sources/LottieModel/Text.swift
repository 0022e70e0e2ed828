/// A text document (`"t"."d"."k"[]."s"`): what a text layer shows from a keyframe on.
public struct TextDocument: Sendable, Equatable {
    /// The text; lines are separated by `\r`, `\n` or `\u{3}`.
    public var text: String
    /// Font name (`"f"`), matching `"fonts"."list"[]."fName"`.
    public var font: String
    /// Font size in pixels (`"s"`).
    public var size: Double
    /// Fill colour, or nil for none (`"fc"`).
    public var fillColor: [Double]?
    /// Stroke colour, or nil (`"sc"`).
    public var strokeColor: [Double]?
    /// Stroke width (`"sw"`).
    public var strokeWidth: Double
    /// Stroke drawn over the fill (`"of"`).
    public var strokeOverFill: Bool
    /// 0 left, 1 right, 2 centre, 3–6 justified (last line left, right, centre, full) (`"j"`).
    public var justify: Int
    /// Extra space after each character, in 1/1000 em (`"tr"`).
    public var tracking: Double
    /// Distance between baselines (`"lh"`).
    public var lineHeight: Double
    /// Baseline shift (`"ls"`).
    public var baselineShift: Double
    /// Paragraph box: top-left corner and size (`"ps"`, `"sz"`), for wrapped text.
    public var boxPosition: [Double]?, boxSize: [Double]?
    /// 0 as written, 1 all caps, 2 small caps (`"ca"`).
    public var caps: Int
}

/// A range selector's shape (`"sh"`).
public enum SelectorShape: Int, Sendable {
    case square = 1, rampUp, rampDown, triangle, round, smooth
}

/// A text animator (`"t"."a"[]`): a range selector and the properties it applies.
public struct TextAnimator: Sendable {
    /// Selection start, end and offset (`"s"."s"`, `"e"`, `"o"`), in percent or indices.
    public var start: NumberProperty, end: NumberProperty, offset: NumberProperty
    /// 1 percent, 2 index (`"r"`).
    public var units: Int
    /// 1 characters, 2 characters excluding spaces, 3 words, 4 lines (`"b"`).
    public var basedOn: Int
    /// Shape (`"sh"`).
    public var shape: SelectorShape
    /// Amount (`"a"`), percent.
    public var amount: NumberProperty
    /// Properties (`"a"` of the animator): position, anchor, scale, rotation, opacity, fill/stroke colour and
    /// opacity, stroke width, tracking. Nil when not animated by this animator.
    public var position: NumberProperty?, anchor: NumberProperty?, scale: NumberProperty?, rotation: NumberProperty?
    /// Opacity, fill and stroke colour (`"o"`, `"fc"`, `"sc"`).
    public var opacity: NumberProperty?, fillColor: NumberProperty?, strokeColor: NumberProperty?
    /// Fill and stroke opacity, stroke width (`"fo"`, `"so"`, `"sw"`).
    public var fillOpacity: NumberProperty?, strokeOpacity: NumberProperty?, strokeWidth: NumberProperty?
    /// Tracking in 1/1000 em (`"t"`).
    public var tracking: NumberProperty?
}

/// A text layer's data (`"t"`).
public struct TextData: Sendable {
    /// Documents with the time they start (hold keyframes).
    public var documents: [(time: Double, document: TextDocument)]
    /// Animators in order.
    public var animators: [TextAnimator]
    /// Grouping alignment offset (`"m"."a"`).
    public var alignment: NumberProperty
    /// Text on a path (`"p"`): the mask index whose path the text follows.
    public var pathMask: Int? = nil
    /// First margin along the path (`"p"."f"`).
    public var firstMargin: NumberProperty = .constant([0])
    /// Last margin along the path (`"p"."l"`).
    public var lastMargin: NumberProperty = .constant([0])
    /// Characters turn with the path (`"p"."p"`).
    public var perpendicular: NumberProperty = .constant([1])
    /// The path is followed from its end (`"p"."r"`).
    public var reversePath: NumberProperty = .constant([0])
    /// Characters spread evenly between the margins (`"p"."a"`, Force Alignment).
    public var forceAlignment: NumberProperty = .constant([0])
}

/// A glyph from `"chars"`: its outline as shape items, drawn at size 100.
public struct Glyph: Sendable {
    /// The character.
    public var character: String
    /// Font family and style.
    public var family: String, style: String
    /// Advance width at size 100 (`"w"`).
    public var width: Double
    /// Outline (`"data"."shapes"`).
    public var shapes: [ShapeItem]
}

/// A font from `"fonts"."list"`.
public struct FontInfo: Sendable {
    /// Name, family, style (`"fName"`, `"fFamily"`, `"fStyle"`).
    public var name: String, family: String, style: String
    /// Ascent as a percentage of the size (`"ascent"`).
    public var ascent: Double
    /// Where the font comes from (`"origin"`, `"fPath"`).
    public var origin: Int, path: String
}

extension TextDocument {
    /// True for the characters that end a line of Bodymovin text (`"t"`): carriage return, line feed, CR LF and
    /// U+0003.
    public static func isLineBreak(_ c: Character) -> Bool { c == "\r" || c == "\n" || c == "\u{3}" || c == "\r\n" }
}
