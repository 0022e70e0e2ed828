import ArgumentParser
import Foundation
import LottieRender

extension ExportFormat: ExpressibleByArgument {}

/// `lottie-render FILE …`: renders frames to PNG files or to an animated GIF, WebP or APNG.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render frames to PNG, or to an animated GIF, WebP or APNG (the default command).",
        discussion: """
            Frame N is composition time ip+N. Without --frame, every frame of the animation is rendered: as
            OUT/frame_00000.png, frame_00001.png, … (numbered by output index), or as one animated file when -o ends in
            .gif, .webp or .apng (or --format says so). --fps F samples output frame k at time ip + k·fr/F instead
            (GIF: at most 50). --frames A:B keeps output indices A through B. --marker NAME renders that marker's
            segment; --each-marker writes one output per marker into the -o folder, named after it.
            Animated files time each frame by rounded cumulative time, so the total equals the segment's duration.
            """)

    @Argument(help: "A Lottie file (.json, .lottie or .tgs).")
    var input: String
    @Option(help: "The animation to use from a .lottie file (default: the manifest's first).")
    var animation: String?
    @Option(name: .shortAndLong, help: "Output folder, a .png file for one frame, or a .gif/.webp/.apng file.")
    var output: String = "out"
    @Option(help: "Output format: png, gif, webp, apng (default: from the -o extension, else png).")
    var format: ExportFormat?
    @Option(help: "Render only composition time ip+N (fractional allowed).")
    var frame: Double?
    @Option(help: "Output frame rate; default: the animation's own (GIF: at most 50).")
    var fps: Double?
    @Option(help: "Range of output frame indices A:B (inclusive).")
    var frames: String?
    @Option(help: "Render only the segment of this marker.")
    var marker: String?
    @Flag(help: "Write one output per marker, named after it, into the -o folder.")
    var eachMarker = false
    @OptionGroup var sizeOptions: SizeOptions
    @OptionGroup var imageFit: ImageFitOption
    @OptionGroup var expressions: ExpressionsOption
    @Option(help: "Background colour (#rrggbb, #rrggbbaa or a name); default transparent.")
    var background: String?
    @Option(help: "Animated outputs: number of plays, 0 forever.")
    var loop: Int = 0
    @Flag(help: "GIF: ordered dithering (stable from frame to frame).")
    var dither = false
    @Option(help: "GIF without --background: colour that semi-transparent edges are blended onto (default white).")
    var matte: String = "white"
    @Option(help: "GIF without --background: alpha (0–255) from which a pixel is opaque.")
    var alphaThreshold: Int = 128
    @Option(help: "WebP: lossy quality 0–100; default lossless.")
    var quality: Double?
    @Flag(help: "Do not print warnings or notes.")
    var quiet = false
    @OptionGroup var jobs: JobsOption

    func validate() throws {
        if loop < 0 || loop > 65535 { throw ValidationError("--loop takes 0 (forever) to 65535") }
        if !(0...255).contains(alphaThreshold) { throw ValidationError("--alpha-threshold takes 0…255") }
        if let q = quality, !(q >= 0 && q <= 100) { throw ValidationError("--quality takes 0…100") }
        if marker != nil && eachMarker { throw ValidationError("use --marker or --each-marker, not both") }
        if frame != nil && (marker != nil || eachMarker) {
            throw ValidationError("--frame cannot be combined with markers")
        }
    }

    /// The format: --format, else the -o extension, else PNG.
    var resolvedFormat: ExportFormat {
        if let f = format { return f }
        return ExportFormat(pathExtension: (output as NSString).pathExtension) ?? .png
    }

    func run() throws {
        let anim = expressions.applied(
            to: imageFit.applied(to: try loadAnimation(input, quiet: quiet, animationID: animation)))
        if !quiet, !anim.evaluatesExpressions, anim.expressionCount > 0 {
            printError("note: \(input): \(anim.expressionCount) expressions not evaluated (--expressions off)")
        }
        let (w, h) = try sizeOptions.resolve(compWidth: anim.width, compHeight: anim.height)
        var options = ExportOptions()
        options.width = w; options.height = h; options.jobs = jobs.count
        options.background = try background.map(parseColor)
        options.loop = loop; options.dither = dither; options.alphaThreshold = UInt8(alphaThreshold)
        options.matte = try parseColor(matte); options.quality = quality
        let fmt = resolvedFormat
        var rate = fps
        if fmt == .gif {
            let r = fps ?? anim.frameRate
            if r > 50 {
                if !quiet {
                    printError("note: GIF viewers slow down delays under 2/100 s; \(fmtNumber(r)) fps reduced to 50")
                }
                rate = 50
            }
        }
        let range = try frames.map(parseFrameRange)
        if let f = frame {
            guard f.isFinite else { throw ValidationError("--frame must be a number") }
            if !quiet && !(f >= 0 && f < anim.frameCount) {
                printError(
                    "warning: \(input): frame \(fmtNumber(f)) is outside the animation's frames 0…"
                        + "\(fmtNumber(max(0, anim.frameCount - 1)))")
            }
        }
        if eachMarker {
            guard !anim.markers.isEmpty else { printError("\(input): the animation has no markers"); throw ExitCode(2) }
        }
        // One segment per marker with --each-marker, else one: a frame, a marker or the whole animation.
        let segments: [(plan: FramePlan, output: String)]
        do {
            if eachMarker {
                let names = markerFileNames(anim.markers)
                segments = try zip(anim.markers, names).map { m, name in
                    let plan = try FramePlan(anim, marker: m, fps: rate)
                    let out = (output as NSString).appendingPathComponent(
                        fmt.isAnimated ? "\(name).\(fmt.rawValue)" : name)
                    return (try range.map(plan.restricted) ?? plan, out)
                }
            } else if let f = frame {
                segments = [(.frame(f), output)]
            } else if let name = marker {
                let plan = try FramePlan(anim, marker: name, fps: rate)
                segments = [(try range.map(plan.restricted) ?? plan, output)]
            } else {
                segments = [(try FramePlan(anim, fps: rate, range: range), output)]
            }
        } catch let e as LottieRenderError {
            printError("\(input): \(e)"); throw ExitCode(2)
        }
        defer { if !quiet { for w in anim.expressionWarnings { printError("warning: \(input): \(w)") } } }
        for seg in segments {
            let job = RenderJob(animation: anim, options: options, plan: seg.plan, output: seg.output)
            try job.write(fmt, input: eachMarker ? seg.output : input)
        }
    }

    /// File-safe, never empty, unique names for markers (markers may repeat a name or have none).
    func markerFileNames(_ markers: [Marker]) -> [String] {
        var used: Set<String> = []
        return markers.enumerated().map { k, m in
            var safe = String(
                m.name.trimmingCharacters(in: .whitespacesAndNewlines)
                    .map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
            if safe.isEmpty { safe = "marker\(k + 1)" }
            var unique = safe, n = 2
            while used.contains(unique) { unique = "\(safe)_\(n)"; n += 1 }
            used.insert(unique)
            return unique
        }
    }

    /// `--frames A:B` as a range of output indices (either end may be left out).
    func parseFrameRange(_ r: String) throws -> ClosedRange<Int> {
        let parts = r.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw ValidationError("--frames takes A:B") }
        let a = parts[0].isEmpty ? 0 : Int(parts[0]), b = parts[1].isEmpty ? Int.max : Int(parts[1])
        guard let lo = a, let hi = b, lo >= 0, hi >= lo else {
            throw ValidationError("--frames takes A:B with 0 ≤ A ≤ B")
        }
        return lo...hi
    }
}

/// A number as text: whole numbers without a decimal point, others with three decimals (frames, sizes, fps).
func fmtNumber(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(format: "%.3f", v)
}
