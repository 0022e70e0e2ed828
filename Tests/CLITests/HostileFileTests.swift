import Foundation
import LottieRenderTestSupport
import Testing

/// One hostile file per limit, through the real tool: each ends with exit 0 or 2 (never a crash, a hang or the
/// system's out-of-memory killer) and below 2 GB of peak memory. Times are published in docs/robustness.md, not
/// asserted (they are benchmarks' business); the assertions are the outcome, the message and the memory. The
/// memory is an upper bound: Linux starts a spawned child's high-water mark at the test process's own.
@Suite(.serialized) struct HostileFileTests {
    static let peakLimit = 2_000_000_000

    /// Writes `data` as `name` in a fresh folder and runs the tool on it with `args` (`-o` into that folder).
    func run(_ name: String, _ data: Data, _ args: [String] = ["--frame", "0"]) throws -> MeasuredRun {
        let dir = try temporaryFolder("hostile-\(name)")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = (dir as NSString).appendingPathComponent(name)
        try data.write(to: URL(fileURLWithPath: input))
        let out = (dir as NSString).appendingPathComponent("out") + "/"
        let r = try MeasuredRun.tool([input, "-o", out] + args, folder: dir)
        // Sanitizers' shadow memory multiplies the resident set (make sanitize says so): the ceiling is checked
        // on ordinary builds only.
        if ProcessInfo.processInfo.environment["LOTTIE_RENDER_SANITIZER"] == nil {
            #expect(r.peakBytes < HostileFileTests.peakLimit, "\(name): peak \(r.peakBytes >> 20) MiB")
        }
        print(
            "hostile \(name) \(args.joined(separator: " ")): exit \(r.code), \(String(format: "%.2f", r.seconds)) s, peak \(r.peakBytes >> 20) MiB"
        )
        return r
    }

    @Test func imageDeclaring60000SquaredPixelsIsRefusedBeforeDecoding() throws {
        let r = try run("image.json", Data(HostileFiles.hugeImage(side: 60000).utf8))
        #expect(r.code == 2)
        #expect(
            r.err.contains("image asset \"img\" declares 60000x60000 pixels; decoding it takes 26.8 GiB"), "\(r.err)")
        #expect(r.err.contains("--max-memory"))
    }

    @Test func gzipBombStopsAtTheLimit() throws {
        let r = try run("bomb.tgs", HostileFiles.gzipBomb(megabytes: 1024))
        #expect(r.code == 2)
        #expect(r.err.contains("decompressed size exceeds"), "\(r.err)")
    }

    @Test func zipBombIsRefusedByItsDeclaredSize() throws {
        let r = try run("bomb.lottie", HostileFiles.zipBomb(megabytes: 1024))
        #expect(r.code == 2)
        #expect(r.err.contains("archive unpacks to more than"), "\(r.err)")
    }

    @Test func zipBombLyingAboutItsSizeStopsWhileInflating() throws {
        let r = try run("liar.lottie", HostileFiles.zipBomb(megabytes: 1024, declaredSize: 1000))
        #expect(r.code == 2)
        #expect(r.err.contains("bomb") || r.err.contains("unpack"), "\(r.err)")
    }

    /// Found by fuzzing: a central directory entry whose local header offset lies past the end trapped in the zip
    /// library used before; the archive is checked record by record now.
    @Test func zipWhoseEntryLiesPastTheEndIsRefused() throws {
        var zip = [UInt8](HostileFiles.zipBomb(megabytes: 1))
        guard let last = (0..<(zip.count - 4)).last(where: { zip[$0..<$0 + 4] == [0x50, 0x4B, 0x01, 0x02] }) else {
            Issue.record("no central directory entry")
            return
        }
        zip.replaceSubrange((last + 42)..<(last + 46), with: [0xF0, 0xFF, 0xFF, 0x7F])
        let r = try run("damaged.lottie", Data(zip))
        #expect(r.code == 2)
        #expect(
            r.err.contains("not a valid .lottie (zip) archive: animations/a.json: entry header outside"), "\(r.err)")
    }

    @Test func twoHundredThousandLayersRender() throws {
        let data = HostileFiles.manyLayers(200_000, padding: 360)
        #expect(data.count > 115_000_000 && data.count < 125_000_000)
        let r = try run("layers.json", data)
        #expect(r.code == 0, "\(r.err)")
    }

    @Test func precompsNested5000DeepWarnAndRender() throws {
        let r = try run("nested.json", Data(HostileFiles.nestedPrecomps(5000).utf8))
        #expect(r.code == 0, "\(r.err)")
        #expect(r.err.contains("precomps nest more than 32 deep"), "\(r.err)")
    }

    @Test func twoMillionVertexPathRenders() throws {
        let r = try run("path.json", HostileFiles.bigPath(2_000_000))
        #expect(r.code == 0, "\(r.err)")
    }

    @Test func millionBlurOn16384SquaredIsRefusedAtFullSizeAndRendersSmall() throws {
        let file = Data(HostileFiles.hugeBlur(side: 16384, blurriness: 1_000_000).utf8)
        let full = try run("blur.json", file)
        #expect(full.code == 2)
        #expect(full.err.contains("frame 0 at 16384x16384 needs about"), "\(full.err)")
        let small = try run("blur.json", file, ["--frame", "0", "--size", "256x256"])
        #expect(small.code == 0, "\(small.err)")
    }

    @Test func oneFrameOfAHundredThousandFrameAnimation() throws {
        let file = Data(HostileFiles.longAnimation(side: 16384, frames: 100_000).utf8)
        let full = try run("long.json", file, ["--frame", "50000"])
        #expect(full.code == 2)
        #expect(full.err.contains("frame 50000 at 16384x16384 needs about"), "\(full.err)")
        let raised = try run("long.json", file, ["--frame", "50000", "--size", "4096x4096"])
        #expect(raised.code == 0, "\(raised.err)")
    }

    @Test func maxMemoryIsTheCeiling() throws {
        let file = Data(HostileFiles.longAnimation(side: 2048, frames: 10).utf8)
        let tight = try run("small.json", file, ["--frame", "0", "--max-memory", "32M"])
        #expect(tight.code == 2)
        #expect(tight.err.contains("more than the memory limit of 32 MiB"), "\(tight.err)")
        let enough = try run("small.json", file, ["--frame", "0", "--max-memory", "200M"])
        #expect(enough.code == 0, "\(enough.err)")
        let bad = try run("small.json", file, ["--frame", "0", "--max-memory", "lots"])
        #expect(bad.code == 64 && bad.err.contains("--max-memory takes a size"), "\(bad.err)")
    }

    @Test func animatedWebPThatWouldHoldTooManyFramesIsRefused() throws {
        let file = Data(HostileFiles.longAnimation(side: 1024, frames: 600).utf8)
        let r = try run("many.json", file, ["--format", "webp"])
        #expect(r.code == 2)
        #expect(r.err.contains("animated WebP holds all 600 frames at 1024x1024"), "\(r.err)")
    }

    /// Ctrl-C in the middle of a render: exit 130, only whole frames in the folder, no temporary file.
    @Test func interruptedRenderLeavesNoTemporaryFiles() throws {
        let dir = try temporaryFolder("hostile-interrupt")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = (dir as NSString).appendingPathComponent("out")
        let sample = repoRoot.appendingPathComponent("samples/clouds.json").path
        let run = try MeasuredRun.start([sample, "--size", "1024x1024", "--fps", "240", "-o", out + "/"], folder: dir)
        // Wait for the first frame (the render is well under way), then interrupt.
        var names: [String] = []
        for _ in 0..<3000 where names.isEmpty {
            names = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
            usleep(10_000)
        }
        kill(run.pid, SIGINT)
        let r = run.finish()
        let left = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        #expect(r.code == 130, "\(r.err)")
        #expect(!left.isEmpty && left.allSatisfy { $0.hasPrefix("frame_") && $0.hasSuffix(".png") }, "\(left.sorted())")
    }
}
