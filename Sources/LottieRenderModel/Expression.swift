/// What an expression computes: a number vector or a bezier path.
package enum ExpressionKind: Sendable, Equatable {
    /// Numbers (scalars are one-element vectors).
    case number
    /// A bezier path (`"ks"` of a path item, a mask's `"pt"`).
    case shape
    /// A text layer's source text (`"t"."d"`).
    case text
}

/// The handle of an expression: its position in `Composition.expressions`.
package struct ExpressionRef: Sendable, Hashable {
    /// Index into `Composition.expressions`.
    package var id: Int
    /// Creates a handle.
    package init(id: Int) { self.id = id }
}

/// An expression as the file gives it (`"x"`), with the JSON path of its property.
package struct ExpressionSource: Sendable, Equatable {
    /// The property's JSON path (`assets[0].layers[3].ks.r`).
    package var path: String
    /// The JavaScript source as the file spells it, decoded when read (a document drawn without expressions never
    /// decodes it: that was 2.6 % of insta_camera's load).
    package var text: JSONText
    /// What the property holds.
    package var kind: ExpressionKind

    /// The JavaScript source.
    package var source: String { text.string }
}

/// A JSON string's text as the document spells it, escapes and all: a copy of its bytes, decoded by ``string``.
package struct JSONText: Sendable, Equatable {
    /// The bytes between the quotes.
    let bytes: [UInt8]
    /// Whether they hold an escape (`\n`, `\u00e9`).
    let escaped: Bool

    /// The text, escapes decoded.
    package var string: String {
        guard escaped else { return String(decoding: bytes, as: UTF8.self) }
        return bytes.withUnsafeBufferPointer { String(decoding: JSONTape.unescape($0[...]), as: UTF8.self) }
    }

    /// Whether the text holds anything but whitespace, as `string.contains { !$0.isWhitespace }` says: a printable
    /// ASCII byte outside an escape answers at once; only text of whitespace, escapes and other characters is
    /// decoded to tell.
    package var hasNonWhitespace: Bool {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\\") {
                i &+= i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "u") ? 6 : 2
                continue
            }
            if b > 0x20 && b < 0x7F { return true }
            i &+= 1
        }
        return string.contains { !$0.isWhitespace }
    }
}

/// A property's value as expressions read it.
package enum ExpressionValue: Sendable {
    /// Numbers.
    case number(NumberListProperty)
    /// A bezier path.
    case shape(Animatable<BezierShape>)
    /// Source text: the documents' text with the time each starts, and the text's expression.
    case text([(time: Double, text: String)], ExpressionRef?)
}

/// One node of a layer's property tree as After Effects exposes it to expressions: a group (contents, a shape
/// group, an effect, the transform) or a property. Groups answer to their name, match name or index.
package struct PropertyNode: Sendable {
    /// Display name (`"nm"`, or After Effects' name for fixed properties: "Position").
    package var name: String
    /// Match name (`"mn"`, or After Effects' own: "ADBE Position").
    package var matchName: String
    /// Index within its group, from 1 (`"ix"` where given).
    package var index: Int
    /// The attribute name expressions use (`position`, `strokeWidth`), if any.
    package var attribute: String?
    /// The value, for a property.
    package var value: ExpressionValue?
    /// Members of a group.
    package var children: [PropertyNode]
    /// For a shape item, its `"ty"` (`"gr"`, `"rc"`…): ThorVG's `content()` answers only some kinds.
    package var shapeType: String? = nil

    /// Creates a node.
    package init(
        name: String, matchName: String, index: Int, attribute: String? = nil, value: ExpressionValue? = nil,
        children: [PropertyNode] = []
    ) {
        self.name = name; self.matchName = matchName; self.index = index; self.attribute = attribute
        self.value = value; self.children = children
    }
}

/// The property tree of every layer list, built only for files that have expressions.
package struct ExpressionTree: Sendable {
    /// Layer roots per list: the root composition under "", precomps under their asset id. A root's children are
    /// Contents (2), Masks (3), Effects (4) and Transform (1; 6 in After Effects).
    package var lists: [String: [PropertyNode]]
    /// Creates a tree.
    package init(lists: [String: [PropertyNode]]) { self.lists = lists }
}
