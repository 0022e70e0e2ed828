import LottieRenderModel
import LottieRenderRaster

/// Glyph outlines from font files, for text without `"chars"`.
package protocol FontOutlineSource: Sendable {
    /// Outline items at size 100 (y down, baseline at 0) and advance for a character, or nil.
    func glyph(_ ch: Character, family: String, style: String, name: String) -> (items: [ShapeItem], width: Double)?
    /// One line of text (no breaks) shaped in the font named `name`, one entry per character in logical order,
    /// or nil when the source does not shape it (then characters are drawn one by one with `glyph`).
    func shapedLine(_ text: String, name: String) -> [ShapedCharacter]?
    /// The cap height of the font named `name` at size 100, or nil when unknown.
    func capHeight(name: String) -> Double?
}

extension FontOutlineSource {
    /// No shaping by default.
    package func shapedLine(_ text: String, name: String) -> [ShapedCharacter]? { nil }
    /// No cap height by default.
    package func capHeight(name: String) -> Double? { nil }
}

/// One character of a shaped line (logical order): the glyphs of the cluster it starts, placed from the cluster's
/// pen position, and its bidirectional embedding level.
package struct ShapedCharacter: Sendable {
    /// Outline items at size 100 for the cluster's glyphs; empty for the other characters of a cluster.
    package var items: [ShapeItem]
    /// Advance at size 100 (0 for the other characters of a cluster).
    package var advance: Double
    /// Unicode bidirectional embedding level: odd runs right to left.
    package var level: Int
    /// Creates a shaped character.
    package init(items: [ShapeItem], advance: Double, level: Int) {
        self.items = items; self.advance = advance; self.level = level
    }
}

/// A font outline provider handed to the scene builder (for example one reading fonts through FreeType).
package struct FontOutlines: Sendable {
    let source: any FontOutlineSource
    /// Wraps a source.
    package init(_ source: any FontOutlineSource) { self.source = source }
    func glyph(_ ch: Character, family: String, style: String, name: String) -> (items: [ShapeItem], width: Double)? {
        source.glyph(ch, family: family, style: style, name: name)
    }
    func shapedLine(_ text: String, name: String) -> [ShapedCharacter]? { source.shapedLine(text, name: name) }
    func capHeight(name: String) -> Double? { source.capHeight(name: name) }
}
