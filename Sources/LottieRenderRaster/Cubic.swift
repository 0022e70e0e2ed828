/// The one evaluator of cubic Bézier curves: a segment `(p0, c1, c2, p3)` for flattening, measuring, bounds, path
/// modifiers and spatial motion, and the one-dimensional cubic `(0, x1, x2, 1)` of keyframe easing. The
/// expressions' JavaScript prelude keeps its own copy, in its own language. A `public` type (its members `package`) so that
/// they inline across modules (docs/architecture.md).
public enum Cubic {
    /// The value at `t` of the cubic with control values `v0…v3` (Bernstein form).
    @inlinable @inline(__always)
    package static func value(_ v0: Double, _ v1: Double, _ v2: Double, _ v3: Double, _ t: Double) -> Double {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return a * v0 + b * v1 + c * v2 + d * v3
    }

    /// The derivative at `t` of the cubic with control values `v0…v3`.
    @inlinable @inline(__always)
    package static func slope(_ v0: Double, _ v1: Double, _ v2: Double, _ v3: Double, _ t: Double) -> Double {
        let u = 1 - t
        let a = 3 * u * u, b = 6 * u * t, c = 3 * t * t
        return a * (v1 - v0) + b * (v2 - v1) + c * (v3 - v2)
    }

    /// The point of segment `s` at `t`.
    @inlinable @inline(__always)
    package static func point(_ s: (Point, Point, Point, Point), _ t: Double) -> Point {
        Point(value(s.0.x, s.1.x, s.2.x, s.3.x, t), value(s.0.y, s.1.y, s.2.y, s.3.y, t))
    }

    /// The tangent (derivative) of segment `s` at `t`.
    @inlinable @inline(__always)
    package static func derivative(_ s: (Point, Point, Point, Point), _ t: Double) -> Point {
        Point(slope(s.0.x, s.1.x, s.2.x, s.3.x, t), slope(s.0.y, s.1.y, s.2.y, s.3.y, t))
    }
}
