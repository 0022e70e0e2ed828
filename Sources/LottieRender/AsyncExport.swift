import Dispatch
import Synchronization

// The `async` face of rendering and export, for services built on Swift concurrency. The work runs on threads of
// its own (rendering is CPU-bound: it must not hold the cooperative pool), and a cancelled `Task` cancels it
// through a ``CancellationFlag``: between frames, and inside a frame between its layers.
extension LottieDocument {
    /// ``write(_:to:as:options:)`` as an `async` call that stops when its `Task` is cancelled (throwing
    /// ``LottieRenderError/cancelled``; an animated file is then not written at all).
    @discardableResult
    public func write(
        _ plan: FramePlan, to path: String, as format: ExportFormat, options: ExportOptions = ExportOptions()
    ) async throws(LottieRenderError) -> [String] {
        let me = self
        return try await LottieDocument.offload(options) { o throws(LottieRenderError) in
            try me.write(plan, to: path, as: format, options: o)
        }
    }

    /// ``encode(_:as:options:)`` as an `async` call that stops when its `Task` is cancelled.
    public func encode(
        _ plan: FramePlan, as format: ExportFormat, options: ExportOptions = ExportOptions()
    ) async throws(LottieRenderError) -> [UInt8] {
        let me = self
        return try await LottieDocument.offload(options) { o throws(LottieRenderError) in
            try me.encode(plan, as: format, options: o)
        }
    }

    /// ``image(frame:width:height:background:)`` as an `async` call that stops when its `Task` is cancelled.
    public func image(
        frame: Double, width: Int? = nil, height: Int? = nil, background: RGBAColor = .transparent
    ) async throws(LottieRenderError) -> RGBAImage {
        let me = self
        return try await LottieDocument.offload(ExportOptions()) { o throws(LottieRenderError) in
            var r = FrameRenderer(me, cancellation: o.cancellation)
            return try r.image(frame: frame, width: width, height: height, background: background)
        }
    }

    /// The plan's frames, in plan order, as they are rendered: `options.jobs` frames at a time in parallel, the
    /// next batch only when the consumer has taken the last (at most `jobs × 2` frames are held). Ending the loop
    /// or cancelling its `Task` stops the rendering; an error ends the sequence with that error.
    public func frames(
        _ plan: FramePlan, options: ExportOptions = ExportOptions()
    ) -> AsyncThrowingStream<
        RGBAImage, any Error
    > {
        let feed = FrameFeed(document: self, plan: plan, options: options)
        return AsyncThrowingStream(unfolding: { () async throws(LottieRenderError) -> RGBAImage? in
            try await feed.next()
        })
    }

    /// Runs `work` on a thread of its own with options whose cancellation flag the calling `Task` sets.
    static func offload<T: Sendable>(
        _ options: ExportOptions, _ work: @escaping @Sendable (ExportOptions) throws(LottieRenderError) -> T
    ) async throws(LottieRenderError) -> T {
        var o = options
        let flag = options.cancellation ?? CancellationFlag()
        o.cancellation = flag
        if Task.isCancelled { throw .cancelled }
        let opts = o
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (c: CheckedContinuation<Result<T, LottieRenderError>, Never>) in
                DispatchQueue.global().async {
                    do throws(LottieRenderError) { c.resume(returning: .success(try work(opts))) } catch {
                        c.resume(returning: .failure(error))
                    }
                }
            }
        } onCancel: {
            flag.cancel()
        }
        return try result.get()
    }
}

/// Hands out a plan's frames one at a time, rendering the next batch when the last is used up.
final class FrameFeed: Sendable {
    private let document: LottieDocument
    private let plan: FramePlan
    private let options: ExportOptions
    private let state = Mutex<(next: Int, ready: [RGBAImage])>((0, []))

    init(document: LottieDocument, plan: FramePlan, options: ExportOptions) {
        self.document = document; self.plan = plan; self.options = options
    }

    func next() async throws(LottieRenderError) -> RGBAImage? {
        if let image = state.withLock({ s in s.ready.isEmpty ? nil : s.ready.removeFirst() }) { return image }
        let start = state.withLock { $0.next }
        guard start < plan.times.count else { return nil }
        if start == 0 { try plan.check(timed: false) }
        let n = min(max(1, options.jobs) * 2, plan.times.count - start), total = plan.times.count
        let (doc, batch) = (document, FramePlan(times: Array(plan.times[start..<start + n]), end: plan.end))
        var o = options
        // Progress counts the whole plan, not the batch.
        if let report = options.progress {
            o.progress = { @Sendable done, _ in report(start + done, total) }
        }
        let images = try await LottieDocument.offload(o) { o throws(LottieRenderError) in
            try doc.renderFrames(batch, options: o)
        }
        return state.withLock { s in
            s.next = start + n
            s.ready = Array(images.dropFirst())
            return images.first
        }
    }
}
