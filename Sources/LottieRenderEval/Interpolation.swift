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
        genericValue(prop, at: t, motion: motion)
    }

    /// The generic `value` for any vector type (the vectors' own overload gives the same bits; tests compare them).
    package static func genericValue<V: NumberValues>(_ prop: Animatable<V>, at t: Double, motion: Motion) -> V {
        if case .expression(let ref, let base) = prop {
            let own = { (u: Double) in value(base, at: u, motion: motion) }
            guard let host = ExpressionScope.host else { return own(t) }
            return host.numbers(ref, at: t, base: { own($0).array }).map(V.init(numbers:)) ?? own(t)
        }
        return evaluate(prop, at: t) { k, i in
            // Field reads, not a copy of the keyframe.
            let start = k[i].start, end = k[i].end
            let n = min(start.count, end.count)
            // Spatial bezier: position moves along a curve, parameterised by arc length.
            if n >= 2, let to = k[i].spatialOut, let ti = k[i].spatialIn, SpatialCurve.isCurved(out: to, in: ti) {
                let p = progress(k, i, t, dimension: 0)
                var out = start
                let pt = SpatialCurve.point(
                    from: start, to: end, out: to, in: ti, fraction: p, lengths: k[i].spatialLengths,
                    byArcLength: motion.spatial == .arcLength, linearWhenCollinear: motion.linearWhenCollinear)
                out[0] = pt.0; out[1] = pt.1
                if n > 2 { for d in 2..<n { out[d] = start[d] + (end[d] - start[d]) * p } }
                return out
            }
            return eased(
                from: start, to: end, count: n, between: k[i].time, and: k[i + 1].time, at: t, out: k[i].outHandle,
                in: k[i].inHandle, motion: motion)
        }
    }

    /// A span from `start` (at `t0`) to `end` (at `t1`) at `t`, in its first `count` dimensions (the others are
    /// `start`'s): linear without both handles (or without a duration), else `progress(k, i, t, dimension:)` for
    /// each dimension, with the linear progress found once and a dimension whose handles are those of the one before
    /// (a handle given once, `"o": {"x": 0.3}`, or the same numbers) sharing its eased progress: easing is a
    /// function of the handles alone.
    @inline(__always) static func eased<V: NumberValues>(
        from start: V, to end: V, count n: Int, between t0: Double, and t1: Double, at t: Double,
        out o: EasingHandle?, in inh: EasingHandle?, motion: Motion
    ) -> V {
        var out = start
        let dur = t1 - t0
        let linear = dur > 0 ? (t - t0) / dur : 1
        guard dur > 0, let o, let inh else {
            for d in 0..<n { out[d] = start[d] + (end[d] - start[d]) * linear }
            return out
        }
        // Handles given once (`"o": {"x": [0.3], "y": [0]}`, most files) or read for the first dimension only: one
        // easing for every dimension, without reading the handles of the others (what the loop below finds, as
        // each dimension's handles are then the first's).
        if motion.firstDimensionEasing || (o.x.count <= 1 && o.y.count <= 1 && inh.x.count <= 1 && inh.y.count <= 1) {
            let (x1, y1) = o.component(0), (x2, y2) = inh.component(0)
            let p = Easing.ease(linear, x1: x1, y1: y1, x2: x2, y2: y2)
            for d in 0..<n { out[d] = start[d] + (end[d] - start[d]) * p }
            return out
        }
        var handles = (0.0, 0.0, 0.0, 0.0), eased = linear
        for d in 0..<n {
            let (x1, y1) = o.component(d), (x2, y2) = inh.component(d) // (first-dimension easing: above)
            let p: Double
            if d > 0 && handles == (x1, y1, x2, y2) {
                p = eased
            } else {
                p = Easing.ease(linear, x1: x1, y1: y1, x2: x2, y2: y2)
                handles = (x1, y1, x2, y2); eased = p
            }
            out[d] = start[d] + (end[d] - start[d]) * p
        }
        return out
    }

    /// A numeric vector at `t`, as the generic `value` gives it, read from the keyframes in
    /// place: the span's fields through a pointer and its handles per dimension without the generic collection
    /// (the values and the arithmetic are the same, so are the bits).
    package static func value(_ prop: NumberProperty, at t: Double, motion: Motion = .standard) -> NumberVector {
        guard case .animated(let k) = prop else {
            if case .constant(let v) = prop { return v }
            return genericValue(prop, at: t, motion: motion)
        }
        let i = span(k, t)
        if i < 0 { return k[0].start }
        guard i < k.count - 1, !k[i].hold else { return k[i].start }
        return k.withUnsafeBufferPointer { b -> NumberVector in
            guard let base = b.baseAddress else { return k[i].start }
            let kf = base + i
            let start = kf.pointee.start, end = kf.pointee.end
            let n = min(start.count, end.count)
            // Spatial bezier (`"to"`, `"ti"`): as the generic path does it, its fields read through the pointer (the
            // generic path's `k[i].spatialOut` copied the keyframe out, its arrays retained, for each field).
            if n >= 2, let to = kf.pointee.spatialOut, let ti = kf.pointee.spatialIn,
                SpatialCurve.isCurved(out: to, in: ti)
            {
                let p = progress(k, i, t, dimension: 0)
                var out = start
                let pt = SpatialCurve.point(
                    from: start, to: end, out: to, in: ti, fraction: p, lengths: kf.pointee.spatialLengths,
                    byArcLength: motion.spatial == .arcLength, linearWhenCollinear: motion.linearWhenCollinear)
                out[0] = pt.0; out[1] = pt.1
                if n > 2 { for d in 2..<n { out[d] = start[d] + (end[d] - start[d]) * p } }
                return out
            }
            return eased(
                from: start, to: end, count: n, between: kf.pointee.time, and: (kf + 1).pointee.time, at: t,
                out: kf.pointee.outHandle, in: kf.pointee.inHandle, motion: motion)
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
            guard a.count == b.count else { return a }
            let p = progress(k, i, t, dimension: 0)
            // Vertices and tangents alike, in one pass over the shapes' points.
            var r = a.points
            let x = a.points, y = b.points
            for j in 0..<min(x.count, y.count) {
                r[j] = Vec2(x[j].x + (y[j].x - x[j].x) * p, x[j].y + (y[j].y - x[j].y) * p)
            }
            return BezierShape(points: r, closed: a.closed)
        }
    }
}
