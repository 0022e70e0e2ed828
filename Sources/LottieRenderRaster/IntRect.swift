/// A rectangle of whole pixels, [x0, x1) × [y0, y1). A `public` type (its members `package`) so that its small
/// members inline where the renderer unions and tests regions (docs/architecture.md).
public struct IntRect: Sendable, Equatable, Codable {
    /// Edges.
    @usableFromInline package var x0, y0, x1, y1: Int
    /// Creates a rectangle.
    @inlinable package init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }
    /// The empty rectangle.
    @inlinable package static var empty: IntRect { IntRect(x0: 0, y0: 0, x1: 0, y1: 0) }
    /// True when it holds no pixel.
    @inlinable package var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    /// Width in pixels.
    @inlinable package var width: Int { max(0, x1 - x0) }
    /// Height in pixels.
    @inlinable package var height: Int { max(0, y1 - y0) }
    /// The smallest rectangle holding both.
    @inlinable package func union(_ o: IntRect) -> IntRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return IntRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }
    /// The overlap of both.
    @inlinable package func intersection(_ o: IntRect) -> IntRect {
        let r = IntRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        return r.isEmpty ? .empty : r
    }
}
