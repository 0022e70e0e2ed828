import ArgumentParser
import Codecs
import Foundation
import Lottie
import LottieModel
import Raster

/// Output formats of `render`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case png, gif, webp, apng
    /// Animated formats write one file per segment.
    var animated: Bool { self != .png }
}

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
    var format: OutputFormat?
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
        if frame != nil && (marker != nil || eachMarker) { throw ValidationError("--frame cannot be combined with markers") }
    }

    /// The format: --format, else the -o extension, else PNG.
    var resolvedFormat: OutputFormat {
        if let f = format { return f }
        return OutputFormat(rawValue: (output as NSString).pathExtension.lowercased()) ?? .png
    }

    func run() throws {
        let anim = imageFit.applied(to: try loadAnimation(input, quiet: quiet, animationID: animation))
        let comp = anim.composition
        let (w, h) = try sizeOptions.resolve(compWidth: comp.width, compHeight: comp.height)
        let bg = try background.map(parseColor) ?? 0
        let fmt = resolvedFormat
        var rate = fps
        if fmt == .gif {
            let r = fps ?? comp.frameRate
            if r > 50 {
                if !quiet { printError("note: GIF viewers slow down delays under 2/100 s; \(fmtNumber(r)) fps reduced to 50") }
                rate = 50
            }
        }
        var segments: [(name: String?, start: Double, end: Double)] = []
        if eachMarker {
            guard !comp.markers.isEmpty else { printError("\(input): the animation has no markers"); throw ExitCode(2) }
            segments = comp.markers.map { (Optional($0.name), $0.time - comp.inPoint, $0.time - comp.inPoint + $0.duration) }
        } else if let name = marker {
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let m = comp.markers.first(where: { $0.name == name })
                    ?? comp.markers.first(where: { $0.name.trimmingCharacters(in: .whitespacesAndNewlines) == trimmed }) else {
                let known = comp.markers.map(\.name).joined(separator: ", ")
                printError("\(input): no marker \"\(name)\"" + (known.isEmpty ? "; it has none" : "; markers: \(known)"))
                throw ExitCode(2)
            }
            segments = [(nil, m.time - comp.inPoint, m.time - comp.inPoint + m.duration)]
        } else {
            segments = [(nil, 0, comp.frameCount)]
        }
        if eachMarker {
            do { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) } catch {
                printError("cannot create \(output): \(error.localizedDescription)"); throw ExitCode(1)
            }
        }
        var usedNames: Set<String> = []
        for (segIndex, seg) in segments.enumerated() {
            var plan = try FramePlan(start: seg.start, end: min(seg.end, comp.frameCount), frameRate: comp.frameRate,
                                     fps: rate, single: frame, range: frames)
            if seg.end <= seg.start { plan = FramePlan(times: [seg.start], end: seg.start + 1) }
            var out = output
            if let name = seg.name {
                // File-safe, never empty, unique (markers may repeat a name or have none).
                var safe = String(name.trimmingCharacters(in: .whitespacesAndNewlines)
                    .map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
                if safe.isEmpty { safe = "marker\(segIndex + 1)" }
                var unique = safe, n = 2
                while usedNames.contains(unique) { unique = "\(safe)_\(n)"; n += 1 }
                usedNames.insert(unique)
                safe = unique
                out = (output as NSString).appendingPathComponent(fmt.animated ? "\(safe).\(fmt.rawValue)" : safe)
            }
            let job = RenderJob(animation: anim, width: w, height: h, background: bg, plan: plan,
                                jobs: jobs.count, output: out)
            if fmt.animated {
                var o = GIFOptions()
                o.dither = dither; o.loop = loop; o.alphaThreshold = UInt32(alphaThreshold)
                if background != nil { o.background = bg }
                let m = try parseColor(matte)
                o.matte = m | 0xFF00_0000
                try job.writeAnimated(fmt, gif: o, loop: loop, quality: quality, quiet: quiet, input: seg.name == nil ? input : out)
            } else {
                try job.writePNGs()
            }
        }
    }
}

/// Which frames to render and until when the last one is shown, in frames from the in point.
struct FramePlan {
    /// Sample times, increasing.
    var times: [Double]
    /// Output index of each sample (for file names).
    var indices: [Int]
    /// When the last frame stops showing.
    var end: Double

    init(times: [Double], end: Double) { self.times = times; indices = Array(times.indices); self.end = end }

    /// Samples [start, end) every `frameRate / fps` frames (every frame without `fps`), then applies `--frame` or
    /// `--frames A:B`.
    init(start: Double, end: Double, frameRate: Double, fps: Double?, single: Double?, range: String?) throws {
        if let f = single {
            guard f.isFinite else { throw ValidationError("--frame must be a number") }
            self.init(times: [f], end: f + 1)
            return
        }
        var step = 1.0
        if let f = fps {
            guard f > 0, f.isFinite else { throw ValidationError("--fps must be positive") }
            step = frameRate / f
        }
        var t: [Double] = []
        var k = 0
        // A small tolerance: exporters write op as 60.0000024 for 60 frames.
        while start + Double(k) * step < end - 1e-3 && t.count < 1_000_000 { t.append(start + Double(k) * step); k += 1 }
        if t.isEmpty { t = [start] }
        self.init(times: t, end: max(end, start + step))
        if let r = range {
            let parts = r.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw ValidationError("--frames takes A:B") }
            let a = parts[0].isEmpty ? 0 : Int(parts[0]), b = parts[1].isEmpty ? t.count - 1 : Int(parts[1])
            guard let lo = a, let hi = b, lo >= 0, hi >= lo else { throw ValidationError("--frames takes A:B with 0 ≤ A ≤ B") }
            indices = indices.filter { $0 >= lo && $0 <= hi }
            times = indices.map { t[$0] }
            if hi + 1 < t.count { self.end = t[hi + 1] }
        }
    }

    /// Seconds from the first selected frame at which each frame stops showing.
    func ends(frameRate: Double) -> [Double] {
        guard let first = times.first else { return [] }
        return times.indices.map { k in ((k + 1 < times.count ? times[k + 1] : end) - first) / frameRate }
    }
}

/// A number as text: whole numbers without a decimal point, others with three decimals (frames, sizes, fps).
func fmtNumber(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(format: "%.3f", v)
}
