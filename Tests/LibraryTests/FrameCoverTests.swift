import LottieRenderModel
import LottieRenderRaster
import Testing

@testable import LottieRender
@testable import LottieRenderEval

/// A frame whose first fill paints every pixel with one opaque colour (a background) is not cleared before it is
/// drawn (`SceneRenderer.coversFrame`). Where the test says it covers, a frame drawn over any leftover pixels must
/// be the frame drawn over a cleared one, bit for bit; where a pixel could show what was below, it must not say so.
@Suite struct FrameCoverTests {
    static let opaque = Color(r: 0.2, g: 0.5, b: 0.9)
    /// A translucent disc drawn over the background, so that the frames compared are not one colour.
    static let disc = SceneNode.fill(
        path: .ellipse(Rect(minX: 3, minY: 5, maxX: 40, maxY: 30)), transform: .identity, rule: .nonZero,
        paint: .solid(Color(r: 1, g: 0.2, b: 0, a: 0.6)), opacity: 0.8)

    static func background(
        _ r: Rect, transform: Transform = .identity, rule: FillRule = .nonZero, color: Color = opaque,
        opacity: Double = 1
    ) -> SceneNode {
        .fill(path: .rect(r), transform: transform, rule: rule, paint: .solid(color), opacity: opacity)
    }

    /// The scene drawn at `w`×`h` through `viewport` over a cleared frame and over one full of another colour.
    static func drawn(_ nodes: [SceneNode], _ viewport: Transform, _ w: Int, _ h: Int) -> (Pixmap, Pixmap, Bool) {
        let scene = Scene(width: Double(w), height: Double(h), nodes: nodes)
        var renderer = SceneRenderer()
        let covers = renderer.coversFrame(scene, viewport: viewport, width: w, height: h)
        var clean = Pixmap(width: w, height: h)
        renderer.render(scene, viewport: viewport, into: &clean)
        var dirty = Pixmap(width: w, height: h)
        dirty.fill(0x8040_C0FF)
        var other = SceneRenderer()
        other.render(scene, viewport: viewport, into: &dirty)
        return (clean, dirty, covers)
    }

    @Test func backgroundsThatReachEveryEdgeCoverTheFrame() {
        // A composition 500 wide drawn at 37 (no exact scale), a rectangle exactly its size; one larger; one
        // turned a quarter (still axis-aligned); even-odd; inside a group at full opacity.
        let fit = Transform.scale(37.0 / 500, 29.0 / 333)
        let cases: [[SceneNode]] = [
            [Self.background(Rect(minX: 0, minY: 0, maxX: 500, maxY: 333)), Self.disc],
            [Self.background(Rect(minX: -20, minY: -1, maxX: 900, maxY: 400)), Self.disc],
            [
                Self.background(
                    Rect(minX: -10, minY: -520, maxX: 340, maxY: 10),
                    transform: Transform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0), rule: .evenOdd),
                Self.disc,
            ],
            [.group(SceneGroup(children: [Self.background(Rect(minX: 0, minY: 0, maxX: 500, maxY: 333))])), Self.disc],
        ]
        for (i, nodes) in cases.enumerated() {
            let (clean, dirty, covers) = Self.drawn(nodes, fit, 37, 29)
            #expect(covers, "case \(i)")
            #expect(clean == dirty, "case \(i)")
            #expect(clean.pixels.allSatisfy { $0 >> 24 == 255 }, "case \(i)")
        }
    }

    /// Why the rectangle may fall short of an edge by a ten-thousandth of a pixel, not more: eleven ten-thousandths
    /// short of two edges, the corner pixel between them is not opaque.
    @Test func aCornerAThousandthShortIsNotOpaque() {
        let nodes = [Self.background(Rect(minX: 0, minY: 0, maxX: 39.9989, maxY: 29.9989))]
        let (clean, _, covers) = Self.drawn(nodes, .identity, 40, 30)
        #expect(!covers)
        #expect(clean.pixels[29 * 40 + 39] >> 24 < 255)
        #expect(clean.pixels[29 * 40 + 38] >> 24 == 255)
        let near = Self.drawn(
            [Self.background(Rect(minX: 0, minY: 0, maxX: 39.99995, maxY: 29.99995))], .identity, 40, 30)
        #expect(near.2)
        #expect(near.0 == near.1)
    }

    @Test func anythingThatCouldLeaveAPixelUncoveredDoesNot() {
        let frame = Rect(minX: 0, minY: 0, maxX: 40, maxY: 30)
        let short = Rect(minX: 0, minY: 0, maxX: 39.99, maxY: 30)
        let cases: [[SceneNode]] = [
            [Self.background(short)], // a hundredth of a pixel short
            [Self.background(frame, opacity: 0.99)], // not quite opaque
            [Self.background(frame, color: Color(r: 0, g: 0, b: 0, a: 0.5))],
            [.group(SceneGroup(children: [Self.background(frame)], opacity: 0.5))],
            [
                .group(
                    SceneGroup(
                        children: [Self.background(frame)],
                        masks: [
                            SceneMask(
                                path: .rect(short), transform: .identity, mode: .add, inverted: false, opacity: 1,
                                expansion: 0)
                        ]))
            ],
            [.group(SceneGroup(children: [Self.background(frame)], blendMode: .multiply))],
            [Self.background(frame, transform: Transform(a: 0.9, b: 0.1, c: -0.1, d: 0.9, tx: 0, ty: 0))], // turned
            [Self.disc, Self.background(frame)], // not the first thing drawn
            [
                .fill(
                    path: .ellipse(frame), transform: .identity, rule: .nonZero, paint: .solid(Self.opaque), opacity: 1)
            ],
            [],
        ]
        for (i, nodes) in cases.enumerated() {
            let scene = Scene(width: 40, height: 30, nodes: nodes)
            #expect(!SceneRenderer().coversFrame(scene, viewport: .identity, width: 40, height: 30), "case \(i)")
        }
    }
}
