import Foundation
import LottieRenderCodecs
import LottieRenderTestSupport
import Testing

/// `check`, `batch` and `info` as a CI engineer meets them: warnings where CI looks, `--strict`, names that do not
/// depend on how a path was spelled, stale baselines, every animation of a `.lottie`.
@Suite(.serialized) struct CheckWarningsCLITests {
    /// A blue square, 20 frames.
    static let plain = """
        {"v":"5.7","fr":20,"ip":0,"op":20,"w":40,"h":40,"layers":[
         {"ty":1,"ind":1,"ip":0,"op":20,"st":0,"sw":20,"sh":20,"sc":"#3366ff","ks":{"p":{"a":0,"k":[20,20]}}}]}
        """
    /// An external image that is not there and an effect lottie-render does not draw.
    static let missingImage = """
        {"v":"5.7","fr":20,"ip":0,"op":20,"w":40,"h":40,
         "assets":[{"id":"img","w":10,"h":10,"u":"images/","p":"gone.png"}],"layers":[
         {"ty":2,"ind":1,"refId":"img","ip":0,"op":20,"st":0,"ks":{}},
         {"ty":1,"ind":2,"ip":0,"op":20,"st":0,"sw":20,"sh":20,"sc":"#33ff66","ks":{},
          "ef":[{"ty":34,"nm":"Puppet","mn":"ADBE FreePin3","ef":[]}]}]}
        """
    /// Text in a font no machine has: drawn in the fallback font.
    static let fontFallback = """
        {"v":"5.7","fr":20,"ip":0,"op":20,"w":60,"h":40,
         "fonts":{"list":[{"fName":"Nope","fFamily":"No Such Family Anywhere","fStyle":"Regular","ascent":75}]},
         "layers":[{"ty":5,"ind":1,"ip":0,"op":20,"st":0,"ks":{"p":{"a":0,"k":[5,30]}},
          "t":{"d":{"k":[{"t":0,"s":{"t":"Hi","f":"Nope","s":20,"fc":[0,0,0]}}]},"a":[]}}]}
        """

    /// A fresh folder holding `files` (relative path → text), as the current folder of the runs.
    func workspace(_ tag: String, _ files: [String: String]) throws -> String {
        try temporaryFolder("warn-\(tag)", files: files)
    }

    /// Runs the tool with `dir` as the root of names (as if run from there).
    func run(_ dir: String, _ args: [String]) throws -> Tool.Result {
        try Tool.run(args.map { $0.hasPrefix("@") ? dir + "/" + $0.dropFirst() : $0 } + ["--root", dir])
    }

    @Test func checkShowsWarningsEverywhereAndStrictFailsOnThem() throws {
        _ = try Tool.path() // fails when the tool is missing or stale
        let dir = try workspace(
            "strict",
            ["anims/ok.json": Self.plain, "anims/img.json": Self.missingImage, "anims/font.json": Self.fontFallback])
        let record = try run(dir, ["check", "@anims", "--baseline", "@snaps", "--record-missing"])
        #expect(record.code == 0, "\(record.out)\(record.err)")
        #expect(record.out.contains("WARN   anims/img: image asset \"img\": file \"images/gone.png\" not found"))
        #expect(record.out.contains("WARN   anims/img: unsupported feature: effect:puppet"))
        #expect(record.out.contains("WARN   anims/font: font \"Nope\" not found"))
        // The fallback is named by family and file name, never the machine's absolute path (it lands in JUnit).
        #expect(!record.out.contains("/usr/share/fonts"), "\(record.out)")
        #expect(!record.out.contains("WARN   anims/ok"))
        let strict = try run(
            dir,
            [
                "check", "@anims", "--baseline", "@snaps", "--strict", "--junit", "@junit.xml", "--report",
                "@report",
            ])
        #expect(strict.code == 1, "\(strict.out)")
        #expect(strict.out.contains("failing: --strict") && strict.out.contains("2 failed"), "\(strict.out)")
        let junit = try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("<system-err>warning: image asset \"img\": file \"images/gone.png\" not found"))
        #expect(junit.contains("type=\"warning\""))
        // Still valid JUnit with the warnings in it.
        if let lint = ["/usr/bin/xmllint", "/bin/xmllint"].first(where: { FileManager.default.fileExists(atPath: $0) })
        {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: lint)
            p.arguments = [
                "--noout", "--schema", repoRoot.appendingPathComponent("Tests/SnapshotTests/junit.xsd").path,
                dir + "/junit.xml",
            ]
            p.standardOutput = Pipe(); p.standardError = Pipe()
            try p.run(); p.waitUntilExit()
            #expect(p.terminationStatus == 0)
        } else {
            Issue.record("xmllint missing: make setup installs libxml2-utils")
        }
        let html = try String(contentsOfFile: dir + "/report/index.html", encoding: .utf8)
        #expect(html.contains("warning: image asset &quot;img&quot;: file &quot;images/gone.png&quot; not found"))
        let json = try run(dir, ["check", "@anims", "--baseline", "@snaps", "--json"])
        #expect(json.code == 0)
        #expect(json.out.contains("\"warnings\":[\"image asset \\\"img\\\": file \\\"images/gone.png\\\" not found"))
        // Without --strict warnings do not fail; a frame past the end is a warning, not a silent clamp.
        let past = try run(dir, ["check", "@anims/ok.json", "--baseline", "@snaps2", "--frames", "0,500"])
        #expect(past.out.contains("frame 500 is past the last frame 19; frame 19 was checked instead"), "\(past.out)")
    }

    @Test func namesDoNotDependOnSpellingAndCollisionsAreErrors() throws {
        let dir = try workspace("names", ["a/anim.json": Self.plain, "b/anim.json": Self.missingImage])
        let record = try run(dir, ["check", "@a/anim.json", "@b/anim.json", "--baseline", "@s", "--record-missing"])
        #expect(record.code == 0, "\(record.out)\(record.err)")
        let again = try run(dir, ["check", "@a/anim.json", "@b/anim.json", "--baseline", "@s"])
        #expect(again.code == 0 && again.out.contains("10 identical"), "\(again.out)")
        // The folder and the file alone, spelled with ./ and .., name the same baselines.
        let folder = try run(dir, ["check", "@a", "--baseline", "@s"])
        #expect(folder.code == 0 && folder.out.contains("ok     a/anim"), "\(folder.out)")
        let odd = try run(dir, ["check", "@b/../a/./anim.json", "--baseline", "@s"])
        #expect(odd.code == 0 && odd.out.contains("5 identical"), "\(odd.out)")
        // Two files that would share a name, and a file outside the root, are errors before anything is written.
        try Data(Self.plain.utf8).write(to: URL(fileURLWithPath: dir + "/a/anim.tgs"))
        let clash = try run(dir, ["check", "@a", "--baseline", "@s"])
        #expect(clash.code == 2 && clash.err.contains("would share the name \"a/anim\""), "\(clash.err)")
        let outside = try Tool.run(["check", dir + "/b/anim.json", "--root", dir + "/a", "--baseline", dir + "/s2"])
        #expect(outside.code == 2 && outside.err.contains("outside the root folder"), "\(outside.err)")
        // batch: one preview per file, in separate folders.
        try FileManager.default.removeItem(atPath: dir + "/a/anim.tgs")
        let batch = try run(dir, ["batch", "@a/anim.json", "@b/anim.json", "-o", "@prev"])
        #expect(batch.code == 0, "\(batch.out)\(batch.err)")
        #expect(FileManager.default.fileExists(atPath: dir + "/prev/a/anim.gif"))
        #expect(FileManager.default.fileExists(atPath: dir + "/prev/b/anim.gif"))
        #expect(batch.out.contains("warning: b/anim: image asset \"img\""), "\(batch.out)")
        let page = try String(contentsOfFile: dir + "/prev/index.html", encoding: .utf8)
        #expect(page.contains("images/gone.png"))
    }

    @Test func staleBaselinesAreReportedAndUpdatePrunesThem() throws {
        let dir = try workspace("stale", ["ui/x.json": Self.plain, "ui/old/y.json": Self.plain])
        #expect(try run(dir, ["check", "@ui", "--baseline", "@s", "--record-missing"]).code == 0)
        try FileManager.default.removeItem(atPath: dir + "/ui/old/y.json")
        let check = try run(dir, ["check", "@ui", "--baseline", "@s"])
        #expect(check.code == 0)
        #expect(check.out.contains("STALE  ui/old/y"), "\(check.out)")
        #expect(try run(dir, ["check", "@ui", "--baseline", "@s", "--strict"]).code == 1)
        // A file checked alone puts no folder in scope.
        #expect(!(try run(dir, ["check", "@ui/x.json", "--baseline", "@s"]).out.contains("STALE")))
        let update = try run(dir, ["check", "@ui", "--baseline", "@s", "--update"])
        #expect(update.code == 0 && update.out.contains("PRUNED ui/old/y"), "\(update.out)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/s/ui/old"))
        #expect(FileManager.default.fileExists(atPath: dir + "/s/ui/x/frame_00000.png"))
        // A Git LFS pointer in place of a baseline says so.
        try Data("version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 12\n".utf8).write(
            to: URL(fileURLWithPath: dir + "/s/ui/x/frame_00000.png"))
        let lfs = try run(dir, ["check", "@ui", "--baseline", "@s"])
        #expect(lfs.code == 2 && lfs.out.contains("Git LFS pointer") && lfs.out.contains("git lfs pull"), "\(lfs.out)")
    }

    @Test func everyAnimationOfADotLottieIsCheckedAndListed() throws {
        let dir = try workspace("dot", [:])
        let manifest = Array("{\"version\":\"1\",\"animations\":[{\"id\":\"intro\"},{\"id\":\"../loop\"}]}".utf8)
        try FileManager.default.createDirectory(atPath: dir + "/pack", withIntermediateDirectories: true)
        try Data(
            Zip.stored([
                ("manifest.json", manifest), ("animations/intro.json", Array(Self.plain.utf8)),
                ("animations/../loop.json", Array(Self.missingImage.utf8)),
            ])
        ).write(to: URL(fileURLWithPath: dir + "/pack/two.lottie"))
        let check = try run(dir, ["check", "@pack", "--baseline", "@s", "--record-missing"])
        #expect(check.code == 0, "\(check.out)\(check.err)")
        #expect(check.out.contains("pack/two@intro/frame_00000.png"), "\(check.out)")
        // An id with a path in it is made file-safe: it never leaves the baseline folder.
        #expect(check.out.contains("pack/two@_._loop/frame_00000.png"), "\(check.out)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/loop.json"))
        let info = try Tool.run(["info", dir + "/pack/two.lottie"])
        #expect(info.code == 0 && info.out.contains("animations:  intro, ../loop"), "\(info.out)")
        let only = try run(dir, ["check", "@pack", "--baseline", "@s", "--animation", "intro"])
        #expect(only.code == 0 && only.out.contains("1 animation,"), "\(only.out)")
    }

    @Test func infoTakesSeveralFilesNamesThingsAndSaysWhatIsNotLottie() throws {
        let dir = try workspace(
            "info",
            [
                "a.json": Self.plain, "b.json": Self.missingImage, "package.json": "{\"name\":\"x\",\"version\":\"1\"}",
                "sound.json": """
                {"v":"5.7","fr":20,"ip":0,"op":20,"w":40,"h":40,"assets":[{"id":"s","u":"audio/","p":"a.mp3","e":0}],
                 "layers":[{"ty":6,"ind":1,"refId":"s","ip":0,"op":20,"st":0,"ks":{}}]}
                """,
            ])
        let two = try Tool.run(["info", dir + "/a.json", dir + "/b.json"])
        #expect(two.code == 0 && two.out.components(separatedBy: "file:").count == 3)
        #expect(two.out.contains("effect:puppet") && !two.out.contains("effect:34"), "\(two.out)")
        let json = try Tool.run(["info", "--json", dir + "/a.json", dir + "/b.json"])
        #expect(json.out.hasPrefix("[") && json.out.contains("\"name\" :") && !json.out.contains("\\/"), "\(json.out)")
        let sound = try Tool.run(["info", dir + "/sound.json"])
        #expect(
            sound.out.contains("0 images, 0 precomps, 1 audio") && !sound.out.contains("image asset"), "\(sound.out)")
        let pkg = try Tool.run(["info", dir + "/package.json"])
        #expect(pkg.code == 2 && pkg.err.contains("not a Lottie animation"), "\(pkg.err)")
    }
}
