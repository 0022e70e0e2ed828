import LottieRenderModel
import LottieRenderRaster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns parametric shapes (`"rc"`, `"el"`, `"sr"`, `"sh"`) into paths, with the start points and
/// directions the players use (trim paths depend on them).
enum ShapeGenerators {
    static let kappa = 0.5522847498307936

    /// A Bodymovin bezier (`"sh"` value) as a path.
    static func path(_ s: BezierShape) -> Path {
        // `points` indexed by its layout (vertices, in tangents, out tangents): an accessor in the model's module
        // would be a call per point from this one.
        let p = s.points, n = s.count
        return path(
            count: n, closed: s.closed, vertex: { p[$0] }, inTangent: { p[n + $0] }, outTangent: { p[2 * n + $0] })
    }

    /// The path of an animated bezier (`"sh".ks`) at `t`: what ``path(_:)`` makes of ``Interpolator/shape(_:at:)``,
    /// but inside a span between two shapes of one vertex count the vertices and tangents are interpolated straight
    /// into the path (the same arithmetic), without building the shape's three arrays first.
    static func path(_ prop: Animatable<BezierShape>, at t: Double) -> Path {
        guard case .animated(let k) = prop else { return path(Interpolator.shape(prop, at: t)) }
        let i = Interpolator.span(k, t)
        // Where `Interpolator.evaluate` would not interpolate (before the first key, on the last, a hold) or the
        // shapes differ in vertex count, the shape is the span's start.
        guard i >= 0, i < k.count - 1, !k[i].hold, k[i].start.count == k[i].end.count else {
            return path(Interpolator.shape(prop, at: t))
        }
        let p = Interpolator.progress(k, i, t, dimension: 0)
        let a = k[i].start, b = k[i].end
        @inline(__always) func mix(_ x: Vec2, _ y: Vec2) -> Vec2 { Vec2(x.x + (y.x - x.x) * p, x.y + (y.y - x.y) * p) }
        let x = a.points, y = b.points, n = a.count
        return path(
            count: n, closed: a.closed, vertex: { mix(x[$0], y[$0]) }, inTangent: { mix(x[n + $0], y[n + $0]) },
            outTangent: { mix(x[2 * n + $0], y[2 * n + $0]) })
    }

    /// A bezier of `n` vertices given one by one (tangents relative to their vertex) as a path: a line where both
    /// tangents of a segment are zero, a cubic otherwise; `closed` joins the last vertex to the first.
    @inline(__always) private static func path(
        count n: Int, closed: Bool, vertex: (Int) -> Vec2, inTangent: (Int) -> Vec2, outTangent: (Int) -> Vec2
    ) -> Path {
        var p = Path()
        guard n > 0 else { return p }
        let segs = closed ? n : n - 1
        p.reserveCapacity(segs + 2)
        var v = vertex(0)
        let first = v
        p.move(to: Point(v.x, v.y))
        for i in 0..<segs {
            let j = i + 1 == n ? 0 : i + 1
            let w = j == 0 ? first : vertex(j)
            let out = outTangent(i), inw = inTangent(j)
            if out == Vec2(0, 0) && inw == Vec2(0, 0) {
                p.line(to: Point(w.x, w.y))
            } else {
                p.cubic(
                    to: Point(w.x, w.y), control1: Point(v.x + out.x, v.y + out.y),
                    control2: Point(w.x + inw.x, w.y + inw.y))
            }
            v = w
        }
        if closed { p.close() }
        return p
    }

    /// A rectangle starting at the top-right corner, clockwise unless `reversed`.
    static func rect(_ r: RectShape, at t: Double) -> Path {
        let pos = Interpolator.value(r.position, at: t), size = Interpolator.value(r.size, at: t)
        let cx = pos.component(0), cy = pos.component(1)
        let hw = abs(size.component(0)) / 2, hh = abs(size.component(1)) / 2
        let rr = min(max(0, Interpolator.scalar(r.roundness, at: t)), min(hw, hh))
        let l = cx - hw, rt = cx + hw, tp = cy - hh, bt = cy + hh
        let k = rr * (1 - kappa)
        var p = Path()
        p.reserveCapacity(rr <= 0 ? 5 : 10)
        if rr <= 0 {
            let corners = [Point(rt, tp), Point(rt, bt), Point(l, bt), Point(l, tp)]
            let order = r.reversed ? [0, 3, 2, 1] : [0, 1, 2, 3]
            p.move(to: corners[order[0]])
            for i in order.dropFirst() { p.line(to: corners[i]) }
            p.close()
            return p
        }
        if !r.reversed {
            p.move(to: Point(rt, tp + rr))
            p.line(to: Point(rt, bt - rr))
            p.cubic(to: Point(rt - rr, bt), control1: Point(rt, bt - k), control2: Point(rt - k, bt))
            p.line(to: Point(l + rr, bt))
            p.cubic(to: Point(l, bt - rr), control1: Point(l + k, bt), control2: Point(l, bt - k))
            p.line(to: Point(l, tp + rr))
            p.cubic(to: Point(l + rr, tp), control1: Point(l, tp + k), control2: Point(l + k, tp))
            p.line(to: Point(rt - rr, tp))
            p.cubic(to: Point(rt, tp + rr), control1: Point(rt - k, tp), control2: Point(rt, tp + k))
        } else {
            p.move(to: Point(rt - rr, tp))
            p.line(to: Point(l + rr, tp))
            p.cubic(to: Point(l, tp + rr), control1: Point(l + k, tp), control2: Point(l, tp + k))
            p.line(to: Point(l, bt - rr))
            p.cubic(to: Point(l + rr, bt), control1: Point(l, bt - k), control2: Point(l + k, bt))
            p.line(to: Point(rt - rr, bt))
            p.cubic(to: Point(rt, bt - rr), control1: Point(rt - k, bt), control2: Point(rt, bt - k))
            p.line(to: Point(rt, tp + rr))
            p.cubic(to: Point(rt - rr, tp), control1: Point(rt, tp + k), control2: Point(rt - k, tp))
        }
        p.close()
        return p
    }

    /// An ellipse starting at the top, clockwise (right, bottom, left) unless `reversed`.
    static func ellipse(_ e: EllipseShape, at t: Double) -> Path {
        let pos = Interpolator.value(e.position, at: t), size = Interpolator.value(e.size, at: t)
        let cx = pos.component(0), cy = pos.component(1)
        let rx = size.component(0) / 2, ry = size.component(1) / 2
        let kx = rx * kappa, ky = ry * kappa
        var p = Path()
        p.reserveCapacity(6)
        p.move(to: Point(cx, cy - ry))
        if !e.reversed {
            p.cubic(to: Point(cx + rx, cy), control1: Point(cx + kx, cy - ry), control2: Point(cx + rx, cy - ky))
            p.cubic(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + ky), control2: Point(cx + kx, cy + ry))
            p.cubic(to: Point(cx - rx, cy), control1: Point(cx - kx, cy + ry), control2: Point(cx - rx, cy + ky))
            p.cubic(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - ky), control2: Point(cx - kx, cy - ry))
        } else {
            p.cubic(to: Point(cx - rx, cy), control1: Point(cx - kx, cy - ry), control2: Point(cx - rx, cy - ky))
            p.cubic(to: Point(cx, cy + ry), control1: Point(cx - rx, cy + ky), control2: Point(cx - kx, cy + ry))
            p.cubic(to: Point(cx + rx, cy), control1: Point(cx + kx, cy + ry), control2: Point(cx + rx, cy + ky))
            p.cubic(to: Point(cx, cy - ry), control1: Point(cx + rx, cy - ky), control2: Point(cx + kx, cy - ry))
        }
        p.close()
        return p
    }

    /// A star (`"sy":1`) or polygon (`"sy":2`), first point straight up from the centre, rotated by `"r"`.
    /// Roundness turns each corner into a curve whose tangents run perpendicular to the radius.
    ///
    /// A star with a fractional point count (`"pt"` animating from 5 to 6, say) grows its extra point as After
    /// Effects, lottie-ios, lottie-android and ThorVG draw it: the points are spaced 360° / `pt` apart and the
    /// last one is partial, its tip at inner + fraction × (outer − inner), on the path's start. Polygons use
    /// the whole number of points (lottie-web floors both).
    ///
    /// `asLottieWeb` draws it as lottie-web's StarShapeProperty does: whole points only (`Math.floor(pt)`), and
    /// handles of radius × roundness × 2π / (4 × points), the quarter of the arc between two points.
    ///
    /// `asRlottie` draws it as rlottie's `Polystar::updatePath` does: the rotation applied twice, a polygon's first
    /// vertex at −90° − π/2° (`addPolygon` converts the start angle from degrees twice), star handles of radius ×
    /// roundness × (0.47829 / 0.28) / points.
    static func star(_ s: StarShape, at t: Double, asLottieWeb: Bool = false, asRlottie: Bool = false) -> Path {
        let pos = Interpolator.value(s.position, at: t)
        let cx = pos.component(0), cy = pos.component(1)
        let points = Interpolator.scalar(s.points, at: t) // "pt"
        guard points >= 1, points <= 10_000 else { return Path() } // also rejects NaN
        let n = Int(points.rounded(.down))
        let fraction = s.isStar && !asLottieWeb ? points - Double(n) : 0
        let outer = Interpolator.scalar(s.outerRadius, at: t), inner = Interpolator.scalar(s.innerRadius, at: t)
        let outerRound = Interpolator.scalar(s.outerRoundness, at: t) / 100
        let innerRound = Interpolator.scalar(s.innerRoundness, at: t) / 100
        var rot = Interpolator.scalar(s.rotation, at: t) * Double.pi / 180 // "r"
        if asRlottie { rot = 2 * rot + (s.isStar ? 0 : -Double.pi / 2 * Double.pi / 180) }
        let dir = s.reversed ? -1.0 : 1.0
        // Handle length as lottie-ios and lottie-android draw it: radius × roundness × 0.47829 for stars,
        // × 0.25 for polygons (constants those players derived by fitting After Effects' curves).
        // rlottie (VPath::addPolystar): a star's handles are radius × roundness × (0.47829 / 0.28) / points.
        let k =
            asLottieWeb
            ? 2 * Double.pi / Double(4 * n) : s.isStar ? (asRlottie ? 0.47829 / 0.28 / points : 0.47829) : 0.25
        var verts: [(Point, Double)] = [] // point, handle length
        func vertex(_ r: Double, _ a: Double, handle: Double) {
            verts.append((Point(cx + r * cos(a), cy + r * sin(a)), handle))
        }
        let half = Double.pi / (s.isStar && !asLottieWeb ? points : Double(n)) * dir // half the angle between points
        var a = -Double.pi / 2 + rot
        if !s.isStar {
            for i in 0..<n { vertex(outer, a + 2 * half * Double(i), handle: outer * outerRound * k) }
        } else {
            var count = 2 * n
            if fraction > 0 {
                // The partial point sits on the start; its handles are the outer ones, shortened by the fraction.
                a += half * (1 - fraction)
                vertex(inner + fraction * (outer - inner), a, handle: outer * outerRound * k * fraction)
                a += half * fraction
                count = 2 * n + 1
            }
            for i in 0..<count {
                let isOuter = (i % 2 == 0) == (fraction == 0)
                let r = isOuter ? outer : inner
                vertex(r, a + half * Double(i), handle: r * (isOuter ? outerRound : innerRound) * k)
            }
        }
        let count = verts.count
        var p = Path()
        // Roundness ("os", "is") turns each vertex into a smooth point with handles along the circle's tangent.
        func tangent(_ i: Int) -> Point {
            let (pt, handle) = verts[i]
            guard handle != 0 else { return .zero }
            let d = pt - Point(cx, cy)
            let len = d.length
            guard len > 0 else { return .zero }
            return Point(d.y / len, -d.x / len) * (dir * handle)
        }
        p.move(to: verts[0].0)
        for i in 0..<count {
            let j = (i + 1) % count
            let ti = tangent(i), tj = tangent(j)
            if ti == .zero && tj == .zero {
                p.line(to: verts[j].0)
            } else {
                p.cubic(to: verts[j].0, control1: verts[i].0 - ti, control2: verts[j].0 + tj)
            }
        }
        p.close()
        return p
    }
}
