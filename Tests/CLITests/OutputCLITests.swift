import Foundation
import LottieRenderCodecs
import LottieRenderTestSupport
import Testing

/// `-o`, standard input and output, summaries, stale frames, the gallery's sizes and the rough edges of options:
/// each request either does what it says or says why not.
@Suite struct OutputCLITests {
    /// 40 frames of a blue square at 100×50.
    static let json = """
        {"v":"5.7","fr":20,"ip":0,"op":40,"w":100,"h":50,"nm":"wide","layers":[
         {"ty":1,"ind":1,"ip":0,"op":40,"st":0,"sw":20,"sh":20,"sc":"#3366ff",
          "ks":{"p":{"a":1,"k":[{"t":0,"s":[10,25]},{"t":39,"s":[90,25]}]}}}]}
        """

    func workspace(_ tag: String) throws -> String {
        try temporaryFolder("out-\(tag)", files: ["anim.json": OutputCLITests.json])
    }

    func files(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    }

    /// Runs the tool with `input` on standard input.
    func run(_ args: [String], stdin input: Data) throws -> (code: Int32, out: Data, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try Tool.path())
        p.arguments = args
        p.currentDirectoryURL = repoRoot // not the process's folder, which ReadmeExampleTests changes for a while
        let i = Pipe(), o = Pipe(), e = Pipe()
        p.standardInput = i; p.standardOutput = o; p.standardError = e
        try p.run()
        i.fileHandleForWriting.write(input)
        try i.fileHandleForWriting.close()
        let out = o.fileHandleForReading.readDataToEndOfFile()
        let err = e.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, out, String(decoding: err, as: UTF8.self))
    }

    @Test func outputNamesThatCannotBeMetAreErrors() throws {
        _ = try Tool.path() // fails when the tool is missing or stale
        let dir = try workspace("names")
        let mp4 = try Tool.run([dir + "/anim.json", "-o", dir + "/x.mp4"])
        #expect(mp4.code == 64 && mp4.err.contains(".png, .gif, .webp and .apng"), "\(mp4.err)")
        #expect(mp4.err.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.mp4"))
        let clash = try Tool.run([dir + "/anim.json", "--format", "gif", "-o", dir + "/x.png"])
        #expect(clash.code == 64 && clash.err.contains("--format gif does not match"), "\(clash.err)")
        // A trailing slash makes any name a folder.
        let folder = try Tool.run([dir + "/anim.json", "--frames", "0:1", "-o", dir + "/v1.mp4/"])
        #expect(folder.code == 0 && files(dir + "/v1.mp4") == ["frame_00000.png", "frame_00001.png"])
    }

    @Test func standardInputAndOutput() throws {
        let dir = try workspace("stdio")
        let png = try run(["-", "--frame", "10", "-o", "-"], stdin: Data(OutputCLITests.json.utf8))
        #expect(png.code == 0, "\(png.err)")
        let image = try PNGCodec.decode([UInt8](png.out))
        #expect(image.width == 100 && image.height == 50)
        let file = try Tool.run([dir + "/anim.json", "--frame", "10", "-o", dir + "/f.png"])
        #expect(file.code == 0)
        #expect([UInt8](png.out) == [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/f.png"))))
        let gif = try run([dir + "/anim.json", "--format", "gif", "-o", "-"], stdin: Data())
        #expect(gif.code == 0 && gif.out.starts(with: Array("GIF89a".utf8)), "\(gif.err)")
        let many = try run([dir + "/anim.json", "-o", "-"], stdin: Data())
        #expect(many.code == 2 && many.err.contains("-o - writes one file"), "\(many.err)")
        let empty = try run(["-", "--frame", "0", "-o", "-"], stdin: Data())
        #expect(empty.code == 2 && empty.err.contains("standard input is empty"), "\(empty.err)")
    }

    @Test func writeErrorsAreOneLineAndComeBeforeRendering() throws {
        let dir = try workspace("errors")
        _ = FileManager.default.createFile(atPath: dir + "/blocker", contents: Data())
        let render = try Tool.run([dir + "/anim.json", "-o", dir + "/blocker/out/"])
        #expect(render.code == 1 && render.err.contains("blocker is a file, not a folder"), "\(render.err)")
        for args in [
            ["check", dir + "/anim.json", "--root", dir, "--baseline", dir + "/s", "--report", dir + "/blocker/r"],
            ["check", dir + "/anim.json", "--root", dir, "--baseline", dir + "/s", "--junit", dir + "/blocker/j.xml"],
            ["diff", dir + "/anim.json", dir + "/anim.json", "--report", dir + "/blocker/r"],
        ] {
            let r = try Tool.run(args)
            #expect(r.code == 1, "\(args): \(r.err)")
            #expect(r.err.contains("is a file, not a folder") && !r.err.contains("NSCocoaErrorDomain"), "\(r.err)")
            #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
            // Nothing was rendered or recorded before the error.
            #expect(!FileManager.default.fileExists(atPath: dir + "/s"))
        }
    }

    @Test func renderEndsWithASummaryAndLeavesNoStaleFrames() throws {
        let dir = try workspace("summary")
        let all = try Tool.run([dir + "/anim.json", "-o", dir + "/out"])
        #expect(all.code == 0)
        #expect(all.err.contains("rendered 40 frames at 100x50 to 40 files in \(dir)/out in "), "\(all.err)")
        let some = try Tool.run([dir + "/anim.json", "--frames", "0:9", "-o", dir + "/out"])
        #expect(some.err.contains("removed 30 frames of an earlier render"), "\(some.err)")
        #expect(files(dir + "/out").count == 10)
        // Other files in the folder are not ours and stay; one --frame into a folder is named by its number.
        _ = FileManager.default.createFile(atPath: dir + "/out/notes.txt", contents: Data())
        let one = try Tool.run([dir + "/anim.json", "--frame", "12", "-o", dir + "/out/"])
        #expect(one.code == 0 && files(dir + "/out").contains("frame_00012.png"))
        #expect(files(dir + "/out").contains("notes.txt") && files(dir + "/out").count == 12)
        let quiet = try Tool.run([dir + "/anim.json", "--frame", "1", "-o", dir + "/q.png", "--quiet"])
        #expect(quiet.code == 0 && quiet.err.isEmpty)
        let check = try Tool.run(["check", dir + "/anim.json", "--root", dir, "--baseline", dir + "/s"])
        #expect(check.out.contains("1 animation, 5 new; 1 failed in "), "\(check.out)")
        let diff = try Tool.run(["diff", dir + "/anim.json", dir + "/anim.json"])
        #expect(diff.code == 0 && diff.out.contains("identical: 40 frames compared at 100x50 in "), "\(diff.out)")
    }

    @Test func roughEdgesOfOptions() throws {
        let dir = try workspace("edges")
        let pct = try Tool.run([dir + "/anim.json", "--frame", "50%", "-o", dir + "/p/"])
        #expect(pct.code == 0 && files(dir + "/p") == ["frame_00020.png"], "\(pct.err)")
        let negative = try Tool.run([dir + "/anim.json", "--frame", "-5", "-o", dir + "/n.png"])
        #expect(negative.code == 0 && negative.err.contains("frame -5 is outside"), "\(negative.err)")
        let j1 = try Tool.run([dir + "/anim.json", "-j1", "--frames", "0:1", "-o", dir + "/j"])
        #expect(j1.code == 0, "\(j1.err)")
        let typo = try Tool.run(["chek", dir])
        // A mistyped command is a usage error (64), as every other one; it was 2 (invalid input).
        #expect(typo.code == 64 && typo.err.contains("did you mean `lottie-render check`"), "\(typo.err)")
        // `-o -` onto a terminal: a usage error too (script(1) gives the tool a terminal as standard output).
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/script") {
            let tool = try Tool.path()
            let tty = try Tool.runProgram(
                "/usr/bin/script", ["-qec", "\(tool) \(dir)/anim.json --frame 0 -o -", "/dev/null"])
            #expect(tty.code == 64 && tty.out.contains("-o - writes binary data"), "\(tty.out)\(tty.err)")
        }
        let sizes = try Tool.run([dir + "/anim.json", "--size", "64x64", "--width", "10", "-o", dir + "/s.png"])
        #expect(sizes.code == 64 && sizes.err.contains("give one of --size, --width/--height or --scale"))
        let ignored = try Tool.run([
            dir + "/anim.json", "--frame", "0", "--quality", "80", "--loop", "2", "-o", dir + "/i.png",
        ])
        #expect(ignored.code == 0)
        #expect(ignored.err.contains("--quality does not apply to png output; ignored"), "\(ignored.err)")
        #expect(ignored.err.contains("--loop does not apply to png output; ignored"))
        let help = try Tool.run(["render", "--help"])
        #expect(!help.out.contains("(default white)") && !help.out.contains("default: white). (default"))
        // A keyframe time that is a whole number up to rounding (as exporters write them) names a whole-numbered
        // baseline, not frame_00038.000.png.
        try Data(OutputCLITests.json.replacingOccurrences(of: "\"t\":39", with: "\"t\":38.0000001").utf8).write(
            to: URL(fileURLWithPath: dir + "/keys.json"))
        let keys = try Tool.run(["check", dir + "/keys.json", "--root", dir, "--baseline", dir + "/k", "--keyframes"])
        #expect(keys.out.contains("keys/frame_00038.png") && !keys.out.contains(".000.png"), "\(keys.out)")
    }

    @Test func batchShardsBySortedNameAndPreviewsKeepTheirShape() throws {
        let dir = try workspace("batch")
        try FileManager.default.createDirectory(atPath: dir + "/in", withIntermediateDirectories: true)
        for name in ["c", "a", "b"] {
            try Data(OutputCLITests.json.utf8).write(to: URL(fileURLWithPath: dir + "/in/\(name).json"))
        }
        // Arguments out of order: shard 1 of 2 still takes a and c (sorted names 1 and 3).
        let r = try Tool.run([
            "batch", dir + "/in/c.json", dir + "/in/a.json", dir + "/in/b.json", "--root", dir + "/in", "--shard",
            "1/2", "-o", dir + "/prev",
        ])
        #expect(r.code == 0, "\(r.out)\(r.err)")
        #expect(files(dir + "/prev").filter { $0.hasSuffix(".gif") } == ["a.gif", "c.gif"])
        let gif = try GIFDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/prev/a.gif"))))
        #expect(gif.width == 640 && gif.height == 320)
        let poster = try PNGCodec.decode(
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/prev/a.poster.png"))))
        #expect(poster.width == 1024 && poster.height == 512)
        let page = try String(contentsOfFile: dir + "/prev/index-1-of-2.html", encoding: .utf8)
        #expect(page.contains("href=\"#v0\"") && page.contains("id=\"v0\""))
    }
}
