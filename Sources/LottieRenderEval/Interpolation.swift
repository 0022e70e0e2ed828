import LottieRenderModel
import LottieRenderRaster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Cubic-bezier easing of keyframe progress, as After Effects and CSS define it: the curve runs from
/// (0,0) to (1,1) with control points (x1,y1) (the outgoing handle) and (x2,y2) (the incoming one).
package enum Easing {
    /// Eased progress for linear progress `p` in 0…1, solving x(s) = p exactly (Newton, then bisection).
    package static func ease(_ p: Double, x1: Double, y1: Double, x2: Double, y2: Double) -> Double {
        if p <= 0 { return 0 }
        if p >= 1 { return 1 }
        let ax1 = min(max(x1, 0), 1), ax2 = min(max(x2, 0), 1)
        if ax1 == y1 && ax2 == y2 { return p }
        func bez(_ s: Double, _ a: Double, _ b: Double) -> Double { Cubic.value(0, a, b, 1, s) }
        func dbez(_ s: Double, _ a: Double, _ b: Double) -> Double { Cubic.slope(0, a, b, 1, s) }
        var s = p
        for _ in 0..<8 {
            let x = bez(s, ax1, ax2) - p
            if abs(x) < 1e-9 { return bez(s, y1, y2) }
            let d = dbez(s, ax1, ax2)
            if abs(d) < 1e-9 { break }
            s -= x / d
            if s < 0 || s > 1 { break }
        }
        var lo = 0.0, hi = 1.0
        s = p
        for _ in 0..<60 {
            let x = bez(s, ax1, ax2)
            if abs(x - p) < 1e-10 { break }
            if x < p { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return bez(s, y1, y2)
    }
}

/// Finds values of animated properties at a time.
package enum Interpolator {
    /// Index of the span containing `t`: the last keyframe whose time is ≤ t (binary search), or -1 before the first.
    @inlinable static func span<V>(_ k: [Keyframe<V>], _ t: Double) -> Int {
        var lo = 0, hi = k.count - 1
        if t < k[0].time { return -1 }
        if t >= k[hi].time { return hi }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if k[mid].time <= t { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The value of `prop` at `t`. The keyframe whose span holds `t` is found (the first before the first, the
    /// last at or after it); where the value does not move (outside the keyframes, a hold span) it is that
    /// keyframe's start, else `between(k, i)` interpolates span `i`.
    static func evaluate<V>(_ prop: Animatable<V>, at t: Double, between: ([Keyframe<V>], Int) -> V) -> V {
        switch prop {
        case .constant(let v): return v
        case .animated(let k):
            let i = span(k, t)
            if i < 0 { return k[0].start }
            return i < k.count - 1 && !k[i].hold ? between(k, i) : k[i].start
        case .expression(_, let base): return evaluate(base, at: t, between: between)
        }
    }

    /// Eased progress in dimension `d` through span `i` at `t`.
    static func progress<V>(_ k: [Keyframe<V>], _ i: Int, _ t: Double, dimension d: Int) -> Double {
        // Field reads, not a copy of the keyframe (a path keyframe holds six arrays).
        let t0 = k[i].time, t1 = k[i + 1].time
        let dur = t1 - t0
        guard dur > 0 else { return 1 }
        let p = (t - t0) / dur
        guard let o = k[i].outHandle, let inh = k[i].inHandle else { return p }
        let (x1, y1) = o.component(d), (x2, y2) = inh.component(d)
        return Easing.ease(p, x1: x1, y1: y1, x2: x2, y2: y2)
    }

    /// A numeric vector at `t`.
    /// `motion` says how a position moves along a spatial bezier (`"to"`, `"ti"`) and whether every dimension eases
    /// with the first one's handles.
    package static func value<V: NumberValues>(_ prop: Animatable<V>, at t: Double, motion: Motion = .standard) -> V {
        if case .expression(let ref, let base) = prop {
            let own = { (u: Double) in value(base, at: u, motion: motion) }
            guard let host = ExpressionScope.host else { return own(t) }
            return host.numbers(ref, at: t, base: { own($0).array }).map(V.init(numbers:)) ?? own(t)
        }
        return evaluate(prop, at: t) { k, i in
            let kf = k[i]
            let n = min(kf.start.count, kf.end.count)
            // Spatial bezier: position moves along a curve, parameterised by arc length.
            if n >= 2, let to = kf.spatialOut, let ti = kf.spatialIn, to.count >= 2, ti.count >= 2,
                to[0] != 0 || to[1] != 0 || ti[0] != 0 || ti[1] != 0
            {
                let p = progress(k, i, t, dimension: 0)
                var out = kf.start
                let pt = SpatialCurve.point(
                    from: kf.start, to: kf.end, out: to, in: ti, fraction: p,
                    byArcLength: motion.spatial == .arcLength, linearWhenCollinear: motion.linearWhenCollinear)
                out[0] = pt.0; out[1] = pt.1
                if n > 2 { for d in 2..<n { out[d] = kf.start[d] + (kf.end[d] - kf.start[d]) * p } }
                return out
            }
            var out = kf.start
            for d in 0..<n {
                let p = progress(k, i, t, dimension: motion.firstDimensionEasing ? 0 : d)
                out[d] = kf.start[d] + (kf.end[d] - kf.start[d]) * p
            }
            return out
        }
    }

    /// The first component at `t` (or `fallback` when empty).
    package static func scalar(_ prop: NumberProperty, at t: Double, fallback: Double = 0) -> Double {
        if case .constant(let v) = prop { return v.component(0, or: fallback) }
        return value(prop, at: t).component(0, or: fallback)
    }

    /// A bezier path at `t`: vertices and tangents interpolated pairwise (the start shape when counts differ).
    package static func shape(_ prop: Animatable<BezierShape>, at t: Double) -> BezierShape {
        if case .expression(let ref, let base) = prop {
            let own = { (u: Double) in shape(base, at: u) }
            return ExpressionScope.host?.shape(ref, at: t, base: own) ?? own(t)
        }
        return evaluate(prop, at: t) { k, i in
            let a = k[i].start, b = k[i].end
            guard a.vertices.count == b.vertices.count else { return a }
            let p = progress(k, i, t, dimension: 0)
            func mix(_ x: [Vec2], _ y: [Vec2]) -> [Vec2] {
                var r = x
                for j in 0..<min(x.count, y.count) {
                    r[j] = Vec2(x[j].x + (y[j].x - x[j].x) * p, x[j].y + (y[j].y - x[j].y) * p)
                }
                return r
            }
            return BezierShape(
                vertices: mix(a.vertices, b.vertices), inTangents: mix(a.inTangents, b.inTangents),
                outTangents: mix(a.outTangents, b.outTangents), closed: a.closed)
        }
    }
}

/// Motion along a spatial bezier between two keyframe positions, by arc length (or by the curve's parameter).
enum SpatialCurve {
    static func point<V: NumberValues>(
        from s: V, to e: V, out to: NumberVector, in ti: NumberVector, fraction p: Double,
        byArcLength: Bool = true, linearWhenCollinear: Bool = false
    )
        -> (Double, Double)
    {
        let p0 = (s[0], s[1]), p3 = (e[0], e[1])
        let p1 = (s[0] + to[0], s[1] + to[1]), p2 = (e[0] + ti[0], e[1] + ti[1])
        func at(_ u: Double) -> (Double, Double) {
            (Cubic.value(p0.0, p1.0, p2.0, p3.0, u), Cubic.value(p0.1, p1.1, p2.1, p3.1, u))
        }
        // By the curve's parameter, an eased progress past 0 or 1 carries on along the cubic (Core Animation).
        if !byArcLength { return at(p) }
        if p <= 0 { return p0 }
        if p >= 1 { return p3 }
        if linearWhenCollinear {
            // lottie-ios (MathKit.swift `colinear`): twice the triangle areas of (start, c1, c2) and (c1, c2, end)
            // within ±0.05 move in a straight line by the progress, not along the curve.
            func area(_ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double)) -> Double {
                a.0 * (b.1 - c.1) + b.0 * (c.1 - a.1) + c.0 * (a.1 - b.1)
            }
            if abs(area(p0, p1, p2)) < 0.05 && abs(area(p1, p2, p3)) < 0.05 {
                return (p0.0 + (p3.0 - p0.0) * p, p0.1 + (p3.1 - p0.1) * p)
            }
        }
        let n = 64
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: n + 1) { lengths in
            lengths[0] = 0
            var prev = p0
            for j in 1...n {
                let q = at(Double(j) / Double(n))
                lengths[j] =
                    lengths[j - 1]
                    + ((q.0 - prev.0) * (q.0 - prev.0) + (q.1 - prev.1) * (q.1 - prev.1)).squareRoot()
                prev = q
            }
            let total = lengths[n]
            guard total > 1e-9 else { return (p0.0 + (p3.0 - p0.0) * p, p0.1 + (p3.1 - p0.1) * p) }
            let target = p * total
            var j = 1
            while j < n && lengths[j] < target { j += 1 }
            let seg = lengths[j] - lengths[j - 1]
            let f = seg > 0 ? (target - lengths[j - 1]) / seg : 0
            return at((Double(j - 1) + f) / Double(n))
        }
    }
}
