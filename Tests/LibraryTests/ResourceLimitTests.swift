import Foundation
import LottieRender
import LottieRenderTestSupport
import Testing

/// Every limit in `ResourceLimits`, and the `URL` / `Data` ways in.
@Suite struct ResourceLimitTests {
    static let clouds = repoRoot.appendingPathComponent("samples/clouds.json")

    @Test func fileSizeAndLayerInstances() throws {
        var limits = ResourceLimits()
        limits.maxFileSize = 100
        #expect(throws: LottieRenderError.self) { try LottieDocument(contentsOf: Self.clouds.path, limits: limits) }
        #expect(throws: LottieRenderError.self) {
            try LottieDocument(data: Data(contentsOf: Self.clouds), limits: limits)
        }
        limits = ResourceLimits()
        limits.maxLayerInstances = 1
        #expect(throws: LottieRenderError.self) { try LottieDocument(contentsOf: Self.clouds, limits: limits) }
        _ = try LottieDocument(contentsOf: Self.clouds, limits: ResourceLimits())
    }

    @Test func expressionInstructions() throws {
        // A loop of about 2 Mi instructions: within the default budget, past a budget of 256 Ki.
        let json = """
            {"v":"5.7","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,
             "ks":{"r":{"a":0,"k":5,"x":"var s = 0; for (var i = 0; i < 200000; i++) { s += i % 3; } $bm_rt = s % 7;"}},
             "shapes":[{"ty":"rc","s":{"a":0,"k":[4,4]},"p":{"a":0,"k":[5,5]},"r":{"a":0,"k":0}},
                       {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
            """
        let relaxed = try LottieDocument(bytes: Array(json.utf8))
        _ = try relaxed.image(frame: 0)
        #expect(relaxed.expressionWarnings.isEmpty)
        var limits = ResourceLimits()
        limits.expressionInstructions = 1 << 18
        let strict = try LottieDocument(bytes: Array(json.utf8), limits: limits)
        _ = try strict.image(frame: 0)
        #expect(
            strict.expressionWarnings.contains { $0.contains("step budget (256 Ki instructions)") },
            "\(strict.expressionWarnings)")
    }

    @Test func frameTime() throws {
        var limits = ResourceLimits()
        limits.maxFrameSeconds = 0
        let doc = try LottieDocument(contentsOf: Self.clouds, limits: limits)
        do {
            _ = try doc.image(frame: 30)
            Issue.record("drawn in no time")
        } catch {
            #expect(error.code == "limit" && error.description.contains("maxFrameSeconds"), "\(error)")
        }
        limits.maxFrameSeconds = 60
        _ = try LottieDocument(contentsOf: Self.clouds, limits: limits).image(frame: 30)
    }

    @Test func urlsDataSecondsAndProgress() throws {
        let doc = try LottieDocument(contentsOf: Self.clouds)
        #expect(throws: LottieRenderError.self) {
            try LottieDocument(contentsOf: URL(string: "https://example.com/a.json")!)
        }
        let fromData = try LottieDocument(data: Data(contentsOf: Self.clouds))
        #expect(try fromData.image(frame: 12).bytes == doc.image(frame: 12).bytes)
        #expect(doc.frame(atSeconds: 0.5) == doc.frameRate / 2)
        #expect(doc.frame(atProgress: 1) == doc.frameCount && doc.frame(atProgress: 0) == 0)
    }
}
