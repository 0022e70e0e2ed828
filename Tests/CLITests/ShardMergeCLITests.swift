import Foundation
import LottieRenderTestSupport
import Testing

/// `lottie-render merge` (issue 30, part 4): sharded `check` runs, each a separate process taking its shard from
/// a Kubernetes Indexed Job's `JOB_COMPLETION_INDEX`, merge into the JSON results, JUnit test cases and report of
/// one unsharded run; sharded `batch` runs merge into one gallery whose every image exists. A set with a shard
/// missing does not merge.
@Suite struct ShardMergeCLITests {
    /// A 20×20 square of colour `c` moving right over 10 frames.
    static func square(_ c: String) -> String {
        """
        {"v":"5.7","fr":10,"ip":0,"op":10,"w":40,"h":40,"layers":[
         {"ty":1,"ind":1,"ip":0,"op":10,"st":0,"sw":20,"sh":20,"sc":"\(c)",
          "ks":{"p":{"a":1,"k":[{"t":0,"s":[10,20],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":9,"s":[30,20]}]}}}]}
        """
    }

    static let colours = ["#3366ff", "#ff6633", "#33cc66", "#cc33cc", "#222222", "#ffcc00", "#00cccc"]

    /// Seven animations in `anims/`, baselines recorded, then one animation changed so that a frame fails and the
    /// report holds images.
    func project(_ tag: String) throws -> String {
        var files: [String: String] = [:]
        for (i, c) in Self.colours.enumerated() { files["anims/a\(i).json"] = Self.square(c) }
        let dir = try temporaryFolder(tag, files: files)
        let rec = try Tool.run([
            "check", dir + "/anims", "--root", dir, "--baseline", dir + "/snaps", "--record-missing",
        ])
        #expect(rec.code == 0, "\(rec.out)\(rec.err)")
        try Data(Self.square("#000000").utf8).write(to: URL(fileURLWithPath: dir + "/anims/a3.json"))
        return dir
    }

    func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// JUnit test cases without their times.
    func testCases(_ xml: String) -> [String] {
        xml.split(separator: "\n").filter { $0.contains("<testcase") || $0.contains("<testsuite ") }.map {
            String($0).replacing(#/ time="[0-9.]+"/#, with: "")
        }
    }

    @Test func threeCheckShardsMergeIntoOneRun() throws {
        let dir = try project("merge-check")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let common = ["check", dir + "/anims", "--root", dir, "--baseline", dir + "/snaps", "--json"]
        let one = try Tool.run(common + ["--junit", dir + "/one.xml", "--report", dir + "/one"])
        #expect(one.code == 1, "\(one.out)\(one.err)")
        var jsons: [String] = []
        for k in 0..<3 {
            let r = try Tool.run(
                common + ["--shard", "3", "--junit", dir + "/s\(k).xml", "--report", dir + "/report\(k)"],
                environment: ["JOB_COMPLETION_INDEX": String(k)])
            #expect(r.code == (k == 0 ? 1 : 0), "shard \(k): \(r.out)\(r.err)")
            // A shard sees the whole run's animations: none of the others' baselines is stale.
            #expect(!r.out.contains("\"stale_baselines\":[\""), "\(r.out)")
            try Data(r.out.utf8).write(to: URL(fileURLWithPath: dir + "/s\(k).json"))
            jsons.append(dir + "/s\(k).json")
        }
        let json = try Tool.run(["merge"] + jsons + ["-o", dir + "/merged.json"])
        #expect(
            json.code == 1 && json.out.contains("merged 3 shards: 7 animations, 35 frames, 1 failed"), "\(json.out)")
        #expect(read(dir + "/merged.json") == one.out)
        let junit = try Tool.run(["merge", dir + "/s0.xml", dir + "/s1.xml", dir + "/s2.xml", "-o", dir + "/m.xml"])
        #expect(junit.code == 0, "\(junit.err)")
        let merged = read(dir + "/m.xml"), single = read(dir + "/one.xml")
        #expect(testCases(merged) == testCases(single) && testCases(merged).count == 42)
        #expect(merged.contains("<testsuites name=\"lottie-render check\" tests=\"35\" failures=\"5\" errors=\"0\""))
        // Reports in three folders: one page with every image copied in.
        let report = try Tool.run(["merge", dir + "/report0", dir + "/report1", dir + "/report2", "-o", dir + "/rm"])
        #expect(report.code == 1, "\(report.out)\(report.err)")
        let page = read(dir + "/rm/index.html")
        #expect(page.contains("7 animations, 35 frames, 1 failing."), "\(page.prefix(2000))")
        let images = page.matches(of: /src="([^"]+\.png)"/).map { String($0.output.1) }
        #expect(!images.isEmpty)
        for i in images {
            #expect(FileManager.default.fileExists(atPath: dir + "/rm/" + i.removingPercentEncoding!), "\(i)")
        }
        #expect(
            Set(images)
                == Set(read(dir + "/one/index.html").matches(of: /src="([^"]+\.png)"/).map { String($0.output.1) }))
    }

    @Test func aMissingShardDoesNotMerge() throws {
        let dir = try project("merge-missing")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var files: [String] = []
        for i in [1, 3] {
            let r = try Tool.run([
                "check", dir + "/anims", "--root", dir, "--baseline", dir + "/snaps", "--shard", "\(i)/3", "--json",
            ])
            try Data(r.out.utf8).write(to: URL(fileURLWithPath: dir + "/s\(i).json"))
            files.append(dir + "/s\(i).json")
        }
        let r = try Tool.run(["merge"] + files + ["-o", dir + "/m.json"])
        #expect(r.code == 2 && r.err.contains("shard 2/3 missing"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/m.json"))
        let twice = try Tool.run(["merge", files[0], files[0], files[1], "-o", dir + "/m.json"])
        #expect(twice.code == 2 && twice.err.contains("shard 1/3 is given twice"), "\(twice.err)")
    }

    @Test func batchShardsMergeIntoOneGallery() throws {
        let dir = try project("merge-batch")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let common = ["batch", dir + "/anims", "--root", dir, "--sheet-frames", "2", "-j", "1"]
        let one = try Tool.run(common + ["-o", dir + "/one"])
        #expect(one.code == 0, "\(one.err)")
        for k in 0..<3 {
            // Every shard writes into the same folder, as pods sharing a volume do.
            let r = try Tool.run(
                common + ["-o", dir + "/previews", "--shard", "3"], environment: ["JOB_COMPLETION_INDEX": String(k)])
            #expect(r.code == 0, "\(r.err)")
        }
        let r = try Tool.run(["merge", dir + "/previews", "-o", dir + "/previews"])
        #expect(r.code == 0 && r.out.contains("7 of 7 animations rendered"), "\(r.out)\(r.err)")
        let page = read(dir + "/previews/index.html")
        let images = page.matches(of: /src="([^"]+)"/).map { String($0.output.1) }
        #expect(images.count >= 14)
        for i in images {
            #expect(FileManager.default.fileExists(atPath: dir + "/previews/" + i.removingPercentEncoding!), "\(i)")
        }
        #expect(page == read(dir + "/one/index.html"))
        // Merging into another folder copies the images.
        let copied = try Tool.run(["merge", dir + "/previews", "-o", dir + "/copy"])
        #expect(copied.code == 0 && read(dir + "/copy/index.html") == page, "\(copied.err)")
        for i in images { #expect(FileManager.default.fileExists(atPath: dir + "/copy/" + i.removingPercentEncoding!)) }
    }
}
