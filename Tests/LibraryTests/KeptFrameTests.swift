import Foundation
import LottieRender
import LottieRenderRaster
import LottieRenderTestSupport
import Testing

/// A renderer's kept frame (`renderShared`, used by PNG sequences, `check` and `image(frame:)`) is cleared only where
/// the last frame drew. Whatever came before, each frame must be the frame drawn into a fresh, zeroed one, bit for
/// bit: in order, backwards, with and without a background, across a size change, after a frame that threw part-way,
/// and while the caller still holds the last one.
@Suite struct KeptFrameTests {
    static func samples() throws -> [String] {
        let dir = repoRoot.appendingPathComponent("samples").path
        return try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".json") }.sorted()
            .map { dir + "/" + $0 }
    }

    /// About a dozen frames spread over the animation, forwards then backwards (regions grow and shrink both ways).
    static func frames(_ doc: LottieDocument) -> [Double] {
        let n = max(1, Int(doc.composition.frameCount.rounded(.up)))
        let step = max(1, n / 12)
        let forward = stride(from: 0, to: n, by: step).map(Double.init)
        return forward + forward.reversed().dropFirst()
    }

    @Test func everySampleDrawnIntoTheKeptFrameIsTheFreshFrame() throws {
        var compared = 0
        for path in try Self.samples() {
            guard let doc = try? LottieDocument(contentsOf: path) else { continue }
            var kept = FrameRenderer(doc), fresh = FrameRenderer(doc)
            for f in Self.frames(doc) {
                let a = try kept.renderShared(frame: f, width: 64, height: 64)
                let b = try fresh.render(frame: f, width: 64, height: 64)
                #expect(a == b, "\(path) frame \(f)")
                compared += 1
            }
        }
        #expect(compared > 500, "the samples were drawn")
    }

    @Test func backgroundsAndSizeChangesLeaveNothingBehind() throws {
        let doc = try LottieDocument(contentsOf: repoRoot.appendingPathComponent("samples/parenting.json").path)
        var kept = FrameRenderer(doc), fresh = FrameRenderer(doc)
        let steps: [(frame: Double, size: Int, background: UInt32)] = [
            (0, 48, 0), (10, 48, 0xFF20_4080), (20, 48, 0), (20, 40, 0), (5, 48, 0), (30, 48, 0x8010_1010),
            (30, 48, 0),
        ]
        for s in steps {
            let a = try kept.renderShared(frame: s.frame, width: s.size, height: s.size, background: s.background)
            let b = try fresh.render(frame: s.frame, width: s.size, height: s.size, background: s.background)
            #expect(a == b, "frame \(s.frame) at \(s.size) over \(s.background)")
        }
    }

    @Test func aFrameThatThrewIsClearedWhole() throws {
        let doc = try LottieDocument(contentsOf: repoRoot.appendingPathComponent("samples/parenting.json").path)
        var kept = FrameRenderer(doc), fresh = FrameRenderer(doc)
        _ = try kept.renderShared(frame: 3, width: 48, height: 48)
        // Cancelled after the background is painted over the whole frame, before anything is drawn: it throws.
        let flag = CancellationFlag()
        flag.cancel()
        kept.cancellation = flag
        #expect(throws: LottieRenderError.self) {
            _ = try kept.renderShared(frame: 9, width: 48, height: 48, background: 0xFF00_FF00)
        }
        kept.cancellation = nil
        let a = try kept.renderShared(frame: 12, width: 48, height: 48)
        #expect(a == (try fresh.render(frame: 12, width: 48, height: 48)))
    }

    @Test func aFrameTheCallerHoldsIsNotDrawnOver() throws {
        let doc = try LottieDocument(contentsOf: repoRoot.appendingPathComponent("samples/parenting.json").path)
        var kept = FrameRenderer(doc), fresh = FrameRenderer(doc)
        let first = try kept.renderShared(frame: 0, width: 48, height: 48)
        let second = try kept.renderShared(frame: 15, width: 48, height: 48)
        #expect(first == (try fresh.render(frame: 0, width: 48, height: 48)))
        #expect(second == (try fresh.render(frame: 15, width: 48, height: 48)))
        #expect(first != second, "the frames compared differ")
    }
}
