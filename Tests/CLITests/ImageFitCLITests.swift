import Foundation
import LottieRenderTestSupport
import Testing

/// `--image-fit` on the command line.
@Suite struct ImageFitCLITests {
    @Test func commandLineChoosesTheFit() throws {
        _ = try Tool.path() // fails when the tool is missing or stale
        let dir = scratchPath("imagefit")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sample = repoRoot.appendingPathComponent("samples/image_fit.json").path
        var frames: [String: [UInt8]] = [:]
        for fit in ["stretch", "cover", "contain", "none"] {
            let out = dir + "/\(fit).png"
            let r = try Tool.run([sample, "--frame", "0", "--image-fit", fit, "-o", out])
            #expect(r.code == 0, "\(r.err)")
            #expect(r.err.contains("image asset \"wide\" is 64x32 pixels"))
            frames[fit] = FileManager.default.contents(atPath: out).map { [UInt8]($0) }
        }
        let plain = dir + "/default.png"
        #expect(try Tool.run([sample, "--frame", "0", "--quiet", "-o", plain]).code == 0)
        #expect(FileManager.default.contents(atPath: plain).map { [UInt8]($0) } == frames["stretch"])
        #expect(Set(frames.values).count == 4)
        let bad = try Tool.run([sample, "--image-fit", "fill", "-o", dir + "/x.png"])
        #expect(bad.code == 64 && bad.err.contains("image-fit"))
    }
}
