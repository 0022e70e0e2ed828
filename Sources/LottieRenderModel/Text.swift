/// A text document (`"t"."d"."k"[]."s"`): what a text layer shows from a keyframe on.
package struct TextDocument: Sendable, Equatable {
    /// The text; lines are separated by `\r`, `\n` or `\u{3}`.
    package var text: String
    /// Font name (`"f"`), matching `"fonts"."list"[]."fName"`.
    package var font: String
    /// Font size in pixels (`"s"`).
    package var size: Double
    /// Fill colour, or nil for none (`"fc"`).
    package var fillColor: [Double]?
    /// Stroke colour, or nil (`"sc"`).
    package var strokeColor: [Double]?
    /// Stroke width (`"sw"`).
    package var strokeWidth: Double
    /// Stroke drawn over the fill (`"of"`).
    package var strokeOverFill: Bool
    /// How lines are aligned in the box or at the anchor (`"j"`).
    package var justify: TextJustify
    /// Extra space after each character, in 1/1000 em (`"tr"`).
    package var tracking: Double
    /// Distance between baselines (`"lh"`).
    package var lineHeight: Double
    /// Baseline shift (`"ls"`).
    package var baselineShift: Double
    /// Paragraph box: top-left corner and size (`"ps"`, `"sz"`), for wrapped text.
    package var boxPosition: [Double]?, boxSize: [Double]?
    /// Capitals (`"ca"`).
    package var caps: TextCaps
}

/// A range selector's shape (`"sh"`).
package enum SelectorShape: Int, Sendable {
    case square = 1, rampUp, rampDown, triangle, round, smooth
}

/// A text animator (`"t"."a"[]`): a range selector and the properties it applies.
package struct TextAnimator: Sendable {
    /// Selection start, end and offset (`"s"."s"`, `"e"`, `"o"`), in percent or indices.
    package var start: NumberProperty, end: NumberProperty, offset: NumberProperty
    /// What start, end and offset count (`"r"`).
    package var units: SelectorUnits
    /// What the selector selects (`"b"`).
    package var basedOn: SelectorBasis
    /// Shape (`"sh"`).
    package var shape: SelectorShape
    /// Amount (`"a"`), percent.
    package var amount: NumberProperty
    /// Ease High and Ease Low (`"xe"`, `"ne"`), −100…100 percent: the selection eased through a cubic Bézier.
    package var easeHigh: NumberProperty = .constant([0]), easeLow: NumberProperty = .constant([0])
    /// Properties (`"a"` of the animator): position, anchor, scale, rotation, opacity, fill/stroke colour and
    /// opacity, stroke width, tracking. Nil when not animated by this animator.
    package var position: NumberProperty?, anchor: NumberProperty?, scale: NumberProperty?, rotation: NumberProperty?
    /// Opacity, fill and stroke colour (`"o"`, `"fc"`, `"sc"`).
    package var opacity: NumberProperty?, fillColor: NumberProperty?, strokeColor: NumberProperty?
    /// Fill and stroke opacity, stroke width (`"fo"`, `"so"`, `"sw"`).
    package var fillOpacity: NumberProperty?, strokeOpacity: NumberProperty?, strokeWidth: NumberProperty?
    /// Tracking in 1/1000 em (`"t"`).
    package var tracking: NumberProperty?
}

/// A text layer's data (`"t"`).
package struct TextData: Sendable {
    /// Documents with the time they start (hold keyframes).
    package var documents: [(time: Double, document: TextDocument)]
    /// The source text's expression (`"t"."d"."x"`): it replaces the document's text.
    package var sourceExpression: ExpressionRef? = nil
    /// Animators in order.
    package var animators: [TextAnimator]
    /// Grouping alignment offset (`"m"."a"`).
    package var alignment: NumberProperty
    /// Text on a path (`"p"`): the mask index whose path the text follows.
    package var pathMask: Int? = nil
    /// First margin along the path (`"p"."f"`).
    package var firstMargin: NumberProperty = .constant([0])
    /// Last margin along the path (`"p"."l"`).
    package var lastMargin: NumberProperty = .constant([0])
    /// Characters turn with the path (`"p"."p"`).
    package var perpendicular: NumberProperty = .constant([1])
    /// The path is followed from its end (`"p"."r"`).
    package var reversePath: NumberProperty = .constant([0])
    /// Characters spread evenly between the margins (`"p"."a"`, Force Alignment).
    package var forceAlignment: NumberProperty = .constant([0])
}

/// A glyph from `"chars"`: its outline as shape items, drawn at size 100.
package struct Glyph: Sendable {
    /// The character.
    package var character: String
    /// Font family and style.
    package var family: String, style: String
    /// Advance width at size 100 (`"w"`).
    package var width: Double
    /// Outline (`"data"."shapes"`).
    package var shapes: [ShapeItem]
}

/// A font from `"fonts"."list"`.
package struct FontInfo: Sendable {
    /// Name, family, style (`"fName"`, `"fFamily"`, `"fStyle"`).
    package var name: String, family: String, style: String
    /// Ascent as a percentage of the size (`"ascent"`).
    package var ascent: Double
    /// Where the font comes from (`"origin"`, `"fPath"`).
    package var origin: FontOrigin, path: String
}

/// Where a font of `"fonts"."list"` comes from (`"origin"`: 0 the system, 1 a CSS URL, 2 a script, 3 a font URL or
/// file; absent or negative: not said).
package enum FontOrigin: Sendable, Equatable {
    /// Not given (absent or negative).
    case unspecified
    /// A font of the system (0).
    case local
    /// Loaded from a CSS URL (1).
    case cssURL
    /// Loaded by a script (2).
    case script
    /// Loaded from a font file or URL in `"fPath"` (3).
    case fontURL
    /// A later code, taken as loaded from somewhere.
    case other

    /// The origin of code `code`.
    package init(code: Int) {
        switch code {
        case 0: self = .local
        case 1: self = .cssURL
        case 2: self = .script
        case 3: self = .fontURL
        case 4...: self = .other
        default: self = .unspecified
        }
    }

    /// True for a font loaded from a URL, a script or a file (any code past 0).
    package var isLoaded: Bool {
        switch self {
        case .cssURL, .script, .fontURL, .other: true
        case .unspecified, .local: false
        }
    }
}

extension TextDocument {
    /// True for the characters that end a line of Bodymovin text (`"t"`): carriage return, line feed, CR LF and
    /// U+0003.
    package static func isLineBreak(_ c: Character) -> Bool { c == "\r" || c == "\n" || c == "\u{3}" || c == "\r\n" }
}

/// How a text document's lines are aligned (`"j"`: 0 left, 1 right, 2 centre, 3–6 justified with the last line
/// left, right, centred or justified too).
package enum TextJustify: Sendable, Equatable {
    /// Left (0).
    case left
    /// Right (1).
    case right
    /// Centred (2).
    case center
    /// Justified, the last line left (3), right (4), centred (5) or justified (6); drawn as left-aligned lines.
    case justified
    /// Any other code, drawn as left-aligned lines.
    case unknown

    /// The alignment of code `code`.
    package init(code: Int) {
        switch code {
        case 0: self = .left
        case 1: self = .right
        case 2: self = .center
        case 3...6: self = .justified
        default: self = .unknown
        }
    }

    /// The share of a line's width it is moved left by: 1 right, ½ centred, else 0.
    package var alignmentShare: Double {
        switch self {
        case .right: 1
        case .center: 0.5
        default: 0
        }
    }
}

/// Capitals of a text document (`"ca"`: 0 as written, 1 all caps, 2 small caps; other codes as written).
package enum TextCaps: Sendable, Equatable {
    /// As written (0).
    case asWritten
    /// Every letter a capital (1).
    case allCaps
    /// Lower-case letters drawn as capitals at 70 % of the size (2).
    case smallCaps

    /// The capitals of code `code`.
    package init(code: Int) { self = code == 1 ? .allCaps : code == 2 ? .smallCaps : .asWritten }
}

/// What a range selector's start, end and offset count (`"r"`: 1 percent, 2 index; other codes percent).
package enum SelectorUnits: Sendable, Equatable {
    /// Percent of the units (1).
    case percent
    /// Unit indices (2).
    case index

    /// The units of code `code`.
    package init(code: Int) { self = code == 2 ? .index : .percent }
}

/// What a range selector selects (`"b"`: 1 characters, 2 characters excluding spaces, 3 words, 4 lines; other codes
/// characters).
package enum SelectorBasis: Sendable, Equatable {
    /// Every character (1).
    case characters
    /// Characters other than spaces (2).
    case charactersExcludingSpaces
    /// Words (3).
    case words
    /// Lines (4).
    case lines

    /// The basis of code `code`.
    package init(code: Int) {
        switch code {
        case 2: self = .charactersExcludingSpaces
        case 3: self = .words
        case 4: self = .lines
        default: self = .characters
        }
    }
}
