import Foundation
import Testing

@testable import LottieRenderEval
@testable import LottieRenderModel
@testable import LottieRenderRaster

/// Stars and polygons (`"ty":"sr"`), with fractional point counts.
@Suite struct StarTests {
    static func star(points: Double, isStar: Bool = true, outerRound: Double = 0, reversed: Bool = false) -> StarShape {
        StarShape(
            isStar: isStar, position: .constant([0, 0]), points: .constant([points]), rotation: .constant([0]),
            outerRadius: .constant([100]), outerRoundness: .constant([outerRound]),
            innerRadius: .constant([50]), innerRoundness: .constant([0]), reversed: reversed)
    }

    /// The end points of the path's segments, in order, starting with the first point.
    static func vertices(_ p: Path) -> [Point] {
        p.elements.compactMap { e -> Point? in
            switch e {
            case .move(let q), .line(let q): return q
            case .cubic(_, _, let q): return q
            case .close: return nil
            }
        }
    }

    static func polar(_ q: Point) -> (r: Double, deg: Double) {
        ((q.x * q.x + q.y * q.y).squareRoot(), atan2(q.y, q.x) * 180 / Double.pi)
    }

    @Test func wholeStarStartsAtTheTopWithTheOuterPoint() {
        let v = StarTests.vertices(ShapeGenerators.star(StarTests.star(points: 5), at: 0))
        #expect(v.count == 11) // move, 10 vertices back to the start
        #expect(abs(StarTests.polar(v[0]).r - 100) < 1e-9 && abs(StarTests.polar(v[0]).deg + 90) < 1e-9)
        #expect(abs(StarTests.polar(v[1]).r - 50) < 1e-9 && abs(StarTests.polar(v[1]).deg + 54) < 1e-9)
    }

    @Test func fractionalStarGrowsAPartialPoint() {
        // 5.5 points: spaced 360/5.5 apart; the partial point's tip at 50 + 0.5 × 50 = 75 is the start, turned
        // by half a point's half angle (360/5.5/4) from the top.
        let v = StarTests.vertices(ShapeGenerators.star(StarTests.star(points: 5.5), at: 0))
        let per = 360 / 5.5
        #expect(v.count == 13) // start, 2·5 + 1 vertices, back to the start
        let s = StarTests.polar(v[0])
        #expect(abs(s.r - 75) < 1e-9 && abs(s.deg - (-90 + per / 4)) < 1e-9)
        let first = StarTests.polar(v[1]) // the first inner point
        #expect(abs(first.r - 50) < 1e-9 && abs(first.deg - (-90 + per / 2)) < 1e-9)
        let outer = StarTests.polar(v[2])
        #expect(abs(outer.r - 100) < 1e-9 && abs(outer.deg - (-90 + per)) < 1e-9)
        // The last inner point is straight up: the partial point spans a quarter point either side of its tip.
        let last = StarTests.polar(v[11])
        #expect(abs(last.r - 50) < 1e-9 && abs(last.deg + 90) < 1e-9)
    }

    @Test func fractionTendsToTheWholeStars() {
        // Just above 5 the partial point is a sliver at the inner radius; just below 6 it is nearly whole.
        let low = StarTests.vertices(ShapeGenerators.star(StarTests.star(points: 5.0001), at: 0))
        #expect(abs(StarTests.polar(low[0]).r - 50) < 0.01)
        let high = StarTests.vertices(ShapeGenerators.star(StarTests.star(points: 5.9999), at: 0))
        let six = StarTests.vertices(ShapeGenerators.star(StarTests.star(points: 6), at: 0))
        #expect(high.count == six.count) // the partial point is the sixth
        // Each outer point of the 6-point star has a near-twin in the 5.9999 star.
        for p in six where abs(StarTests.polar(p).r - 100) < 1e-9 {
            #expect(high.contains { ($0 - p).length < 0.1 })
        }
    }

    @Test func polygonsUseTheWholeNumberOfPoints() {
        let v = StarTests.vertices(ShapeGenerators.star(StarTests.star(points: 5.7, isStar: false), at: 0))
        #expect(v.count == 6)
        #expect(v.allSatisfy { abs(StarTests.polar($0).r - 100) < 1e-9 })
    }

    @Test func roundedPartialPointHasShortenedHandles() {
        let p = ShapeGenerators.star(StarTests.star(points: 5.5, outerRound: 50), at: 0)
        guard case .cubic(let c1, _, _)? = p.elements.dropFirst().first else {
            Issue.record("expected a curve"); return
        }
        let start = StarTests.vertices(p)[0]
        // Outer radius × roundness × 0.47829, times the fraction.
        #expect(abs((c1 - start).length - 100 * 0.5 * 0.47829 * 0.5) < 1e-9)
    }

    @Test func reversedFractionalStarMirrors() {
        let f = StarTests.vertices(ShapeGenerators.star(StarTests.star(points: 5.5), at: 0))
        let r = StarTests.vertices(ShapeGenerators.star(StarTests.star(points: 5.5, reversed: true), at: 0))
        #expect(f.count == r.count)
        for (a, b) in zip(f, r) { #expect(abs(a.x + b.x) < 1e-9 && abs(a.y - b.y) < 1e-9) }
    }
}
