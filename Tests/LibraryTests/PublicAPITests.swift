import Foundation
import LottieRender
import LottieRenderTestSupport
import Testing

/// The public API as a consumer sees it (only `import LottieRender`): loading, frames, plans, export, comparison.
@Suite struct PublicAPITests {
    /// A 40×20 composition, 10 frames: a red square moving right over a transparent background; marker "half"
    /// covers frames 5–9, marker "late" lies after the end.
    static let json = """
        {"v":"5.7","fr":10,"ip":0,"op":10,"w":40,"h":20,"nm":"api",
         "markers":[{"tm":5,"cm":"half","dr":5},{"tm":50,"cm":"late","dr":3}],
         "layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,
           "ks":{"p":{"a":1,"k":[{"t":0,"s":[5,10]},{"t":9,"s":[35,10]}]}},
           "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
                     {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
        """

    static func document() throws -> LottieDocument { try LottieDocument(bytes: Array(json.utf8)) }

    @Test func metadata() throws {
        let d = try PublicAPITests.document()
        #expect(d.width == 40 && d.height == 20 && d.frameRate == 10 && d.frameCount == 10 && d.duration == 1)
        #expect(d.name == "api")
        #expect(
            d.markers == [Marker(name: "half", frame: 5, duration: 5), Marker(name: "late", frame: 50, duration: 3)])
        #expect(d.warnings.isEmpty)
        #expect(d.features.contains { $0.contains("rc") || $0.contains("rect") })
    }

    @Test func imagesHaveStraightAlpha() throws {
        let d = try PublicAPITests.document()
        let img = try d.image(frame: 0)
        #expect(img.width == 40 && img.height == 20 && img.bytes.count == 40 * 20 * 4)
        #expect(img[5, 10] == (255, 0, 0, 255))
        #expect(img[30, 10] == (0, 0, 0, 0))
        let wide = try d.image(frame: 0, width: 80)
        #expect(wide.width == 80 && wide.height == 40)
        let onWhite = try d.image(frame: 0, background: .white)
        #expect(onWhite[30, 10] == (255, 255, 255, 255))
        let png = try img.pngData()
        #expect(try RGBAImage(pngData: png) == img)
    }

    @Test func plansSelectFramesAndRefuseEmptySelections() throws {
        let d = try PublicAPITests.document()
        #expect(try FramePlan(d).times == Array(0..<10).map(Double.init))
        #expect(try FramePlan(d, fps: 5).times == [0, 2, 4, 6, 8])
        let r = try FramePlan(d, range: 2...4)
        #expect(r.times == [2, 3, 4] && r.indices == [2, 3, 4] && r.end == 5)
        #expect(try FramePlan(d, marker: "half").times == [5, 6, 7, 8, 9])
        #expect(throws: LottieRenderError.self) { try FramePlan(d, range: 100...200) }
        #expect(throws: LottieRenderError.self) { try FramePlan(d, marker: "late") }
        #expect(throws: LottieRenderError.self) { try FramePlan(d, marker: "nope") }
        #expect(throws: LottieRenderError.self) { try FramePlan(d, fps: 0) }
    }

    @Test func parallelRenderingMatchesOneThread() throws {
        let d = try PublicAPITests.document()
        var one = ExportOptions(), two = ExportOptions()
        one.jobs = 1; two.jobs = 2
        let plan = try FramePlan(d)
        let a = try d.renderFrames(plan, options: one), b = try d.renderFrames(plan, options: two)
        #expect(a == b && a.count == 10)
        var r = FrameRenderer(d)
        #expect(try a[7] == r.image(frame: 7))
    }

    @Test func exportWritesEveryFormat() throws {
        let d = try PublicAPITests.document()
        let dir = scratchPath("lr-api")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plan = try FramePlan(d)
        let frames = try d.write(plan, to: dir + "/seq", as: .png)
        #expect(frames.count == 10 && frames[3].hasSuffix("seq/frame_00003.png"))
        for (format, magic) in [(ExportFormat.gif, "GIF89a"), (.webp, "RIFF"), (.apng, "\u{89}PNG")] {
            let path = dir + "/nested/anim." + format.rawValue
            try d.write(plan, to: path, as: format)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes.starts(with: Array(magic.unicodeScalars.map { UInt8($0.value) })), "\(format)")
        }
        #expect(throws: LottieRenderError.self) { try d.write(plan, to: dir + "/one.png", as: .png) }
        #expect(throws: LottieRenderError.self) { try d.encode(plan, as: .png) }
    }

    @Test func writeErrorsNameThePathAndTheReason() throws {
        let d = try PublicAPITests.document()
        let dir = scratchPath("lr-api-err")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        FileManager.default.createFile(atPath: dir + "/file", contents: Data())
        do {
            try d.write(.frame(0), to: dir + "/file/sub/x.png", as: .png)
            Issue.record("writing below a file should fail")
        } catch {
            #expect(error.description.contains("is a file, not a folder"), "\(error)")
            #expect(!error.description.contains(".tmp-"))
        }
    }

    @Test func snapshotComparisonFindsRealChangesOnly() throws {
        let d = try PublicAPITests.document()
        let a = try d.image(frame: 3), same = try d.image(frame: 3), moved = try d.image(frame: 6)
        let ok = SnapshotComparison().compare(baseline: a, actual: same)
        #expect(ok.passed && ok.differingPixels == 0 && ok.diffImage == nil)
        let bad = SnapshotComparison().compare(baseline: a, actual: moved)
        #expect(!bad.passed && bad.differingPixels > 20 && bad.diffImage?.width == 40)
        let resized = SnapshotComparison().compare(baseline: a, actual: try d.image(frame: 3, width: 20))
        #expect(!resized.passed)
    }

    @Test func colours() {
        #expect(RGBAColor("#ff8000") == RGBAColor(r: 255, g: 128, b: 0))
        #expect(RGBAColor("#0000ff80")?.a == 128)
        #expect(RGBAColor("white") == .white)
        #expect(RGBAColor("#12345") == nil && RGBAColor("#zzzzzz") == nil)
    }

    @Test func loadErrorsNameTheJSONPath() {
        do {
            _ = try LottieDocument(
                bytes: Array(
                    #"{"v":"5","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":4,"ks":{"p":{"a":0,"k":"x"}}}]}"#
                        .utf8),
                name: "bad.json")
            Issue.record("should not load")
        } catch {
            #expect(error.description.hasPrefix("bad.json: layers[0]"), "\(error)")
        }
    }
}
