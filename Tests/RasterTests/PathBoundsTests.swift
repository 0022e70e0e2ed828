import LottieRenderRaster
import Testing

/// A path's rectangle test and a flattened set's bounds, checked against what they are defined as.
@Suite struct PathBoundsTests {
    private func quad(_ pts: [Point], close: Bool = true, repeatFirst: Bool = false) -> Path {
        var p = Path()
        p.move(to: pts[0])
        for q in pts.dropFirst() { p.line(to: q) }
        if repeatFirst { p.line(to: pts[0]) }
        if close { p.close() }
        return p
    }

    @Test func anAxisAlignedQuadrilateralIsItsRectangle() {
        let pts = [Point(10, 20), Point(50, 20), Point(50, 70), Point(10, 70)]
        let want = Rect(minX: 10, minY: 20, maxX: 50, maxY: 70)
        #expect(quad(pts).axisAlignedRect(.identity) == want)
        #expect(quad(pts, close: false).axisAlignedRect(.identity) == want)
        // A closing point on the first counts once.
        #expect(quad(pts, repeatFirst: true).axisAlignedRect(.identity) == want)
        // Starting with a vertical edge.
        let v = [Point(10, 20), Point(10, 70), Point(50, 70), Point(50, 20)]
        #expect(quad(v).axisAlignedRect(.identity) == want)
        // Mapped: scaled and moved.
        let t = Transform(a: 2, b: 0, c: 0, d: 3, tx: 1, ty: -5)
        #expect(quad(pts).axisAlignedRect(t) == Rect(minX: 21, minY: 55, maxX: 101, maxY: 205))
    }

    @Test func anythingElseIsNot() {
        let pts = [Point(10, 20), Point(50, 20), Point(50, 70), Point(10, 70)]
        // Rotated by 45°.
        let r = Transform(a: 0.7071, b: 0.7071, c: -0.7071, d: 0.7071, tx: 0, ty: 0)
        #expect(quad(pts).axisAlignedRect(r) == nil)
        // A fifth corner, a triangle, a curve, a second contour.
        #expect(quad(pts + [Point(30, 90)]).axisAlignedRect(.identity) == nil)
        #expect(quad(Array(pts.prefix(3))).axisAlignedRect(.identity) == nil)
        var curved = quad(Array(pts.prefix(3)), close: false)
        curved.cubic(to: Point(10, 20), control1: Point(0, 70), control2: Point(0, 20))
        #expect(curved.axisAlignedRect(.identity) == nil)
        var two = quad(pts)
        two.append(quad(pts))
        #expect(two.axisAlignedRect(.identity) == nil)
        #expect(Path().axisAlignedRect(.identity) == nil)
        // A skewed quadrilateral.
        let skew = [Point(10, 20), Point(50, 20), Point(60, 70), Point(20, 70)]
        #expect(quad(skew).axisAlignedRect(.identity) == nil)
    }

    @Test func boundsAreEveryPointIncluded() {
        var polys = Polylines()
        #expect(polys.bounds == .empty)
        let pts = [Point(3, -4), Point(-7.5, 2), Point(1e6, 0.25), Point(0, -1e-9), Point(.nan, 5), Point(2, .nan)]
        polys.begin(pts[0])
        for p in pts.dropFirst() { polys.add(p) }
        var want = Rect.empty
        for p in polys.points { want.include(p) }
        let b = polys.bounds
        #expect(b == want)
        // NaN coordinates never enter the bounds.
        #expect(b == Rect(minX: -7.5, minY: -4, maxX: 1e6, maxY: 5))
    }
}
