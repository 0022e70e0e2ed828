import LottieRenderRaster
import Testing

/// The stroker's outline as a `Polylines` value: its contours tile its points (each starts where the one before ends,
/// their counts add up to the points), and no contour repeats a point at once, as `Polylines.add` keeps them. The
/// stroker appends a walk's points and brings the contour's count up to date once per walk, so these hold only if it
/// does so for every kind of walk: open and closed, every cap and join, after other contours.
@Suite struct StrokerOutlineTests {
    func polylines(_ contours: [([Point], Bool)]) -> Polylines {
        var p = Polylines()
        for (pts, closed) in contours {
            p.begin(pts[0])
            for q in pts.dropFirst() { p.add(q) }
            if closed { p.closeContour() }
        }
        return p
    }

    func check(_ out: Polylines, _ what: String) {
        var next = 0
        for (k, c) in out.contours.enumerated() {
            #expect(c.start == next, "\(what): contour \(k) starts at \(c.start), not \(next)")
            guard c.count >= 1, c.start >= 0, c.start + c.count <= out.points.count else {
                Issue.record("\(what): contour \(k) holds \(c.count) points from \(c.start) of \(out.points.count)")
                return
            }
            for i in c.start..<(c.start + c.count - 1) where out.points[i] == out.points[i + 1] {
                Issue.record("\(what): contour \(k) repeats point \(i)")
            }
            next = c.start + c.count
        }
        #expect(next == out.points.count, "\(what): the contours hold \(next) of \(out.points.count) points")
    }

    @Test func outlinesTileTheirPoints() {
        let zigzag = (0..<9).map { Point(Double($0) * 6, $0 % 2 == 0 ? 10 : 30) }
        let square = [Point(5, 5), Point(40, 5), Point(40, 40), Point(5, 40)]
        // A straight-back turn, a repeated point, a segment shorter than 10⁻⁹ and straight-on corners (their
        // offsets meet: the walk emits the same point twice).
        let odd = [
            Point(0, 0), Point(20, 0), Point(20, 0), Point(5, 0), Point(5, 1e-12), Point(5, 20), Point(5, 30),
            Point(5, 40),
        ]
        // A walk of several hundred points: the stroker gathers a walk's points a buffer of 64 at a time.
        let long = (0..<150).map { Point(Double($0) * 2, $0 % 2 == 0 ? 0 : 9) }
        let input = polylines([
            (zigzag, false), (square, true), (odd, false), ([Point(50, 50)], false), (long, false),
        ])
        var scratch: [Point] = []
        for cap in [LineCap.butt, .round, .square] {
            for join in [LineJoin.miter, .round, .bevel] {
                for width in [0.5, 4, 30] {
                    var out = polylines([([Point(1, 1), Point(2, 3)], true)]) // a contour already there
                    let style = StrokeStyle(width: width, cap: cap, join: join)
                    Stroker.stroke(input, style: style, tolerance: 0.05, into: &out, scratch: &scratch)
                    check(out, "\(cap) \(join) \(width)")
                    #expect(out.contours.count > 4, "\(cap) \(join) \(width): \(out.contours.count) contours")
                    #expect(out.contours.contains { $0.count > 3 * 64 }, "\(cap) \(join) \(width): no long walk")
                }
            }
        }
    }

    /// A round join of a width near 10²⁰⁰ (a hostile file's `"w"`): the normals' cross product overflows to ∞ − ∞,
    /// whose NaN angle trapped converting the arc's step count. The turn is then taken from the unit directions, so
    /// the join still has its arc: a turn of acos(0.96) ≈ 0.284 radian at the 0.05-radian step of so wide a pen is six
    /// steps, five points inside the arc, which a bevel join does not have. At width 4 (a step of about 0.45 radian)
    /// the arc has no point inside.
    @Test func roundJoinOfAHugeWidthHasItsArc() {
        // Directions (0.6, 0.8) then (0.8, 0.6): every component non-zero, so both products of the cross overflow.
        let input = polylines([([Point(0, 0), Point(6, 8), Point(14, 14)], false)])
        var scratch: [Point] = []
        for (width, inside) in [(1e200, 5), (1e160, 5), (4, 0)] {
            var round = Polylines(), bevel = Polylines()
            Stroker.stroke(
                input, style: StrokeStyle(width: width, join: .round), tolerance: 0.05, into: &round, scratch: &scratch)
            Stroker.stroke(
                input, style: StrokeStyle(width: width, join: .bevel), tolerance: 0.05, into: &bevel, scratch: &scratch)
            check(round, "width \(width)")
            #expect(round.points.allSatisfy { !$0.x.isNaN && !$0.y.isNaN }, "width \(width)")
            #expect(round.points.count == bevel.points.count + inside, "width \(width)")
        }
    }

    /// The scratch memory a render context keeps between strokes changes nothing: a stroke drawn after a larger one
    /// is the same outline as drawn first.
    @Test func scratchCarriesNothingOver() {
        let big = polylines([((0..<200).map { Point(Double($0), Double($0 % 7)) }, false)])
        let small = polylines([([Point(0, 0), Point(10, 0), Point(10, 10)], true)])
        let style = StrokeStyle(width: 3, cap: .round, join: .round)
        var fresh: [Point] = [], used: [Point] = []
        var a = Polylines(), b = Polylines(), ignored = Polylines()
        Stroker.stroke(big, style: style, tolerance: 0.05, into: &ignored, scratch: &used)
        Stroker.stroke(small, style: style, tolerance: 0.05, into: &a, scratch: &fresh)
        Stroker.stroke(small, style: style, tolerance: 0.05, into: &b, scratch: &used)
        #expect(a.points == b.points)
        #expect(a.contours.map(\.count) == b.contours.map(\.count))
    }
}
