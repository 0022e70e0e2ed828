/// Line caps.
package enum LineCap: Sendable { case butt, round, square }
/// Line joins.
package enum LineJoin: Sendable { case miter, round, bevel }

/// Stroke geometry parameters.
package struct StrokeStyle: Sendable, Equatable {
    /// Full width.
    package var width: Double
    /// End caps.
    package var cap: LineCap
    /// Corner joins.
    package var join: LineJoin
    /// Miter limit as a ratio of miter length to half width.
    package var miterLimit: Double
    /// Dash lengths alternating on/off; empty for solid.
    package var dashes: [Double]
    /// Distance into the dash pattern at which the path starts.
    package var dashOffset: Double
    /// Creates a style.
    package init(
        width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 4,
        dashes: [Double] = [], dashOffset: Double = 0
    ) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
        self.dashes = dashes; self.dashOffset = dashOffset
    }
}

/// Turns polylines into the outline that covers their stroke, for non-zero filling.
///
/// Each contour becomes one closed outline (two for a closed contour): the offset on one side walked forwards, the
/// end cap, the offset on the other side walked backwards, the start cap. At each corner the outer side gets the
/// join (miter, round or bevel). The inner side cuts the corner where the two offset lines cross when the segments
/// around it are long enough to cover what is cut off; otherwise it passes through the corner itself (a pivot).
///
/// As winding numbers, such an outline is the sum of one quad per segment and one wedge per join, all wound the
/// same way, minus (at a cut corner) a region that both quads cover. So non-zero filling gives the union of the
/// pieces, with about half the edges, and each covered pixel gets the area of the union rather than a clamped sum.
package enum Stroker {
    /// Appends the stroke outline of `input` to `out`. `tolerance` bounds the error of round pieces. `scratch` is
    /// memory for a contour's points (a render context's, kept between strokes).
    package static func stroke(
        _ input: Polylines, style: StrokeStyle, tolerance: Double, into out: inout Polylines,
        scratch poly: inout [Point]
    ) {
        let hw = style.width / 2
        guard hw > 0, hw.isFinite else { return }
        let pts = input.points
        let step = arcStep(hw, tolerance)
        for c in input.contours {
            // Drop repeated points so that every segment has a direction.
            poly.removeAll(keepingCapacity: true)
            for i in c.start..<(c.start + c.count) {
                let p = pts[i]
                if let l = poly.last, (p - l).length < 1e-9 { continue }
                poly.append(p)
            }
            var closed = c.closed
            if closed, poly.count > 2, let f = poly.first, let l = poly.last, (f - l).length < 1e-9 {
                poly.removeLast()
            }
            if poly.count < 2 {
                if let p = poly.first ?? (c.count > 0 ? pts[c.start] : nil) {
                    // A zero-length contour draws a dot for round and square caps.
                    if style.cap == .round { circle(p, hw, step, &out) }
                    if style.cap == .square { // clockwise, as the outlines are wound
                        out.begin(p + Point(-hw, hw))
                        for d in [Point(hw, hw), Point(hw, -hw), Point(-hw, -hw)] { out.add(p + d) }
                        out.closeContour()
                    }
                }
                continue
            }
            if poly.count == 2 { closed = false }
            let side = Side(hw: hw, style: style, step: step)
            if closed {
                side.walk(poly, reversed: false, closed: true, into: &out)
                out.closeContour()
                side.walk(poly, reversed: true, closed: true, into: &out)
                out.closeContour()
            } else {
                side.walk(poly, reversed: false, closed: false, into: &out)
                side.walk(poly, reversed: true, closed: false, continuing: true, into: &out)
                out.closeContour()
            }
        }
    }

    /// Walks the left offset (the direction turned +90°) of a polyline, or of the polyline reversed, which is the
    /// right offset walked backwards. An open walk ends with the end cap.
    struct Side {
        let hw: Double
        let style: StrokeStyle
        /// Angle between points of round joins and caps.
        let step: Double
        /// The sine of a turn below which a round join has no point inside its arc: half `step`'s sine bounds the
        /// turn to half a step (sin θ < ½ sin s gives θ < s/2 for θ, s/2 ≤ π/2), where `arc` makes one step and
        /// returns. Such joins skip `atan2` (2 % of LightningBug's drawing, whose flattened curves turn a little at
        /// every point); the points are the same.
        let smallTurn: Double

        init(hw: Double, style: StrokeStyle, step: Double) {
            self.hw = hw; self.style = style; self.step = step
            smallTurn = 0.5 * sin(step)
        }

        /// Appends the walk to `out`: as a new contour, or `continuing` the current one.
        func walk(
            _ poly: [Point], reversed: Bool, closed: Bool, continuing: Bool = false, into out: inout Polylines
        ) {
            let n = poly.count
            @inline(__always) func at(_ k: Int) -> Point { reversed ? poly[n - 1 - k] : poly[k] }
            @inline(__always) func dir(_ k: Int) -> (u: Point, len: Double) {
                let d = at((k + 1) % n) - at(k)
                let len = d.length
                return (d * (1 / len), len)
            }
            // Where the forward and the reversed walk meet an exactly straight-back turn, exactly one of them
            // takes it as its outer side.
            let outerOnZero = !reversed
            withUnsafeTemporaryAllocation(of: Point.self, capacity: Pen.capacity) { buffer in
                guard let b = buffer.baseAddress else { return }
                var pen = Pen(first: !continuing, buffer: b, last: out.points.last)
                walk(n, at, dir, closed: closed, outerOnZero: outerOnZero, pen: &pen, into: &out)
            }
        }

        /// The walk of `walk(_:reversed:closed:continuing:into:)` over `n` points read by `at`, through `pen`.
        @inline(__always) private func walk(
            _ n: Int, _ at: (Int) -> Point, _ dir: (Int) -> (u: Point, len: Double), closed: Bool,
            outerOnZero: Bool, pen: inout Pen, into out: inout Polylines
        ) {
            var prev = closed ? dir(n - 1) : dir(0)
            // How far the inner corner cut before a segment reaches into it from its start (its end, for the last
            // segment of a closed contour, whose end corner is walked first).
            var cutIn = 0.0
            var lastCutOut = 0.0
            if !closed { pen.emit(at(0) + normal(prev.u), &out) }
            let corners = closed ? 0..<n : 1..<(n - 1)
            for k in corners {
                let next = dir(k)
                let nextRoom = next.len - (closed && k == n - 1 ? lastCutOut : 0)
                let cut = corner(
                    at(k), prev.u, next.u, roomBefore: prev.len - cutIn, roomAfter: nextRoom, outerOnZero: outerOnZero,
                    pen: &pen, into: &out)
                if closed && k == 0 { lastCutOut = cut }
                cutIn = cut
                prev = next
            }
            if !closed {
                let end = at(n - 1), u = prev.u, nrm = normal(u)
                pen.emit(end + nrm, &out)
                switch style.cap {
                case .butt: break
                case .square:
                    pen.emit(end + nrm + u * hw, &out)
                    pen.emit(end - nrm + u * hw, &out)
                case .round:
                    // Half a turn from the left offset to the right one, through the direction of travel.
                    arc(end, from: nrm, sweep: -Double.pi, pen: &pen, into: &out)
                }
                pen.emit(end - nrm, &out)
            }
            pen.settle(&out)
        }

        /// The left normal of unit direction `u`, `hw` long.
        @inline(__always) func normal(_ u: Point) -> Point { Point(-u.y * hw, u.x * hw) }

        /// Emits the left offset's points at corner `p` between directions `u1` and `u2`. Returns how far a cut
        /// inner corner reaches into the next segment (0 when the corner is outer or pivots).
        func corner(
            _ p: Point, _ u1: Point, _ u2: Point, roomBefore: Double, roomAfter: Double, outerOnZero: Bool,
            pen: inout Pen, into out: inout Polylines
        ) -> Double {
            let n1 = normal(u1), n2 = normal(u2)
            let cross = u1.cross(u2), dot = u1.dot(u2)
            if abs(cross) < 1e-9 && dot > 0 {
                // Straight on: the offsets meet (a bevel or cut narrower than 10⁻⁹ of the width).
                pen.emit(p + n1, &out); pen.emit(p + n2, &out)
                return 0
            }
            let outer = cross < 0 || (cross == 0 && outerOnZero)
            if outer {
                switch style.join {
                case .bevel:
                    pen.emit(p + n1, &out); pen.emit(p + n2, &out)
                case .miter:
                    let mid = n1 + n2
                    let ml = mid.length
                    let cosHalf = ml / (2 * hw)
                    pen.emit(p + n1, &out)
                    if cosHalf > 1e-9 && 1 / cosHalf <= style.miterLimit {
                        pen.emit(p + mid * (hw / cosHalf / ml), &out)
                    }
                    pen.emit(p + n2, &out)
                case .round:
                    // Clockwise (the left side is outer on a right turn) from n1 to n2.
                    pen.emit(p + n1, &out)
                    if !(dot > 0 && abs(cross) < smallTurn) {
                        // From the normals; where their products overflow (a width near 10¹⁵⁴: ∞ − ∞ is NaN, and a
                        // NaN sweep trapped in `arc`), from the unit directions, which turn by the same angle.
                        var turn = atan2(n1.cross(n2), n1.dot(n2))
                        if !turn.isFinite { turn = atan2(cross, dot) }
                        arc(p, from: n1, sweep: -abs(turn), pen: &pen, into: &out)
                    }
                    pen.emit(p + n2, &out)
                }
                return 0
            }
            // Inner side. Cutting at the crossing of the offsets removes a kite that both segments' quads cover
            // when each segment reaches past the kite: hw·max(sin θ, tan θ/2) along it, for a turn of θ.
            if dot > -0.999 {
                let tanHalf = abs(cross) / (1 + dot)
                let reach = hw * max(abs(cross), tanHalf)
                if reach <= roomBefore && reach <= roomAfter {
                    pen.emit(p + n1 - u1 * (hw * tanHalf), &out)
                    return reach
                }
            }
            pen.emit(p + n1, &out); pen.emit(p, &out); pen.emit(p + n2, &out)
            return 0
        }

        /// Emits the points strictly inside an arc around `c` that starts at `c + v` (`v` is `hw` long) and turns by
        /// `sweep` radians: `v` turned by equal steps, one rotation applied in turn (two trigonometric calls an arc,
        /// not two a point).
        func arc(_ c: Point, from v: Point, sweep: Double, pen: inout Pen, into out: inout Polylines) {
            guard sweep.isFinite else { return } // `Int` of NaN traps
            let steps = max(1, Int((abs(sweep) / step).rounded(.up)))
            if steps < 2 { return }
            let delta = sweep / Double(steps)
            let cs = cos(delta), sn = sin(delta)
            var r = v
            for _ in 1..<steps {
                r = Point(r.x * cs - r.y * sn, r.x * sn + r.y * cs)
                pen.emit(c + r, &out)
            }
        }
    }

    /// Appends a walk's points: the first starts a contour unless the walk continues one. (A value passed along, not
    /// a closure over a variable: a captured variable was checked for exclusive access at every point.) The points
    /// are those `Polylines.add` would keep; the contour's count is brought up to date once, by ``settle(_:)`` at the
    /// end of the walk, not at every point. Points are gathered in a buffer of the walk's and appended to `out` a
    /// buffer at a time (`Polylines.append(uncounted:)`): an `Array.append` a point cost two calls (uniqueness and
    /// capacity), 2.5 % of LightningBug's drawing (session 42).
    struct Pen {
        /// The points a buffer holds.
        static let capacity = 64
        var first: Bool
        /// Points appended since the contour's count was last brought up to date.
        var pending = 0
        /// Points emitted and not yet appended to `out`.
        let buffer: UnsafeMutablePointer<Point>
        var buffered = 0
        /// The last point of `out` and the buffer together.
        var last: Point?

        /// Appends `p` (buffered) unless it repeats the last point exactly, as `Polylines.add` does. The current
        /// contour's count is brought up to date by ``settle(_:)``.
        @inline(__always) mutating func emit(_ p: Point, _ out: inout Polylines) {
            if first {
                out.begin(p); first = false; last = p
            } else if out.contours.isEmpty {
                flush(&out)
                out.add(p); last = p
            } else if p != last {
                // The current contour holds a point already (its first, or the one a continued walk ended on).
                buffer[buffered] = p
                buffered &+= 1
                last = p
                if buffered == Pen.capacity { flush(&out) }
            }
        }

        /// Appends the buffered points to `out`'s points.
        @inline(__always) mutating func flush(_ out: inout Polylines) {
            guard buffered > 0 else { return }
            out.append(uncounted: UnsafeBufferPointer(start: buffer, count: buffered))
            pending &+= buffered
            buffered = 0
        }

        /// Appends the buffered points and adds the points appended since the last call to the current contour's
        /// count.
        @inline(__always) mutating func settle(_ out: inout Polylines) {
            flush(&out)
            guard pending > 0 else { return }
            out.count(appended: pending)
            pending = 0
        }
    }

    /// Angle between consecutive points of an arc of radius `r` whose chords stray at most `tol` from it.
    private static func arcStep(_ r: Double, _ tol: Double) -> Double {
        let x = 1 - min(tol, r) / r
        return max(2 * acos(max(-1, min(1, x))), 0.05)
    }

    /// A full circle (a dot for a zero-length contour with round caps).
    static func circle(_ c: Point, _ r: Double, _ step: Double, _ out: inout Polylines) {
        let n = max(8, Int((2 * Double.pi / step).rounded(.up)))
        // Clockwise, as the outlines are wound.
        out.begin(Point(c.x + r, c.y))
        for k in 1..<n {
            let a = -2 * Double.pi * Double(k) / Double(n)
            out.add(Point(c.x + cos(a) * r, c.y + sin(a) * r))
        }
        out.closeContour()
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
