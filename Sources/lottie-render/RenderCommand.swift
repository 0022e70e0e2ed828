import ArgumentParser
import Foundation
import LottieRender
import LottieRenderSnapshot

extension ExportFormat: ExpressibleByArgument {}

/// `lottie-render FILE …`: renders frames to PNG files or to an animated GIF, WebP or APNG.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render frames to PNG, or to an animated GIF, WebP or APNG (the default command).",
        discussion: """
            Frame N is composition time ip+N. Without --frame, every frame of the animation is rendered: as \
            OUT/frame_00000.png, frame_00001.png, … (numbered by output index; frames of an earlier render left in \
            OUT are removed), or as one animated file when -o ends in .gif, .webp or .apng (or --format says so). \
            --frame N writes OUT/frame_0000N.png, or the file -o names.

            --fps F samples output frame k at time ip + k·fr/F instead (GIF: at most 50). --frames A:B keeps output \
            indices A through B. --marker NAME renders that marker's segment; --each-marker writes one output per \
            marker into the -o folder, named after it. Animated files time each frame by rounded cumulative time, \
            so the total equals the segment's duration.

            INPUT - reads the animation from standard input (images next to it are looked up in the current \
            folder); -o - writes one PNG frame or one animated file to standard output.
            """)

    @Argument(help: "A Lottie file (.json, .lottie or .tgs), or - for standard input.")
    var input: String
    @Option(help: "The animation to use from a .lottie file (default: the manifest's first).")
    var animation: String?
    @Option(
        name: .shortAndLong,
        help: "Output: a folder, a .png file for one frame, a .gif/.webp/.apng file, or - for standard output.")
    var output: String = "out"
    @Option(help: "Output format: png, gif, webp, apng (default: from the -o extension, else png).")
    var format: ExportFormat?
    @Option(
        parsing: .unconditional,
        help: "Render only frame N (composition time ip+N; fractional, or a percentage of the last frame: 50%).")
    var frame: String?
    @Option(help: "Output frame rate (default: the animation's own; GIF: at most 50).")
    var fps: Double?
    @Option(help: "Range of output frame indices A:B (inclusive; either end may be left out).")
    var frames: String?
    @Option(help: "Render only the segment of this marker.")
    var marker: String?
    @Flag(help: "Write one output per marker, named after it, into the -o folder.")
    var eachMarker = false
    @OptionGroup var sizeOptions: SizeOptions
    @OptionGroup var player: PlayerOption
    @OptionGroup var imageFit: ImageFitOption
    @OptionGroup var expressions: ExpressionsOption
    @OptionGroup var limits: LimitsOption
    @OptionGroup var fonts: FontsOption
    @OptionGroup var content: ContentOption
    @OptionGroup var outputOptions: OutputOptions
    @Flag(help: "Print no warnings, notes or summary.")
    var quiet = false
    @OptionGroup var jobs: JobsOption

    func validate() throws {
        if marker != nil && eachMarker { throw ValidationError("use --marker or --each-marker, not both") }
        if frame != nil && (marker != nil || eachMarker) {
            throw ValidationError("--frame cannot be combined with markers")
        }
        if frame != nil && frames != nil { throw ValidationError("use --frame or --frames, not both") }
        if let f = frame, parseFrame(f, last: 0) == nil {
            throw ValidationError("--frame takes a frame number (12, 12.5, -5) or a percentage (50%)")
        }
        if output == "-" && eachMarker { throw ValidationError("--each-marker writes several files; give -o a folder") }
        let ext = (output as NSString).pathExtension.lowercased()
        if output != "-", !output.hasSuffix("/"), !ext.isEmpty, ExportFormat(pathExtension: ext) == nil,
            !isFolder(output)
        {
            throw ValidationError(
                "-o \(output): lottie-render writes .png, .gif, .webp and .apng files, or PNG frames into a folder "
                    + "(end the name with / for a folder named \((output as NSString).lastPathComponent))")
        }
        if let f = format, let named = ExportFormat(pathExtension: ext), named != f, !output.hasSuffix("/"),
            !isFolder(output)
        {
            throw ValidationError("--format \(f.rawValue) does not match -o \(output); change one of them")
        }
    }

    /// The format: --format, else the -o extension, else PNG.
    var resolvedFormat: ExportFormat {
        if let f = format { return f }
        if output.hasSuffix("/") { return .png }
        return ExportFormat(pathExtension: (output as NSString).pathExtension) ?? .png
    }

    /// `--frame`: a number, or a percentage of `last`.
    func parseFrame(_ s: String, last: Double) -> Double? {
        let t = s.trimmingCharacters(in: .whitespaces)
        if t.hasSuffix("%") {
            guard let p = Double(t.dropLast()), p >= 0, p <= 100 else { return nil }
            return (last * p / 100).rounded()
        }
        guard let v = Double(t), v.isFinite else { return nil }
        return v
    }

    func run() throws {
        let clock = Stopwatch()
        let anim = expressions.applied(
            to: imageFit.applied(
                to: player.applied(
                    to: try loadAnimation(
                        input, quiet: quiet, animationID: animation, limits: limits.value,
                        fonts: fonts.folders, content: content.overrides()))))
        let source = input == "-" ? "<stdin>" : input
        var warnings = anim.warnings.count
        func warn(_ m: String) {
            warnings += 1
            if !quiet { printError("warning: \(source): \(m)") }
        }
        if !quiet { for n in anim.playerNotes { printError("note: \(source): \(n)") } }
        if !quiet, !anim.evaluatesExpressions, anim.expressionCount > 0 {
            let why = expressions.setting == .off ? "--expressions off" : "--player \(anim.player.rawValue)"
            printError("note: \(source): \(anim.expressionCount) expressions not evaluated (\(why))")
        }
        let (w, h) = try sizeOptions.resolve(compWidth: anim.width, compHeight: anim.height)
        let fmt = resolvedFormat
        // Options that do nothing for this format are named, never silently dropped.
        for name in outputOptions.ignored(for: fmt) {
            warn("\(name) does not apply to \(fmt.rawValue) output; ignored")
        }
        var options = try outputOptions.exportOptions()
        options.width = w; options.height = h; options.jobs = jobs.count
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
        let last = anim.composition.lastFrame
        var single: Double?
        if let text = frame {
            guard let f = parseFrame(text, last: last) else { throw ValidationError("--frame: \(text)") }
            if !(f >= 0 && f <= last) {
                warn("frame \(fmtNumber(f)) is outside the animation's frames 0…\(fmtNumber(last))")
            }
            single = f
        }
        if eachMarker {
            guard !anim.markers.isEmpty else {
                printError("\(source): the animation has no markers"); throw ExitCode(2)
            }
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
            } else if let f = single {
                segments = [(.frame(f), output)]
            } else if let name = marker {
                let plan = try FramePlan(anim, marker: name, fps: rate)
                segments = [(try range.map(plan.restricted) ?? plan, output)]
            } else {
                segments = [(try FramePlan(anim, fps: rate, range: range), output)]
            }
        } catch let e as LottieRenderError {
            printError("\(source): \(e)"); throw ExitCode(2)
        }
        let total = segments.reduce(0) { $0 + $1.plan.times.count } * (fmt == .gif ? 2 : 1)
        let progress = Progress(total: total, label: "render")
        var base = 0
        var written: [String] = []
        for seg in segments {
            let offset = base
            options.progress = { n, _ in progress.update(offset + n) }
            let job = RenderJob(animation: anim, options: options, plan: seg.plan, output: seg.output)
            let result = try job.write(fmt, input: eachMarker ? seg.output : input)
            written += result.paths
            if result.removed > 0 {
                printNote(
                    "note: removed \(plural(result.removed, "frame")) of an earlier render from \(seg.output)",
                    quiet: quiet)
            }
            base += seg.plan.times.count * (fmt == .gif ? 2 : 1)
        }
        progress.finish()
        for w in anim.expressionWarnings { warn(w) }
        if !quiet {
            let frameCount = segments.reduce(0) { $0 + $1.plan.times.count }
            let place =
                output == "-"
                ? "standard output" : written.count == 1 ? written[0] : "\(plural(written.count, "file")) in \(output)"
            printError(
                "rendered \(plural(frameCount, "frame")) at \(w)x\(h) to \(place) in \(clock.text)"
                    + (warnings > 0 ? ", \(plural(warnings, "warning"))" : ""))
        }
    }

    /// File-safe, never empty, unique names for markers (markers may repeat a name or have none).
    func markerFileNames(_ markers: [Marker]) -> [String] {
        var used: Set<String> = []
        return markers.enumerated().map { k, m in
            // Letters, digits, "-" and "_" only (no "/", "..", control characters), at most 100 of them.
            var safe = String(
                m.name.trimmingCharacters(in: .whitespacesAndNewlines).prefix(100)
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

/// A number as text: whole numbers without a decimal point, others to a thousandth (frames, sizes, fps).
func fmtNumber(_ v: Double) -> String { FrameSelection.number(v) }

/// True when `path` is an existing folder.
func isFolder(_ path: String) -> Bool {
    var isDir: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
}
