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
}
