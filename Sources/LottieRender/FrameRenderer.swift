import LottieRenderEval
import LottieRenderExpressions
import LottieRenderModel
import LottieRenderRaster

/// Renders frames of one animation, reusing its scratch memory between frames. Make one per thread.
public struct FrameRenderer: Sendable {
    /// The animation.
    package let animation: LottieDocument
    private var renderer: SceneRenderer

    private let expressions: ExpressionRuntime?
    /// This renderer's share of the document's memory budget, kept between frames.
    private let reservation: Reservation

    /// Creates a renderer for `animation`.
    public init(_ animation: LottieDocument) {
        self.animation = animation
        reservation = Reservation(animation.budget)
        renderer = SceneRenderer(images: animation.images, imageFit: animation.imageFit)
        renderer.imageSampling = animation.imageSampling
        expressions =
            animation.evaluatesExpressions
            ? animation.expressions.map {
                ExpressionRuntime($0, log: animation.expressionLog, dialect: animation.expressionDialect)
            } : nil
    }

    /// Renders frame `frame` (composition time `ip + frame`) fitted inside `width`×`height` (default: the
    /// composition's size) over `background`. Throws ``LottieRenderError/limit(file:message:)`` when the frame
    /// would take more memory than the animation's ``LottieDocument/limits`` allow.
    public mutating func image(
        frame: Double, width: Int? = nil, height: Int? = nil,
        background: RGBAColor = .transparent
    ) throws(LottieRenderError) -> RGBAImage {
        RGBAImage(try render(frame: frame, width: width, height: height, background: background.premultiplied))
    }

    /// Renders composition time `ip + frame` at `width`×`height` over `background` (premultiplied, 0 = none),
    /// within the document's memory budget: the frame's need is worked out from its scene and reserved before
    /// anything is allocated (waiting while other renderers of the document hold the rest).
    package mutating func render(
        frame: Double, width: Int? = nil, height: Int? = nil, background: UInt32 = 0
    ) throws(LottieRenderError) -> Pixmap {
        let budget = animation.budget
        // Inside a frame from here: renderers waiting for memory wait for this one, never for idle ones.
        budget.startDrawing()
        defer { budget.endDrawing() }
        let (w, h) = animation.outputSize(width: width, height: height)
        let scene = scene(frame)
        let viewport = animation.fitTransform(width: w, height: h)
        let need = memoryNeed(scene, viewport: viewport, width: w, height: h)
        // The buffers kept from the last frame are covered by the standing reservation. A frame that needs much
        // less gives them back; one that needs more than fits now gives everything back before waiting.
        var fits = false
        if need >= reservation.bytes / 2 { fits = reservation.resize(to: need) }
        if !fits { renderer.releaseBuffers() }
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
                    + ", more than the memory limit of \(ResourceLimits.text(bytes: limit)) (--max-memory); "
                    + "render smaller (--size) or raise the limit")
        }
        var pm = Pixmap(width: w, height: h)
        if background != 0 { pm.fill(background) }
        renderer.render(scene, viewport: viewport, into: &pm)
        return pm
    }

    /// Bytes a frame of `scene` takes at `width`×`height`: the target, the peak of its offscreen buffers, mask
    /// scratch, two copies for encoding (straight alpha, the encoder's output), mipmaps of the images (a third
    /// of their bytes), an expression heap when expressions run, and a few MiB of rasterizer scratch.
    func memoryNeed(_ scene: Scene, viewport: Transform, width w: Int, height h: Int) -> Int {
        let px = w * h
        let peak = SceneRenderer.peakBytes(scene.nodes, viewport: viewport, width: w, height: h)
        let (sum, overflow) = peak.addingReportingOverflow(
            13 * px + animation.imageBytes / 3 + (expressions == nil ? 0 : ExpressionRuntime.heapLimit) + (4 << 20))
        return overflow ? Int.max : sum
    }

    /// The scene of composition time `ip + frame`, with expressions evaluated.
    private func scene(_ frame: Double) -> Scene {
        let time = animation.composition.inPoint + frame
        guard let expressions else { return animation.builder.scene(at: time) }
        expressions.beginFrame()
        return ExpressionScope.$host.withValue(expressions) { animation.builder.scene(at: time) }
    }

    /// Renders into an existing pixmap (drawn over what it holds), without the memory check (benchmarks, tests).
    package mutating func render(frame: Double, into pm: inout Pixmap) {
        renderer.render(
            scene(frame), viewport: animation.fitTransform(width: pm.width, height: pm.height), into: &pm)
    }
}
