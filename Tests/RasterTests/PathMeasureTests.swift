import LottieRenderRaster
import Testing

/// Trim cuts land where the arc length says: the parameter found for a length is checked against the curve measured
/// with 20,000 chords, on curves whose speed varies along them (a quarter circle, an S-curve, and a straight line
/// written with its handles on its ends, as After Effects exports corners).
@Suite struct PathMeasureTests {
    typealias Segment = (Point, Point, Point, Point)

    /// Arc length from the start to `t`, measured finely.
    func arc(_ s: Segment, to t: Double) -> Double {
        var total = 0.0, prev = s.0
        let n = 20_000
        for i in 1...n {
            let p = Cubic.point(s, t * Double(i) / Double(n))
            total += (p - prev).length
            prev = p
        }
        return total
    }

    @Test(arguments: [
        (Point(0, 0), Point(55.23, 0), Point(100, 44.77), Point(100, 100)),
        (Point(0, 0), Point(180, 10), Point(-80, 90), Point(100, 100)),
        (Point(10, 10), Point(10, 10), Point(200, 60), Point(200, 60)),
    ])
    func cutsLandAtTheirLength(_ s: Segment) {
        let length = PathMeasure.length(s), fine = arc(s, to: 1)
        for share in [0.02, 0.1, 0.37, 0.5, 0.81, 0.99] {
            let t = PathMeasure.parameter(s, length, share * length)
            // The cut lands at its share of the curve within a hundredth of a unit on these 100-unit curves, or
            // within the error of the segment's own length (24 chords fall short of the S-curve by 0.32).
            let error = abs(arc(s, to: t) / fine - share) * fine
            #expect(error < max(0.01, fine - length), "share \(share): t \(t)")
        }
        #expect(PathMeasure.parameter(s, length, 0) == 0)
        #expect(PathMeasure.parameter(s, length, length) == 1)
    }

    /// A path measured once with its chord tables (a trim of a constant path, bound once) cuts exactly where one
    /// measured without them does: the same pieces, bit for bit, at every length and with every cut rule.
    @Test func stepTablesCutAsTheWalkDoes() {
        var path = Path()
        path.move(to: Point(0, 0))
        path.cubic(to: Point(100, 100), control1: Point(180, 10), control2: Point(-80, 90))
        path.line(to: Point(130, 40))
        path.cubic(to: Point(10, 10), control1: Point(130, 40), control2: Point(10, 10))
        path.close()
        let walked = PathMeasure(path), tabled = PathMeasure(path, stepTables: true)
        #expect(tabled.contours.map(\.steps.count) == [PathMeasure.steps * 4])
        #expect(walked.contours.map(\.steps.count) == [0])
        let length = walked.contours[0].length
        #expect(tabled.contours[0].length == length)
        for cut in [PathMeasure.Cut.arcLength, .segmentShare, .segmentShareRefined] {
            for k in 0...40 {
                let from = length * Double(k) / 57, to = length * Double(k + 17) / 57
                var a = Path(), b = Path()
                walked.appendPiece(contour: 0, from: from, to: min(to, length), continuing: false, cut: cut, into: &a)
                tabled.appendPiece(contour: 0, from: from, to: min(to, length), continuing: false, cut: cut, into: &b)
                #expect(a.elements == b.elements, "\(cut) \(k)")
            }
        }
    }
}
