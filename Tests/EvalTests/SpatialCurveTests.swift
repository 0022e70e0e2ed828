import LottieRenderRaster
import Testing

@testable import LottieRenderEval
@testable import LottieRenderModel

@Suite struct SpatialCurveTests {
    /// A position that moves from (0, 0) to (100, 0) along an arc bowed by its tangents, then holds.
    let curved: NumberProperty = .animated([
        Keyframe(time: 0, start: [0, 0], end: [100, 0], spatialOut: [0, 80], spatialIn: [0, 80]),
        Keyframe(time: 10, start: [100, 0], end: [40, 40], hold: true, spatialOut: [5, 5], spatialIn: [5, 5]),
        Keyframe(time: 20, start: [40, 40], end: [40, 40]),
    ])

    /// Binding stores a table in the moving curved span only, and evaluating with it gives the positions that
    /// measuring the curve at each evaluation gives, to the last bit.
    @Test func boundTablesGiveTheSamePositions() throws {
        let bound = try #require(SpatialCurve.bound(curved))
        guard case .animated(let k) = bound else {
            Issue.record("not animated")
            return
        }
        #expect(k[0].spatialLengths?.count == SpatialCurve.steps + 1)
        #expect(k[1].spatialLengths == nil) // a hold span does not move
        #expect(k[2].spatialLengths == nil)
        for step in 0...40 {
            let t = Double(step) * 0.5
            #expect(Interpolator.value(bound, at: t) == Interpolator.value(curved, at: t), "t = \(t)")
        }
        // Halfway along the arc's length is its top (it is symmetric), not halfway along x by the parameter alone.
        let mid = Interpolator.value(bound, at: 5)
        #expect(abs(mid[0] - 50) < 0.05 && mid[1] > 50)
    }

    /// Tangents that are all zero are a straight span: the keyframe keeps none, and nothing is bound.
    @Test func zeroTangentsAreStraight() {
        let k = Keyframe<NumberVector>(
            time: 0, start: [0, 0], end: [1, 1], spatialOut: [0, 0, 0], spatialIn: [0, 0, 0])
        #expect(k.spatialOut == nil && k.spatialIn == nil)
        #expect(SpatialCurve.bound(.animated([k, Keyframe(time: 1, start: [1, 1], end: [1, 1])])) == nil)
    }

    /// A handle given once eases every dimension alike; one given per dimension eases each with its own.
    @Test func dimensionsShareOrKeepTheirEasing() {
        let once = EasingHandle(x: [0.6], y: [0]), inOnce = EasingHandle(x: [0.4], y: [1])
        let each = EasingHandle(x: [0.6, 0.1], y: [0, 0]), inEach = EasingHandle(x: [0.4, 0.9], y: [1, 1])
        func prop(_ o: EasingHandle, _ i: EasingHandle) -> NumberProperty {
            .animated([
                Keyframe(time: 0, start: [0, 0], end: [10, 10], outHandle: o, inHandle: i),
                Keyframe(time: 10, start: [10, 10], end: [10, 10]),
            ])
        }
        let shared = Interpolator.value(prop(once, inOnce), at: 3)
        let e = Easing.ease(0.3, x1: 0.6, y1: 0, x2: 0.4, y2: 1)
        #expect(shared == [10 * e, 10 * e])
        let own = Interpolator.value(prop(each, inEach), at: 3)
        #expect(own == [10 * e, 10 * Easing.ease(0.3, x1: 0.1, y1: 0, x2: 0.9, y2: 1)])
    }
}
