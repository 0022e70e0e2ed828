/// Features a document uses and the ones this renderer does not support, collected while parsing.
package struct Diagnostics: Sendable, Equatable {
    /// Every feature tag seen (`layer:shape`, `shape:tm`, `mask:add`, …).
    package var used: Set<String> {
        var all = tags
        if legacyKeyframes { all.insert("format:legacy-keyframes") }
        if holdKeyframes { all.insert("keyframes:hold") }
        for ty in shapeTypes { all.insert("shape:" + MemberKey(packed: ty).text) }
        return all
    }
    /// The tags of `used` but those kept below: noted once per keyframed property or shape item, they are kept
    /// without hashing a string each time (a quarter of a legacy file's keyframe reading, when they were not).
    private var tags: Set<String> = []
    /// `"format:legacy-keyframes"`, `"keyframes:hold"`.
    private var legacyKeyframes = false, holdKeyframes = false
    /// The shape item types seen (`"shape:gr"`), packed (``MemberKey``), in the order first seen: a file uses few.
    private var shapeTypes: [UInt64] = []
    /// Tags of features that are parsed but not rendered.
    package private(set) var unsupported: Set<String> = []
    /// Non-fatal problems found while reading (missing assets, cycles, …).
    package private(set) var warnings: [String] = []

    /// The expressions found (`"x"`), in reading order; a property's JSON path names it once.
    package private(set) var expressions: [ExpressionSource] = []
    /// Handles by the property's entry in the document's tape, which names one JSON path (keyed by the path's
    /// text, its hashing was 3 % of insta_camera's load).
    private var expressionIDs: [Int: Int] = [:]
    /// The containers of the last expression's path, shared with the next one's (a layer's expressions follow one
    /// another).
    private var expressionPaths = JSONPathCache()

    /// Records the expression of the property at `node` (once per property: a text document is read by two
    /// readers) and returns its handle.
    package mutating func expression(at node: JSONNode, source: JSONText, kind: ExpressionKind) -> ExpressionRef {
        if let id = expressionIDs[node.entryIndex] { return ExpressionRef(id: id) }
        expressionIDs[node.entryIndex] = expressions.count
        expressions.append(ExpressionSource(path: node.path(reusing: &expressionPaths), text: source, kind: kind))
        if expressions.count == 1 { note("expressions", unsupported: false) }
        return ExpressionRef(id: expressions.count - 1)
    }

    /// Creates an empty set.
    package init() {}

    /// Records a feature; `unsupported` marks it as one the renderer skips.
    package mutating func note(_ feature: String, unsupported isUnsupported: Bool = true) {
        tags.insert(feature)
        if isUnsupported { unsupported.insert(feature) }
    }
    /// Records a supported feature.
    package mutating func use(_ feature: String) { tags.insert(feature) }
    /// Records keyframes in the legacy format (each with its `"e"`).
    mutating func noteLegacyKeyframes() { legacyKeyframes = true }
    /// Records hold keyframes (`"h": 1`).
    mutating func noteHoldKeyframes() { holdKeyframes = true }
    /// Records a shape item's `"ty"` (`shape:gr`); `text` spells a code that does not pack (empty, more than 8
    /// bytes, or holding a NUL).
    mutating func useShape(_ ty: MemberKey, text: () -> String) {
        guard ty.packed != 0 else { tags.insert("shape:" + text()); return }
        if !shapeTypes.contains(ty.packed) { shapeTypes.append(ty.packed) }
    }

    /// True when both hold the same features, unsupported features, warnings and expressions.
    package static func == (a: Diagnostics, b: Diagnostics) -> Bool {
        a.used == b.used && a.unsupported == b.unsupported && a.warnings == b.warnings
            && a.expressions == b.expressions
    }
    /// Records a warning once.
    package mutating func warn(_ message: String) { if !warnings.contains(message) { warnings.append(message) } }
}
