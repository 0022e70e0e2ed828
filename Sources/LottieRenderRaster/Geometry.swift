/// A point or vector in 2-D. A `public` type (its members `package`) so that its `@inlinable` members inline
/// across modules (docs/architecture.md).
public struct Point: Sendable, Equatable {
    /// Horizontal coordinate.
    @usableFromInline package var x: Double
    /// Vertical coordinate (down is positive).
    @usableFromInline package var y: Double
    /// Creates a point.
    @inlinable package init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// The origin.
    package static let zero = Point(0, 0)
    /// Sum.
    @inlinable package static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    /// Difference.
    @inlinable package static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    /// Scaled by a factor.
    @inlinable package static func * (a: Point, k: Double) -> Point { Point(a.x * k, a.y * k) }
    /// Euclidean length.
    @inlinable package var length: Double { (x * x + y * y).squareRoot() }
    /// Linear interpolation toward `b`.
    @inlinable package func lerp(_ b: Point, _ t: Double) -> Point { Point(x + (b.x - x) * t, y + (b.y - y) * t) }
    /// Dot product.
    @inlinable package func dot(_ b: Point) -> Double { x * b.x + y * b.y }
    /// Z component of the cross product.
    @inlinable package func cross(_ b: Point) -> Double { x * b.y - y * b.x }
}

/// An axis-aligned rectangle.
package struct Rect: Sendable, Equatable {
    /// Left edge.
    package var minX: Double
    /// Top edge.
    package var minY: Double
    /// Right edge.
    package var maxX: Double
    /// Bottom edge.
    package var maxY: Double
    /// Creates a rectangle from its edges.
    package init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }
    /// An empty rectangle that any union replaces.
    package static let empty = Rect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
    /// True when it contains no area.
    package var isEmpty: Bool { !(maxX > minX && maxY > minY) }
    /// Grows to include a point.
    package mutating func include(_ p: Point) {
        minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
    }
    /// The overlap of two rectangles (empty when they are apart).
    package static func intersection(_ a: Rect, _ b: Rect) -> Rect {
        Rect(minX: max(a.minX, b.minX), minY: max(a.minY, b.minY), maxX: min(a.maxX, b.maxX), maxY: min(a.maxY, b.maxY))
    }
    /// The smallest rectangle holding both.
    package func union(_ r: Rect) -> Rect {
        Rect(minX: min(minX, r.minX), minY: min(minY, r.minY), maxX: max(maxX, r.maxX), maxY: max(maxY, r.maxY))
    }
}

/// An affine transform: x' = a·x + c·y + tx, y' = b·x + d·y + ty. A `public` type for cross-module inlining, as
/// `Point`.
public struct Transform: Sendable, Equatable {
    /// Matrix entries.
    @usableFromInline package var a, b, c, d, tx, ty: Double
    /// Creates a transform from its entries.
    @inlinable package init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    /// The identity (made where it is read: a stored `static let` was a call to its addressor at each read).
    @inlinable package static var identity: Transform { Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
    /// A translation.
    @inlinable package static func translation(_ x: Double, _ y: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }
    /// A scale.
    @inlinable package static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    /// A rotation by `radians`, clockwise on a y-down screen.
    @inlinable package static func rotation(_ radians: Double) -> Transform {
        let c = cos(radians), s = sin(radians)
        return Transform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }
    /// `self` applied after `inner`: (self ∘ inner)(p) = self(inner(p)).
    @inlinable package func concat(_ inner: Transform) -> Transform {
        Transform(
            a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
            c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
            tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
    }
    /// Maps a point.
    @inlinable package func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }
    /// Determinant.
    @inlinable package var determinant: Double { a * d - b * c }
    /// The inverse, or nil when singular.
    @inlinable package func inverted() -> Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let id = 1 / det
        return Transform(
            a: d * id, b: -b * id, c: -c * id, d: a * id,
            tx: (c * ty - d * tx) * id, ty: (b * tx - a * ty) * id)
    }
    /// The largest factor by which the transform stretches any length.
    @inlinable package var maxScale: Double {
        let p = a * a + b * b, q = c * c + d * d, r = a * c + b * d
        let m = (p + q) / 2, diff = ((p - q) * (p - q) / 4 + r * r).squareRoot()
        return (m + diff).squareRoot()
    }
    /// True when every entry is finite.
    @inlinable package var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// ⌊v⌋ for 0 ≤ v < 2²², without the range check that `Int(v)` carries in `-O` builds (the check keeps loops from
/// vectorising). Adding 2²³ moves the rounded integer into the low mantissa bits; one compare turns rounding into
/// flooring. Exact in that range, so results equal `Int(v)`; NaN gives an unspecified value but never traps, so
/// callers that index with it must mask or clamp.
@inline(__always) package func floorSmall(_ v: Float) -> Int {
    let m = v + 8_388_608
    let r = Int(truncatingIfNeeded: m.bitPattern & 0x7F_FFFF)
    return m - 8_388_608 > v ? r &- 1 : r
}
