/// A layer effect (`"ef"[]`): its type and its parameters' values in order (`"ef"[]."ef"[]."v"`).
package struct LayerEffect: Sendable {
    /// Effect type (`"ty"`): 19 hue/saturation, 20 tint, 21 fill, 22 stroke, 23 tritone, 24 pro levels, 25 drop
    /// shadow, 28 set matte, 29 gaussian blur, 5 expression controls (slider, angle, colour, point, checkbox,
    /// layer), …
    package var type: Int
    /// Name (`"nm"`) and match name (`"mn"`).
    package var name: String, matchName: String
    /// Off when `"en"` is 0.
    package var enabled: Bool
    /// Parameter values in order; colours and points are arrays.
    package var params: [NumberProperty]
    /// Parameter names, for expression controls read by name.
    package var paramNames: [String]

    /// The effects lottie-render renders; others are reported as unsupported (controls only carry values).
    package static let rendered: Set<Int> = [19, 20, 21, 22, 23, 24, 25, 28, 29]

    /// Feature names of effect types (`"ty"`), as lottie-docs lists them, for `info` and warnings.
    package static let typeNames: [Int: String] = [
        5: "controls", 19: "hue-saturation", 20: "tint", 21: "fill", 22: "stroke", 23: "tritone", 24: "pro-levels",
        25: "drop-shadow", 26: "radial-wipe", 27: "displacement-map", 28: "set-matte", 29: "gaussian-blur",
        30: "twirl", 31: "mesh-warp", 32: "wavy", 33: "spherize", 34: "puppet",
    ]

    /// The feature name of effect type `ty` with match name `mn`: `effect:drop-shadow`, or for a type without a
    /// name `effect:type-40 (ADBE Glo2)`.
    package static func featureName(_ ty: Int, matchName mn: String) -> String {
        if let n = typeNames[ty] { return "effect:" + n }
        return "effect:type-\(ty)" + (mn.isEmpty ? "" : " (\(mn))")
    }

    /// The first parameter whose name is `name` (ignoring case and a trailing colon), for effects whose parameter
    /// order differs between exporter versions.
    package func param(named name: String) -> NumberProperty? {
        let want = name.lowercased()
        for (i, n) in paramNames.enumerated() where i < params.count {
            var k = n.lowercased()
            if k.hasSuffix(":") { k.removeLast() }
            if k == want { return params[i] }
        }
        return nil
    }
}

enum EffectReader {
    static func effects(_ n: JSONNode?, diagnostics d: inout Diagnostics) throws(ModelError) -> [LayerEffect] {
        guard let n else { return [] }
        var out: [LayerEffect] = []
        for e in try n.array() {
            guard e.isObject else { throw e.error("expected an effect object, found \(e.kindName)") }
            let ty = try e.int("ty", default: -1)
            var params: [NumberProperty] = [], names: [String] = []
            if let list = try e.list("ef") { // "ef": the effect's parameters
                for p in try list.array() {
                    names.append(try p.string("nm") ?? "")
                    guard p.isObject else { throw p.error("expected an effect parameter object, found \(p.kindName)") }
                    // Layer and dropdown parameters hold numbers too; a parameter without a value (a group's
                    // start or end, "ty": 6) counts as 0.
                    params.append(try PropertyReader.numbers(p["v"], default: [0], diagnostics: &d))
                }
            }
            let effect = LayerEffect(
                type: ty, name: try e.string("nm") ?? "", matchName: try e.string("mn") ?? "",
                enabled: try e.int("en", default: 1) != 0, params: params, paramNames: names)
            if ty == 5 {
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
