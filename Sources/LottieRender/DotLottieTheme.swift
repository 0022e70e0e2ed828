import LottieRenderModel
import LottieRenderSnapshot

/// A dotLottie theme (`t/ID.json` in the archive: `{"rules": [{"id", "type", "value" | "keyframes", "animations"}]}`)
/// as the Lottie slots it sets, following dotlottie-rs (theme.rs at 7be77f8: `Theme::to_slot_types`). A rule's
/// `id` names a slot; `animations`, when present, limits it to those animations of the archive. Color, Scalar,
/// Vector and Position rules become slot values, static or keyframed (`frame` → `"t"`, `value` → `"s"`,
/// `inTangent` / `outTangent` → `"i"` / `"o"`, `hold` → `"h"`, a position's `valueInTangent` / `valueOutTangent`
/// → `"ti"` / `"to"`); Gradient, Image and Text rules and `expression` are not applied, each with a warning.
struct DotLottieTheme {
    /// The slots JSON (`{"id": {"p": …}}`).
    let slots: String
    /// Rules not applied, as warnings.
    let skipped: [String]

    /// Reads theme `id` of `files` for animation `animation`; throws when the archive has no such theme or it is not
    /// a theme.
    init(_ id: String, files: [String: [UInt8]], animation: String, name: String) throws(LottieRenderError) {
        guard let bytes = files["t/\(id).json"] ?? files["themes/\(id).json"] else {
            let have = files.keys.filter { $0.hasPrefix("t/") && $0.hasSuffix(".json") }
                .map { String($0.dropFirst(2).dropLast(5)) }.sorted()
            throw .badRequest(
                reason: "\(name) has no theme \"\(id)\""
                    + (have.isEmpty ? " (it has no themes)" : "; its themes: " + have.joined(separator: ", ")))
        }
        guard case .object(let root)? = try? JSONParser.parse(bytes), case .array(let rules)? = root["rules"] else {
            throw .badRequest(reason: "\(name): theme \"\(id)\" is not a theme (an object with \"rules\")")
        }
        var slots: [String] = [], skipped: [String] = []
        for case .object(let rule) in rules {
            guard case .string(let slot)? = rule["id"], case .string(let type)? = rule["type"] else { continue }
            if case .array(let only)? = rule["animations"],
                !only.contains(where: { $0 == .string(animation) })
            {
                continue
            }
            guard ["Color", "Scalar", "Vector", "Position"].contains(type) else {
                skipped.append("theme \"\(id)\": rule \"\(slot)\" of type \(type) is not applied")
                continue
            }
            if rule["expression"] != nil {
                skipped.append("theme \"\(id)\": rule \"\(slot)\" has an expression, which is not applied")
            }
            if let value = rule["value"] {
                slots.append(Self.quote(slot) + ":{\"p\":{\"a\":0,\"k\":" + Self.json(value) + "}}")
            } else if case .array(let keys)? = rule["keyframes"] {
                var out: [String] = []
                for case .object(let k) in keys {
                    guard let t = k["frame"], let v = k["value"] else { continue }
                    let s = if case .array = v { v } else { JSON.array([v]) }
                    var fields = ["\"t\":" + Self.json(t), "\"s\":" + Self.json(s)]
                    if let i = k["inTangent"] { fields.append("\"i\":" + Self.json(i)) }
                    if let o = k["outTangent"] { fields.append("\"o\":" + Self.json(o)) }
                    if k["hold"] == .bool(true) { fields.append("\"h\":1") }
                    if let ti = k["valueInTangent"] { fields.append("\"ti\":" + Self.json(ti)) }
                    if let to = k["valueOutTangent"] { fields.append("\"to\":" + Self.json(to)) }
                    out.append("{" + fields.joined(separator: ",") + "}")
                }
                slots.append(Self.quote(slot) + ":{\"p\":{\"a\":1,\"k\":[" + out.joined(separator: ",") + "]}}")
            }
        }
        self.slots = "{" + slots.joined(separator: ",") + "}"
        self.skipped = skipped
    }

    /// `v` as JSON text.
    static func json(_ v: JSON) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return JSONNode.text(n)
        case .string(let s): return quote(s)
        case .array(let a): return "[" + a.map(json).joined(separator: ",") + "]"
        case .object(let o):
            return "{"
                + o.sorted { $0.key < $1.key }.map { quote($0.key) + ":" + json($0.value) }.joined(separator: ",")
                + "}"
        }
    }
    /// `s` as a JSON string literal.
    static func quote(_ s: String) -> String { CheckJSON.quote(s) }
}
