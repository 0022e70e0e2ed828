import Foundation
import LottieRenderTestSupport
import Testing

/// A snapshot run that checks nothing is never green (issue 30): no animation found, a JSON animation that does not
/// load, `--markers` on a file without markers. Folders reached through symbolic links are searched, once each.
@Suite struct NothingCheckedCLITests {
    static let plain = """
        {"v":"5.7","fr":20,"ip":0,"op":20,"w":40,"h":40,"layers":[
         {"ty":1,"ind":1,"ip":0,"op":20,"st":0,"sw":20,"sh":20,"sc":"#3366ff","ks":{"p":{"a":0,"k":[20,20]}}}]}
        """

    func run(_ dir: String, _ args: [String]) throws -> Tool.Result {
        try Tool.run(args.map { $0.hasPrefix("@") ? dir + "/" + $0.dropFirst() : $0 } + ["--root", dir])
    }

    /// Before: `check empty/` said "0 animations" and exited 0; `batch` rendered "0 of 0".
    @Test func noAnimationFoundIsAnError() throws {
        let dir = try temporaryFolder("nothing-empty", files: ["empty/readme.txt": "no animations here"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let check = try run(dir, ["check", "@empty", "--baseline", "@snaps"])
        #expect(check.code == 2 && check.err.contains("no animation files"), "\(check.out)\(check.err)")
        let batch = try run(dir, ["batch", "@empty", "-o", "@out"])
        #expect(batch.code == 2 && batch.err.contains("no animation files"), "\(batch.out)\(batch.err)")
    }

    /// Before: a JSON with Lottie keys cut off before "layers" was skipped without a word. Now it is listed as
    /// invalid; a package.json is skipped with a note.
    @Test func aBrokenAnimationIsListedAndOthersSkippedWithANote() throws {
        let dir = try temporaryFolder(
            "nothing-broken",
            files: [
                "anims/ok.json": Self.plain, "anims/cut.json": #"{"v":"5.7","fr":30,"ip":0,"op":"#,
                "anims/package.json": #"{"name":"x","version":"1"}"#,
            ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try run(dir, ["check", "@anims", "--baseline", "@snaps", "--record-missing"])
        let check = try run(dir, ["check", "@anims", "--baseline", "@snaps"])
        #expect(check.code == 2 && check.out.contains("ERROR  anims/cut"), "\(check.out)")
        #expect(check.err.contains("skipped 1 JSON file that is not an animation"), "\(check.err)")
        #expect(!check.out.contains("anims/package"), "\(check.out)")
    }

    /// Before: `--markers` on a file without markers said "ok (0 frames)". Now a warning, and a run that compared no
    /// frame at all exits 2.
    @Test func markersWithoutMarkersChecksNothing() throws {
        let dir = try temporaryFolder("nothing-markers", files: ["a.json": Self.plain])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try run(dir, ["check", "@a.json", "--baseline", "@snaps", "--markers", "--record-missing"])
        #expect(r.code == 2, "\(r.out)\(r.err)")
        #expect(r.out.contains("WARN   a: --markers: the animation has no markers"), "\(r.out)")
        #expect(r.err.contains("nothing was checked"), "\(r.err)")
    }

    /// Before: a symlinked folder gave 0 animations, and a path through a link under the root was "outside the
    /// root". A link back up (a cycle) is followed once.
    @Test func symlinkedFoldersAreFollowedOnce() throws {
        let dir = try temporaryFolder("nothing-links", files: ["real/a.json": Self.plain])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: dir + "/linked", withDestinationPath: dir + "/real")
        try fm.createSymbolicLink(atPath: dir + "/real/up", withDestinationPath: dir + "/real")
        let r = try run(dir, ["check", "@linked", "--baseline", "@snaps", "--record-missing"])
        #expect(r.code == 0 && r.out.contains("RECORD linked/a/frame_00000.png"), "\(r.out)\(r.err)")
        #expect(r.out.contains("1 animation,"), "\(r.out)")
    }

    /// `check --shard I/N` takes inputs I, I+N, … in name order; `--shard N` takes I from a Kubernetes Indexed Job
    /// (`JOB_COMPLETION_INDEX`, 0-based). The shards together check every animation once; a shard with nothing to
    /// do says so and passes. Before, check had no --shard.
    @Test func checkShardsSplitTheInputs() throws {
        let dir = try temporaryFolder(
            "nothing-shards", files: ["a/1.json": Self.plain, "a/2.json": Self.plain, "a/3.json": Self.plain])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var recorded: [String] = []
        for k in 0..<3 {
            let r = try Tool.run(
                [
                    "check", dir + "/a", "--root", dir, "--baseline", dir + "/snaps", "--frames", "0",
                    "--record-missing",
                    "--shard", "3",
                ],
                environment: ["JOB_COMPLETION_INDEX": String(k)])
            #expect(r.code == 0 && r.out.contains("1 animation,"), "\(r.out)\(r.err)")
            recorded += r.out.split(separator: "\n").filter { $0.hasPrefix("RECORD") }.map(String.init)
        }
        #expect(
            recorded.sorted() == [
                "RECORD a/1/frame_00000.png", "RECORD a/2/frame_00000.png", "RECORD a/3/frame_00000.png",
            ])
        let explicit = try run(dir, ["check", "@a", "--baseline", "@snaps", "--frames", "0", "--shard", "2/3"])
        #expect(explicit.code == 0 && explicit.out.contains("ok     a/2 (1 frame)"), "\(explicit.out)")
        let idle = try run(dir, ["check", "@a", "--baseline", "@snaps", "--frames", "0", "--shard", "5/5"])
        #expect(idle.code == 0 && idle.err.contains("shard 5/5 holds none of the 3 animations"), "\(idle.err)")
        let bad = try run(dir, ["check", "@a", "--baseline", "@snaps", "--shard", "4"])
        #expect(bad.code == 64, "\(bad.err)")
    }

    /// `batch` takes render's output options: a lossy WebP preview is smaller than the lossless one.
    @Test func batchTakesRenderOutputOptions() throws {
        let dir = try temporaryFolder("nothing-batch-options", files: ["a.json": Self.plain])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let clouds = repoRoot.appendingPathComponent("samples/clouds.json").path
        try FileManager.default.copyItem(atPath: clouds, toPath: dir + "/clouds.json")
        let lossless = try run(dir, ["batch", "@clouds.json", "-o", "@ll", "--format", "webp"])
        let lossy = try run(dir, ["batch", "@clouds.json", "-o", "@q", "--format", "webp", "--quality", "40"])
        #expect(lossless.code == 0 && lossy.code == 0, "\(lossless.err)\(lossy.err)")
        let size = { (p: String) in (try? FileManager.default.attributesOfItem(atPath: p)[.size] as? Int) ?? 0 }
        #expect(size(dir + "/q/clouds.webp") > 0 && size(dir + "/q/clouds.webp") < size(dir + "/ll/clouds.webp"))
        let ignored = try run(dir, ["batch", "@a.json", "-o", "@g", "--quality", "40"])
        #expect(ignored.code == 0 && ignored.err.contains("--quality does not apply to gif previews"), "\(ignored.err)")
    }

    /// The summary counts errors in words ("2 errors"; it said "2 error").
    @Test func summaryCountsErrorsInWords() throws {
        let dir = try temporaryFolder("nothing-errors", files: ["a.json": Self.plain])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try run(
            dir,
            [
                "check", "@a.json", "--baseline", "@snaps", "--record-missing", "--size", "4000x4000", "--max-memory",
                "20M",
                "--frames", "0,10",
            ])
        #expect(r.code == 2 && r.out.contains("1 animation, 2 errors; 1 failed"), "\(r.out)")
    }

    /// `check -` reads one animation from standard input, with baselines named by `--stdin-name` (default `stdin`);
    /// empty standard input is an error. Before, check did not read `-`.
    @Test func checkReadsStandardInput() throws {
        let dir = try temporaryFolder("nothing-stdin")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let data = Data(Self.plain.utf8)
        let args = ["check", "-", "--root", dir, "--baseline", dir + "/snaps", "--frames", "0"]
        let rec = try Tool.run(args + ["--record-missing", "--stdin-name", "piped"], input: data)
        #expect(rec.code == 0 && rec.out.contains("RECORD piped/frame_00000.png"), "\(rec.out)\(rec.err)")
        let again = try Tool.run(args + ["--stdin-name", "piped"], input: data)
        #expect(again.code == 0 && again.out.contains("ok     piped (1 frame)"), "\(again.out)\(again.err)")
        let empty = try Tool.run(args, input: Data())
        #expect(empty.code == 2 && empty.err.contains("standard input is empty"), "\(empty.err)")
    }
}
