import Foundation
import LottieRender
import LottieRenderTestSupport
import Synchronization
import Testing

/// Progress from every rendering path, a flag that stops the work (also from the progress callback), and the
/// `async` calls that a cancelled `Task` stops.
@Suite struct CancellationTests {
    static func document() throws -> LottieDocument {
        try LottieDocument(contentsOf: repoRoot.appendingPathComponent("samples/clouds.json").path)
    }

    @Test func renderFramesReportsProgress() throws {
        let doc = try Self.document()
        let steps = Mutex<[Int]>([])
        var options = ExportOptions()
        options.width = 32
        options.jobs = 2
        options.progress = { done, total in steps.withLock { $0.append(done * 1000 + total) } }
        let plan = try FramePlan(doc, fps: 5)
        let frames = try doc.renderFrames(plan, options: options)
        let n = frames.count
        #expect(steps.withLock { $0.sorted() } == (1...n).map { $0 * 1000 + n })
    }

    @Test func theProgressCallbackCanStopAnExport() throws {
        let doc = try Self.document()
        let dir = try temporaryFolder("cancel")
        let flag = CancellationFlag()
        var options = ExportOptions()
        options.width = 32
        options.jobs = 1
        options.cancellation = flag
        options.progress = { done, _ in if done == 3 { flag.cancel() } }
        let plan = try FramePlan(doc)
        #expect(plan.times.count > 10)
        #expect(cancels { try doc.write(plan, to: dir, as: .png, options: options) })
        let written = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".png") }
        #expect(written.count == 3, "the frames finished before the cancel stay; no more are drawn")
        // An animated file is written whole or not at all.
        let gif = (dir as NSString).appendingPathComponent("out.gif")
        #expect(cancels { try doc.write(plan, to: gif, as: .gif, options: options) })
        #expect(!FileManager.default.fileExists(atPath: gif))
    }

    @Test func aCancelledRendererThrows() throws {
        let flag = CancellationFlag()
        var r = FrameRenderer(try Self.document(), cancellation: flag)
        _ = try r.image(frame: 0, width: 16)
        flag.cancel()
        #expect(cancels { try r.image(frame: 1, width: 16) })
    }

    @Test func aCancelledTaskStopsAnAsyncExport() async throws {
        let doc = try Self.document()
        let path = try temporaryFolder("cancel-async") + "/big.gif"
        // The Task is cancelled from the progress callback once a frame is done, so the test does not depend on
        // when a sleeping test task wakes up (with every suite running, the cooperative pool can be busy for
        // seconds while the export, on threads of its own, finishes).
        let handle = Mutex<Task<[String], any Error>?>(nil)
        var options = ExportOptions()
        options.width = 64
        options.jobs = 1
        // Every frame after the first asks again, in case the first came before the handle was stored.
        options.progress = { _, _ in handle.withLock { $0?.cancel() } }
        let plan = try FramePlan(doc, fps: 60)
        let task = Task { () async throws -> [String] in
            try await doc.write(plan, to: path, as: .gif, options: options)
        }
        handle.withLock { $0 = task }
        let result = await task.result
        #expect(cancels { try result.get() })
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func framesStreamInPlanOrder() async throws {
        let doc = try Self.document()
        var options = ExportOptions()
        options.width = 24
        options.jobs = 2
        let plan = try FramePlan(doc, fps: 6)
        var streamed: [RGBAImage] = []
        for try await image in doc.frames(plan, options: options) { streamed.append(image) }
        let direct = try doc.renderFrames(plan, options: options)
        #expect(streamed.count == direct.count && streamed.map(\.bytes) == direct.map(\.bytes))
        // Leaving the loop early is fine: nothing more is rendered for it.
        var first: RGBAImage?
        for try await image in doc.frames(plan, options: options) {
            first = image
            break
        }
        #expect(first?.bytes == direct.first?.bytes)
        #expect(try await doc.image(frame: plan.times[1], width: 24).bytes == direct[1].bytes)
    }
}

/// True when `body` throws ``LottieRenderError/cancelled``.
func cancels(_ body: () throws -> Any) -> Bool {
    do {
        _ = try body()
        return false
    } catch let e as LottieRenderError {
        if case .cancelled = e { return true }
        return false
    } catch {
        return false
    }
}
