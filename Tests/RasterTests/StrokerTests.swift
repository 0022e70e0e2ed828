import LottieRenderRaster
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The outline stroker against the stroke's definition, sampled 16×16 per pixel: with round joins and caps, a
/// stroke covers every point within half its width of the polyline; with butt caps and bevel joins, the union of
/// one rectangle per segment and one triangle per corner.
@Suite struct StrokerTests {
    static let size = 64

    func covered(_ pts: [Point], closed: Bool, style: StrokeStyle) -> [UInt8] {
        var p = Path()
        p.move(to: pts[0])
        for q in pts.dropFirst() { p.line(to: q) }
        if closed { p.close() }
        var c = Canvas()
        var m: [UInt8] = []
        c.strokeCoverage(
            p, transform: .identity, style: style, region: IntRect(x0: 0, y0: 0, x1: Self.size, y1: Self.size),
            into: &m)
        return m
    }

    /// Mean and largest difference (in coverage levels) between `m` and the sampled `inside` test.
    func compare(_ m: [UInt8], _ inside: (Point) -> Bool) -> (mean: Double, max: Int, at: (Int, Int)) {
        var total = 0.0, worst = 0, at = (0, 0)
        for y in 0..<Self.size {
            for x in 0..<Self.size {
                var n = 0
                for sy in 0..<16 {
                    for sx in 0..<16
                    where inside(Point(Double(x) + (Double(sx) + 0.5) / 16, Double(y) + (Double(sy) + 0.5) / 16)) {
                        n += 1
                    }
                }
                let d = abs(Int(m[y * Self.size + x]) - n * 255 / 256)
                total += Double(d)
                if d > worst { worst = d; at = (x, y) }
            }
        }
        return (total / Double(Self.size * Self.size), worst, at)
    }

    func distance(_ q: Point, _ a: Point, _ b: Point) -> Double {
        let d = b - a
        let t = max(0, min(1, (q - a).dot(d) / d.dot(d)))
        return (q - (a + d * t)).length
    }

    func segments(_ pts: [Point], closed: Bool) -> [(Point, Point)] {
        var s: [(Point, Point)] = []
        for i in 0..<(pts.count - 1) { s.append((pts[i], pts[i + 1])) }
        if closed { s.append((pts[pts.count - 1], pts[0])) }
        return s
    }

    /// A zigzag with sharp and gentle corners, a hairpin and segments shorter than the width.
    let zigzag = [
        Point(6, 10), Point(30, 12), Point(12, 20), Point(50, 24), Point(52, 27), Point(54, 31), Point(20, 40),
        Point(58, 44), Point(10, 50), Point(12, 58),
    ]

    @Test func roundStrokesCoverEveryPointWithinHalfTheWidth() {
        for (pts, closed) in [(zigzag, false), (star, true), (circle(r: 20, n: 64), true), (circle(r: 3, n: 12), true)]
        {
            let hw = 3.5
            let m = covered(pts, closed: closed, style: StrokeStyle(width: 2 * hw, cap: .round, join: .round))
            let segs = segments(pts, closed: closed)
            let r = compare(m) { q in segs.contains { distance(q, $0.0, $0.1) <= hw } }
            #expect(r.mean < 0.6, "mean \(r.mean)")
            #expect(r.max <= 24, "max \(r.max) at \(r.at)") // round pieces are polygons within the flattening tolerance
        }
    }

    @Test func bevelStrokesAreTheUnionOfSegmentsAndCornerTriangles() {
        for (pts, closed) in [(zigzag, false), (star, true)] {
            let hw = 2.5
            let m = covered(pts, closed: closed, style: StrokeStyle(width: 2 * hw, cap: .butt, join: .bevel))
            let segs = segments(pts, closed: closed)
            var triangles: [[Point]] = []
            let n = pts.count
            let corners = closed ? Array(0..<n) : Array(1..<(n - 1))
            for k in corners {
                let p = pts[k], a = pts[(k + n - 1) % n], b = pts[(k + 1) % n]
                let u1 = (p - a) * (1 / (p - a).length), u2 = (b - p) * (1 / (b - p).length)
                let s: Double = u1.cross(u2) > 0 ? -1 : 1
                triangles.append([p, p + Point(-u1.y, u1.x) * (hw * s), p + Point(-u2.y, u2.x) * (hw * s)])
            }
            let r = compare(m) { q in
                segs.contains { a, b in
                    let d = b - a, len = d.length, u = d * (1 / len)
                    let along = (q - a).dot(u), across = (q - a).cross(u)
                    return along >= 0 && along <= len && abs(across) <= hw
                } || triangles.contains { inTriangle(q, $0) }
            }
            #expect(r.mean < 0.6, "mean \(r.mean)")
            #expect(r.max <= 20, "max \(r.max) at \(r.at)")
        }
    }

    @Test func selfOverlappingStrokesStayCloseOnAverage() {
        // Closed, the zigzag's last segment runs back over its second-to-last. Where two parts of an outline overlap
        // inside an edge pixel, an accumulation rasterizer sums their areas (clamped to one pixel) instead of taking
        // the area of their union, so only the mean is tight there.
        let hw = 3.5
        let m = covered(zigzag, closed: true, style: StrokeStyle(width: 2 * hw, cap: .round, join: .round))
        let segs = segments(zigzag, closed: true)
        let r = compare(m) { q in segs.contains { distance(q, $0.0, $0.1) <= hw } }
        #expect(r.mean < 0.4, "mean \(r.mean)")
    }

    @Test func aRoundCappedDashOfNoLengthIsADisc() {
        // The stroke effect's dabs. Two overlapping round caps (the quads-and-wedges stroker) gave 6.6 px² too much.
        let area = covered(
            [Point(32, 32), Point(32 + 1e-6, 32)], closed: false, style: StrokeStyle(width: 12, cap: .round)
        )
        .reduce(0.0) { $0 + Double($1) / 255 }
        #expect(abs(area - Double.pi * 36) < 1.5, "area \(area)") // a 26-gon inside the circle
    }

    @Test func straightBackTurnsAndRepeatedPointsStayCovered() {
        // Out and back along the same line, with a repeated point: a round cap at the far end.
        let pts = [Point(10, 32), Point(40, 32), Point(40, 32), Point(20, 32)]
        let m = covered(pts, closed: false, style: StrokeStyle(width: 6, cap: .butt, join: .round))
        let segs = segments([Point(10, 32), Point(40, 32)], closed: false)
        let r = compare(m) { q in
            segs.contains { a, b in q.x >= a.x && q.x <= b.x && abs(q.y - 32) <= 3 } || (q - Point(40, 32)).length <= 3
        }
        #expect(r.mean < 0.6, "mean \(r.mean)")
        #expect(r.max <= 24, "max \(r.max) at \(r.at)")
    }

    /// A five-pointed star: sharp outer and obtuse inner corners, no overlaps.
    var star: [Point] {
        (0..<10).map { k in
            let a = Double.pi * Double(k) / 5, r = k % 2 == 0 ? 26.0 : 11.0
            return Point(32 + sin(a) * r, 32 - cos(a) * r)
        }
    }

    func circle(r: Double, n: Int) -> [Point] {
        (0..<n).map { k in
            let a = 2 * Double.pi * Double(k) / Double(n)
            return Point(32 + cos(a) * r, 32 + sin(a) * r)
        }
    }

    func inTriangle(_ q: Point, _ t: [Point]) -> Bool {
        let d1 = (t[1] - t[0]).cross(q - t[0]), d2 = (t[2] - t[1]).cross(q - t[1]), d3 = (t[0] - t[2]).cross(q - t[2])
        return (d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0)
    }
}
