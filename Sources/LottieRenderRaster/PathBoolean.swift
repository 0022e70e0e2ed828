#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Boolean operations on outlines: the boundary of the region where a fill rule holds over a set of closed
/// contours. With the inputs wound as the fill rule expects, this gives union, difference, intersection and
/// exclusion as real outlines (for strokes and trims), not just as coverage.
///
/// The contours are flattened, every crossing splits the segments it lies on, and each piece is kept when the fill
/// rule holds on exactly one side of it (winding numbers by ray casting). The kept pieces are oriented with the
/// inside on their left and chained into closed polygons. Cost is O(n²) in the number of flattened segments, so
/// inputs beyond `maxSegments` are refused (nil) and the caller keeps the plain inputs.
package enum PathBoolean {
    /// The outline of the region of `path` (all contours taken as closed) where `rule` holds, as closed polygons
    /// with the inside on the left (so either fill rule fills them correctly), or nil over budget.
    package static func outline(_ path: Path, rule: FillRule, tolerance: Double, maxSegments: Int = 6_000) -> Path? {
        let tol = max(tolerance, 1e-6)
        var flat = Polylines()
        flat.append(path, transform: .identity, tolerance: tol)
        var vertices: [Point] = []
        var segments: [(Int, Int)] = []
        for c in flat.contours where c.count >= 2 {
            let first = vertices.count
            for k in 0..<c.count { vertices.append(flat.points[c.start + k]) }
            for k in 0..<c.count {
                let a = first + k, b = first + (k + 1) % c.count
                if vertices[a] != vertices[b] { segments.append((a, b)) }
            }
            if segments.count > maxSegments { return nil }
        }
        guard !segments.isEmpty, vertices.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return Path() }
        let eps = tol * 1e-3
        var splits = splitPoints(segments, &vertices, eps: eps)
        // Pieces between consecutive split points.
        var pieces: [(Int, Int)] = []
        for (i, s) in segments.enumerated() {
            var cuts = splits[i]
            cuts.sort { $0.t < $1.t }
            var prev = s.0
            for c in cuts where c.vertex != prev && c.vertex != s.1 {
                pieces.append((prev, c.vertex)); prev = c.vertex
            }
            if prev != s.1 { pieces.append((prev, s.1)) }
        }
        splits.removeAll()
        // Keep the pieces with the region on exactly one side, inside on the left.
        let probe = tol * 0.05
        var kept: [(Int, Int)] = []
        var seen = Set<[Snap]>()
        for (a, b) in pieces {
            let pa = vertices[a], pb = vertices[b]
            let d = pb - pa
            let len = d.length
            guard len > eps else { continue }
            let n = Point(d.y / len, -d.x / len) // left of the direction of travel on a y-down screen
            let m = Point((pa.x + pb.x) / 2, (pa.y + pb.y) / 2)
            let left = holds(rule, winding(m + n * probe, segments, vertices))
            let right = holds(rule, winding(m - n * probe, segments, vertices))
            if left == right { continue }
            let e = left ? (a, b) : (b, a)
            // Coincident pieces (shared edges of two inputs) are kept once.
            if seen.insert([snapKey(vertices[e.0], eps), snapKey(vertices[e.1], eps)]).inserted { kept.append(e) }
        }
        return chain(kept, vertices, eps: eps)
    }

    /// A point snapped to a grid: equal points (up to the grid) from different contours meet.
    struct Snap: Hashable { var x: Int64, y: Int64 }

    /// `p` snapped to a grid of `q` (clamped so huge coordinates cannot trap).
    static func snapKey(_ p: Point, _ q: Double) -> Snap {
        func s(_ v: Double) -> Int64 { Int64(max(-9e18, min(9e18, (v / q).rounded()))) }
        return Snap(x: s(p.x), y: s(p.y))
    }

    /// A split of segment i at parameter t, at a vertex.
    struct Cut { var t: Double; var vertex: Int }

    /// Every point where two segments cross or touch, as cuts of each segment (new vertices are shared).
    static func splitPoints(_ segments: [(Int, Int)], _ vertices: inout [Point], eps: Double) -> [[Cut]] {
        var cuts = [[Cut]](repeating: [], count: segments.count)
        // Sweep in x: only segments whose x ranges overlap can meet.
        let order = segments.indices.sorted {
            min(vertices[segments[$0].0].x, vertices[segments[$0].1].x)
                < min(vertices[segments[$1].0].x, vertices[segments[$1].1].x)
        }
        var active: [Int] = []
        for i in order {
            let a = vertices[segments[i].0], b = vertices[segments[i].1]
            let minX = min(a.x, b.x)
            active.removeAll { max(vertices[segments[$0].0].x, vertices[segments[$0].1].x) < minX - eps }
            for j in active {
                let c = vertices[segments[j].0], d = vertices[segments[j].1]
                if max(a.y, b.y) < min(c.y, d.y) - eps || max(c.y, d.y) < min(a.y, b.y) - eps { continue }
                intersect(i, a, b, j, c, d, &cuts, &vertices, eps: eps, segments)
            }
            active.append(i)
        }
        return cuts
    }

    private static func intersect(
        _ i: Int, _ a: Point, _ b: Point, _ j: Int, _ c: Point, _ d: Point,
        _ cuts: inout [[Cut]], _ vertices: inout [Point], eps: Double, _ segments: [(Int, Int)]
    ) {
        let d1 = b - a, d2 = d - c
        let denom = d1.cross(d2)
        let l1 = d1.length, l2 = d2.length
        if abs(denom) > 1e-12 * l1 * l2 {
            let t = (c - a).cross(d2) / denom, u = (c - a).cross(d1) / denom
            let te = eps / l1, ue = eps / l2
            guard t > -te, t < 1 + te, u > -ue, u < 1 + ue else { return }
            let innerT = t > te && t < 1 - te, innerU = u > ue && u < 1 - ue
            if !innerT && !innerU { return } // endpoints meeting: nothing to split
            // The shared point: an endpoint of one segment when it lies on the other, else a new vertex.
            let v: Int
            if !innerT {
                v = t <= te ? segments[i].0 : segments[i].1
            } else if !innerU {
                v = u <= ue ? segments[j].0 : segments[j].1
            } else {
                vertices.append(a + d1 * t); v = vertices.count - 1
            }
            if innerT { cuts[i].append(Cut(t: t, vertex: v)) }
            if innerU { cuts[j].append(Cut(t: u, vertex: v)) }
            return
        }
        // Parallel: when collinear, each segment is cut where the other's endpoints lie inside it.
        guard abs((c - a).cross(d1)) <= eps * l1 else { return }
        for (p, v) in [(c, segments[j].0), (d, segments[j].1)] {
            let t = (p - a).dot(d1) / (l1 * l1)
            if t * l1 > eps && (1 - t) * l1 > eps { cuts[i].append(Cut(t: t, vertex: v)) }
        }
        for (p, v) in [(a, segments[i].0), (b, segments[i].1)] {
            let u = (p - c).dot(d2) / (l2 * l2)
            if u * l2 > eps && (1 - u) * l2 > eps { cuts[j].append(Cut(t: u, vertex: v)) }
        }
    }

    /// Winding number at `p`, with the sign the rasterizer uses (a contour running counter-clockwise on a y-down
    /// screen counts +1).
    package static func winding(_ p: Point, _ segments: [(Int, Int)], _ vertices: [Point]) -> Int {
        var w = 0
        for (ia, ib) in segments {
            let a = vertices[ia], b = vertices[ib]
            if (a.y <= p.y) == (b.y <= p.y) { continue } // half-open: the segment must straddle the ray
            let x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y)
            if x > p.x { w += b.y < a.y ? 1 : -1 }
        }
        return w
    }

    static func holds(_ rule: FillRule, _ w: Int) -> Bool {
        switch rule {
        case .nonZero: return w != 0
        case .evenOdd: return w & 1 != 0
        case .windingAbove(let k): return w > k
        }
    }

    /// Joins directed pieces into polygons: from each vertex, the next unused piece leaving it.
    static func chain(_ pieces: [(Int, Int)], _ vertices: [Point], eps: Double) -> Path {
        // Vertices are matched by position (snapped), so equal points of different contours join.
        func key(_ v: Int) -> Snap { snapKey(vertices[v], eps) }
        var outgoing: [Snap: [Int]] = [:]
        for (k, e) in pieces.enumerated() { outgoing[key(e.0), default: []].append(k) }
        var used = [Bool](repeating: false, count: pieces.count)
        var out = Path()
        for start in pieces.indices where !used[start] {
            used[start] = true
            let origin = key(pieces[start].0)
            out.move(to: vertices[pieces[start].0])
            var at = pieces[start].1, prev = pieces[start].0
            var closed = false
            while true {
                if key(at) == origin { closed = true; break }
                out.line(to: vertices[at])
                // Where several pieces leave a vertex (two regions touching there), take the sharpest left turn:
                // it keeps the same region on the left, so touching regions come out as separate polygons.
                let din = vertices[at] - vertices[prev]
                var best: Int? = nil, bestTurn = Double.infinity
                for k in outgoing[key(at)] ?? [] where !used[k] {
                    let dout = vertices[pieces[k].1] - vertices[pieces[k].0]
                    let turn = atan2(din.cross(dout), din.dot(dout))
                    if turn < bestTurn { bestTurn = turn; best = k }
                }
                guard let next = best else { break }
                used[next] = true
                prev = pieces[next].0
                at = pieces[next].1
            }
            if closed { out.close() }
        }
        return out
    }
}
