import Foundation
import LottieRenderTestSupport
import Testing

/// `check`, `diff` and `-j` through the real command line tool, on a small animation written here: a moving blue
/// square all along (frames 0–29) and a red disc visible only in frames 10–19.
@Suite(.serialized) struct SnapshotCLITests {
    static func animation(discColor: String = "[1,0,0,1]", discX: Double = 60) -> String {
        """
        {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":80,"layers":[
         {"ty":4,"ind":1,"nm":"disc","ip":10,"op":20,"st":0,"ks":{"p":{"a":0,"k":[\(discX),40]}},
          "shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[30,30]}},
                    {"ty":"fl","c":{"a":0,"k":\(discColor)},"o":{"a":0,"k":100}}]},
         {"ty":4,"ind":2,"nm":"square","ip":0,"op":30,"st":0,
          "ks":{"p":{"a":1,"k":[{"t":0,"s":[20,40],"o":{"x":0.3,"y":0},"i":{"x":0.7,"y":1}},{"t":29,"s":[80,40]}]}},
          "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[24,24]},"r":{"a":0,"k":3}},
                    {"ty":"fl","c":{"a":0,"k":[0.1,0.3,0.9,1]},"o":{"a":0,"k":100}}]}]}
        """
    }

    /// Runs the tool; `check` names baselines relative to the animations' folder (`--root`), so they are `anim/…`.
    func run(_ args: [String]) throws -> Tool.Result {
        guard args.first == "check", args.count > 1 else { return try Tool.run(args) }
        let input = args[1]
        return try Tool.run(
            args + ["--root", input.hasSuffix(".json") ? (input as NSString).deletingLastPathComponent : input])
    }

    /// A fresh folder with `anim.json` (and optionally `other.json`).
    func workspace(_ tag: String, _ text: String = animation()) throws -> URL {
        let dir = testScratchRoot.appendingPathComponent("lr-check-\(tag)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("anims"), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: dir.appendingPathComponent("anims/anim.json"))
        return dir
    }

    func failingFrames(_ json: String) -> [Int] {
        // Frame numbers of failing frames in the --json output ("frame":N,"status":"changed").
        var out: [Int] = []
        for part in json.components(separatedBy: "{\"name\":\"frame_").dropFirst() {
            guard part.contains("\"status\":\"changed\"") || part.contains("\"status\":\"new\"") else { continue }
            if let n = Int(part.prefix(5)) { out.append(n) }
        }
        return out
    }

    @Test func recordThenRecheckPassesIdenticallyAtAnyJobs() throws {
        _ = try Tool.path() // fails when the tool is missing or stale
        let dir = try workspace("record")
        let anims = dir.appendingPathComponent("anims").path, snaps = dir.appendingPathComponent("snaps").path
        let first = try run(["check", anims, "--baseline", snaps, "--every", "1"])
        #expect(first.code == 1, "missing baselines fail: \(first.out)")
        #expect(first.out.contains("30 new"))
        let rec = try run(["check", anims, "--baseline", snaps, "--every", "1", "--record-missing"])
        #expect(rec.code == 0, "\(rec.out)\(rec.err)")
        for j in ["1", "2", "3"] {
            let again = try run(["check", anims, "--baseline", snaps, "--every", "1", "-j", j, "--json"])
            #expect(again.code == 0)
            #expect(again.out.components(separatedBy: "\"status\":\"identical\"").count - 1 == 30)
        }
    }

    @Test(arguments: [("colour", animation(discColor: "[0,0.7,0.2,1]")), ("shift2px", animation(discX: 62))])
    func aChangedLayerFailsExactlyWhereItIsVisible(_ tag: String, _ changed: String) throws {
        _ = try Tool.path() // fails when the tool is missing or stale
        let dir = try workspace("change-\(tag)")
        let anims = dir.appendingPathComponent("anims").path, snaps = dir.appendingPathComponent("snaps").path
        _ = try run(["check", anims, "--baseline", snaps, "--every", "1", "--record-missing"])
        try Data(changed.utf8).write(to: dir.appendingPathComponent("anims/anim.json"))
        let report = dir.appendingPathComponent("report").path, junit = dir.appendingPathComponent("junit.xml").path
        let r = try run([
            "check", anims, "--baseline", snaps, "--every", "1", "--json", "--report", report, "--junit", junit,
        ])
        #expect(r.code == 1)
        #expect(failingFrames(r.out) == Array(10...19))
        // The diff images show the change: red pixels around the disc (x 45…77), none elsewhere.
        let diffPath = report + "/anim/frame_00015.diff.png"
        #expect(FileManager.default.fileExists(atPath: diffPath))
        #expect(FileManager.default.fileExists(atPath: report + "/anim/frame_00015.baseline.png"))
        #expect(FileManager.default.fileExists(atPath: report + "/anim/frame_00015.actual.png"))
        #expect(!FileManager.default.fileExists(atPath: report + "/anim/frame_00005.diff.png"))
        let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        #expect(html.contains("anim/frame_00015.diff.png") && html.contains("type=\"range\""))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("tests=\"30\" failures=\"10\" errors=\"0\""))
        // Baselines were not touched without --update.
        let again = try run(["check", anims, "--baseline", snaps, "--every", "1"])
        #expect(again.code == 1)
        let upd = try run(["check", anims, "--baseline", snaps, "--every", "1", "--update"])
        #expect(upd.code == 0 && upd.out.contains("10 updated"), "\(upd.out)")
        #expect(try run(["check", anims, "--baseline", snaps, "--every", "1"]).code == 0)
    }

    @Test func junitValidatesAgainstTheSchema() throws {
        _ = try Tool.path() // fails when the tool is missing or stale
        let xmllint = ["/usr/bin/xmllint", "/bin/xmllint"].first { FileManager.default.fileExists(atPath: $0) }
        guard let lint = xmllint else { Issue.record("xmllint missing: make setup installs libxml2-utils"); return }
        let dir = try workspace("junit")
        let anims = dir.appendingPathComponent("anims").path, snaps = dir.appendingPathComponent("snaps").path
        _ = try run(["check", anims, "--baseline", snaps, "--record-missing"])
        try Data(SnapshotCLITests.animation(discColor: "[0,0,0,1]").utf8).write(
            to: dir.appendingPathComponent("anims/anim.json"))
        try Data("{\"v\":\"5\",\"layers\":[]}".utf8).write(to: dir.appendingPathComponent("anims/broken.json"))
        let junit = dir.appendingPathComponent("junit.xml").path
        let r = try run(["check", anims, "--baseline", snaps, "--frames", "0,50%", "--junit", junit])
        #expect(r.code == 2, "a broken file is an error: \(r.out)")
        let schema = repoRoot.appendingPathComponent("Tests/SnapshotTests/junit.xsd").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: lint)
        p.arguments = ["--noout", "--schema", schema, junit]
        p.standardOutput = Pipe(); p.standardError = Pipe()
        try p.run(); p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<failure") && xml.contains("<error"))
    }

    @Test func unreadableBaselineIsAnError() throws {
        _ = try Tool.path() // fails when the tool is missing or stale
        let dir = try workspace("unreadable")
        let anims = dir.appendingPathComponent("anims").path, snaps = dir.appendingPathComponent("snaps").path
        _ = try run(["check", anims, "--baseline", snaps, "--frames", "0", "--record-missing"])
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: snaps + "/anim/frame_00000.png"))
        let r = try run(["check", anims, "--baseline", snaps, "--frames", "0"])
        #expect(r.code == 2 && r.out.contains("unreadable baseline"), "\(r.out)")
    }

    @Test func updateLeavesOtherAnimationsAlone() throws {
        _ = try Tool.path() // fails when the tool is missing or stale
        let dir = try workspace("others")
        let anims = dir.appendingPathComponent("anims").path, snaps = dir.appendingPathComponent("snaps").path
        try FileManager.default.createDirectory(atPath: snaps + "/unrelated", withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: snaps + "/unrelated/frame_00000.png"))
        let r = try run(["check", anims + "/anim.json", "--baseline", snaps, "--update"])
        #expect(r.code == 0)
        #expect(try String(contentsOfFile: snaps + "/unrelated/frame_00000.png", encoding: .utf8) == "keep")
        #expect(FileManager.default.fileExists(atPath: snaps + "/anim/frame_00029.png"))
    }

    @Test func diffReportsChangesAndIdenticalCopies() throws {
        _ = try Tool.path() // fails when the tool is missing or stale
        let dir = try workspace("diff")
        let a = dir.appendingPathComponent("anims/anim.json").path
        let copy = dir.appendingPathComponent("copy.json").path,
            changed = dir.appendingPathComponent("changed.json").path
        try FileManager.default.copyItem(atPath: a, toPath: copy)
        try Data(SnapshotCLITests.animation(discX: 64).utf8).write(to: URL(fileURLWithPath: changed))
        let same = try run(["diff", a, copy])
        #expect(same.code == 0 && same.out.hasPrefix("identical"), "\(same.out)")
        let report = dir.appendingPathComponent("diffreport").path
        let d = try run(["diff", a, changed, "--report", report])
        #expect(d.code == 1)
        #expect(d.out.contains("10 of 30 frames differ") && d.out.contains("frames 10–19"), "\(d.out)")
        #expect(FileManager.default.fileExists(atPath: report + "/contact-sheet.png"))
        #expect(FileManager.default.fileExists(atPath: report + "/index.html"))
    }

    @Test func parallelRenderingIsByteIdentical() throws {
        _ = try Tool.path() // fails when the tool is missing or stale
        let dir = try workspace("jobs")
        let a = dir.appendingPathComponent("anims/anim.json").path
        var outputs: [[Data]] = []
        for (k, j) in ["1", "2", "4", "2"].enumerated() {
            let out = dir.appendingPathComponent("out\(k)").path
            #expect(try run([a, "-o", out, "-j", j, "--size", "200x160"]).code == 0)
            let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
            #expect(names.count == 30)
            outputs.append(try names.map { try Data(contentsOf: URL(fileURLWithPath: out + "/" + $0)) })
        }
        for o in outputs.dropFirst() { #expect(o == outputs[0]) }
    }
}
