import Foundation
import LottieRenderTestSupport
import Testing

/// Requests for frames the animation does not have fail or warn; they never write empty output with exit 0.
@Suite struct FrameRequestTests {
    /// 40 frames, one marker inside ("in", 10–19) and one after the end ("after", 100–110).
    static let json = """
        {"v":"5.7","fr":30,"ip":0,"op":40,"w":20,"h":20,
         "markers":[{"tm":10,"cm":"in","dr":10},{"tm":100,"cm":"after","dr":10}],
         "layers":[{"ty":1,"ind":1,"ip":0,"op":40,"st":0,"sw":20,"sh":20,"sc":"#3366ff","ks":{}}]}
        """

    func workspace(_ tag: String) throws -> String {
        try temporaryFolder("frames-\(tag)", files: ["anim.json": FrameRequestTests.json])
    }

    @Test func rangePastTheEndIsAnError() throws {
        let dir = try workspace("range")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Tool.run([dir + "/anim.json", "--frames", "100:200", "-o", dir + "/out"])
        #expect(r.code == 2)
        #expect(r.err.contains("outside the 40 output frames"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
        let ok = try Tool.run([dir + "/anim.json", "--frames", "38:", "-o", dir + "/tail"])
        #expect(ok.code == 0, "\(ok.err)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir + "/tail").sorted()
                == ["frame_00038.png", "frame_00039.png"])
    }

    @Test func markerOutsideTheAnimationIsAnError() throws {
        let dir = try workspace("marker")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bad = try Tool.run([dir + "/anim.json", "--marker", "after", "-o", dir + "/after.gif"])
        #expect(bad.code == 2 && bad.err.contains("lies outside the animation"), "\(bad.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/after.gif"))
        let each = try Tool.run([dir + "/anim.json", "--each-marker", "--format", "gif", "-o", dir + "/seg"])
        #expect(each.code == 2 && each.err.contains("\"after\""), "\(each.err)")
        let good = try Tool.run([dir + "/anim.json", "--marker", "in", "-o", dir + "/in.gif"])
        #expect(good.code == 0, "\(good.err)")
    }

    @Test func frameOutsideTheAnimationWarns() throws {
        let dir = try workspace("frame")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Tool.run([dir + "/anim.json", "--frame", "9999", "-o", dir + "/f.png"])
        #expect(r.code == 0)
        #expect(r.err.contains("warning") && r.err.contains("outside the animation's frames 0…39"), "\(r.err)")
    }

    @Test func pngParentsAreCreatedAndErrorsDoNotLeakTemporaryNames() throws {
        let dir = try workspace("parents")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Tool.run([dir + "/anim.json", "--frame", "3", "-o", dir + "/sub/dir/f.png"])
        #expect(r.code == 0, "\(r.err)")
        #expect(FileManager.default.fileExists(atPath: dir + "/sub/dir/f.png"))
        FileManager.default.createFile(atPath: dir + "/blocker", contents: Data())
        let bad = try Tool.run([dir + "/anim.json", "--frame", "3", "-o", dir + "/blocker/f.png"])
        #expect(bad.code == 1)
        #expect(bad.err.contains("is a file, not a folder") && !bad.err.contains(".tmp-"), "\(bad.err)")
    }
}
