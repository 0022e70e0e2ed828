import Testing

@testable import LottieRenderEval
@testable import LottieRenderModel

@Suite struct InterpolationTests {
    @Test func easingEndpointsAndLinear() {
        #expect(Easing.ease(0, x1: 0.4, y1: 0, x2: 0.2, y2: 1) == 0)
        #expect(Easing.ease(1, x1: 0.4, y1: 0, x2: 0.2, y2: 1) == 1)
        #expect(abs(Easing.ease(0.3, x1: 0.25, y1: 0.25, x2: 0.75, y2: 0.75) - 0.3) < 1e-9)
    }

    @Test func easingSolvesXExactly() {
        // Symmetric ease-in-out: by symmetry the midpoint maps to 0.5.
        #expect(abs(Easing.ease(0.5, x1: 0.42, y1: 0, x2: 0.58, y2: 1) - 0.5) < 1e-9)
        // CSS "ease" (0.25,0.1,0.25,1) at x=0.5 is 0.8024033877399112 (solved independently).
        #expect(abs(Easing.ease(0.5, x1: 0.25, y1: 0.1, x2: 0.25, y2: 1) - 0.8024033877399112) < 1e-6)
        // Overshoot handles give values above 1.
        #expect(Easing.ease(0.8, x1: 0.3, y1: 0, x2: 0.7, y2: 1.6) > 1)
    }

    private func keys(
        _ a: NumberVector, _ b: NumberVector, hold: Bool = false, to: NumberVector? = nil, ti: NumberVector? = nil
    )
        -> NumberProperty
    {
        .animated([
            Keyframe(
                time: 10, start: a, end: b, hold: hold, outHandle: nil, inHandle: nil, spatialOut: to, spatialIn: ti),
            Keyframe(
                time: 20, start: b, end: b, hold: false, outHandle: nil, inHandle: nil, spatialOut: nil, spatialIn: nil),
        ])
    }

    @Test func linearHoldAndClamping() {
        let p = keys([0, 0], [10, 20])
        #expect(Interpolator.value(p, at: 15) == [5, 10])
        #expect(Interpolator.value(p, at: 0) == [0, 0])
        #expect(Interpolator.value(p, at: 99) == [10, 20])
        let h = keys([1], [2], hold: true)
        #expect(Interpolator.value(h, at: 19.99) == [1])
        #expect(Interpolator.value(h, at: 20) == [2])
    }

    @Test func perDimensionEasing() {
        // Dimension 0 eases in and out; dimension 1 has linear handles.
        let ease = EasingHandle(x: [0.5, 0.3], y: [0, 0.3])
        let inH = EasingHandle(x: [0.5, 0.7], y: [1, 0.7])
        let p: NumberProperty = .animated([
            Keyframe(
                time: 0, start: [0, 0], end: [1, 1], hold: false, outHandle: ease, inHandle: inH, spatialOut: nil,
                spatialIn: nil),
            Keyframe(
                time: 1, start: [1, 1], end: [1, 1], hold: false, outHandle: nil, inHandle: nil, spatialOut: nil,
                spatialIn: nil),
        ])
        let v = Interpolator.value(p, at: 0.25)
        #expect(abs(v[1] - 0.25) < 1e-6) // linear handles in dimension 1
        #expect(v[0] < 0.2) // ease-in-out is slow at the start
    }

    @Test func spatialBezierIsParameterisedByArcLength() {
        // A path bowed upward; at half time the point is at half the arc length, on the axis of symmetry.
        let p = keys([0, 0], [100, 0], to: [0, -50], ti: [0, -50])
        let mid = Interpolator.value(p, at: 15)
        #expect(abs(mid[0] - 50) < 0.5)
        #expect(mid[1] < -30)
    }

    @Test func trimRangesWrapWithOffset() {
        let r = Trim.range(start: 0, end: 50, offset: 270)
        #expect(r != nil)
        #expect(abs(r!.0 - 0.75) < 1e-9 && abs(r!.1 - 1.25) < 1e-9)
        #expect(Trim.range(start: 30, end: 30, offset: 0) == nil)
        #expect(Trim.range(start: 80, end: 20, offset: 0)! == (0.2, 0.8))
    }
}
