import Foundation
import LottieRenderTestSupport
import Testing

/// `--slots`, `--text`, `--image`: dynamic content on the command line, each change that finds nothing to change a
/// warning.
@Suite struct ContentCLITests {
    static func sample(_ name: String) -> String { repoRoot.appendingPathComponent("samples/\(name).json").path }

    @Test func slotsTextAndImagesChangeTheFrame() throws {
        let d = try temporaryFolder(
            "content",
            files: [
                "slots.json": #"{"accent": {"p": {"a": 0, "k": [0.2, 0.8, 0.3, 1]}}}"#,
                "ghost.json": #"{"ghost": {"p": {"a": 0, "k": 1}}}"#,
            ])
        func render(_ sample: String, _ frame: String, _ extra: [String], _ out: String) throws -> Tool.Result {
            try Tool.run(["render", Self.sample(sample), "--frame", frame, "-o", d + "/" + out] + extra)
        }
        func bytes(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: d + "/" + name)) }
        _ = try render("player_slots", "0", [], "plain.png")
        let themed = try render("player_slots", "0", ["--slots", d + "/slots.json"], "themed.png")
        #expect(themed.code == 0 && !themed.err.contains("warning"), "\(themed.err)")
        #expect(try bytes("plain.png") != bytes("themed.png"))
        let ghost = try render("player_slots", "0", ["--slots", d + "/ghost.json"], "ghost.png")
        #expect(ghost.err.contains("slot \"ghost\" is not used"), "\(ghost.err)")

        _ = try render("text_font", "0", [], "text.png")
        let hello = try render("text_font", "0", ["--text", "Text=Hello Ada"], "hello.png")
        #expect(hello.code == 0 && !hello.err.contains("warning"), "\(hello.err)")
        #expect(try bytes("text.png") != bytes("hello.png"))
        let nobody = try render("text_font", "0", ["--text", "Title=Hi"], "nobody.png")
        #expect(nobody.err.contains("no text layer is named \"Title\""), "\(nobody.err)")

        let png =
            try Data(
                base64Encoded:
                    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
            )
            .map { $0 } ?? Data()
        try png.write(to: URL(fileURLWithPath: d + "/red.png"))
        _ = try render("clouds", "30", [], "clouds.png")
        let red = try render("clouds", "30", ["--image", "image_0=" + d + "/red.png"], "red-clouds.png")
        #expect(red.code == 0, "\(red.err)")
        #expect(try bytes("clouds.png") != bytes("red-clouds.png"))
        let missing = try render("clouds", "30", ["--image", "image_0=" + d + "/none.png"], "x.png")
        #expect(missing.code == 64 && missing.err.contains("no such file"), "\(missing.err)")
        let malformed = try render("clouds", "30", ["--text", "no-equals-sign"], "x.png")
        #expect(malformed.code == 64, "\(malformed.err)")
    }
}
