/// A 2-D point or vector in the model's coordinates. A `public` type (its members `package`) so that its
/// `@inlinable` members inline across modules (docs/architecture.md).
public struct Vec2: Sendable, Equatable {
    /// Horizontal component.
    @usableFromInline package var x: Double
    /// Vertical component (down is positive, as in After Effects).
    @usableFromInline package var y: Double
    /// Creates a vector.
    @inlinable package init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
}

/// The bezier easing handle of a keyframe (`"i"` / `"o"`): one value per dimension, or one for all. A `public` type
/// for cross-module inlining, as `Vec2`.
public struct EasingHandle: Sendable, Equatable {
    /// Time components, per dimension.
    @usableFromInline package var x: NumberVector
    /// Value components, per dimension.
    @usableFromInline package var y: NumberVector
    /// Creates a handle.
    package init(x: NumberVector, y: NumberVector) { self.x = x; self.y = y }
    /// The handle for dimension `d` (the last given one when fewer are present).
    @inlinable @inline(__always) package func component(_ d: Int) -> (Double, Double) {
        let xi = x.isEmpty ? 0 : x[min(d, x.count - 1)]
        let yi = y.isEmpty ? 0 : y[min(d, y.count - 1)]
        return (xi, yi)
    }
}

/// One keyframe span, normalised from either keyframe format: the value goes from `start` at `time`
/// to `end` at the next keyframe's time. A `public` type (its members `package`), so that the evaluator's reads of
/// its accessors inline (docs/architecture.md).
public struct Keyframe<Value: Sendable>: Sendable {
    /// Start time of the span, in the layer's local frames (`"t"`).
    package var time: Double
    /// Value at `time` (`"s"`).
    package var start: Value
    /// Value at the next keyframe (`"e"` in legacy files, else the next keyframe's `"s"`).
    package var end: Value
    /// Hold keyframe (`"h": 1`): the value jumps at the next keyframe.
    package var hold: Bool
    /// Outgoing easing handle of this keyframe (`"o"`); nil means linear.
    package var outHandle: EasingHandle?
    /// Incoming easing handle of the next keyframe (`"i"`); nil means linear.
    package var inHandle: EasingHandle?
    /// The spatial tangents, held indirectly (most keyframes have none, or zeros: a straight span), so that a
    /// keyframe copies small. Read by the inlinable accessors below: a call into this module for each one copied
    /// the whole keyframe (280 bytes for a vector's) to reach one field (issue 33).
    @usableFromInline var spatial: SpatialTangents?
    /// Spatial out tangent (`"to"`), relative to `start`; nil when absent or, with `"ti"`, all zero.
    @inlinable package var spatialOut: NumberVector? { spatial?.out }
    /// Spatial in tangent (`"ti"`), relative to `end`; nil when absent or, with `"to"`, all zero.
    @inlinable package var spatialIn: NumberVector? { spatial?.in }
    /// For a span along a spatial bezier, its length from the start at equal steps of the curve's parameter, worked
    /// out once when the layers are bound (the evaluator's arc-length table); nil: worked out when evaluated.
    @inlinable package var spatialLengths: [Double]? {
        get { spatial?.lengths }
        set {
            guard let v = spatial else { return }
            spatial = SpatialTangents(out: v.out, in: v.in, lengths: newValue)
        }
    }

    /// True when the span has spatial tangents that are not all zero.
    @inlinable package var hasSpatialTangents: Bool { spatial != nil }

    /// Creates a span.
    package init(
        time: Double, start: Value, end: Value, hold: Bool = false, outHandle: EasingHandle? = nil,
        inHandle: EasingHandle? = nil, spatialOut: NumberVector? = nil, spatialIn: NumberVector? = nil
    ) {
        self.time = time; self.start = start; self.end = end; self.hold = hold
        self.outHandle = outHandle; self.inHandle = inHandle
        let zero = { (v: NumberVector?) in v.map { $0.allSatisfy { $0 == 0 } } ?? true }
        if !(zero(spatialOut) && zero(spatialIn)) {
            spatial = SpatialTangents(out: spatialOut, in: spatialIn, lengths: nil)
        }
    }
}

/// A keyframe's spatial tangents (`"to"`, `"ti"`) and the span's arc-length table once bound: immutable, shared by
/// the copies of a keyframe.
@usableFromInline final class SpatialTangents: Sendable {
    /// `"to"`.
    @usableFromInline let out: NumberVector?
    /// `"ti"`.
    @usableFromInline let `in`: NumberVector?
    /// See ``Keyframe/spatialLengths``.
    @usableFromInline let lengths: [Double]?

    /// Tangents and a table.
    @usableFromInline init(out: NumberVector?, in: NumberVector?, lengths: [Double]?) {
        self.out = out; self.in = `in`; self.lengths = lengths
    }
}

/// A property that is either constant or animated by keyframes (`{"a":0|1,"k":…}`).
package enum Animatable<Value: Sendable>: Sendable {
    /// A constant value.
    case constant(Value)
    /// Keyframes sorted by time; there is at least one.
    case animated([Keyframe<Value>])
    /// An After Effects expression (`"x"`) computes the value from `base`, the property's own value.
    indirect case expression(ExpressionRef, base: Animatable<Value>)

    /// True when the value can change with time (keyframed, or computed by an expression).
    package var isAnimated: Bool {
        switch self {
        case .constant: return false
        case .animated, .expression: return true
        }
    }

    /// The property without its expression.
    package var withoutExpression: Animatable<Value> {
        if case .expression(_, let base) = self { return base }
        return self
    }

    /// True when a keyframe has spatial tangents that are not all zero (``Keyframe/hasSpatialTangents``).
    package var hasSpatialTangents: Bool {
        switch self {
        case .constant: return false
        case .animated(let k): return k.contains { $0.hasSpatialTangents }
        case .expression(_, let base): return base.hasSpatialTangents
        }
    }

    /// The value at the first keyframe, or the constant.
    package var initialValue: Value {
        switch self {
        case .constant(let v): return v
        case .animated(let k): return k[0].start
        case .expression(_, let base): return base.initialValue
        }
    }
}

/// A numeric property: scalars are one-element vectors.
package typealias NumberProperty = Animatable<NumberVector>

/// A property whose values are lists of any length: gradient data (`"g".k`).
package typealias NumberListProperty = Animatable<[Double]>

/// Position that may be split into separate x and y properties (`"p":{"s":true,"x":…,"y":…}`).
package enum PositionProperty: Sendable {
    /// A combined 2- or 3-D position.
    case combined(NumberProperty)
    /// Separately animated dimensions.
    case split(x: NumberProperty, y: NumberProperty)

    /// True when the position can change with time (either part keyframed or computed by an expression).
    package var isAnimated: Bool {
        switch self {
        case .combined(let p): return p.isAnimated
        case .split(let x, let y): return x.isAnimated || y.isAnimated
        }
    }
}

/// A cubic bezier path as Bodymovin stores it: vertices with tangents relative to them. The three lists (`"v"`,
/// `"i"`, `"o"`) live in one array, vertices first, then the in and the out tangents: one allocation a shape, not
/// three (bodymovin.json reads 17 000 of them, most as a keyframe's start and end).
package struct BezierShape: Sendable, Equatable {
    /// The `count` vertices, then as many in tangents, then as many out tangents.
    package private(set) var points: [Vec2]
    /// How many vertices.
    package private(set) var count: Int
    /// Whether the last vertex connects back to the first (`"c"`).
    package var closed: Bool

    /// Creates a shape; tangent arrays are cut or padded with zeros to the vertex count.
    package init(vertices: [Vec2], inTangents: [Vec2], outTangents: [Vec2], closed: Bool) {
        let n = vertices.count
        var points: [Vec2] = []
        points.reserveCapacity(3 * n)
        points += vertices
        BezierShape.appendFitted(inTangents, n, to: &points)
        BezierShape.appendFitted(outTangents, n, to: &points)
        self.init(points: points, closed: closed)
    }

    /// Creates a shape from its points as ``points`` holds them (a third of them vertices).
    package init(points: [Vec2], closed: Bool) {
        self.points = points
        self.count = points.count / 3
        self.closed = closed
    }

    /// Appends `tangents` cut or padded with zeros to `count`.
    private static func appendFitted(_ tangents: [Vec2], _ count: Int, to points: inout [Vec2]) {
        points += tangents.prefix(count)
        if tangents.count < count { points += repeatElement(Vec2(0, 0), count: count - tangents.count) }
    }

    /// The vertices (`"v"`), as a new array.
    package var vertices: [Vec2] { Array(points[0..<count]) }
    /// The in tangents (`"i"`), as a new array.
    package var inTangents: [Vec2] { Array(points[count..<(2 * count)]) }
    /// The out tangents (`"o"`), as a new array.
    package var outTangents: [Vec2] { Array(points[(2 * count)..<(3 * count)]) }
}
