import Foundation
import LottieRender
import LottieRenderCodecs
import LottieRenderRaster
import LottieRenderTestSupport
import Testing

/// Golden-image tests: every authored sample in samples/ rendered at a few frames and compared with the stored
/// PNG in samples/golden/ with a small per-channel tolerance. `UPDATE_GOLDENS=1 make test` rewrites them.
@Suite struct GoldenTests {
    static let samples: [String] = {
        let dir = repoRoot.appendingPathComponent("samples").path
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()
    static let frames: [Double] = [0, 20, 40]
    /// Largest per-channel difference allowed (premultiplied 8-bit), for floating-point differences across machines.
    static let tolerance = 2
    /// Samples that warn on purpose, with the start of each warning.
    static let expectedWarnings = [
        "image_fit": ["image asset \"wide\" is 64x32 pixels but declares 64x64"], // players differ: reported
        "player_image_unknown": ["layers[0] (\"image of no asset\"): image asset \"no_such_asset\" is missing"],
        // The hyphen has no glyph in "chars": drawn from a fallback font, which is said.
        "player_missing_glyphs": ["font \"Blocky-Regular\" not found; text in it uses DejaVu Sans"],
    ]

    @Test func thereAreSamples() { #expect(GoldenTests.samples.count >= 15) }

    /// samples/README.md describes (and credits) every sample: a new one without its row fails here.
    @Test func everySampleIsListedInTheReadme() throws {
        let readme = try String(contentsOf: repoRoot.appendingPathComponent("samples/README.md"), encoding: .utf8)
        let missing = GoldenTests.samples.filter { !readme.contains("| \($0).json |") }
        #expect(missing.isEmpty, "not in samples/README.md: \(missing)")
    }

    @Test(arguments: GoldenTests.samples)
    func sampleMatchesGolden(_ name: String) throws {
        let path = repoRoot.appendingPathComponent("samples/\(name).json").path
        let anim = try LottieDocument(contentsOf: path)
        let expected = GoldenTests.expectedWarnings[name] ?? []
        #expect(
            anim.warnings.count == expected.count
                && zip(anim.warnings, expected).allSatisfy { $0.hasPrefix($1) }, "\(anim.warnings)")
        defer { #expect(anim.expressionWarnings.isEmpty, "\(anim.expressionWarnings)") }
        for f in GoldenTests.frames {
            let pm = anim.render(frame: f)
            try GoldenTests.check(pm, golden: "samples/golden/\(name)_f\(Int(f)).png", label: "\(name) frame \(Int(f))")
        }
    }

    /// Compares `pm` with the PNG at `golden` (relative to the repository) within ``tolerance``, or writes it
    /// when `UPDATE_GOLDENS=1`.
    static func check(_ pm: Pixmap, golden relative: String, label: String) throws {
        let golden = repoRoot.appendingPathComponent(relative).path
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(
                atPath: (golden as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: golden, contents: Data(try PNGCodec.encode(pm)))
            return
        }
        guard let data = FileManager.default.contents(atPath: golden) else {
            Issue.record("missing golden \(golden); run UPDATE_GOLDENS=1 make test")
            return
        }
        let want = try PNGCodec.decode([UInt8](data))
        #expect(want.width == pm.width && want.height == pm.height)
        guard want.width == pm.width, want.height == pm.height else { return }
        var worst = 0, over = 0
        for i in 0..<pm.pixels.count {
            let a = pm.pixels[i], b = want.pixels[i]
            for s in stride(from: 0, to: 32, by: 8) {
                let d = abs(Int((a >> UInt32(s)) & 255) - Int((b >> UInt32(s)) & 255))
                worst = max(worst, d)
                if d > GoldenTests.tolerance { over += 1 }
            }
        }
        #expect(over == 0, "\(label): \(over) channels differ by more than \(GoldenTests.tolerance) (worst \(worst))")
    }

    @Test func renderingIsDeterministic() throws {
        let anim = try LottieDocument(contentsOf: repoRoot.appendingPathComponent("samples/clouds.json").path)
        let a = try PNGCodec.encode(anim.render(frame: 17.5, width: 300, height: 200))
        let b = try PNGCodec.encode(anim.render(frame: 17.5, width: 300, height: 200))
        #expect(a == b)
    }

    @Test func cloudsSampleShowsTheImageLayer() throws {
        let anim = try LottieDocument(contentsOf: repoRoot.appendingPathComponent("samples/clouds.json").path)
        #expect(anim.images.count == 1)
        #expect(anim.composition.diagnostics.used.contains("format:legacy-keyframes"))
        let pm = anim.render(frame: 30)
        // Some pixel is the cloud's white over the blue sky.
        #expect(pm.pixels.contains { $0 == 0xFFFF_FFFF })
    }
}
