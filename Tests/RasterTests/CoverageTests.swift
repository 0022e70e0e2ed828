import LottieRenderRaster
import Testing

private func coverage(_ path: Path, w: Int = 64, h: Int = 64, rule: FillRule = .nonZero) -> [UInt8] {
    var c = Canvas()
    var m: [UInt8] = []
    c.coverage(path, transform: .identity, rule: rule, region: IntRect(x0: 0, y0: 0, x1: w, y1: h), into: &m)
    return m
}

private func area(_ m: [UInt8]) -> Double { m.reduce(0.0) { $0 + Double($1) } / 255 }

@Suite struct CoverageTests {
    @Test func rectangleCoverageSumsToItsArea() {
        let r = Rect(minX: 10.25, minY: 7.5, maxX: 40.75, maxY: 33.1)
        let a = area(coverage(.rect(r)))
        #expect(abs(a - 30.5 * 25.6) < 0.5)
    }

    @Test func circleAreaWithinHalfAPercent() {
        let r = 20.0
        let a = area(coverage(.ellipse(Rect(minX: 32 - r, minY: 32 - r, maxX: 32 + r, maxY: 32 + r))))
        #expect(abs(a - Double.pi * r * r) / (Double.pi * r * r) < 0.005)
    }

    @Test func hugeCoordinatesCoverAsModerateOnesDo() {
        // The same half-planes from far-away vertices (a layer scaled by 10¹²): the edges are clipped in Double
        // before Float sees them, so the coverage matches the nearby triangle's.
        func triangle(_ k: Double, _ ox: Double) -> Path {
            var p = Path()
            p.move(to: Point(ox - k, -k)); p.line(to: Point(ox + k, k)); p.line(to: Point(ox - k, k)); p.close()
            return p
        }
        for ox in [0.0, 31.3, 64.5] {
            let near = coverage(triangle(200, ox)), far = coverage(triangle(1e12, ox))
            // The far vertices place the diagonal to about 10⁻⁴ px (Double's precision at 10¹²). The last column
            // is left out: where an edge leaves the clip within a row, the near edge's in-row clamp approximates
            // (up to 0.1 of a pixel) what the far edge's exact split gets right.
            var worst = 0
            for i in near.indices where i % 64 < 63 { worst = max(worst, abs(Int(near[i]) - Int(far[i]))) }
            #expect(worst <= 2, "offset \(ox): worst \(worst)")
            #expect(abs(area(near) - area(far)) < 0.5)
            #expect(area(near) > 100)
        }
        // Far beyond Float's range (where Double no longer resolves a pixel) and non-finite points: no crash.
        var p = Path()
        p.move(to: Point(-1e300, -1e300)); p.line(to: Point(1e300, 1e300)); p.line(to: Point(-1e300, 1e300)); p.close()
        _ = coverage(p)
        var q = Path()
        q.move(to: Point(.nan, 0)); q.line(to: Point(10, 60)); q.line(to: Point(.infinity, 30)); q.close()
        _ = coverage(q)
    }

    @Test func halfPixelEdgeIsHalfCovered() {
        let m = coverage(.rect(Rect(minX: 10.5, minY: 10, maxX: 20, maxY: 20)))
        #expect(abs(Int(m[15 * 64 + 10]) - 128) <= 1)
        #expect(m[15 * 64 + 11] == 255)
        #expect(m[15 * 64 + 9] == 0)
    }

    @Test func evenOddMakesAHoleNonZeroDoesNot() {
        var p = Path.rect(Rect(minX: 4, minY: 4, maxX: 60, maxY: 60))
        p.append(.rect(Rect(minX: 20, minY: 20, maxX: 40, maxY: 40))) // same direction
        #expect(coverage(p)[30 * 64 + 30] == 255)
        #expect(coverage(p, rule: .evenOdd)[30 * 64 + 30] == 0)
        #expect(coverage(p, rule: .evenOdd)[10 * 64 + 10] == 255)
    }

    @Test func shapesOutsideTheTargetAreClipped() {
        let m = coverage(.rect(Rect(minX: -100, minY: -100, maxX: 1000, maxY: 10)))
        #expect(abs(area(m) - 64 * 10) < 0.5)
    }

    @Test func strokeAreaIsLengthTimesWidth() {
        var p = Path()
        p.move(to: Point(10, 32)); p.line(to: Point(50, 32))
        var c = Canvas()
        var m: [UInt8] = []
        c.strokeCoverage(
            p, transform: .identity, style: StrokeStyle(width: 6, cap: .butt),
            region: IntRect(x0: 0, y0: 0, x1: 64, y1: 64), into: &m)
        #expect(abs(area(m) - 40 * 6) < 0.5)
        c.strokeCoverage(
            p, transform: .identity, style: StrokeStyle(width: 6, cap: .square),
            region: IntRect(x0: 0, y0: 0, x1: 64, y1: 64), into: &m)
        #expect(abs(area(m) - 46 * 6) < 0.5)
        c.strokeCoverage(
            p, transform: .identity, style: StrokeStyle(width: 6, cap: .round),
            region: IntRect(x0: 0, y0: 0, x1: 64, y1: 64), into: &m)
        #expect(abs(area(m) - (40 * 6 + Double.pi * 9)) < 1.5)
    }

    @Test func miterJoinFillsTheCorner() {
        var p = Path()
        p.move(to: Point(10, 50)); p.line(to: Point(50, 50)); p.line(to: Point(50, 10))
        var c = Canvas()
        var m: [UInt8] = []
        c.strokeCoverage(
            p, transform: .identity, style: StrokeStyle(width: 8, join: .miter),
            region: IntRect(x0: 0, y0: 0, x1: 64, y1: 64), into: &m)
        #expect(m[53 * 64 + 53] == 255) // the outer corner square is filled by the miter
        c.strokeCoverage(
            p, transform: .identity, style: StrokeStyle(width: 8, join: .bevel),
            region: IntRect(x0: 0, y0: 0, x1: 64, y1: 64), into: &m)
        #expect(m[53 * 64 + 53] < 64) // and cut off by a bevel
    }

    @Test func dashesAlternate() {
        var pl = Polylines()
        pl.begin(Point(0, 0)); pl.add(Point(100, 0))
        let d = Dasher.dash(pl, pattern: [10, 5], offset: 0)
        #expect(d.contours.count == 7)
        #expect(abs(d.points[d.contours[1].start].x - 15) < 1e-9)
    }

    @Test func sourceOverIsPremultiplied() {
        var pm = Pixmap(width: 4, height: 4)
        var c = Canvas()
        c.fill(
            .rect(Rect(minX: 0, minY: 0, maxX: 4, maxY: 4)), transform: .identity, rule: .nonZero,
            paint: .solid(Color(r: 1, g: 0, b: 0)), opacity: 0.5, into: &pm)
        #expect(pm.pixel(1, 1) == 0x8000_0080)
        c.fill(
            .rect(Rect(minX: 0, minY: 0, maxX: 4, maxY: 4)), transform: .identity, rule: .nonZero,
            paint: .solid(Color(r: 0, g: 0, b: 1)), opacity: 1, into: &pm)
        #expect(pm.pixel(1, 1) == 0xFFFF_0000)
    }
}
