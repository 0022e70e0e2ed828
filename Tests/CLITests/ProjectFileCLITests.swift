import Foundation
import LottieRenderTestSupport
import Testing

/// The project file and the settings kept with the baselines (issue 30, part 2): `lottie-render check` alone runs a
/// project's suite from any folder below `lottie-render.json`; a run with other settings than the baselines' says
/// which setting differs instead of failing every frame; the first run says how to record baselines.
@Suite struct ProjectFileCLITests {
    static let square = """
        {"v":"5.7","fr":10,"ip":0,"op":10,"w":40,"h":40,"layers":[
         {"ty":1,"ind":1,"ip":0,"op":10,"st":0,"sw":20,"sh":20,"sc":"#3366ff","ks":{"p":{"a":0,"k":[20,20]}}}]}
        """

    /// A project: two animations, a project file, a subfolder to run from.
    func project(_ tag: String, settings: String) throws -> String {
        try temporaryFolder(
            tag,
            files: [
                "animations/a.json": Self.square, "animations/ui/b.json": Self.square,
                "lottie-render.json": settings, "docs/readme.txt": "",
            ])
    }

    func run(in dir: String, _ args: [String]) throws -> Tool.Result {
        try Tool.runProgram("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", dir, try Tool.path()] + args)
    }

    /// Before: run from another folder, every frame was NEW, and the first run printed NEW lines with no hint.
    @Test func checkAloneRunsTheSuiteFromAnyFolder() throws {
        let dir = try project(
            "project-any-folder",
            settings: #"{"inputs": ["animations"], "baseline": "snapshots", "size": "32x32", "frames": "0,50%"}"#)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let first = try run(in: dir, ["check"])
        #expect(first.code == 1 && first.out.contains("2 animations, 4 new"), "\(first.out)\(first.err)")
        #expect(
            first.err.contains("hint: no baselines in snapshots yet: run again with --record-missing"), "\(first.err)")
        let rec = try run(in: dir, ["check", "--record-missing"])
        #expect(rec.code == 0 && rec.out.contains("RECORD animations/ui/b/frame_00005.png"), "\(rec.out)")
        let settings = (try? String(contentsOfFile: dir + "/snapshots/settings.json", encoding: .utf8)) ?? ""
        #expect(
            settings.contains("\"size\" : \"--size 32x32\"") && settings.contains("\"root\" : \"..\""), "\(settings)")
        let below = try run(in: dir + "/docs", ["check"])
        #expect(below.code == 0 && below.out.contains("2 animations, 4 identical"), "\(below.out)\(below.err)")
        #expect(below.err.contains("note: settings from ../lottie-render.json"), "\(below.err)")
        #expect(!below.out.contains("/tmp/"), "messages name paths from the current folder: \(below.out)")
    }

    /// Before: leaving out the --size used when recording failed every frame with a size message.
    @Test func anotherSettingIsNamedNotFailedFrameByFrame() throws {
        let dir = try project("project-differs", settings: #"{"inputs": ["animations"], "size": "32x32"}"#)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try run(in: dir, ["check", "--record-missing"]).code == 0)
        let other = try run(in: dir, ["check", "--size", "48x48"])
        #expect(other.code == 2, "\(other.out)\(other.err)")
        #expect(
            other.err.contains("size: the baselines were recorded with --size 32x32, this run uses --size 48x48"),
            "\(other.err)")
        #expect(!other.out.contains("CHANGED"), "no frame was rendered: \(other.out)")
        // Other frames are new frames, not a failure of every frame: the hint names the recorded selection.
        let frames = try run(in: dir, ["check", "--frames", "0,3"])
        #expect(frames.code == 1 && frames.out.contains("2 identical, 2 new"), "\(frames.out)")
        #expect(
            frames.err.contains(
                "2 frames without a baseline (frames: the baselines were recorded with --frames 0,25%,50%,75%,100%, "
                    + "this run uses --frames 0,3): --record-missing records them"), "\(frames.err)")
        let update = try run(in: dir, ["check", "--size", "48x48", "--update"])
        #expect(update.code == 0 && update.out.contains("10 updated"), "\(update.out)\(update.err)")
        #expect(try run(in: dir, ["check", "--size", "48x48"]).code == 0)
    }

    /// Without a project file, the root recorded with the baselines names them: the same names from any folder.
    @Test func recordedRootNamesTheBaselinesFromAnotherFolder() throws {
        let dir = try project("project-root", settings: "{}")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["check", "--no-config", "--frames", "0"]
        let rec = try run(in: dir, args + ["animations", "--baseline", "snapshots", "--record-missing"])
        #expect(rec.code == 0 && rec.out.contains("RECORD animations/a/frame_00000.png"), "\(rec.out)\(rec.err)")
        let away = try run(in: dir + "/docs", args + ["../animations", "--baseline", "../snapshots"])
        #expect(away.code == 0 && away.out.contains("ok     animations/a (1 frame)"), "\(away.out)\(away.err)")
    }

    /// The file's keys are check's option names; a typo is an error naming it, a bad value too; the command line
    /// wins; --config names another file.
    @Test func projectFileKeysAreCheckedAndTheCommandLineWins() throws {
        let dir = try project("project-keys", settings: #"{"inputs": ["animations"], "treshold": 0.1}"#)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let typo = try run(in: dir, ["check"])
        #expect(
            typo.code == 2 && typo.err.contains("unknown setting \"treshold\" (did you mean \"threshold\"?)"),
            "\(typo.err)")
        try Data(#"{"inputs": "animations", "players": ["ios", "andriod"]}"#.utf8).write(
            to: URL(fileURLWithPath: dir + "/other.json"))
        let player = try run(in: dir, ["check", "--config", "other.json"])
        #expect(player.code == 2 && player.err.contains("not \"andriod\""), "\(player.err)")
        try Data(#"{"inputs": "animations", "players": ["ios"], "frames": "0"}"#.utf8).write(
            to: URL(fileURLWithPath: dir + "/ios.json"))
        let ios = try run(in: dir, ["check", "--config", "ios.json", "--record-missing"])
        #expect(
            ios.code == 0
                && FileManager.default.fileExists(atPath: dir + "/snapshots/@ios/animations/a/frame_00000.png"),
            "\(ios.out)\(ios.err)")
        let web = try run(in: dir, ["check", "--config", "ios.json", "--player", "web", "animations/a.json"])
        #expect(web.code == 1 && web.out.contains("1 animation, 1 new"), "\(web.out)\(web.err)")
        let none = try run(in: dir + "/docs", ["check", "--no-config"])
        #expect(none.code == 64 && none.err.contains("lottie-render.json"), "\(none.err)")
    }
}
