/// A layer style (`"sy"`), as After Effects' Layer Styles export them. lottie-render draws the drop shadow
/// (``LayerStyleKind/dropShadow``); the others are read so that they can be reported.
package struct LayerStyle: Sendable {
    /// What the style draws (`"ty"`).
    package var type: LayerStyleKind
    /// Colour (`"c"`), opacity in percent (`"o"`), angle in degrees (`"a"`: 0 puts the shadow to the left, 90
    /// below), size (`"s"`, the blur), distance (`"d"`) and choke (`"ch"`, percent).
    package var color: NumberProperty, opacity: NumberProperty, angle: NumberProperty
    package var size: NumberProperty, distance: NumberProperty, choke: NumberProperty

    /// The styles lottie-render draws.
    package static let rendered: Set<LayerStyleKind> = [.dropShadow]

    /// The feature name of style `kind` (`layer-style:drop-shadow`).
    package static func featureName(_ kind: LayerStyleKind) -> String { "layer-style:" + kind.name }
}

/// What a layer style draws (`"sy"[]."ty"`).
package enum LayerStyleKind: Sendable, Hashable {
    /// Stroke (0).
    case stroke
    /// Drop shadow (1).
    case dropShadow
    /// Inner shadow (2).
    case innerShadow
    /// Outer glow (3).
    case outerGlow
    /// Inner glow (4).
    case innerGlow
    /// Bevel and emboss (5).
    case bevelEmboss
    /// Satin (6).
    case satin
    /// Colour overlay (7).
    case colorOverlay
    /// Gradient overlay (8).
    case gradientOverlay
    /// Any other code.
    case other(Int)

    private static let known: [LayerStyleKind] = [
        .stroke, .dropShadow, .innerShadow, .outerGlow, .innerGlow, .bevelEmboss, .satin, .colorOverlay,
        .gradientOverlay,
    ]

    /// The style of code `code`.
    package init(code: Int) {
        self = code >= 0 && code < LayerStyleKind.known.count ? LayerStyleKind.known[code] : .other(code)
    }

    /// The feature name (`drop-shadow`), or the code of an unknown style.
    package var name: String {
        switch self {
        case .stroke: "stroke"
        case .dropShadow: "drop-shadow"
        case .innerShadow: "inner-shadow"
        case .outerGlow: "outer-glow"
        case .innerGlow: "inner-glow"
        case .bevelEmboss: "bevel-emboss"
        case .satin: "satin"
        case .colorOverlay: "color-overlay"
        case .gradientOverlay: "gradient-overlay"
        case .other(let code): "\(code)"
        }
    }
}

/// Reads a layer's `"sy"` array.
enum LayerStyleReader {
    static func styles(_ n: JSONNode?, diagnostics d: inout Diagnostics) throws(ModelError) -> [LayerStyle] {
        guard let n else { return [] }
        var out: [LayerStyle] = []
        for s in try n.arrayElements() {
            guard s.isObject else { throw s.error("expected a layer style object, found \(s.kindName)") }
            let ty = LayerStyleKind(code: try s.int("ty", default: -1)) // "ty"
            func prop(_ key: JSONKey, _ fallback: NumberVector) throws(ModelError) -> NumberProperty {
                try PropertyReader.numbers(s[key], default: fallback, diagnostics: &d)
            }
            let style = LayerStyle(
                type: ty, color: try prop("c", [0, 0, 0, 1]), opacity: try prop("o", [75]),
                angle: try prop("a", [120]), size: try prop("s", [5]), distance: try prop("d", [5]),
                choke: try prop("ch", [0]))
            if LayerStyle.rendered.contains(ty) {
                d.use(LayerStyle.featureName(ty))
            } else {
                d.note(LayerStyle.featureName(ty))
            }
            out.append(style)
        }
        return out
    }
}
