import Foundation
import LottieRenderRaster
import Testing

@Suite struct PathBooleanTests {
    private func cover(_ p: Path, _ rule: FillRule) -> [UInt8] {
        var c = Canvas()
        var m: [UInt8] = []
        c.coverage(p, transform: .identity, rule: rule, region: IntRect(x0: 0, y0: 0, x1: 64, y1: 64), into: &m)
        return m
    }

    /// A contour wound the way the rasterizer counts +1 (counter-clockwise on a y-down screen).
    private func square(_ x: Double, _ y: Double, _ s: Double, reversed: Bool = false) -> Path {
        var p = Path()
        let pts = [Point(x, y), Point(x, y + s), Point(x + s, y + s), Point(x + s, y)]
        let order = reversed ? Array(pts.reversed()) : pts
        p.move(to: order[0]); for q in order.dropFirst() { p.line(to: q) }; p.close()
        return p
    }

    private func circle(_ cx: Double, _ cy: Double, _ r: Double) -> Path {
        // Path.ellipse runs clockwise on screen; reversed it counts +1 like the squares.
        var p = Path()
        let n = 64
        for k in 0..<n {
            let a = -2 * Double.pi * Double(k) / Double(n)
            let q = Point(cx + r * cos(a), cy + r * sin(a))
            if k == 0 { p.move(to: q) } else { p.line(to: q) }
        }
        p.close()
        return p
    }

    private func contours(_ p: Path) -> Int {
        p.elements.filter {
            if case .move = $0 { return true }; return false
        }.count
    }

    /// The outline filled with either rule covers what the fill rule covers on the inputs.
    private func expectSameRegion(
        _ input: Path, _ rule: FillRule, contours expected: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let out = try #require(PathBoolean.outline(input, rule: rule, tolerance: 0.01))
        #expect(contours(out) == expected, sourceLocation: sourceLocation)
        let want = cover(input, rule)
        for r in [FillRule.nonZero, .evenOdd] {
            let got = cover(out, r)
            let worst = zip(want, got).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 2, "rule \(r): \(worst)", sourceLocation: sourceLocation)
        }
    }

    @Test func windingSignMatchesTheRasterizer() {
        let sq = square(10, 10, 20)
        var c = Canvas(); var m: [UInt8] = []
        c.coverage(
            sq, transform: .identity, rule: .windingAbove(0), region: IntRect(x0: 0, y0: 0, x1: 64, y1: 64), into: &m)
        #expect(m[20 * 64 + 20] == 255)
        var flat = Polylines(); flat.append(sq, transform: .identity, tolerance: 0.1)
        let segs = (0..<4).map { ($0, ($0 + 1) % 4) }
        #expect(PathBoolean.winding(Point(20, 20), segs, Array(flat.points.prefix(4))) == 1)
    }

    @Test func unionOfOverlappingSquaresIsOneOutline() throws {
        var p = square(10, 10, 20); p.append(square(20, 20, 20))
        try expectSameRegion(p, .windingAbove(0), contours: 1)
    }

    @Test func subtractionLeavesAHole() throws {
        var p = square(8, 8, 40); p.append(square(20, 20, 12, reversed: true))
        try expectSameRegion(p, .windingAbove(0), contours: 2)
    }

    @Test func intersectionAndExclusion() throws {
        var p = square(10, 10, 24); p.append(circle(34, 34, 14))
        try expectSameRegion(p, .windingAbove(1), contours: 1)
        try expectSameRegion(p, .evenOdd, contours: 2)
    }

    @Test func sharedEdgesAndCornersJoin() throws {
        // Two squares side by side share an edge: their union is one rectangle.
        var p = square(10, 10, 20); p.append(square(30, 10, 20))
        try expectSameRegion(p, .windingAbove(0), contours: 1)
        // Identical squares: one outline, not two.
        var q = square(10, 10, 20); q.append(square(10, 10, 20))
        try expectSameRegion(q, .windingAbove(0), contours: 1)
    }

    @Test func overBudgetIsRefused() {
        var p = Path()
        for k in 0..<2000 { p.append(square(Double(k % 50), Double(k / 50), 3)) }
        #expect(PathBoolean.outline(p, rule: .windingAbove(0), tolerance: 0.01, maxSegments: 6000) == nil)
    }
}
