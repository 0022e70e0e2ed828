import Foundation
import LottieRender
import LottieRenderTestSupport
import Testing

/// Dynamic content through `import LottieRender` alone: slot values, text by layer name, images by asset id; and
/// a warning for each change that finds nothing to change.
@Suite struct ContentOverrideTests {
    static func path(_ name: String) -> String { repoRoot.appendingPathComponent("samples/\(name)").path }

    /// The colour at the centre of frame 0 of `doc` at 100×100.
    static func centre(_ doc: LottieDocument) throws -> [UInt8] {
        let p = try doc.image(frame: 0, width: 100, height: 100)[50, 50]
        return [p.r, p.g, p.b, p.a]
    }

    @Test func aSlotOverrideChangesTheColour() throws {
        let plain = try LottieDocument(contentsOf: Self.path("player_slots.json"))
        #expect(try Self.centre(plain) == [255, 153, 51, 255], "the file's own slot: orange")
        var content = ContentOverrides()
        content.slots = #"{"accent": {"p": {"a": 0, "k": [0, 0.5, 1, 1]}}}"#
        let themed = try LottieDocument(contentsOf: Self.path("player_slots.json"), content: content)
        #expect(try Self.centre(themed) == [0, 128, 255, 255])
        #expect(themed.warnings.isEmpty)
    }

    @Test func unusedSlotsAndBadSlotJSONAreReported() throws {
        var content = ContentOverrides()
        content.slots = #"{"accent": {"p": {"a": 0, "k": [0, 0, 0, 1]}}, "nothing": {"p": {"a": 0, "k": 3}}}"#
        let doc = try LottieDocument(contentsOf: Self.path("player_slots.json"), content: content)
        #expect(doc.warnings.contains { $0.contains("slot \"nothing\" is not used") })
        for bad in [#"[1, 2]"#, #"{"accent": 3}"#, #"{"accent": {"q": 1}}"#, "{"] {
            content.slots = bad
            #expect(throws: LottieRenderError.self) {
                try LottieDocument(contentsOf: Self.path("player_slots.json"), content: content)
            }
        }
    }

    @Test func textIsReplacedByLayerName() throws {
        let plain = try LottieDocument(contentsOf: Self.path("text_font.json"))
        var content = ContentOverrides()
        content.text = ["Text": "Hi Ada", "Headline": "x"]
        let personal = try LottieDocument(contentsOf: Self.path("text_font.json"), content: content)
        #expect(try personal.image(frame: 0).bytes != plain.image(frame: 0).bytes)
        #expect(personal.warnings.contains { $0.contains("no text layer is named \"Headline\"") })
        // The same text written into the file draws the same frame.
        let json = try String(contentsOfFile: Self.path("text_font.json"), encoding: .utf8)
        let original = try #require(Self.firstText(in: json))
        let edited = try LottieDocument(
            bytes: Array(json.replacingOccurrences(of: "\"t\":\"\(original)\"", with: "\"t\":\"Hi Ada\"").utf8))
        #expect(try personal.image(frame: 0).bytes == edited.image(frame: 0).bytes)
    }

    @Test func imagesAreReplacedByAssetID() throws {
        let plain = try LottieDocument(contentsOf: Self.path("clouds.json"))
        // A 1×1 opaque red PNG in place of the clouds' image.
        let red = Array(
            Data(
                base64Encoded:
                    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!
        )
        var content = ContentOverrides()
        content.images = ["image_0": red, "logo": red]
        let doc = try LottieDocument(contentsOf: Self.path("clouds.json"), content: content)
        #expect(try doc.image(frame: 30).bytes != plain.image(frame: 30).bytes, "the cloud is on screen at 30")
        #expect(doc.warnings.contains { $0.contains("no image asset has the id \"logo\"") })
    }

    /// The value of the first `"t"` string of a text document in `json`.
    static func firstText(in json: String) -> String? {
        guard let r = json.range(of: #""t":""#) else { return nil }
        return String(json[r.upperBound...].prefix { $0 != "\"" })
    }

    @Test func anImageProviderIsAskedForEachAsset() throws {
        let plain = try LottieDocument(contentsOf: Self.path("clouds.json"))
        let red = try #require(
            Data(
                base64Encoded:
                    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="))
        var content = ContentOverrides()
        content.imageProvider = { id, path in id == "image_0" && path == nil ? [UInt8](red) : nil }
        let doc = try LottieDocument(contentsOf: Self.path("clouds.json"), content: content)
        #expect(try doc.image(frame: 30).bytes != plain.image(frame: 30).bytes)
        content.imageProvider = { _, _ in nil } // nil keeps the file's own
        #expect(
            try LottieDocument(contentsOf: Self.path("clouds.json"), content: content).image(frame: 30).bytes
                == plain.image(frame: 30).bytes)
    }
}
