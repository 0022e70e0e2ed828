import Foundation
import LottieRenderTestSupport
import Testing

/// Gating a build on the players: `info --compat --fail-on`, `check` with several `--player`, bundled fonts.
@Suite struct PlayerGateCLITests {
    static func sample(_ name: String) -> String { repoRoot.appendingPathComponent("samples/\(name).json").path }

    /// `--fail-on` exits 1 when a listed player draws the file otherwise, 0 when none does; before, `info --compat`
    /// always exited 0.
    @Test func infoFailOnExitsOneWhenAListedPlayerDiffers() throws {
        let blur = PlayerGateCLITests.sample("effects_shadow_blur") // gaussian blur: not drawn by web-canvas, ios
        let hit = try Tool.run(["info", "--fail-on", "android,ios", blur])
        #expect(hit.code == 1, "\(hit.err)")
        #expect(hit.err.contains("--fail-on: \(blur): ios draws it otherwise"), "\(hit.err)")
        let miss = try Tool.run(["info", "--fail-on", "android", "--fail-on", "web", blur])
        #expect(miss.code == 0, "\(miss.err)")
        let plain = try Tool.run(["info", "--fail-on", "web-canvas", PlayerGateCLITests.sample("shapes_rect_ellipse")])
        #expect(plain.code == 0, "\(plain.err)")
        let bad = try Tool.run(["info", "--fail-on", "flash", blur])
        #expect(bad.code == 64, "\(bad.err)")
    }

    /// `check --player A --player B` checks every player given, each against its own baselines; before, only the
    /// last player was checked.
    @Test func checkChecksEveryPlayerGiven() throws {
        let d = try temporaryFolder("player-gate")
        defer { try? FileManager.default.removeItem(atPath: d) }
        try Data(contentsOf: URL(fileURLWithPath: PlayerGateCLITests.sample("effects_shadow_blur")))
            .write(to: URL(fileURLWithPath: d + "/blur.json"))
        let base = ["check", d + "/blur.json", "--root", d, "--baseline", d + "/snap", "--frames", "20"]
        let rec = try Tool.run(base + ["--record-missing", "--player", "android", "--player", "ios"])
        #expect(rec.code == 0, "\(rec.out)")
        for p in ["android", "ios"] {
            #expect(FileManager.default.fileExists(atPath: d + "/snap/@\(p)/blur/frame_00020.png"), "\(p)")
        }
        // android draws the blur, ios does not: their baselines differ, and each passes against its own.
        let a = try Data(contentsOf: URL(fileURLWithPath: d + "/snap/@android/blur/frame_00020.png"))
        let i = try Data(contentsOf: URL(fileURLWithPath: d + "/snap/@ios/blur/frame_00020.png"))
        #expect(a != i)
        let both = try Tool.run(base + ["--player", "android", "--player", "ios", "--strict"])
        #expect(both.code == 0 && both.out.contains("blur @android") && both.out.contains("blur @ios"), "\(both.out)")
        // A third player without baselines fails, though the other two pass.
        let three = try Tool.run(base + ["--player", "android", "--player", "ios", "--player", "web"])
        #expect(three.code == 1 && three.out.contains("NEW    blur @web"), "\(three.out)")
    }

    /// Under a profile, a file the player refuses is a note, not a warning that fails `--strict`.
    @Test func aProfilesRefusalIsANote() throws {
        let d = try temporaryFolder("player-note")
        defer { try? FileManager.default.removeItem(atPath: d) }
        try Data(contentsOf: URL(fileURLWithPath: PlayerGateCLITests.sample("camera_perspective")))
            .write(to: URL(fileURLWithPath: d + "/cam.json"))
        let base = [
            "check", d + "/cam.json", "--root", d, "--baseline", d + "/snap", "--frames", "0", "--player", "web",
        ]
        #expect(try Tool.run(base + ["--record-missing"]).code == 0)
        let strict = try Tool.run(base + ["--strict"])
        #expect(
            strict.code == 0 && strict.out.contains("NOTE   cam: web: the file has a camera layer"), "\(strict.out)")
    }

    /// `--fonts DIR`: a font the app bundles is found by its PostScript name before fontconfig; without it the
    /// text falls back to DejaVu Sans with a warning.
    @Test func fontsFolderIsSearchedFirst() throws {
        let fontFile = "/usr/share/fonts/truetype/freefont/FreeSerifBoldItalic.ttf" // fonts-freefont-ttf
        let d = try temporaryFolder("player-fonts")
        defer { try? FileManager.default.removeItem(atPath: d) }
        try FileManager.default.createDirectory(atPath: d + "/fonts", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fontFile, toPath: d + "/fonts/brand.ttf")
        let json =
            #"{"v":"5.7","fr":30,"ip":0,"op":10,"w":120,"h":60,"fonts":{"list":[{"fName":"FreeSerifBoldItalic","fFamily":"Brand Display","fStyle":"Bold","ascent":75}]},"layers":[{"ty":5,"ind":1,"nm":"title","ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[10,40]}},"t":{"d":{"k":[{"t":0,"s":{"t":"Agq","f":"FreeSerifBoldItalic","s":30,"fc":[0,0,0],"j":0,"lh":36}}]},"a":[],"m":{"a":{"a":0,"k":[0,0]}},"p":{}}}]}"#
        try json.write(toFile: d + "/t.json", atomically: true, encoding: .utf8)
        let without = try Tool.run(["render", d + "/t.json", "--frame", "0", "-o", d + "/a.png"])
        #expect(without.code == 0 && without.err.contains("not found; text in it uses DejaVu Sans"), "\(without.err)")
        let with = try Tool.run(["render", d + "/t.json", "--frame", "0", "-o", d + "/b.png", "--fonts", d + "/fonts"])
        #expect(with.code == 0 && !with.err.contains("warning"), "\(with.err)")
        let a = try Data(contentsOf: URL(fileURLWithPath: d + "/a.png"))
        let b = try Data(contentsOf: URL(fileURLWithPath: d + "/b.png"))
        #expect(a != b)
        let missing = try Tool.run([
            "render", d + "/t.json", "--frame", "0", "-o", d + "/c.png", "--fonts", d + "/none",
        ])
        #expect(missing.code == 64 && missing.err.contains("--fonts"), "\(missing.err)")
    }

    /// A diff of two players captions its images with the players and lists the compat findings on screen where the
    /// frames differ.
    @Test func playerDiffNamesPlayersAndWhy() throws {
        let d = try temporaryFolder("player-diff-why")
        defer { try? FileManager.default.removeItem(atPath: d) }
        let blur = PlayerGateCLITests.sample("effects_shadow_blur")
        let r = try Tool.run([
            "diff", blur, "--player", "android", "--player", "ios", "--frames", "20", "--report", d + "/r",
        ])
        #expect(r.code == 1, "\(r.err)")
        #expect(r.out.contains("where the players draw the file otherwise, on those frames:"), "\(r.out)")
        #expect(r.out.contains("Gaussian Blur effect (effect:gaussian-blur) on \"Blur\""), "\(r.out)")
        let html = try String(contentsOfFile: d + "/r/index.html", encoding: .utf8)
        #expect(html.contains("<figcaption>android</figcaption>") && html.contains("<figcaption>ios</figcaption>"))
        #expect(html.contains("Where the players draw the file otherwise"), "\(html)")
        let json = try Tool.run(["diff", blur, "--player", "android", "--player", "ios", "--frames", "20", "--json"])
        #expect(json.out.contains("\"feature\":\"effect:gaussian-blur\""), "\(json.out)")
    }
}
