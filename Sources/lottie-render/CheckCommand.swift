import ArgumentParser
import Foundation
import LottieRender
import LottieRenderSnapshot

/// `lottie-render check`: snapshot tests of animations against baseline PNGs.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compare rendered frames with baseline PNGs (snapshot testing).",
        discussion: """
            Baselines live in BASELINE/NAME/frame_00012.png, NAME being the file's base name, or its path below a folder
            given as input, without extension. A frame passes when its PNG bytes equal the baseline's, or when no more than
            --max-diff-pixels (or --max-diff-ratio of all) pixels differ by more than --threshold (OKLab ΔE, over black and
            over white), not counting pixels explained by an edge moving less than a pixel.
            Exit codes: 0 all pass, 1 differences or new frames, 2 errors (bad input, unreadable baseline).
            """)

    @Argument(help: "Animation files or folders (searched recursively for .json, .lottie and .tgs).")
    var inputs: [String]
    @Option(help: "The animation to use from a .lottie file (default: the manifest's first).")
    var animation: String?
    @Option(help: "Baseline folder.")
    var baseline: String = "snapshots"
    @Option(help: "Frames: numbers and percentages of the last frame, e.g. 0,25%,50%,75%,100% (the default).")
    var frames: String?
    @Option(help: "Every Nth frame instead.")
    var every: Int?
    @Flag(help: "Every keyframe time and layer in/out point.")
    var keyframes = false
    @Flag(help: "Each marker's first, middle and last frame.")
    var markers = false
    @OptionGroup var sizeOptions: SizeOptions
    @OptionGroup var imageFit: ImageFitOption
    @OptionGroup var expressions: ExpressionsOption
    @Option(help: "Background colour; default transparent.")
    var background: String?
    @OptionGroup var comparison: ComparisonOptions
    @Flag(help: "Write missing baselines and rewrite those that differ.")
    var update = false
    @Flag(help: "Write missing baselines; differing ones still fail.")
    var recordMissing = false
    @Option(help: "Write an HTML report (index.html and images) into this folder.")
    var report: String?
    @Option(help: "Write JUnit XML to this file.")
    var junit: String?
    @Flag(help: "Print the results as JSON on stdout.")
    var json = false
    @OptionGroup var jobs: JobsOption

    func validate() throws {
        let modes = [frames != nil, every != nil, keyframes, markers].filter { $0 }.count
        if modes > 1 { throw ValidationError("choose one of --frames, --every, --keyframes, --markers") }
        _ = try frameList(frames)
        if let e = every, e < 1 { throw ValidationError("--every must be at least 1") }
    }

    var selection: FrameSelection {
        if let f = frames, let s = FrameSelection.parseList(f) { return s }
        if let e = every { return .every(e) }
        if keyframes { return .keyframes }
        if markers { return .markers }
        return .standard
    }

    func run() throws {
        let inputsFound: [(name: String, file: String)]
        do { inputsFound = try collectAnimations(inputs) } catch let e as ToolError {
            printError(e.message); throw ExitCode(e.code)
        }
        let bg = try background.map(parseColor)?.premultiplied ?? 0
        var runner = SnapshotRunner(
            baseline: baseline, comparison: comparison, background: bg,
            mode: update ? .update : (recordMissing ? .recordMissing : .check))
        var loaded: [SnapshotRunner.Job] = []
        var results: [AnimationResult] = []
        for (name, file) in inputsFound {
            var r = AnimationResult(name: name, file: file)
            do {
                let anim = expressions.applied(
                    to: imageFit.applied(
                        to: try LottieDocument(
                            contentsOf: file,
                            animationID: (file as NSString).pathExtension.lowercased() == "lottie" ? animation : nil)))
                let (w, h) = try sizeOptions.resolve(compWidth: anim.width, compHeight: anim.height)
                let fs = selection.frames(of: anim.composition)
                loaded.append(.init(animation: anim, result: results.count, width: w, height: h, frames: fs))
            } catch let e as LottieRenderError {
                r.error = e.description
            }
            results.append(r)
        }
        runner.run(loaded, into: &results, jobs: jobs.count, reportDir: report)
        // Expressions that failed while rendering: what was compared is not what lottie-web shows there.
        for job in loaded {
            for w in job.animation.expressionWarnings { printError("warning: \(results[job.result].file): \(w)") }
        }
        var writeFailed = false
        if let dir = report {
            do { try runner.writeReport(results, to: dir) } catch {
                printError("cannot write report in \(dir): \(error)"); writeFailed = true
            }
        }
        if let path = junit {
            do { try AtomicFile.write(Array(JUnitReport.xml(results).utf8), to: path) } catch {
                printError("cannot write \(path): \(error)"); writeFailed = true
            }
        }
        if json { print(CheckJSON.encode(results)) } else { printSummary(results) }
        let errors = results.contains { $0.error != nil || $0.frames.contains { $0.status == .error } }
        if errors || writeFailed { throw ExitCode(2) }
        if results.contains(where: { !$0.passed }) { throw ExitCode(1) }
    }

    func printSummary(_ results: [AnimationResult]) {
        var counts: [FrameStatus: Int] = [:]
        for a in results {
            if let e = a.error { print("ERROR  \(a.name): \(e)"); continue }
            for f in a.frames { counts[f.status, default: 0] += 1 }
            let bad = a.frames.filter { $0.status != .identical && $0.status != .similar }
            if bad.isEmpty { print("ok     \(a.name) (\(a.frames.count) frames)"); continue }
            for f in bad {
                var line =
                    "\(f.status.rawValue.uppercased().padding(toLength: 6, withPad: " ", startingAt: 0)) \(a.name)/\(f.name)"
                if let m = f.message { line += ": \(m)" }
                print(line)
            }
        }
        let order: [FrameStatus] = [.identical, .similar, .changed, .new, .recorded, .updated, .error]
        let parts = order.compactMap { s in counts[s].map { "\($0) \(s.rawValue)" } }
        let failedAnims = results.filter { !$0.passed }.count
        print(
            "\(results.count) animations, \(parts.joined(separator: ", "))"
                + (failedAnims > 0 ? "; \(failedAnims) failed" : ""))
    }
}
