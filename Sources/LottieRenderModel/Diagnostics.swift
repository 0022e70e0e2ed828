/// Features a document uses and the ones this renderer does not support, collected while parsing.
package struct Diagnostics: Sendable, Equatable {
    /// Every feature tag seen (`layer:shape`, `shape:tm`, `mask:add`, …).
    package private(set) var used: Set<String> = []
    /// Tags of features that are parsed but not rendered.
    package private(set) var unsupported: Set<String> = []
    /// Non-fatal problems found while reading (missing assets, cycles, …).
    package private(set) var warnings: [String] = []

    /// The expressions found (`"x"`), in reading order; a property's JSON path names it once.
    package private(set) var expressions: [ExpressionSource] = []
    private var expressionIDs: [String: Int] = [:]

    /// Records the expression of the property at `path` (once per path) and returns its handle.
    package mutating func expression(path: String, source: String, kind: ExpressionKind) -> ExpressionRef {
        if let id = expressionIDs[path] { return ExpressionRef(id: id) }
        expressionIDs[path] = expressions.count
        expressions.append(ExpressionSource(path: path, source: source, kind: kind))
        note("expressions", unsupported: false)
        return ExpressionRef(id: expressions.count - 1)
    }

    /// Creates an empty set.
    package init() {}

    /// Records a feature; `unsupported` marks it as one the renderer skips.
    package mutating func note(_ feature: String, unsupported isUnsupported: Bool = true) {
        used.insert(feature)
        if isUnsupported { unsupported.insert(feature) }
    }
    /// Records a supported feature.
    package mutating func use(_ feature: String) { used.insert(feature) }
    /// Records the keyframe format.
    mutating func noteFormat(legacy: Bool) { used.insert(legacy ? "format:legacy-keyframes" : "format:modern") }
    /// Records a warning once.
    package mutating func warn(_ message: String) { if !warnings.contains(message) { warnings.append(message) } }
}
