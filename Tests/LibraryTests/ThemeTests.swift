import Foundation
import LottieRender
import LottieRenderTestSupport
import Testing

/// `.lottie` themes (`t/ID.json`), applied as dotlottie-rs applies them: rules set slots, static or keyframed,
/// limited to the animations they name; the rules not applied are warnings.
@Suite struct ThemeTests {
    /// A .lottie holding player_slots.json as animation "main", with `themes` (id → JSON).
    static func archive(themes: [String: String]) throws -> [UInt8] {
        let json = try [UInt8](Data(contentsOf: repoRoot.appendingPathComponent("samples/player_slots.json")))
        var files: [(String, [UInt8])] = [
            ("manifest.json", Array(#"{"version":"2","animations":[{"id":"main"}]}"#.utf8)),
            ("a/main.json", json),
        ]
        for (id, theme) in themes.sorted(by: { $0.key < $1.key }) { files.append(("t/\(id).json", Array(theme.utf8))) }
        return storedZip(files)
    }

    static func centre(_ doc: LottieDocument, frame: Double = 0) throws -> [UInt8] {
        let p = try doc.image(frame: frame, width: 100, height: 100)[50, 50]
        return [p.r, p.g, p.b, p.a]
    }

    @Test func aColorRuleSetsItsSlot() throws {
        let bytes = try Self.archive(themes: [
            "dark":
                #"{"rules":[{"id":"accent","type":"Color","value":[0,0.5,1,1]},{"id":"logo","type":"Image","value":{"src":"x.png"}}]}"#,
            "other": #"{"rules":[{"id":"accent","type":"Color","value":[1,0,0,1],"animations":["elsewhere"]}]}"#,
        ])
        var content = ContentOverrides()
        content.theme = "dark"
        let dark = try LottieDocument(bytes: bytes, name: "themed.lottie", content: content)
        #expect(try Self.centre(dark) == [0, 128, 255, 255])
        #expect(dark.warnings.contains { $0.contains("rule \"logo\" of type Image is not applied") })
        // A rule for other animations is not applied: the file's own orange.
        content.theme = "other"
        let other = try LottieDocument(bytes: bytes, name: "themed.lottie", content: content)
        #expect(try Self.centre(other) == [255, 153, 51, 255])
        // Slots given beside the theme go over it.
        content.theme = "dark"
        content.slots = #"{"accent":{"p":{"a":0,"k":[0,1,0,1]}}}"#
        #expect(
            try Self.centre(LottieDocument(bytes: bytes, name: "themed.lottie", content: content)) == [0, 255, 0, 255])
    }

    @Test func keyframedRulesAnimate() throws {
        let bytes = try Self.archive(themes: [
            "pulse":
                #"{"rules":[{"id":"accent","type":"Color","keyframes":[{"frame":0,"value":[1,0,0,1],"inTangent":{"x":1,"y":1},"outTangent":{"x":0,"y":0}},{"frame":10,"value":[0,0,1,1]}]}]}"#
        ])
        var content = ContentOverrides()
        content.theme = "pulse"
        let doc = try LottieDocument(bytes: bytes, name: "themed.lottie", content: content)
        #expect(try Self.centre(doc, frame: 0) == [255, 0, 0, 255])
        #expect(try Self.centre(doc, frame: 10) == [0, 0, 255, 255])
        let mid = try Self.centre(doc, frame: 5)
        #expect(mid[0] > 0 && mid[2] > 0, "between the two: \(mid)")
    }

    @Test func unknownThemesAndThemesOnJSONThrow() throws {
        let bytes = try Self.archive(themes: ["dark": #"{"rules":[]}"#])
        var content = ContentOverrides()
        content.theme = "light"
        #expect(throws: LottieRenderError.self) { try LottieDocument(bytes: bytes, content: content) }
        #expect(throws: LottieRenderError.self) {
            try LottieDocument(
                contentsOf: repoRoot.appendingPathComponent("samples/player_slots.json").path, content: content)
        }
    }
}

/// A zip of `files`, stored (no compression), as a .lottie is.
func storedZip(_ files: [(String, [UInt8])]) -> [UInt8] {
    var out: [UInt8] = [], central: [UInt8] = []
    func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
    func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
    func crc32(_ d: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in d {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c >> 1) ^ (c & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return ~c
    }
    for (name, data) in files {
        let offset = UInt32(out.count), n = Array(name.utf8), crc = crc32(data), size = le32(UInt32(data.count))
        out += le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0) + le32(crc) + size + size
        out += le16(n.count) + le16(0) + n + data
        central += le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0) + le32(crc)
        central += size + size + le16(n.count) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset) + n
    }
    let start = UInt32(out.count)
    return out + central + le32(0x0605_4B50) + le16(0) + le16(0) + le16(files.count) + le16(files.count)
        + le32(UInt32(central.count)) + le32(start) + le16(0)
}
