import LottieRenderCodecs
import LottieRenderRaster
import Synchronization

/// One export: an animation, a size, a frame plan and the encoder settings. Renders in parallel batches and
/// hands frames to the encoders in plan order.
struct ExportJob {
    let animation: LottieDocument
    let plan: FramePlan
    let options: ExportOptions
    let width: Int, height: Int
    /// Premultiplied background, 0 for transparent.
    let background: UInt32
    /// Counts rendered frames for `options.progress`.
    let counter: ProgressCounter

    /// `passes`: how many times each frame is rendered (GIF: 2), for progress.
    init(animation: LottieDocument, plan: FramePlan, options: ExportOptions, passes: Int = 1) {
        self.animation = animation; self.plan = plan; self.options = options
        (width, height) = animation.outputSize(width: options.width, height: options.height)
        background = options.background?.premultiplied ?? 0
        counter = ProgressCounter(total: plan.times.count * passes, report: options.progress)
    }

    /// Renders the plan's frames in parallel batches and hands them to `sink` in order.
    func renderInOrder(_ sink: (Int, Pixmap) throws -> Void) throws {
        let times = plan.times, w = width, h = height, bg = background, anim = animation, jobs = max(1, options.jobs)
        let batch = jobs * 4, stop = options.cancellation
        var start = 0
        while start < times.count {
            if stop?.isCancelled == true { throw LottieRenderError.cancelled }
            let n = min(batch, times.count - start), s = start
            let frames = parallelMap(n, jobs: jobs, state: { FrameRenderer(anim, cancellation: stop) }) {
                r, k -> Result<Pixmap, LottieRenderError> in
                do throws(LottieRenderError) {
                    return .success(try r.render(frame: times[s + k], width: w, height: h, background: bg))
                } catch {
                    return .failure(error)
                }
            }
            for (k, f) in frames.enumerated() {
                try sink(s + k, try f.get())
                counter.step()
            }
            start += n
        }
    }

    /// Two passes: a shared palette from every frame's colours, then the frames in order through the encoder.
    func encodeGIF() throws -> [UInt8] {
        let delays = FrameTiming.delays(ends: plan.ends(frameRate: animation.frameRate), unitsPerSecond: 100)
        let o = options.gif
        let times = plan.times, w = width, h = height, bg = background, anim = animation, counter = counter
        let stop = options.cancellation
        var hist = Quantizer.Histogram()
        do {
            // The first pass's renderers (their kept frames and reservations) go before the second pass starts.
            let states = parallelStates(
                times.count, jobs: options.jobs,
                state: { (FrameRenderer(anim, cancellation: stop), Quantizer.Histogram(), LottieRenderError?.none) }
            ) {
                s, k in
                guard s.2 == nil else { return }
                do throws(LottieRenderError) {
                    let pm = try s.0.renderShared(frame: times[k], width: w, height: h, background: bg)
                    s.1.add(GIFEncoder.prepare(pm, options: o))
                } catch { s.2 = error }
                counter.step()
            }
            if let failed = states.compactMap({ $0.2 }).first { throw failed }
            for s in states { hist.merge(s.1) }
        }
        var enc = GIFEncoder(width: width, height: height, palette: Quantizer(hist), options: o)
        try renderInOrder { k, pm in enc.add(GIFEncoder.prepare(pm, options: o), delay: delays[k]) }
        return try enc.finish()
    }

    /// Lossless animated PNG with full alpha.
    func encodeAPNG() throws -> [UInt8] {
        let delays = FrameTiming.delays(ends: plan.ends(frameRate: animation.frameRate), unitsPerSecond: 1000)
        var enc = APNGEncoder(width: width, height: height, loop: options.loop)
        try renderInOrder { k, pm in try enc.add(pm, delayMs: delays[k]) }
        return try enc.finish()
    }

    /// Animated WebP, lossless or lossy by `options.quality`.
    func encodeWebP() throws -> [UInt8] {
        let delays = FrameTiming.delays(ends: plan.ends(frameRate: animation.frameRate), unitsPerSecond: 1000)
        // The encoder takes every frame at once: they are held in the memory budget while the others render.
        let held = plan.times.count.multipliedReportingOverflow(by: width * height * 4)
        guard !held.overflow, animation.budget.hold(held.partialValue) else {
            throw LottieRenderError.limit(
                file: animation.source,
                message: "animated WebP holds all \(plan.times.count) frames at \(width)x\(height) while encoding: "
                    + "\(ResourceLimits.text(bytes: held.overflow ? Int.max : held.partialValue)), more than the "
                    + "memory limit of \(ResourceLimits.text(bytes: animation.limits.maxMemory)) (ResourceLimits.maxMemory); "
                    + "render fewer or smaller frames, or use GIF or APNG, which encode frame by frame")
        }
        defer { animation.budget.unhold(held.partialValue) }
        var frames: [Pixmap] = []
        try renderInOrder { _, pm in frames.append(pm) }
        return try WebPAnimation.encode(frames, delaysMs: delays, loop: options.loop, quality: options.quality)
    }
}

/// Counts finished steps from any thread and reports them to a progress callback.
final class ProgressCounter: Sendable {
    private let done = Mutex(0)
    private let total: Int
    private let report: (@Sendable (Int, Int) -> Void)?

    init(total: Int, report: (@Sendable (Int, Int) -> Void)?) { self.total = total; self.report = report }

    /// One more step done.
    func step() {
        guard let report else { return }
        let n = done.withLock { n in
            n += 1
            return n
        }
        report(n, total)
    }
}
