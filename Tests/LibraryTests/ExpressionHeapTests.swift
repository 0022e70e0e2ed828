import Foundation
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

    /// Expressions are bound (the property tree flattened, every source wrapped and compiled) when first needed:
    /// a document drawn with expressions off never pays for them, nor warns about a source that does not compile.
    @Test func expressionsAreBoundOnlyWhenEvaluated() throws {
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":50,"h":50,"layers":[{"ty":4,"ind":1,"nm":"Box","ip":0,"op":10,"st":0,
            "ks":{"o":{"a":0,"k":100,"x":"var $bm_rt;\\n$bm_rt = ;"}},
            "shapes":[{"ty":"rc","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[25,25]},"r":{"a":0,"k":0}},
            {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
            """
        var off = try LottieDocument(data: Data(json.utf8))
        off.evaluatesExpressions = false
        _ = try off.image(frame: 0, width: 16)
        #expect(off.warnings.isEmpty)
        #expect(off.expressionBinding?.isBound == false)
        let on = try LottieDocument(data: Data(json.utf8))
        #expect(on.expressionBinding?.isBound == false, "nothing bound at load")
        #expect(on.warnings.contains { $0.contains("layers[0].ks.o (layer \"Box\") does not compile") })
        #expect(on.expressionBinding?.isBound == true)
        #expect(try on.image(frame: 0, width: 16).bytes == off.image(frame: 0, width: 16).bytes)
    }

    @Test func theTreeIsReadWhenBoundAndHiddenItemsAddNoExpressions() throws {
        // The opacity's expression sets 40; a hidden fill ("hd") carries one that does not compile. The model skips
        // hidden items, so the document counts one expression; the tree, read when they are bound, reaches the
        // hidden one but does not evaluate, count or warn about it.
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":50,"h":50,"layers":[{"ty":4,"ind":1,"nm":"Box","ip":0,"op":10,"st":0,
            "ks":{"o":{"a":0,"k":100,"x":"var $bm_rt;\\n$bm_rt = 40;"}},
            "shapes":[{"ty":"rc","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[25,25]},"r":{"a":0,"k":0}},
            {"ty":"fl","hd":true,"c":{"a":0,"k":[0,0,1,1],"x":"var $bm_rt;\\n$bm_rt = ;"},"o":{"a":0,"k":100}},
            {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
            """
        let doc = try LottieDocument(data: Data(json.utf8))
        #expect(doc.expressionBinding?.isBound == false, "the tree is read when the expressions are bound, not at load")
        #expect(doc.expressionCount == 1)
        let program = try #require(doc.expressions)
        #expect(program.tree.lists[""]?.isEmpty == false)
        #expect(program.count == 1 && program.compileErrors.isEmpty)
        #expect(doc.warnings.isEmpty)
        // The expression is evaluated: pure red (straight alpha) at 40 % opacity.
        let px = try doc.image(frame: 0, width: 50).bytes
        let centre = (25 * 50 + 25) * 4
        #expect(px[centre] == 255 && px[centre + 2] == 0 && abs(Int(px[centre + 3]) - 102) <= 1)
    }
}
