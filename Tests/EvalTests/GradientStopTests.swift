import Testing

@testable import LottieRenderEval
@testable import LottieRenderRaster

/// Gradient stops from Bodymovin's flat `"g.k"` array.
@Suite struct GradientStopTests {
    static func rgba(_ s: GradientStop) -> [Double] { [s.color.r, s.color.g, s.color.b, s.color.a] }

    @Test func smoothStopsMergeWithOpacityStops() {
        // Red at 0, blue at 1; opacity 1 at 0 and 0 at 0.5: the opacity stop adds a colour-interpolated stop.
        let s = StylePaints.gradientStops([0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0.5, 0], colorCount: 2)
        #expect(s.map(\.offset) == [0, 0.5, 1])
        #expect(GradientStopTests.rgba(s[1]) == [0.5, 0, 0.5, 0])
        #expect(GradientStopTests.rgba(s[2]) == [0, 0, 1, 0])
    }

    @Test func coincidentColourStopsMakeAHardStep() {
        // Red up to 0.5, then green from 0.5 (no opacity stops): the step survives as two stops at 0.5.
        let s = StylePaints.gradientStops([0, 1, 0, 0, 0.5, 1, 0, 0, 0.5, 0, 1, 0, 1, 0, 1, 0], colorCount: 4)
        #expect(s.map(\.offset) == [0, 0.5, 0.5, 1])
        #expect(GradientStopTests.rgba(s[1]) == [1, 0, 0, 1])
        #expect(GradientStopTests.rgba(s[2]) == [0, 1, 0, 1])
        // The LUT shows the step: no blend of red and green either side of the middle.
        let lut = PreparedPaint.makeLUT(s, opacity: 1)
        #expect(lut[127] == 0xFF00_00FF && lut[128] == 0xFF00_FF00)
    }

    @Test func coincidentOpacityStopsMakeAHardStep() {
        // One white colour; opacity 1 up to 0.25, then 0.2 from 0.25.
        let s = StylePaints.gradientStops([0, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0.25, 1, 0.25, 0.2, 1, 0.2], colorCount: 2)
        #expect(s.map(\.offset) == [0, 0.25, 0.25, 1])
        #expect(s[1].color.a == 1 && s[2].color.a == 0.2)
    }

    @Test func stopsOutOfOrderAreSorted() {
        let s = StylePaints.gradientStops([1, 0, 0, 1, 0, 1, 0, 0], colorCount: 2)
        #expect(s.map(\.offset) == [0, 1])
        #expect(GradientStopTests.rgba(s[0]) == [1, 0, 0, 1])
    }

    @Test func nonFiniteOffsetsAreDropped() {
        let s = StylePaints.gradientStops([0, 1, 0, 0, .nan, 0, 1, 0, 1, 0, 0, 1], colorCount: 3)
        #expect(s.map(\.offset) == [0, 1])
    }
}
