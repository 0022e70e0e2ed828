import Foundation
import LottieRenderCodecs
import LottieRenderRaster
import LottieRenderSnapshot

/// File formats the library writes.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// PNG: one file per frame, straight-alpha RGBA.
    case png
    /// Animated GIF with our own OKLab palette.
    case gif
    /// Animated WebP, lossless unless `ExportOptions.quality` is set.
    case webp
    /// Animated PNG, lossless with full alpha.
    case apng

    /// True for the formats that hold a whole sequence in one file.
    public var isAnimated: Bool { self != .png }

    /// The format a file name's extension names (`.png`, `.gif`, `.webp`, `.apng`), or nil.
    public init?(pathExtension ext: String) { self.init(rawValue: ext.lowercased()) }
}

/// How frames are rendered and encoded.
public struct ExportOptions: Sendable {
    /// Output width; with `height` nil the aspect ratio is kept. Nil: the composition's width.
    public var width: Int?
    /// Output height; with `width` nil the aspect ratio is kept. Nil: the composition's height.
    public var height: Int?
    /// Background under the animation; nil keeps it transparent.
    public var background: RGBAColor?
    /// Animated files: number of plays, 0 forever.
    public var loop: Int = 0
    /// GIF: ordered dithering (stable from frame to frame).
    public var dither = false
    /// GIF without a background: the colour semi-transparent edges are blended onto.
    public var matte: RGBAColor = .white
    /// GIF without a background: alpha (0–255) from which a pixel counts as opaque.
    public var alphaThreshold: UInt8 = 128
    /// WebP: lossy quality 0–100; nil for lossless.
    public var quality: Double?
    /// Threads rendering in parallel; the output is the same for any value.
    public var jobs: Int = availableCores
    /// Called after each frame is rendered (from any thread) with the steps done and the total: one step per frame,
    /// two for GIF (palette pass, then encoding), by every call that takes these options. For progress bars; it must
    /// not block. To stop the work from it, cancel ``cancellation``.
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// Stops the work when cancelled: between frames, and inside a frame between its layers; the call throws
    /// ``LottieRenderError/cancelled`` and writes nothing (files already written by a PNG sequence stay).
    public var cancellation: CancellationFlag?

    /// Default options: the composition's size, transparent, looping forever, every core.
    public init() {}

    /// Throws ``LottieRenderError/badRequest(reason:)`` for a value no encoder takes (the GIF, WebP and APNG loop
    /// counts are 16-bit), instead of failing inside one.
    func check() throws(LottieRenderError) {
        guard loop >= 0 && loop <= 65_535 else {
            throw .badRequest(reason: "loop must be 0 (forever) or a number of plays up to 65535, not \(loop)")
        }
        if let q = quality, !(q >= 0 && q <= 100) {
            throw .badRequest(reason: "quality must be between 0 and 100, not \(q)")
        }
        if let w = width, w <= 0 { throw .badRequest(reason: "width must be positive, not \(w)") }
        if let h = height, h <= 0 { throw .badRequest(reason: "height must be positive, not \(h)") }
    }

    /// The GIF encoder's settings.
    var gif: GIFOptions {
        var o = GIFOptions()
        o.dither = dither; o.loop = loop; o.alphaThreshold = UInt32(alphaThreshold)
        if let bg = background { o.background = bg.premultiplied }
        o.matte = RGBAColor(r: matte.r, g: matte.g, b: matte.b).premultiplied
        return o
    }
}

extension LottieDocument {
    /// Renders the plan's frames on `options.jobs` threads and returns them in plan order. Throws
    /// ``LottieRenderError/limit(file:message:)`` when a frame would take more memory than ``limits`` allow.
    public func renderFrames(
        _ plan: FramePlan, options: ExportOptions = ExportOptions()
    ) throws(LottieRenderError) -> [RGBAImage] {
        try options.check()
        try plan.check(timed: false)
        let (w, h) = outputSize(width: options.width, height: options.height)
        let bg = options.background?.premultiplied ?? 0, times = plan.times, me = self
        let counter = ProgressCounter(total: times.count, report: options.progress), stop = options.cancellation
        let results = parallelMap(times.count, jobs: options.jobs, state: { FrameRenderer(me, cancellation: stop) }) {
            r, k -> Result<RGBAImage, LottieRenderError> in
            defer { counter.step() }
            do throws(LottieRenderError) {
                return .success(RGBAImage(try r.renderShared(frame: times[k], width: w, height: h, background: bg)))
            } catch {
                return .failure(error)
            }
        }
        return try results.map { (r: Result<RGBAImage, LottieRenderError>) throws(LottieRenderError) in try r.get() }
    }

    /// Encodes the plan's frames as one file of `format`: an animated GIF, WebP or APNG timed by the plan, or a PNG
    /// of a plan's only frame.
    public func encode(
        _ plan: FramePlan, as format: ExportFormat,
        options: ExportOptions = ExportOptions()
    ) throws(LottieRenderError) -> [UInt8] {
        guard !plan.times.isEmpty else { throw .badRequest(reason: "no frames to encode") }
        try options.check()
        try plan.check(timed: format.isAnimated)
        let job = ExportJob(animation: self, plan: plan, options: options, passes: format == .gif ? 2 : 1)
        do {
            switch format {
            case .png:
                guard plan.times.count == 1 else {
                    throw LottieRenderError.badRequest(
                        reason: "a PNG file holds one frame; \(plan.times.count) are planned")
                }
                var r = FrameRenderer(self, cancellation: options.cancellation)
                let pm = try r.renderShared(
                    frame: plan.times[0], width: job.width, height: job.height, background: job.background)
                job.counter.step()
                return try PNGCodec.encode(pm)
            case .gif: return try job.encodeGIF()
            case .apng: return try job.encodeAPNG()
            case .webp: return try job.encodeWebP()
            }
        } catch let e as LottieRenderError {
            throw e
        } catch {
            throw .encoding(reason: "\(format.rawValue): \(error)")
        }
    }

    /// Writes the plan's frames: one animated file at `path` for GIF, WebP and APNG, or PNG files. PNG frames go to
    /// `path` itself when it ends in `.png` and the plan has one frame, else into the folder `path` as
    /// `frame_NNNNN.png` by output index. Missing folders are created; every file appears whole (written under a
    /// temporary name, then renamed). Returns the paths written.
    @discardableResult
    public func write(
        _ plan: FramePlan, to path: String, as format: ExportFormat,
        options: ExportOptions = ExportOptions()
    ) throws(LottieRenderError) -> [String] {
        if format.isAnimated {
            let bytes = try encode(plan, as: format, options: options) // checks the plan and options
            try AtomicFile.write(bytes, to: path)
            return [path]
        }
        try options.check()
        try plan.check(timed: false)
        let singleFile = path.lowercased().hasSuffix(".png")
        if singleFile && plan.times.count != 1 {
            throw .badRequest(
                reason: "\(path) names one PNG file but \(plan.times.count) frames are selected; give a folder")
        }
        if !singleFile { try AtomicFile.makeFolder(path) }
        let job = ExportJob(animation: self, plan: plan, options: options)
        let paths = plan.indices.indices.map {
            singleFile ? path : (path as NSString).appendingPathComponent(plan.fileName(at: $0))
        }
        let (w, h, bg, times, me, counter) = (job.width, job.height, job.background, plan.times, self, job.counter)
        let stop = options.cancellation
        let failures = parallelMap(times.count, jobs: options.jobs, state: { FrameRenderer(me, cancellation: stop) }) {
            renderer, k -> LottieRenderError? in
            defer { counter.step() }
            do {
                let pm = try renderer.renderShared(frame: times[k], width: w, height: h, background: bg)
                try AtomicFile.write(try PNGCodec.encode(pm), to: paths[k])
            } catch let e as LottieRenderError {
                return e
            } catch {
                return .encoding(reason: "PNG: \(error)")
            }
            return nil
        }
        if let first = failures.compactMap({ $0 }).first { throw first }
        return paths
    }
}

/// The file name of output frame `index` in a PNG sequence: `frame_00012.png` (the name `check` gives baselines).
public func frameFileName(_ index: Int) -> String { FrameSelection.fileName(Double(index)) }
