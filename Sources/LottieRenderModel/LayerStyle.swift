/// A layer style (`"sy"`), as After Effects' Layer Styles export them. lottie-render draws the drop shadow
/// (`"ty": 1`); the others are read so that they can be reported.
package struct LayerStyle: Sendable {
    /// Style type (`"ty"`): 0 stroke, 1 drop shadow, 2 inner shadow, 3 outer glow, 4 inner glow, 5 bevel and
    /// emboss, 6 satin, 7 colour overlay, 8 gradient overlay.
    package var type: Int
    /// Colour (`"c"`), opacity in percent (`"o"`), angle in degrees (`"a"`: 0 puts the shadow to the left, 90
    /// below), size (`"s"`, the blur), distance (`"d"`) and choke (`"ch"`, percent).
    package var color: NumberProperty, opacity: NumberProperty, angle: NumberProperty
    package var size: NumberProperty, distance: NumberProperty, choke: NumberProperty

    /// The styles lottie-render draws.
    package static let rendered: Set<Int> = [1]

    /// The feature name of style type `ty` (`layer-style:drop-shadow`).
    package static func featureName(_ ty: Int) -> String {
        let names = [
            0: "stroke", 1: "drop-shadow", 2: "inner-shadow", 3: "outer-glow", 4: "inner-glow", 5: "bevel-emboss",
            6: "satin", 7: "color-overlay", 8: "gradient-overlay",
        ]
        return "layer-style:" + (names[ty] ?? "\(ty)")
    }
}

/// Reads a layer's `"sy"` array.
enum LayerStyleReader {
    static func styles(_ n: JSONNode?, diagnostics d: inout Diagnostics) throws(ModelError) -> [LayerStyle] {
        guard let n else { return [] }
        var out: [LayerStyle] = []
        for s in try n.array() {
            guard s.isObject else { throw s.error("expected a layer style object, found \(s.kindName)") }
            let ty = try s.int("ty", default: -1)
            func prop(_ key: String, _ fallback: [Double]) throws(ModelError) -> NumberProperty {
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
