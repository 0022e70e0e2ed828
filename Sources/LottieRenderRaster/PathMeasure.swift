/// Lengths along a path's contours and extraction of pieces by length, for trim paths.
package struct PathMeasure: Sendable {
    /// A contour as cubic segments with their lengths.
    package struct Contour: Sendable {
        /// Segments as (p0, c1, c2, p3).
        package var segments: [(Point, Point, Point, Point)]
        /// Length of each segment.
        package var lengths: [Double]
        /// Whether the contour is closed.
        package var closed: Bool
        /// Total length.
        package var length: Double
        /// When measured with step tables: for each segment, the lengths of its ``PathMeasure/steps`` chords in turn,
        /// so that a cut finds its step without evaluating the curve; else empty.
        package var steps: [Double] = []
    }

    /// Chords a curved segment is measured by (to points at equal steps of t).
    package static let steps = 24
    /// Where a cut inside a curved segment lands.
    package enum Cut: Sendable {
        /// At the point whose arc length from the segment's start is the cut's.
        case arcLength
        /// At the curve parameter that is the cut's share of the segment's length.
        case segmentShare
        /// As `segmentShare`, then moved on (three times at most) while the piece is short by 1 unit or more; an
        /// overshoot is kept.
        case segmentShareRefined
    }

    /// The contours.
    package private(set) var contours: [Contour] = []

    /// Measures `path`; with `stepTables`, keeps each segment's chord lengths too (for a path measured once and cut
    /// many times: a trim of a constant path).
    package init(_ path: Path, stepTables: Bool = false) {
        var segs: [(Point, Point, Point, Point)] = []
        var start = Point.zero, cur = Point.zero
        func flush(closed: Bool) {
            if !segs.isEmpty {
                var steps: [Double] = []
                let lens: [Double]
                if stepTables {
                    // Each segment's chords walked once, for its table and (curved) its length as `length` sums them.
                    steps.reserveCapacity(segs.count * PathMeasure.steps)
                    lens = segs.map { seg in
                        var total = 0.0
                        PathMeasure.chords(seg) {
                            steps.append($0); total += $0
                        }
                        return PathMeasure.straightChord(seg) ?? total
                    }
                } else {
                    lens = segs.map { PathMeasure.length($0) }
                }
                contours.append(
                    Contour(segments: segs, lengths: lens, closed: closed, length: lens.reduce(0, +), steps: steps))
            }
            segs = []
        }
        for e in path.elements {
            switch e {
            case .move(let p): flush(closed: false); start = p; cur = p
            case .line(let p): segs.append((cur, cur.lerp(p, 1.0 / 3), cur.lerp(p, 2.0 / 3), p)); cur = p
            case .cubic(let a, let b, let p): segs.append((cur, a, b, p)); cur = p
            case .close:
                if (cur - start).length > 1e-9 {
                    segs.append((cur, cur.lerp(start, 1.0 / 3), cur.lerp(start, 2.0 / 3), start))
                }
                flush(closed: true); cur = start
            }
        }
        flush(closed: false)
    }

    /// The point at arc length `d` along the first contour and the direction of travel there (radians), or nil
    /// when `d` lies outside the contour.
    package func position(at d: Double) -> (point: Point, angle: Double)? {
        guard let c = contours.first, d >= 0, d <= c.length else { return nil }
        var rest = d
        for (i, seg) in c.segments.enumerated() {
            let l = c.lengths[i]
            if rest <= l || i == c.segments.count - 1 {
                let t = PathMeasure.parameter(seg, l, rest)
                let p = Cubic.point(seg, t)
                let a = Cubic.point(seg, max(0, t - 1e-3)), b = Cubic.point(seg, min(1, t + 1e-3))
                var dir = b - a
                if dir.length < 1e-12 { dir = seg.3 - seg.0 }
                return (p, atan2(dir.y, dir.x))
            }
            rest -= l
        }
        return nil
    }

    /// Like `position(at:)`, but never outside the first contour: on a closed contour `d` wraps around, on an open
    /// one it continues straight along the tangent at the nearer end. Nil only for an empty or zero-length path.
    package func placement(at d: Double) -> (point: Point, angle: Double)? {
        guard let c = contours.first, c.length > 0, d.isFinite else { return nil }
        if c.closed {
            var w = d.truncatingRemainder(dividingBy: c.length)
            if w < 0 { w += c.length }
            return position(at: min(w, c.length))
        }
        let end = min(max(d, 0), c.length)
        guard let (p, a) = position(at: end) else { return nil }
        let over = d - end
        return (Point(p.x + cos(a) * over, p.y + sin(a) * over), a)
    }

    /// Total length of all contours.
    package var length: Double { contours.reduce(0) { $0 + $1.length } }

    /// A segment's length: its chord when it is straight, else the sum of its ``steps`` chords at equal steps of t.
    package static func length(_ s: (Point, Point, Point, Point)) -> Double {
        if let chord = straightChord(s) { return chord }
        var total = 0.0
        chords(s) { total += $0 }
        return total
    }

    /// The chord of a segment whose control polygon is no longer than it by 10⁻⁶ (straight), else nil.
    static func straightChord(_ s: (Point, Point, Point, Point)) -> Double? {
        let chord = (s.3 - s.0).length
        let poly = (s.1 - s.0).length + (s.2 - s.1).length + (s.3 - s.2).length
        return poly - chord < 1e-6 ? chord : nil
    }

    /// Calls `body` with the length of each chord ``parameter(_:_:_:steps:)`` walks along a segment, in turn.
    @inline(__always)
    static func chords(_ s: (Point, Point, Point, Point), _ body: (Double) -> Void) {
        var prev = s.0
        let n = PathMeasure.steps
        for i in 1...n {
            let p = Cubic.point(s, Double(i) / Double(n))
            body((p - prev).length)
            prev = p
        }
    }

    /// Splits a cubic at t, returning the part from t0 to t1.
    static func subsegment(
        _ s: (Point, Point, Point, Point), _ t0: Double, _ t1: Double
    ) -> (Point, Point, Point, Point) {
        func split(
            _ s: (Point, Point, Point, Point), _ t: Double
        ) -> ((Point, Point, Point, Point), (Point, Point, Point, Point)) {
            let ab = s.0.lerp(s.1, t), bc = s.1.lerp(s.2, t), cd = s.2.lerp(s.3, t)
            let abc = ab.lerp(bc, t), bcd = bc.lerp(cd, t), m = abc.lerp(bcd, t)
            return ((s.0, ab, abc, m), (m, bcd, cd, s.3))
        }
        var seg = s
        if t1 < 1 { seg = split(seg, t1).0 }
        if t0 > 0 { seg = split(seg, t1 > 0 ? t0 / t1 : 0).1 }
        return seg
    }

    /// Parameter t on a segment at arc length `d` from its start. The segment is measured as `length` measures
    /// it (chords to 24 points at equal steps of t); inside the step where `d` falls, t is found by Newton's method
    /// on the chord from the step's start, which within one step differs from the arc by far less than a pixel's
    /// thousandth. One measure of the segment per cut, instead of a length of a sub-curve per bisection step.
    /// `steps`, when not empty, holds the segment's chord lengths from `first` on (``chords(_:_:)``): the same
    /// steps, read, not evaluated.
    package static func parameter(
        _ s: (Point, Point, Point, Point), _ segLen: Double, _ d: Double, steps: [Double] = [], first: Int = 0
    ) -> Double {
        if segLen <= 0 { return 0 }
        let target = min(max(d / segLen, 0), 1)
        if target <= 0 { return 0 }
        if target >= 1 { return 1 }
        let n = PathMeasure.steps
        var acc = 0.0
        var prev = s.0
        for i in 1...n {
            let step: Double
            var p = Point.zero
            if !steps.isEmpty {
                step = steps[first &+ i &- 1]
            } else {
                p = Cubic.point(s, Double(i) / Double(n))
                step = (p - prev).length
            }
            if acc + step >= d && step > 0 {
                // The step's start, as the walk without a table reached it.
                if !steps.isEmpty && i > 1 { prev = Cubic.point(s, Double(i - 1) / Double(n)) }
                let lo = Double(i - 1) / Double(n), hi = Double(i) / Double(n)
                var t = lo + (hi - lo) * (d - acc) / step
                for _ in 0..<2 {
                    let q = Cubic.point(s, t) - prev
                    let len = q.length
                    guard len > 1e-12 else { break }
                    let v = Cubic.derivative(s, t)
                    let slope = (q.x * v.x + q.y * v.y) / len
                    guard slope > 1e-12 else { break }
                    t = min(max(t - (acc + len - d) / slope, lo), hi)
                }
                return t
            }
            acc += step
            if steps.isEmpty { prev = p }
        }
        return 1
    }

    /// Parameter t on a segment at length `d` from its start, as `cut` places it.
    static func parameter(
        _ s: (Point, Point, Point, Point), _ segLen: Double, _ d: Double, _ cut: Cut, steps: [Double], first: Int
    ) -> Double {
        guard cut != .arcLength, segLen > 0 else { return parameter(s, segLen, d, steps: steps, first: first) }
        var t = min(max(d / segLen, 0), 1)
        if t <= 0 || t >= 1 { return t }
        for _ in 0..<(cut == .segmentShareRefined ? 3 : 0) {
            let reached = length(subsegment(s, 0, t))
            let short = d - reached
            if short < 1 || reached <= 0 { return t }
            t += max(min(t / reached * short, t * 0.5), t * -0.5)
        }
        return min(t, 1)
    }

    /// Appends to `out` the piece of contour `ci` between lengths `from` and `to` (0 ≤ from ≤ to ≤ length),
    /// starting a new subpath unless `continuing`.
    package func appendPiece(
        contour ci: Int, from: Double, to: Double, continuing: Bool, cut: Cut = .arcLength, into out: inout Path
    ) {
        let c = contours[ci]
        guard to > from || c.length == 0 else { return }
        var acc = 0.0
        var started = continuing
        for (i, seg) in c.segments.enumerated() {
            let l = c.lengths[i]
            let s0 = acc, s1 = acc + l
            acc = s1
            if s1 < from || s0 > to { continue }
            // A cut before the segment's start is t = 0, one past its end t = 1 (as `parameter` finds them).
            let d0 = from - s0, d1 = to - s0
            let first = i &* PathMeasure.steps
            let t0 = d0 <= 0 ? 0 : PathMeasure.parameter(seg, l, d0, cut, steps: c.steps, first: first)
            let t1 = l > 0 && d1 / l >= 1 ? 1 : PathMeasure.parameter(seg, l, d1, cut, steps: c.steps, first: first)
            let piece = (t0 <= 0 && t1 >= 1) ? seg : PathMeasure.subsegment(seg, t0, t1)
            if !started { out.move(to: piece.0); started = true }
            out.cubic(to: piece.3, control1: piece.1, control2: piece.2)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
