import Foundation
import LottieRender
import LottieRenderTestSupport
import Testing

/// What a service logs: `localizedDescription` names the file and JSON path, `code` and `jsonPath` are fields, and
/// the library's words name its own settings, not the tool's options.
@Suite struct ErrorReportingTests {
    @Test func invalidDocumentsNameTheirPath() throws {
        let json =
            #"{"v":"5.7","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":4,"ks":{"p":{"a":0,"k":"left"}},"shapes":[]}]}"#
        do {
            _ = try LottieDocument(bytes: Array(json.utf8), name: "banner.json")
            Issue.record("loaded")
        } catch {
            #expect(error.code == "invalid")
            let path = try #require(error.jsonPath)
            #expect(path.hasPrefix("layers[0].ks.p"), "\(path)")
            #expect((error as any Error).localizedDescription.contains("banner.json: \(path): "))
        }
    }

    @Test func otherErrorsHaveACodeAndNoPath() throws {
        let doc = try LottieDocument(
            bytes: Array(#"{"v":"5.7","fr":30,"ip":0,"op":10,"w":4000,"h":4000,"layers":[]}"#.utf8),
            limits: ResourceLimits(maxMemory: 1 << 20))
        do {
            _ = try doc.image(frame: 0)
            Issue.record("rendered")
        } catch {
            #expect(error.code == "limit" && error.jsonPath == nil)
            #expect(error.description.contains("ResourceLimits.maxMemory") && !error.description.contains("--"))
        }
        #expect(LottieRenderError.cancelled.code == "cancelled")
    }
}

/// Warnings as values: a code for each, and the JSON path where one place is at fault.
@Suite struct WarningValueTests {
    @Test func warningsHaveCodesAndPaths() throws {
        var content = ContentOverrides()
        content.text = ["Headline": "x"]
        content.slots = #"{"ghost": {"p": {"a": 0, "k": 1}}}"#
        let doc = try LottieDocument(
            contentsOf: repoRoot.appendingPathComponent("samples/player_slots.json").path, content: content)
        #expect(doc.diagnostics.map(\.code).sorted() == ["slot-unused", "text-layer-missing"])
        #expect(doc.diagnostics.map(\.message) == doc.warnings)
        #expect(doc.diagnostics.allSatisfy { $0.jsonPath == nil }, "named in words, not by a path")
        #expect(LottieWarning(code: "model", "layers[2].ks.o: read as 100").jsonPath == "layers[2].ks.o")
        #expect(LottieWarning(code: "image", "image asset \"a\": not found").jsonPath == nil)
    }
}
