import LottieRenderRaster
import Testing

@testable import LottieRender
@testable import LottieRenderEval

/// `SceneRenderer.peakBytes` is an upper bound of the buffers `draw` takes: here, rlottie's 8-bit compositing
/// (``EightBitComposite``), which draws a layer offscreen below full opacity and a matted layer even at opacity 0.
@Suite struct PeakBytesTests {
    static let leaf = SceneNode.fill(
        path: .rect(Rect(minX: 0, minY: 0, maxX: 10, maxY: 10)), transform: .identity, rule: .nonZero,
        paint: .solid(Color(r: 1, g: 0, b: 0)), opacity: 1)
    static let eightBit = EightBitComposite(offscreenForOpacity: true, singleDrawable: true)

    private func peak(_ g: SceneGroup) -> Int {
        SceneRenderer.peakBytes([.group(g)], viewport: .identity, width: 10, height: 10)
    }

    @Test func anEightBitLayerBelowFullOpacityCountsItsLayer() {
        // One drawing at half opacity: only the 8-bit rule isolates it.
        #expect(peak(SceneGroup(children: [Self.leaf], opacity: 0.5)) == 0)
        #expect(peak(SceneGroup(children: [Self.leaf], opacity: 0.5, eightBit: Self.eightBit)) >= 4 * 100)
        // Opaque itself, it may still be below full opacity under a translucent group: counted too.
        #expect(peak(SceneGroup(children: [Self.leaf], eightBit: Self.eightBit)) >= 4 * 100)
    }

    @Test func anEightBitMattedLayerAtOpacityZeroCountsItsLayerAndItsMatte() {
        let matte = SceneMatte(mode: .alpha, source: SceneGroup(children: [Self.leaf]))
        #expect(peak(SceneGroup(children: [Self.leaf], opacity: 0, matte: matte)) == 0)
        #expect(peak(SceneGroup(children: [Self.leaf], opacity: 0, matte: matte, eightBit: Self.eightBit)) >= 8 * 100)
    }
}
