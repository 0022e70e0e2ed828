import Dispatch
import LottieRenderEval
import LottieRenderExpressions
import LottieRenderModel
import LottieRenderRaster

/// Renders frames of one animation, reusing its scratch memory between frames. Make one per thread.
public struct FrameRenderer: Sendable {
    /// The animation.
    package let animation: LottieDocument
    private var renderer: SceneRenderer
    /// The frame buffer `render(frame:into:…)` and `renderShared` draw into and keep for the next frame of the same
    /// size.
    private var target = Pixmap(width: 0, height: 0)
    /// The part of `target` the last frame wrote (all of it after a frame that threw once it had begun writing): all
    /// that the next frame of its size clears, since the rest is still transparent.
    private var targetDrawn = IntRect.empty

    /// The expression heap borrowed from the document's (given back when the last copy of this renderer goes).
    private let heap: ExpressionHeaps.Loan?
    private var expressions: ExpressionRuntime? { heap?.runtime }
    /// This renderer's share of the document's memory budget, kept between frames.
    private let reservation: Reservation

    /// When cancelled, the frame being drawn stops between its layers and the call throws
    /// ``LottieRenderError/cancelled``; so does every later call.
    public var cancellation: CancellationFlag? {
        didSet { renderer.stop = cancellation }
    }

    /// Creates a renderer for `animation`, stopped by `cancellation` when it is cancelled.
    public init(_ animation: LottieDocument, cancellation: CancellationFlag? = nil) {
        self.animation = animation
        self.cancellation = cancellation
        reservation = Reservation(animation.budget)
        renderer = SceneRenderer(images: animation.images, imageFit: animation.imageFit)
        renderer.imageSampling = animation.imageSampling
        renderer.stop = cancellation
        heap =
            animation.evaluatesExpressions
            ? animation.expressions.map {
                animation.expressionHeaps.borrow(
                    $0, log: animation.expressionLog, dialect: animation.expressionDialect,
                    limits: animation.limits.expressions)
            } : nil
    }

    /// Renders frame `frame` (composition time `ip + frame`) fitted inside `width`×`height` (default: the
    /// composition's size) over `background`. Throws ``LottieRenderError/limit(file:message:)`` when the frame
    /// would take more memory than the animation's ``LottieDocument/limits`` allow.
    public mutating func image(
        frame: Double, width: Int? = nil, height: Int? = nil,
        background: RGBAColor = .transparent
    ) throws(LottieRenderError) -> RGBAImage {
        RGBAImage(try renderShared(frame: frame, width: width, height: height, background: background.premultiplied))
    }

    /// Renders composition time `ip + frame` at `width`×`height` over `background` (premultiplied, 0 = none),
    /// within the document's memory budget: the frame's need is worked out from its scene and reserved before
    /// anything is allocated (waiting while other renderers of the document hold the rest).
    package mutating func render(
        frame: Double, width: Int? = nil, height: Int? = nil, background: UInt32 = 0
    ) throws(LottieRenderError) -> Pixmap {
        var pm = Pixmap(width: 0, height: 0)
        var drawn = IntRect.empty
        try draw(frame: frame, width: width, height: height, background: background, into: &pm, drawn: &drawn)
        return pm
    }

    /// Renders as ``render(frame:width:height:background:)`` does, into the frame buffer this renderer keeps, and
    /// returns that buffer: once a frame of the size has been drawn, no frame's worth of memory is allocated and
    /// cleared, and the next frame clears only what this one drew. Its storage is shared with the renderer until the
    /// next frame: a caller that still holds it then makes that frame copy it first (copy on write), so frames that
    /// are kept (encoders that take several) are better made with `render(frame:width:height:background:)`. The kept
    /// frame is given up, as the other buffers kept between frames are, when a frame waits for memory.
    package mutating func renderShared(
        frame: Double, width: Int? = nil, height: Int? = nil, background: UInt32 = 0
    ) throws(LottieRenderError) -> Pixmap {
        var pm = target
        target = Pixmap(width: 0, height: 0) // the only reference while drawing: no copy on write
        var drawn = targetDrawn
        defer { (target, targetDrawn) = (pm, drawn) }
        try draw(frame: frame, width: width, height: height, background: background, into: &pm, drawn: &drawn)
        return pm
    }

    /// Draws composition time `ip + frame` into `pm`, made anew at `width`×`height` unless it has that size already
    /// (then reused: no allocation, and only `drawn`, the region the last frame wrote, is cleared), within the
    /// document's memory budget. Sets `drawn` to the region this frame wrote: the whole frame until it is finished,
    /// so that a frame that throws part-way is cleared whole the next time.
    private mutating func draw(
        frame: Double, width: Int?, height: Int?, background: UInt32, into pm: inout Pixmap, drawn: inout IntRect
    ) throws(LottieRenderError) {
        guard frame.isFinite else { throw .badRequest(reason: "frame must be a finite number, not \(frame)") }
        // Each side tested apart: a loop over a literal of the two built an array on the heap every frame.
        if let v = width, !(1...16384).contains(v) {
            throw .badRequest(reason: "width must be 1 to 16384 pixels, not \(v)")
        }
        if let v = height, !(1...16384).contains(v) {
            throw .badRequest(reason: "height must be 1 to 16384 pixels, not \(v)")
        }
        let started = DispatchTime.now().uptimeNanoseconds
        let budget = animation.budget
        // Inside a frame from here: renderers waiting for memory wait for this one, never for idle ones.
        budget.startDrawing()
        defer { budget.endDrawing() }
        let (w, h) = animation.outputSize(width: width, height: height)
        let scene = scene(frame)
        let viewport = animation.fitTransform(width: w, height: h)
        let need = FrameRenderer.memoryNeed(
            scene, viewport: viewport, width: w, height: h, animation: animation, expressions: expressions != nil)
        // The buffers kept from the last frame are covered by the standing reservation. A frame that needs much
        // less gives them back; one that needs more than fits now gives everything back before waiting.
        var fits = false
        if need >= reservation.bytes / 2 { fits = reservation.resize(to: need) }
        // The kept frame goes with them: nothing outside a reservation is held while waiting.
        if !fits { renderer.releaseBuffers(); pm = Pixmap(width: 0, height: 0) }
        let outcome = fits ? .granted : reservation.wait(for: need, inFrame: true)
        if case .blocked(let reserved) = outcome {
            throw .limit(
                file: animation.source,
                message: "frame \(JSONNode.text(frame)) at \(w)x\(h) needs about \(ResourceLimits.text(bytes: need)), "
                    + "but other renderers of this document keep \(ResourceLimits.text(bytes: reserved)) between frames "
                    + "(a FrameRenderer keeps its last frame's buffers until it goes away) and none is drawing: let "
                    + "them go, render smaller, or raise the memory limit")
        }
        guard outcome == .granted else {
            let limit = animation.limits.maxMemory
            throw .limit(
                file: animation.source,
                message: "frame \(JSONNode.text(frame)) at \(w)x\(h) needs about \(ResourceLimits.text(bytes: need)) "
                    + "(the frame, its offscreen layers and effect buffers)"
                    + (animation.imageBytes > 0
                        ? " besides \(ResourceLimits.text(bytes: animation.imageBytes)) of images" : "")
                    + (budget.held > 0
                        ? " and \(ResourceLimits.text(bytes: budget.held)) of frames held for encoding" : "")
                    + ", more than the memory limit of \(ResourceLimits.text(bytes: limit)) (ResourceLimits.maxMemory); "
                    + "render smaller or raise the limit")
        }
        // A frame whose first fill paints every pixel opaque (a background) is not cleared first.
        let covered = background == 0 && renderer.coversFrame(scene, viewport: viewport, width: w, height: h)
        let whole = IntRect(x0: 0, y0: 0, x1: w, y1: h), previous = drawn
        drawn = whole
        if pm.width == w && pm.height == h {
            if !covered { Compositor.clear(&pm, region: previous) }
        } else {
            pm = covered ? Pixmap(uninitializedWidth: w, height: h) : Pixmap(width: w, height: h)
        }
        if background != 0 { pm.fill(background) }
        if cancellation?.isCancelled == true { throw .cancelled }
        if let seconds = animation.limits.maxFrameSeconds {
            let (end, overflow) = started.addingReportingOverflow(UInt64(max(0, min(seconds, 1e9)) * 1e9))
            renderer.deadline = overflow ? nil : end
        } else {
            renderer.deadline = nil
        }
        let region = renderer.render(scene, viewport: viewport, into: &pm)
        if cancellation?.isCancelled == true { throw .cancelled }
        if renderer.timedOut {
            throw .limit(
                file: animation.source,
                message: "frame \(JSONNode.text(frame)) at \(w)x\(h) took longer than "
                    + "\(JSONNode.text(animation.limits.maxFrameSeconds ?? 0)) s (ResourceLimits.maxFrameSeconds)")
        }
        drawn = background != 0 ? whole : region
    }

    /// Draws frame `frame` (composition time `ip + frame`) fitted inside `width`×`height` over `background` into
    /// memory the caller owns: `height` rows `bytesPerRow` bytes apart, each `width` pixels of 4 bytes in
    /// `format`. Once a renderer has drawn a frame of that size it allocates nothing more for the pixels: the same
    /// frame buffer is drawn into and copied out each time. The bytes equal ``image(frame:width:height:background:)``'s
    /// for ``PixelFormat/rgba``, and differ only in order and alpha for the others.
    ///
    /// Throws ``LottieRenderError/badRequest(reason:)`` when the size is not 1…16384 on each side, `bytesPerRow`
    /// is less than `width × 4`, or `buffer` is shorter than `bytesPerRow × (height − 1) + width × 4` bytes;
    /// ``LottieRenderError/limit(file:message:)`` as `image` does.
    public mutating func render(
        frame: Double, into buffer: UnsafeMutableRawBufferPointer, width: Int, height: Int, bytesPerRow: Int,
        format: PixelFormat = .rgba, background: RGBAColor = .transparent
    ) throws(LottieRenderError) {
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw .badRequest(reason: "the size must be 1 to 16384 pixels a side, not \(width)x\(height)")
        }
        guard bytesPerRow >= width * 4 else {
            throw .badRequest(reason: "bytesPerRow \(bytesPerRow) is less than 4 bytes for each of \(width) pixels")
        }
        let (need, overflow) = bytesPerRow.multipliedReportingOverflow(by: height - 1)
        guard !overflow, need <= Int.max - width * 4, buffer.count >= need + width * 4, let base = buffer.baseAddress
        else {
            throw .badRequest(
                reason: "the buffer holds \(buffer.count) bytes; \(height) rows of \(bytesPerRow) bytes need "
                    + "\(bytesPerRow) × \(height - 1) + \(width * 4)")
        }
        let pm = try renderShared(frame: frame, width: width, height: height, background: background.premultiplied)
        PixelExport.write(
            pm, into: base, bytesPerRow: bytesPerRow, order: format.exportOrder, premultiplied: format.premultiplied)
    }

    /// Bytes a frame of `scene` takes at `width`×`height`: the target, the peak of its offscreen buffers, mask
    /// scratch, two copies for encoding (straight alpha, the encoder's output), mipmaps of the images (a third
    /// of their bytes), an expression heap when expressions run, a few MiB of rasterizer scratch and the coverage
    /// shapes and runs kept between frames (`CoverageMemo.capacity`).
    /// Static, given what it reads: as a method of the renderer it copied the whole renderer every frame (a retain of
    /// each of its references, and a release).
    static func memoryNeed(
        _ scene: Scene, viewport: Transform, width w: Int, height h: Int, animation: LottieDocument, expressions: Bool
    ) -> Int {
        let px = w * h
        let peak = SceneRenderer.peakBytes(scene.nodes, viewport: viewport, width: w, height: h)
        let (sum, overflow) = peak.addingReportingOverflow(
            13 * px + CoverageMemo.capacity(width: w, height: h) + animation.imageBytes / 3
                + (expressions ? animation.limits.expressions.memory : 0) + (4 << 20))
        return overflow ? Int.max : sum
    }

    /// The scene of composition time `ip + frame`, with expressions evaluated.
    private func scene(_ frame: Double) -> Scene {
        let time = animation.composition.inPoint + frame
        guard let expressions else { return animation.builder.scene(at: time) }
        expressions.beginFrame(rootFrame: frame)
        return ExpressionScope.$host.withValue(expressions) { animation.builder.scene(at: time) }
    }

    /// Renders into an existing pixmap (drawn over what it holds), without the memory check (benchmarks, tests).
    package mutating func render(frame: Double, into pm: inout Pixmap) {
        renderer.render(
            scene(frame), viewport: animation.fitTransform(width: pm.width, height: pm.height), into: &pm)
    }
}
