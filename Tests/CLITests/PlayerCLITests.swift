import Foundation
import LottieRenderTestSupport
import Testing

/// `--player` and `info --compat` through the real tool.
@Suite struct PlayerCLITests {
    static func sample(_ name: String) -> String { repoRoot.appendingPathComponent("samples/\(name).json").path }

    @Test func infoCompatNamesFeaturePlayersLayersAndFrames() throws {
        let text = try Tool.run(["info", "--compat", PlayerCLITests.sample("effects_shadow_blur")])
        #expect(text.code == 0, "\(text.err)")
        #expect(text.out.contains("players:     where players draw it otherwise"), "\(text.out)")
        #expect(
            text.out.contains(
                "Gaussian Blur effect (effect:gaussian-blur) on \"Blur\", frames 0–59 — web-canvas, ios, "
                    + "ios-main-thread, telegram: not drawn"),
            "\(text.out)")
        let json = try Tool.run(["info", "--compat", "--json", PlayerCLITests.sample("camera_perspective")])
        let obj = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        let issues = obj?["compatibility"] as? [[String: Any]] ?? []
        let refused = issues.first { ($0["consequence"] as? String)?.hasPrefix("the file is refused") == true }
        #expect(refused?["players"] as? [String] == ["web", "web-canvas"])
        #expect(refused?["frames"] as? [[Int]] == [[0, 59]])
        let plain = try Tool.run(["info", "--compat", PlayerCLITests.sample("shapes_rect_ellipse")])
        #expect(plain.out.contains("players:     no player is known to draw it otherwise"), "\(plain.out)")
        // Each profile says how it was verified.
        #expect(plain.out.contains("  android: derived from lottie-android's source"), "\(plain.out)")
        #expect(plain.out.contains("  web: measured against 501 lottie-web"), "\(plain.out)")
    }

    @Test func checkKeepsEachPlayersBaselinesApart() throws {
        let d = try temporaryFolder("player-check")
        defer { try? FileManager.default.removeItem(atPath: d) }
        let src = try Data(contentsOf: URL(fileURLWithPath: PlayerCLITests.sample("expr_loops")))
        try src.write(to: URL(fileURLWithPath: d + "/loops.json"))
        let base = ["check", d, "--root", d, "--baseline", d + "/snap", "--frames", "20"]
        let full = try Tool.run(base + ["--record-missing"])
        let ios = try Tool.run(base + ["--record-missing", "--player", "ios"])
        #expect(full.code == 0 && ios.code == 0, "\(full.out) \(ios.out)")
        #expect(FileManager.default.fileExists(atPath: d + "/snap/loops/frame_00020.png"))
        #expect(FileManager.default.fileExists(atPath: d + "/snap/@ios/loops/frame_00020.png"))
        // Each run compares with its own player's baselines, and neither sees the other's as stale.
        for args in [base + ["--strict"], base + ["--strict", "--player", "ios"]] {
            let r = try Tool.run(args)
            #expect(r.code == 0 && !r.out.contains("STALE"), "\(r.out)")
        }
        let crossed = try Tool.run(base + ["--player", "android"]) // no android baselines yet: new frames
        #expect(crossed.code == 1, "\(crossed.out)")
    }

    @Test func galleryShowsEachAnimationsPlayersBadge() throws {
        let d = try temporaryFolder("player-gallery")
        defer { try? FileManager.default.removeItem(atPath: d) }
        for name in ["effects_shadow_blur", "shapes_rect_ellipse"] {
            try Data(contentsOf: URL(fileURLWithPath: PlayerCLITests.sample(name)))
                .write(to: URL(fileURLWithPath: d + "/\(name).json"))
        }
        let r = try Tool.run(["batch", d, "--root", d, "-o", d + "/out"])
        #expect(r.code == 0, "\(r.err)")
        let html = try String(contentsOfFile: d + "/out/index.html", encoding: .utf8)
        #expect(html.contains("data-compat=\"web-canvas ios ios-main-thread telegram\""), "\(html)")
        #expect(html.contains("players: differs in web-canvas, ios, ios-main-thread, telegram"))
        #expect(
            html.contains(
                "Gaussian Blur effect (effect:gaussian-blur) on &quot;Blur&quot;, frames 0–59 — web-canvas, ios, "
                    + "ios-main-thread, telegram: not drawn"))
        // No ✓ without its basis: which players were measured against their own output.
        #expect(html.contains("✓ no player is known to draw it otherwise"))
        #expect(html.contains("measured against the players' own frames"), "\(html)")
    }

    @Test func diffComparesOneAnimationAsTwoPlayers() throws {
        let d = try temporaryFolder("player-diff")
        defer { try? FileManager.default.removeItem(atPath: d) }
        let blur = PlayerCLITests.sample("effects_shadow_blur")
        // lottie-android draws the blur, lottie-ios does not.
        let differ = try Tool.run(["diff", blur, "--player", "android", "--player", "ios", "--frames", "20", "--json"])
        #expect(differ.code == 1, "\(differ.err)")
        #expect(differ.out.contains("as android") && differ.out.contains("as ios"), "\(differ.out)")
        let same = try Tool.run([
            "diff", PlayerCLITests.sample("shapes_rect_ellipse"), "--player", "android", "--player", "ios",
        ])
        #expect(same.code == 0, "\(same.out)")
        let one = try Tool.run(["diff", blur, "--player", "android"])
        #expect(one.code == 64 && one.err.contains("two --player"), "\(one.err)")
    }

    @Test func playerOptionChangesTheFrameAndSaysWhy() throws {
        let d = try temporaryFolder("player-cli")
        defer { try? FileManager.default.removeItem(atPath: d) }
        let loops = PlayerCLITests.sample("expr_loops")
        let full = try Tool.run([loops, "--frame", "20", "-o", d + "/full.png"])
        let android = try Tool.run([loops, "--frame", "20", "-o", d + "/android.png", "--player", "android"])
        #expect(full.code == 0 && android.code == 0, "\(android.err)")
        #expect(android.err.contains("5 expressions not evaluated (--player android)"), "\(android.err)")
        let a = try Data(contentsOf: URL(fileURLWithPath: d + "/full.png"))
        let b = try Data(contentsOf: URL(fileURLWithPath: d + "/android.png"))
        #expect(a != b)
        // An explicit --expressions wins over the profile.
        let on = try Tool.run([
            loops, "--frame", "20", "-o", d + "/on.png", "--player", "android", "--expressions", "on",
        ])
        #expect(on.code == 0 && !on.err.contains("not evaluated"))
        let camera = try Tool.run([
            PlayerCLITests.sample("camera_perspective"), "--frame", "0", "-o", d + "/c.png", "--player", "web",
        ])
        #expect(camera.code == 0 && camera.err.contains("nothing is drawn"), "\(camera.err)")
        let bad = try Tool.run([loops, "--frame", "0", "-o", d + "/x.png", "--android-merge-paths"])
        #expect(bad.code == 64 && bad.err.contains("--android-merge-paths applies to --player android"), "\(bad.err)")
        let unknown = try Tool.run([loops, "--frame", "0", "-o", d + "/x.png", "--player", "flash"])
        #expect(unknown.code == 64, "\(unknown.err)")
    }
}

/// `info --sticker` and `info --compat` on a .tgs: Telegram's animated-sticker requirements
/// (core.telegram.org/animated_stickers), and `--fail-on telegram` failing a sticker that breaks them (issue 32).
@Suite struct StickerRequirementsCLITests {
    static func sticker(size: Int, fps: Int, frames: Int, masked: Bool) -> String {
        let mask =
            masked
            ? #","hasMask":true,"masksProperties":[{"mode":"a","inv":false,"o":{"a":0,"k":100},"x":{"a":0,"k":0},"pt":{"a":0,"k":{"c":true,"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[0,0],[100,0],[0,100]]}}}]"#
            : ""
        return """
            {"v":"5.5.2","fr":\(fps),"ip":0,"op":\(frames),"w":\(size),"h":\(size),"layers":[{"ddd":0,"ty":4,"ind":1,
             "nm":"dot","ip":0,"op":\(frames),"st":0,"sr":1,"ks":{"p":{"a":0,"k":[256,256]}}\(mask),
             "shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}},
              {"ty":"fl","c":{"a":0,"k":[1,0.8,0,1]},"o":{"a":0,"k":100}}]}]}
            """
    }

    @Test func stickerRequirementsAreCheckedAndGated() throws {
        let dir = try temporaryFolder("sticker", files: [:])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (name, json) in [
            ("good", Self.sticker(size: 512, fps: 60, frames: 120, masked: false)),
            ("bad", Self.sticker(size: 400, fps: 25, frames: 100, masked: true)),
        ] {
            let gz = try Tool.runProgram(
                "/bin/sh", ["-c", "gzip -9 -c > \"$0\"", dir + "/\(name).tgs"], input: Data(json.utf8))
            #expect(gz.code == 0)
        }
        let good = try Tool.run(["info", "--compat", dir + "/good.tgs"])
        #expect(
            good.code == 0 && good.out.contains("sticker:     meets Telegram's animated-sticker requirements"),
            "\(good.out)")
        let bad = try Tool.run(["info", "--compat", "--fail-on", "telegram", dir + "/bad.tgs"])
        #expect(bad.code == 1, "\(bad.out)\(bad.err)")
        #expect(bad.out.contains("sticker:     breaks 4 requirements of Telegram's animated stickers"), "\(bad.out)")
        #expect(bad.out.contains("  canvas 512 × 512: 400 × 400"), "\(bad.out)")
        #expect(bad.out.contains("  at most 3 seconds: 4 s"), "\(bad.out)")
        #expect(bad.out.contains("  30 or 60 frames a second: 25 fps"), "\(bad.out)")
        #expect(bad.out.contains("  no masks: 1 layer: \"dot\""), "\(bad.out)")
        #expect(bad.err.contains("--fail-on: \(dir)/bad.tgs: telegram draws it otherwise"), "\(bad.err)")
        // A JSON file is checked with --sticker, its size as a .tgs would be.
        try Data(Self.sticker(size: 512, fps: 60, frames: 120, masked: false).utf8).write(
            to: URL(fileURLWithPath: dir + "/good.json"))
        let json = try Tool.run(["info", "--sticker", "--json", dir + "/good.json"])
        let obj = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        let tg = obj?["telegram_sticker"] as? [String: Any]
        #expect((tg?["breaks"] as? [Any])?.isEmpty == true, "\(json.out)")
    }
}
