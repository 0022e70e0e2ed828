import LottieRender
import LottieRenderTestSupport
import Testing

/// `LottieDocument.image(frame:)` and the exporters borrow expression heaps from the document instead of starting
/// one per call, and the output does not depend on which heap drew it.
@Suite struct ExpressionHeapTests {
    static func document() throws -> LottieDocument {
        try LottieDocument(contentsOf: repoRoot.appendingPathComponent("samples/expr_slider_rig.json").path)
    }

    @Test func imageReusesOneHeap() throws {
        let doc = try Self.document()
        #expect(doc.expressionHeaps.idleCount == 0)
        let first = try doc.image(frame: 7, width: 64)
        #expect(doc.expressionHeaps.idleCount == 1, "given back when the call's renderer goes away")
        for f in 0..<5 { _ = try doc.image(frame: Double(f), width: 64) }
        #expect(doc.expressionHeaps.idleCount == 1, "the same heap each time")
        // A heap that drew other frames draws frame 7 as a fresh one does.
        var fresh = FrameRenderer(try Self.document())
        #expect(try doc.image(frame: 7, width: 64).bytes == first.bytes)
        #expect(try fresh.image(frame: 7, width: 64).bytes == first.bytes)
    }

    @Test func exportersBorrowAtMostOneHeapAJob() throws {
        let doc = try Self.document()
        var options = ExportOptions()
        options.width = 32
        options.jobs = 2
        _ = try doc.encode(try FramePlan(doc), as: .apng, options: options)
        #expect((1...2).contains(doc.expressionHeaps.idleCount))
    }
}
