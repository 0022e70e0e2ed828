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
    /// The JavaScript source.
    package var source: String
    /// What the property holds.
    package var kind: ExpressionKind
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
