import LottieRenderModel
import LottieRenderRaster

/// Motion along a spatial bezier between two keyframe positions (`"to"`, `"ti"`), by arc length (or by the curve's
/// parameter). The arc length is a table of the curve's length at 64 equal steps of its parameter; binding works it
/// out once for each span (``bind(_:)``), and a span without one works it out when evaluated, the same way.
enum SpatialCurve {
    /// Steps of the curve's parameter in an arc-length table (the table has one more entry).
    static let steps = 64

    /// True when the tangents bend the span (`"to"`, `"ti"` given for two dimensions and not all zero).
    @inline(__always) static func isCurved(out to: NumberVector, in ti: NumberVector) -> Bool {
        to.count >= 2 && ti.count >= 2 && (to[0] != 0 || to[1] != 0 || ti[0] != 0 || ti[1] != 0)
    }

    /// The control points of the span's cubic.
    @inline(__always) static func controls<V: NumberValues>(
        _ s: V, _ e: V, _ to: NumberVector, _ ti: NumberVector
    ) -> (Point, Point, Point, Point) {
        (
            Point(s[0], s[1]), Point(s[0] + to[0], s[1] + to[1]), Point(e[0] + ti[0], e[1] + ti[1]),
            Point(e[0], e[1])
        )
    }

    /// The cubic at parameter `u`.
    @inline(__always) static func at(_ c: (Point, Point, Point, Point), _ u: Double) -> (Double, Double) {
        (Cubic.value(c.0.x, c.1.x, c.2.x, c.3.x, u), Cubic.value(c.0.y, c.1.y, c.2.y, c.3.y, u))
    }

    /// Writes the cumulative lengths at parameters j / steps, j = 0…steps, into `lengths`.
    static func measure(_ c: (Point, Point, Point, Point), into lengths: UnsafeMutableBufferPointer<Double>) {
        let n = steps
        lengths[0] = 0
        var prev = (c.0.x, c.0.y)
        for j in 1...n {
            let q = at(c, Double(j) / Double(n))
            lengths[j] =
                lengths[j - 1] + ((q.0 - prev.0) * (q.0 - prev.0) + (q.1 - prev.1) * (q.1 - prev.1)).squareRoot()
            prev = q
        }
    }

    /// The point at `fraction` of the span's length, from its table.
    static func point(
        _ c: (Point, Point, Point, Point), fraction p: Double, lengths: UnsafeBufferPointer<Double>
    ) -> (Double, Double) {
        let n = steps
        let total = lengths[n]
        guard total > 1e-9 else { return (c.0.x + (c.3.x - c.0.x) * p, c.0.y + (c.3.y - c.0.y) * p) }
        let target = p * total
        var j = 1
        while j < n && lengths[j] < target { j += 1 }
        let seg = lengths[j] - lengths[j - 1]
        let f = seg > 0 ? (target - lengths[j - 1]) / seg : 0
        return at(c, (Double(j - 1) + f) / Double(n))
    }

    /// The position at eased progress `p` through the span from `s` to `e`; `lengths` is the span's bound table
    /// (nil: measured here).
    static func point<V: NumberValues>(
        from s: V, to e: V, out to: NumberVector, in ti: NumberVector, fraction p: Double,
        lengths: [Double]? = nil, byArcLength: Bool = true, linearWhenCollinear: Bool = false
    )
        -> (Double, Double)
    {
        let c = controls(s, e, to, ti)
        // By the curve's parameter, an eased progress past 0 or 1 carries on along the cubic (Core Animation).
        if !byArcLength { return at(c, p) }
        if p <= 0 { return (c.0.x, c.0.y) }
        if p >= 1 { return (c.3.x, c.3.y) }
        if linearWhenCollinear {
            // lottie-ios (MathKit.swift `colinear`): twice the triangle areas of (start, c1, c2) and (c1, c2, end)
            // within ±0.05 move in a straight line by the progress, not along the curve.
            func area(_ a: Point, _ b: Point, _ d: Point) -> Double {
                a.x * (b.y - d.y) + b.x * (d.y - a.y) + d.x * (a.y - b.y)
            }
            if abs(area(c.0, c.1, c.2)) < 0.05 && abs(area(c.1, c.2, c.3)) < 0.05 {
                return (c.0.x + (c.3.x - c.0.x) * p, c.0.y + (c.3.y - c.0.y) * p)
            }
        }
        if let lengths, lengths.count == steps + 1 {
            return lengths.withUnsafeBufferPointer { point(c, fraction: p, lengths: $0) }
        }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: steps + 1) { table in
            measure(c, into: table)
            return point(c, fraction: p, lengths: UnsafeBufferPointer(table))
        }
    }

    /// The span's table, for a keyframe of a curved span with two or more dimensions.
    static func lengths(_ k: Keyframe<NumberVector>) -> [Double]? {
        guard min(k.start.count, k.end.count) >= 2, let to = k.spatialOut, let ti = k.spatialIn,
            isCurved(out: to, in: ti)
        else { return nil }
        let c = controls(k.start, k.end, to, ti)
        return [Double](unsafeUninitializedCapacity: steps + 1) { buf, count in
            measure(c, into: buf)
            count = steps + 1
        }
    }
}

/// Binding: each curved span of the positions a frame evaluates gets its table once.
extension SpatialCurve {
    /// `layer` with tables in the spans of its transform's position and anchor (`"ks.p"`, `"ks.a"`) and of its
    /// shapes' positions and group transforms (`"rc.p"`, `"el.p"`, `"sr.p"`, `"tr"`).
    static func bind(_ layer: Layer) -> Layer {
        var l = layer
        if layer.transformHasSpatialTangents, let t = bound(layer.transform) { l.transform = t }
        if case .shapes(let items) = layer.content, let b = bound(items) { l.content = .shapes(b) }
        return l
    }

    /// The property with a table in each keyframe of a moving curved span; nil when it has none.
    static func bound(_ prop: NumberProperty) -> NumberProperty? {
        switch prop {
        case .constant: return nil
        case .animated(var k):
            var any = false
            for i in k.indices where i < k.count - 1 && !k[i].hold {
                if let t = lengths(k[i]) { k[i].spatialLengths = t; any = true }
            }
            return any ? .animated(k) : nil
        case .expression(let ref, let base): return bound(base).map { .expression(ref, base: $0) }
        }
    }

    /// A transform with its position's and anchor's tables; nil when neither has a curved span.
    static func bound(_ tr: LayerTransform) -> LayerTransform? {
        var out = tr, any = false
        if case .combined(let p) = tr.position, let b = bound(p) { out.position = .combined(b); any = true }
        if let b = bound(tr.anchor) { out.anchor = b; any = true }
        return any ? out : nil
    }

    /// Shape items with their tables; nil when none has a curved span.
    static func bound(_ items: [ShapeItem]) -> [ShapeItem]? {
        var out = items, any = false
        for (i, item) in items.enumerated() {
            var b: ShapeItem? = nil
            switch item {
            case .group(var g): // "gr": "it", "tr"
                let inner = bound(g.items)
                let tr = g.transformHasSpatialTangents ? g.transformBox?.read { bound($0) } : nil
                if let inner { g.items = inner }
                if let tr { g.transform = tr }
                if inner != nil || tr != nil { b = .group(g) }
            case .rect(let box): // "rc.p"
                if let p = box.read({ $0.position.hasSpatialTangents ? bound($0.position) : nil }) {
                    b = .rect(box.modified { $0.position = p })
                }
            case .ellipse(let box): // "el.p"
                if let p = box.read({ $0.position.hasSpatialTangents ? bound($0.position) : nil }) {
                    b = .ellipse(box.modified { $0.position = p })
                }
            case .star(let box): // "sr.p"
                if let p = box.read({ $0.position.hasSpatialTangents ? bound($0.position) : nil }) {
                    b = .star(box.modified { $0.position = p })
                }
            case .transform(let tr): // "tr"
                if let t = tr.read({ $0.hasSpatialTangents ? bound($0) : nil }) { b = .transform(Boxed(t)) }
            default: break
            }
            if let b { out[i] = b; any = true }
        }
        return any ? out : nil
    }
}
