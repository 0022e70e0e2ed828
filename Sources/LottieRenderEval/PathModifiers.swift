import LottieRenderModel
import LottieRenderRaster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shape modifiers that rewrite paths: round corners (`"rd"`), pucker/bloat (`"pb"`), zig-zag (`"zz"`), offset path
/// (`"op"`) and twist (`"tw"`).
enum PathModifiers {
    /// Most nodes a modifier may produce per path; beyond it the path is left as it is, so absurd values (a million
    /// ridges, a repeater of zig-zags of offsets) cannot exhaust memory or time.
    static let maxNodes = 200_000

    static func nodeCount(_ p: Path) -> Int { p.elements.count }

    /// A contour as bezier nodes: vertex with absolute in and out control points.
    struct Node { var v: Point; var i: Point; var o: Point }
    struct Contour { var nodes: [Node]; var closed: Bool }

    static func contours(_ p: Path) -> [Contour] {
        var out: [Contour] = []
        var cur: [Node] = []
        func flush(_ closed: Bool) {
            var c = cur
            cur = [] // `c` is then the array's only owner: dropping a closing duplicate does not copy it
            guard c.count > 1 || (c.count == 1 && closed) else { return }
            if closed, c.count > 1, let f = c.first, let l = c.last, (f.v - l.v).length < 1e-9 {
                c[0].i = l.i; c.removeLast()
            }
            out.append(Contour(nodes: c, closed: closed))
        }
        let elements = p.elements
        for (index, e) in elements.enumerated() {
            switch e {
            case .move(let q):
                flush(false)
                // One allocation for the contour: its nodes are the elements up to the next move.
                var end = index + 1
                while end < elements.count {
                    if case .move = elements[end] { break }
                    end += 1
                }
                cur.reserveCapacity(end - index) // `flush` left it empty
                cur.append(Node(v: q, i: q, o: q))
            case .line(let q): cur.append(Node(v: q, i: q, o: q))
            case .cubic(let a, let b, let q):
                if !cur.isEmpty { cur[cur.count - 1].o = a }
                cur.append(Node(v: q, i: b, o: q))
            case .close: flush(true)
            }
        }
        flush(false)
        return out
    }

    static func path(_ cs: [Contour]) -> Path {
        var p = Path()
        for c in cs where !c.nodes.isEmpty {
            p.move(to: c.nodes[0].v)
            let n = c.nodes.count
            for k in 1..<(c.closed ? n + 1 : n) {
                let a = c.nodes[k - 1], b = c.nodes[k % n]
                if a.o == a.v && b.i == b.v { p.line(to: b.v) } else { p.cubic(to: b.v, control1: a.o, control2: b.i) }
            }
            if c.closed { p.close() }
        }
        return p
    }

    static func apply(_ m: PathModifier, to p: Path, at t: Double) -> Path {
        switch m {
        case .roundCorners(let r): return roundCorners(p, Interpolator.scalar(r, at: t))
        case .puckerBloat(let a): return puckerBloat(p, Interpolator.scalar(a, at: t) / 100)
        case .zigZag(let s, let r, let pt):
            let ridges = Interpolator.scalar(r, at: t)
            return zigZag(
                p, size: Interpolator.scalar(s, at: t),
                ridges: ridges.isFinite ? Int(min(1000, max(-1, ridges.rounded()))) : 0,
                smooth: ZigZagPoints(value: Interpolator.scalar(pt, at: t, fallback: 1)) == .smooth)
        case .offset(let a, let join, let ml):
            return offset(
                p, Interpolator.scalar(a, at: t), join: join, miterLimit: Interpolator.scalar(ml, at: t, fallback: 4))
        case .twist(let a, let c):
            let cv = Interpolator.value(c, at: t)
            return twist(
                p, degrees: Interpolator.scalar(a, at: t), center: Point(cv.component(0), cv.component(1)))
        }
    }

    /// Signed area of the flattened path (positive: clockwise on screen, y down).
    static func signedArea(_ p: Path) -> Double {
        polylines(p).reduce(0) { $0 + ($1.points.count > 2 ? signedArea($1.points) : 0) }
    }

    /// Signed area of a closed polygon (positive: clockwise on screen, y down).
    static func signedArea(_ pts: [Point]) -> Double {
        var area = 0.0
        for i in pts.indices { let a = pts[i], b = pts[(i + 1) % pts.count]; area += a.x * b.y - b.x * a.y }
        return area / 2
    }

    /// The path with every contour running the other way. A closed contour keeps its first vertex (as After
    /// Effects' Reverse Path does); an open one starts from its old end.
    static func reversed(_ p: Path) -> Path {
        path(
            contours(p).map { c in
                var nodes = Array(c.nodes.reversed())
                if c.closed, let last = nodes.popLast() { nodes.insert(last, at: 0) }
                return Contour(nodes: nodes.map { Node(v: $0.v, i: $0.o, o: $0.i) }, closed: c.closed)
            })
    }

    /// Sharp corners become arcs of radius r (limited to half of each adjacent edge).
    static func roundCorners(_ p: Path, _ r: Double) -> Path {
        guard r > 0, r.isFinite, nodeCount(p) * 2 <= maxNodes else { return p }
        let k = 0.5519
        return path(
            contours(p).map { c in
                var out: [Node] = []
                let n = c.nodes.count
                for (idx, node) in c.nodes.enumerated() {
                    let sharp = node.i == node.v && node.o == node.v
                    let hasPrev = c.closed || idx > 0, hasNext = c.closed || idx < n - 1
                    guard sharp, hasPrev, hasNext, n > 2 else { out.append(node); continue }
                    let prev = c.nodes[(idx - 1 + n) % n], next = c.nodes[(idx + 1) % n]
                    let toPrev = (prev.o == prev.v ? prev.v : prev.o) - node.v,
                        toNext = (next.i == next.v ? next.v : next.i) - node.v
                    let lp = toPrev.length, ln = toNext.length
                    guard lp > 1e-9, ln > 1e-9 else { out.append(node); continue }
                    let a = min(r, (prev.v - node.v).length / 2), b = min(r, (next.v - node.v).length / 2)
                    let p1 = node.v + toPrev * (a / lp), p2 = node.v + toNext * (b / ln)
                    out.append(Node(v: p1, i: p1, o: p1 + (node.v - p1) * k))
                    out.append(Node(v: p2, i: p2 + (node.v - p2) * k, o: p2))
                }
                return Contour(nodes: out, closed: c.closed)
            })
    }

    /// Vertices move towards the centre by `amount` and control points away from it (bloat), or the reverse (pucker).
    static func puckerBloat(_ p: Path, _ amount: Double) -> Path {
        guard amount != 0, amount.isFinite else { return p }
        return path(
            contours(p).map { c in
                var centre = Point.zero
                for n in c.nodes { centre = centre + n.v }
                centre = centre * (1 / Double(max(1, c.nodes.count)))
                return Contour(
                    nodes: c.nodes.map { n in
                        Node(
                            v: n.v + (centre - n.v) * amount, i: n.i + (centre - n.i) * -amount,
                            o: n.o + (centre - n.o) * -amount)
                    }, closed: c.closed)
            })
    }

    /// Zig-zag as the players draw it: every vertex and `ridges` points per segment (at t = k / (ridges + 1)) are
    /// pushed `size` along the right-hand normal, alternating sides along the whole outline. Vertices use the normal
    /// of the chord from the previous to the next vertex. Smooth points get handles along the tangent, each a
    /// (2 · (ridges + 1))th of the neighbouring chord.
    static func zigZag(_ p: Path, size: Double, ridges: Int, smooth: Bool) -> Path {
        guard size != 0, size.isFinite, ridges >= 0, nodeCount(p) * (ridges + 2) <= maxNodes else { return p }
        return path(
            contours(p).map { c in
                let n = c.nodes.count
                guard n > 1 else { return c }
                let segments = c.closed ? n : n - 1
                let parts = Double(ridges + 1)
                var out: [Node] = []
                func place(_ pt: Point, normal: Point, side: Double, inLen: Double, outLen: Double) {
                    let q = pt + normal * (size * side)
                    let tangent = Point(-normal.y, normal.x) // the normal turned back to the direction of travel
                    if smooth {
                        out.append(Node(v: q, i: q - tangent * inLen, o: q + tangent * outLen))
                    } else {
                        out.append(Node(v: q, i: q, o: q))
                    }
                }
                func rightNormal(_ d: Point) -> Point {
                    let l = d.length
                    return l > 1e-12 ? Point(d.y / l, -d.x / l) : Point(0, 0)
                }
                func corner(_ k: Int, _ side: Double) {
                    let v = c.nodes[k % n].v
                    let prev = c.nodes[(k - 1 + n) % n].v, next = c.nodes[(k + 1) % n].v
                    place(
                        v, normal: rightNormal(next - prev), side: side,
                        inLen: (v - prev).length / (2 * parts), outLen: (next - v).length / (2 * parts))
                }
                var side = -1.0
                corner(0, side)
                for k in 0..<segments {
                    let a = c.nodes[k], b = c.nodes[(k + 1) % n]
                    let seg = (a.v, a.o, b.i, b.v)
                    let chord = (b.v - a.v).length / (2 * parts)
                    side = -side
                    for j in 1...max(1, ridges) where ridges > 0 {
                        let t = Double(j) / parts
                        place(
                            Cubic.point(seg, t), normal: rightNormal(deriv(seg, t)), side: side, inLen: chord,
                            outLen: chord)
                        side = -side
                    }
                    if c.closed && k == segments - 1 { break } // the closing corner is the first one
                    corner(k + 1, side)
                }
                return Contour(nodes: out, closed: c.closed)
            })
    }

    /// The tangent of `s` at `t`, or its chord where the tangent vanishes (a control point on an end point).
    static func deriv(_ s: (Point, Point, Point, Point), _ t: Double) -> Point {
        let d = Cubic.derivative(s, t)
        return d.length < 1e-9 ? s.3 - s.0 : d
    }

    /// Flattened contours (polylines) of a path.
    static func polylines(_ p: Path, subdivideLines: Bool = false) -> [(points: [Point], closed: Bool)] {
        contours(p).map { c in
            var pts: [Point] = []
            let n = c.nodes.count
            let segments = c.closed ? n : max(0, n - 1)
            // Points of segment k: one for a line (unless lines are subdivided), 16 for a curve.
            func steps(_ k: Int) -> Int {
                let a = c.nodes[k], b = c.nodes[(k + 1) % n]
                return a.o == a.v && b.i == b.v && !subdivideLines ? 1 : 16
            }
            pts.reserveCapacity((0..<segments).reduce(1) { $0 + steps($1) }) // and the open end
            for k in 0..<segments {
                let a = c.nodes[k], b = c.nodes[(k + 1) % n]
                let seg = (a.v, a.o, b.i, b.v)
                let count = steps(k)
                for j in 0..<count { pts.append(Cubic.point(seg, Double(j) / Double(count))) }
            }
            if !c.closed, let l = c.nodes.last { pts.append(l.v) }
            if c.nodes.count == 1 { pts = [c.nodes[0].v] }
            return (pts, c.closed)
        }
    }

    /// Offsets closed contours outwards by `amount` (inwards when negative), joining edges with miter (with limit),
    /// round or bevel joins. Built on the flattened outline; self-overlaps are left to the fill rule.
    static func offset(_ p: Path, _ amount: Double, join: LineJoinStyle, miterLimit: Double) -> Path {
        guard amount != 0, amount.isFinite, nodeCount(p) * 16 <= maxNodes else { return p }
        var out = Path()
        for (pts0, closed) in polylines(p) {
            var pts: [Point] = []
            pts.reserveCapacity(pts0.count)
            for q in pts0 where pts.last.map({ ($0 - q).length > 1e-9 }) ?? true { pts.append(q) }
            if closed, pts.count > 1, let f = pts.first, let l = pts.last, (f - l).length < 1e-9 { pts.removeLast() }
            guard closed, pts.count >= 3 else { continue }
            // Right-hand normals point outwards on a contour with positive signed area.
            let d = signedArea(pts) > 0 ? amount : -amount
            let n = pts.count
            var result: [Point] = []
            result.reserveCapacity(join == .miter ? n : 2 * n) // a corner adds one or two points (round more)
            for i in 0..<n {
                let prev = pts[(i - 1 + n) % n], cur = pts[i], next = pts[(i + 1) % n]
                let e0 = cur - prev, e1 = next - cur
                let n0 = Point(e0.y, -e0.x) * (1 / max(e0.length, 1e-12)),
                    n1 = Point(e1.y, -e1.x) * (1 / max(e1.length, 1e-12))
                let a = cur + n0 * d, b = cur + n1 * d
                let cross = e0.x * e1.y - e0.y * e1.x
                let outer = (cross * d) > 0 || abs(cross) < 1e-12
                if !outer || (a - b).length < 1e-9 {
                    // Inner corner: the edges' offset lines meet; use their intersection.
                    result.append(intersect(a, e0, b, e1) ?? a)
                    continue
                }
                switch join {
                case .round:
                    let a0 = atan2(n0.y, n0.x), a1 = atan2(n1.y, n1.x)
                    var da = a1 - a0
                    while da > Double.pi { da -= 2 * Double.pi }
                    while da < -Double.pi { da += 2 * Double.pi }
                    let steps = da.isFinite ? Int(max(2, min(16, abs(da) / 0.2))) : 2
                    for s in 0...steps {
                        let ang = a0 + da * Double(s) / Double(steps)
                        result.append(cur + Point(cos(ang), sin(ang)) * d)
                    }
                case .bevel:
                    result.append(a); result.append(b)
                case .miter:
                    if let m = intersect(a, e0, b, e1), (m - cur).length <= miterLimit * abs(d) {
                        result.append(m)
                    } else {
                        result.append(a); result.append(b)
                    }
                }
            }
            if let f = result.first {
                out.move(to: f)
                for q in result.dropFirst() { out.line(to: q) }
                out.close()
            }
        }
        return out
    }

    static func intersect(_ p: Point, _ r: Point, _ q: Point, _ s: Point) -> Point? {
        let den = r.x * s.y - r.y * s.x
        if abs(den) < 1e-12 { return nil }
        let t = ((q.x - p.x) * s.y - (q.y - p.y) * s.x) / den
        return p + r * t
    }

    /// Rotates points about `center` by an angle growing with their distance from it, up to `degrees` at the
    /// farthest point.
    static func twist(_ p: Path, degrees: Double, center c: Point) -> Path {
        guard degrees != 0, degrees.isFinite, nodeCount(p) * 16 <= maxNodes else { return p }
        let lines = polylines(p, subdivideLines: true)
        var maxR = 0.0
        for (pts, _) in lines { for q in pts { maxR = max(maxR, (q - c).length) } }
        guard maxR > 0 else { return p }
        var out = Path()
        for (pts, closed) in lines {
            for (k, q) in pts.enumerated() {
                let d = q - c
                let a = degrees * Double.pi / 180 * d.length / maxR
                let r = c + Point(d.x * cos(a) - d.y * sin(a), d.x * sin(a) + d.y * cos(a))
                if k == 0 { out.move(to: r) } else { out.line(to: r) }
            }
            if closed { out.close() }
        }
        return out
    }
}
