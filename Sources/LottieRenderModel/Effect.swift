/// A layer effect (`"ef"[]`): its type and, for the effects lottie-render draws, its parameters by meaning
/// (`"ef"[]."ef"[]."v"`, resolved when read).
package struct LayerEffect: Sendable {
    /// What the effect does (`"ty"`).
    package var type: EffectKind
    /// Name (`"nm"`) and match name (`"mn"`).
    package var name: String, matchName: String
    /// Off when `"en"` is 0.
    package var enabled: Bool
    /// The parameters of a drawn effect (``EffectParameters/none`` for the others).
    package var parameters: EffectParameters

    /// The effects lottie-render renders; others are reported as unsupported (controls only carry values).
    package static let rendered: Set<EffectKind> = [
        .hueSaturation, .tint, .fill, .stroke, .tritone, .proLevels, .dropShadow, .setMatte, .gaussianBlur,
    ]

    /// The feature name of effect `kind` with match name `mn`: `effect:drop-shadow`, or for a type without a name
    /// `effect:type-40 (ADBE Glo2)`.
    package static func featureName(_ kind: EffectKind, matchName mn: String) -> String {
        if let n = kind.name { return "effect:" + n }
        return "effect:type-\(kind.code)" + (mn.isEmpty ? "" : " (\(mn))")
    }
}

enum EffectReader {
    static func effects(_ n: JSONNode?, diagnostics d: inout Diagnostics) throws(ModelError) -> [LayerEffect] {
        guard let n else { return [] }
        var out: [LayerEffect] = []
        for e in try n.arrayElements() {
            guard e.isObject else { throw e.error("expected an effect object, found \(e.kindName)") }
            let ty = EffectKind(code: try e.int("ty", default: -1)) // "ty"
            var params: [NumberProperty] = [], names: [String] = []
            if let list = try e.list("ef") { // "ef": the effect's parameters
                for p in try list.arrayElements() {
                    names.append(try p.string("nm") ?? "")
                    guard p.isObject else { throw p.error("expected an effect parameter object, found \(p.kindName)") }
                    // Layer and dropdown parameters hold numbers too; a parameter without a value (a group's
                    // start or end, "ty": 6) counts as 0.
                    params.append(try PropertyReader.numbers(p["v"], default: [0], diagnostics: &d))
                }
            }
            let effect = LayerEffect(
                type: ty, name: try e.string("nm") ?? "", matchName: try e.string("mn") ?? "",
                enabled: try e.int("en", default: 1) != 0,
                parameters: EffectParameters(ty, values: params, names: names))
            if ty == .controls {
                d.use("effect:controls")
            } else if LayerEffect.rendered.contains(ty) {
                d.use(LayerEffect.featureName(ty, matchName: effect.matchName))
            } else {
                d.note(LayerEffect.featureName(ty, matchName: effect.matchName))
            }
            out.append(effect)
        }
        return out
    }
}

/// What a layer effect does (`"ef"[]."ty"`), by the type codes lottie-docs lists.
package enum EffectKind: Sendable, Hashable {
    /// Expression controls: sliders, angles, colours, points, checkboxes, layers (5).
    case controls
    /// Hue/saturation (19).
    case hueSaturation
    /// Tint (20).
    case tint
    /// Fill (21).
    case fill
    /// Stroke along masks (22).
    case stroke
    /// Tritone (23).
    case tritone
    /// Pro levels (24).
    case proLevels
    /// Drop shadow (25).
    case dropShadow
    /// Radial wipe (26).
    case radialWipe
    /// Displacement map (27).
    case displacementMap
    /// Set matte (28).
    case setMatte
    /// Gaussian blur (29).
    case gaussianBlur
    /// Twirl (30).
    case twirl
    /// Mesh warp (31).
    case meshWarp
    /// Wavy (32).
    case wavy
    /// Spherize (33).
    case spherize
    /// Puppet (34).
    case puppet
    /// Transform (35), drawn by lottie-web's canvas renderer; lottie-docs gives it no name.
    case transform
    /// Any other code.
    case other(Int)

    private static let byCode: [Int: EffectKind] = [
        5: .controls, 19: .hueSaturation, 20: .tint, 21: .fill, 22: .stroke, 23: .tritone, 24: .proLevels,
        25: .dropShadow, 26: .radialWipe, 27: .displacementMap, 28: .setMatte, 29: .gaussianBlur, 30: .twirl,
        31: .meshWarp, 32: .wavy, 33: .spherize, 34: .puppet, 35: .transform,
    ]

    /// The effect of code `code`.
    package init(code: Int) { self = EffectKind.byCode[code] ?? .other(code) }

    /// The type code, for messages about effects without a name.
    package var code: Int {
        if case .other(let c) = self { return c }
        return EffectKind.byCode.first { $0.value == self }?.key ?? -1
    }

    /// The feature name lottie-docs gives the type (`drop-shadow`), or nil.
    package var name: String? {
        switch self {
        case .controls: "controls"
        case .hueSaturation: "hue-saturation"
        case .tint: "tint"
        case .fill: "fill"
        case .stroke: "stroke"
        case .tritone: "tritone"
        case .proLevels: "pro-levels"
        case .dropShadow: "drop-shadow"
        case .radialWipe: "radial-wipe"
        case .displacementMap: "displacement-map"
        case .setMatte: "set-matte"
        case .gaussianBlur: "gaussian-blur"
        case .twirl: "twirl"
        case .meshWarp: "mesh-warp"
        case .wavy: "wavy"
        case .spherize: "spherize"
        case .puppet: "puppet"
        case .transform, .other: nil
        }
    }
}
