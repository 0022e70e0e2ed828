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
            Baselines live in BASELINE/NAME/frame_00012.png, NAME being the file's path relative to --root (the \
            current folder unless given) without extension, however the path was spelled: `check ui/` and `check \
            ui/x.json` both use BASELINE/ui/x. Each animation of a .lottie holding several is NAME@ID. With \
            --player P (other than full) they live in BASELINE/@P/NAME: each player has its own baselines. A frame passes \
            when its PNG bytes equal the baseline's, or when no more than --max-diff-pixels (or --max-diff-ratio of \
            all) pixels differ by more than --threshold (OKLab ΔE, over black and over white), not counting pixels \
            explained by an edge moving less than a pixel.

            Warnings (missing images, font fallbacks, unsupported features, failed expressions, frames past the end) \
            are printed and written to --json, --junit (system-err) and --report; --strict makes them failures. \
            Baselines under a folder given as input whose animation no longer exists are reported as stale; \
            --update removes them.

            Settings come from the command line, then lottie-render.json (found in the current folder or above, or \
            --config FILE; its keys are these options' long names, its paths relative to its folder, names relative \
            to its folder unless it gives root), then the defaults. Recording writes BASELINE/settings.json; a later \
            run whose size, background, image fit, expressions, fonts or root differ from it stops with the setting \
            named (exit 2) instead of failing every frame, and without --root names are relative to the recorded root.

            Exit codes: 0 all pass, 1 differences, new frames (or warnings and stale baselines with --strict), \
            2 errors (bad input, unreadable baseline, an output that cannot be written).
            """)

    @Argument(
        help:
            "Animation files or folders (searched recursively for .json, .lottie and .tgs); - reads one animation from standard input. Default: the project file's inputs."
    )
    var inputs: [String] = []
    @Option(help: "Project settings from this file instead of lottie-render.json in the current folder or above.")
    var config: String?
    @Flag(help: "Ignore lottie-render.json.")
    var noConfig = false
    @Option(help: "The baseline name of the animation read from standard input (-).")
    var stdinName: String = "stdin"
    @Option(help: "Only this animation of .lottie files (default: every animation they hold).")
    var animation: String?
    @Option(help: "Baseline folder (default: snapshots).")
    var baseline: String?
    /// The baseline folder.
    var baselineFolder: String { baseline ?? "snapshots" }
    @Option(help: "The folder that baseline names are relative to (default: the current folder).")
    var root: String?
    @Flag(help: "Fail on warnings and stale baselines too.")
    var strict = false
    @Option(help: "Frames: numbers and percentages of the last frame (default: 0,25%,50%,75%,100%).")
    var frames: String?
    @Option(help: "Every Nth frame instead.")
    var every: Int?
    @Flag(help: "Every keyframe time and layer in/out point.")
    var keyframes = false
    @Flag(help: "Each marker's first, middle and last frame.")
    var markers = false
    @OptionGroup var sizeOptions: SizeOptions
    @OptionGroup var playerOptions: PlayersOption
    var players: [Player] { playerOptions.players }
    var androidMergePaths: Bool { playerOptions.androidMergePaths }
    @OptionGroup var imageFit: ImageFitOption
    @OptionGroup var expressions: ExpressionsOption
    @OptionGroup var limits: LimitsOption
    @OptionGroup var fonts: FontsOption
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
    @OptionGroup var shardOption: ShardOption

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

    mutating func run() throws {
        let clock = Stopwatch()
        // Settings: the command line, then the project file, then the defaults; then what the baselines were
        // recorded with, compared before anything is rendered.
        do {
            try applyProject()
            try checkRecordedSettings()
        } catch let e as ProjectFileError {
            printError(e.description)
            throw ExitCode(2)
        }
        if inputs.isEmpty {
            throw ValidationError(
                "give animation files or folders, or run where a lottie-render.json names them (README: project file)")
        }
        // "-": one animation from standard input, named --stdin-name; its images are looked up in the current folder.
        let stdinData = inputs.contains("-") ? FileHandle.standardInput.readDataToEndOfFile() : nil
        if let d = stdinData, d.isEmpty {
            try fail(.unreadable(file: "<stdin>", reason: "standard input is empty"))
        }
        let files = inputs.filter { $0 != "-" }
        var all = files.isEmpty ? [] : try animationInputs(files, root: root, only: animation)
        if stdinData != nil {
            guard !all.contains(where: { $0.name == stdinName }) else {
                try fail(
                    .badRequest(
                        reason: "standard input's name \"\(stdinName)\" is an input's name too; give --stdin-name"))
            }
            all.append(AnimationInput(name: safeFileName(stdinName), file: "-", animationID: animation))
            all.sort { $0.name < $1.name }
        }
        let found = try shardOption.select(all)
        let shard = try shardOption.label()
        // More shards than animations: this one has nothing to do, and the other shards check them all. It still
        // writes its (empty) outputs, so that `merge` sees every shard.
        let emptyShard = found.isEmpty && shard != nil
        if emptyShard, let shard {
            printError("note: shard \(shard) holds none of the \(plural(all.count, "animation")); nothing to check")
        }
        let bg = try background.map(parseColor)?.premultiplied ?? 0
        // Outputs are checked before anything is rendered, so a bad path fails at once with a reason.
        do {
            if let dir = report { try AtomicFile.makeFolder(dir) }
            if let path = junit {
                let dir = parentPath(path)
                if !dir.isEmpty {
                    do { try AtomicFile.makeFolder(dir) } catch {
                        if case .write(_, let reason) = error {
                            throw LottieRenderError.write(path: path, reason: reason)
                        }
                        throw error
                    }
                }
                if isFolder(path) { throw LottieRenderError.write(path: path, reason: "is a folder") }
            }
        } catch let e as LottieRenderError { try fail(e) }
        // Each player is checked against its own baselines; with several, results are named NAME @PLAYER and each
        // player's report goes to REPORT/@PLAYER.
        let checked =
            players.isEmpty ? [Player.full] : players.reduce(into: [Player]()) { if !$0.contains($1) { $0.append($1) } }
        var results: [AnimationResult] = []
        var stale: [String] = []
        var writeFailed = false
        for p in checked {
            let tag = checked.count > 1 ? " @" + p.rawValue : ""
            let reportDir = report.map {
                checked.count > 1 ? ($0 as NSString).appendingPathComponent("@" + p.rawValue) : $0
            }
            let (r, s, failedWrite) = check(
                found, among: all, as: p, background: bg, reportDir: reportDir, stdin: stdinData, shard: shard)
            results += r.map {
                var a = $0; a.name += tag; return a
            }
            stale += s.map { $0 + tag }
            writeFailed = writeFailed || failedWrite
        }
        recordSettings()
        if let path = junit {
            do { try AtomicFile.write(Array(JUnitReport.xml(results, shard: shard).utf8), to: path) } catch {
                printError(error.description); writeFailed = true
            }
        }
        if json {
            print(CheckJSON.encode(results, staleBaselines: update ? [] : stale, shard: shard))
        } else {
            printSummary(results, stale: stale, time: clock.text)
        }
        // The first run of a suite: every frame is new. Say how to record them.
        let newFrames = results.reduce(0) { $0 + $1.frames.filter { $0.status == .new }.count }
        if newFrames > 0 { printError(newFramesHint(newFrames)) }
        let errors = results.contains { $0.error != nil || $0.frames.contains { $0.status == .error } }
        if errors || writeFailed { throw ExitCode(2) }
        if emptyShard { return }
        // A run that compared no frame at all checked nothing: never a pass.
        if results.allSatisfy({ $0.frames.isEmpty }) {
            printError("nothing was checked: no frame of any animation was selected")
            throw ExitCode(2)
        }
        if results.contains(where: { !$0.passed }) || (strict && !update && !stale.isEmpty) { throw ExitCode(1) }
    }

    /// Checks the animations `found` (this shard's share of `all`) as player `p` draws them against `BASELINE` (or
    /// `BASELINE/@P`): the results, the stale baselines, and whether the report failed to be written.
    func check(
        _ found: [AnimationInput], among all: [AnimationInput], as p: Player, background bg: UInt32,
        reportDir: String?, stdin: Data? = nil, shard: String? = nil
    ) -> ([AnimationResult], [String], Bool) {
        var runner = SnapshotRunner(
            baseline: baselineRoot(p), comparison: comparison, background: bg,
            mode: update ? .update : (recordMissing ? .recordMissing : .check))
        var loaded: [SnapshotRunner.Job] = []
        var results: [AnimationResult] = []
        for input in found {
            var r = AnimationResult(name: input.name, file: input.file)
            r.strict = strict
            do {
                var doc =
                    try input.file == "-"
                    ? LottieDocument(
                        bytes: [UInt8](stdin ?? Data()), name: "<stdin>",
                        searchPaths: [FileManager.default.currentDirectoryPath], animationID: input.animationID,
                        limits: limits.value, fontFolders: fonts.folders)
                    : LottieDocument(
                        contentsOf: input.file, animationID: input.animationID, limits: limits.value,
                        fontFolders: fonts.folders)
                doc.draw(as: p, androidMergePaths: androidMergePaths)
                let anim = expressions.applied(to: imageFit.applied(to: doc))
                let (w, h) = try sizeOptions.resolve(compWidth: anim.width, compHeight: anim.height)
                let fs = selection.frames(of: anim.builder.bound)
                r.warnings = anim.warnings + selection.clampWarnings(of: anim.composition)
                if case .markers = selection, anim.composition.markers.isEmpty {
                    r.warnings.append("--markers: the animation has no markers, so no frame of it was checked")
                }
                r.notes = anim.playerNotes
                loaded.append(.init(animation: anim, result: results.count, width: w, height: h, frames: fs))
            } catch let e as LottieRenderError {
                r.error = cliWording(e.description)
            } catch {
                r.error = "\(error)"
            }
            results.append(r)
        }
        let progress = Progress(total: loaded.reduce(0) { $0 + $1.frames.count }, label: "check")
        runner.run(loaded, into: &results, jobs: jobs.count, reportDir: reportDir, progress: progress)
        progress.finish()
        // Expressions that failed while rendering: what was compared is not what lottie-web shows there.
        for job in loaded { results[job.result].warnings += job.animation.expressionWarnings }
        // Stale: no animation of the whole run has them (another shard's animations are not stale).
        let stale = staleBaselines(all, player: p)
        if update { runner.prune(stale) }
        var writeFailed = false
        if let dir = reportDir {
            do {
                try AtomicFile.makeFolder(dir)
                try runner.writeReport(results, to: dir, shard: shard)
            } catch {
                printError("cannot write report in \(dir): \(error)"); writeFailed = true
            }
        }
        return (results, stale, writeFailed)
    }

    /// Where player `p`'s baselines live: BASELINE, or BASELINE/@P for `--player P`.
    func baselineRoot(_ p: Player) -> String {
        p == .full ? baselineFolder : (baselineFolder as NSString).appendingPathComponent("@" + p.rawValue)
    }

    /// Baseline folders under the folders given as inputs whose animation is not among those found: the
    /// animation was deleted or renamed. Files given alone put no folder in scope.
    func staleBaselines(_ found: [AnimationInput], player: Player) -> [String] {
        let baselineRoot = baselineRoot(player)
        let rootPath = canonicalPath(root ?? FileManager.default.currentDirectoryPath)
        let names = Set(found.map(\.name))
        var scopes: [String] = []
        for i in inputs where isFolder(i) {
            let c = canonicalPath(i)
            if c == rootPath {
                scopes.append("")
            } else if c.hasPrefix(rootPath + "/") {
                scopes.append(String(c.dropFirst(rootPath.count + 1)))
            }
        }
        var stale: Set<String> = []
        let fm = FileManager.default
        for scope in scopes {
            let dir = scope.isEmpty ? baselineRoot : (baselineRoot as NSString).appendingPathComponent(scope)
            guard let e = fm.enumerator(atPath: dir) else { continue }
            while let rel = e.nextObject() as? String {
                guard isFrameFileName((rel as NSString).lastPathComponent) else { continue }
                let folder = parentPath(rel)
                // BASELINE/@P/ holds another player's baselines.
                if scope.isEmpty, player == .full, rel.hasPrefix("@") { continue }
                let name = scope.isEmpty ? folder : (folder.isEmpty ? scope : scope + "/" + folder)
                if !folder.isEmpty || !scope.isEmpty, !names.contains(name) { stale.insert(name) }
            }
        }
        return stale.sorted()
    }

    func printSummary(_ results: [AnimationResult], stale: [String], time: String) {
        var counts: [FrameStatus: Int] = [:]
        var warningCount = 0
        for a in results {
            if let e = a.error { print("ERROR  \(a.name): \(e)"); continue }
            for f in a.frames { counts[f.status, default: 0] += 1 }
            warningCount += a.warnings.count
            let bad = a.frames.filter { $0.status != .identical && $0.status != .similar }
            if bad.isEmpty && a.warnings.isEmpty { print("ok     \(a.name) (\(plural(a.frames.count, "frame")))") }
            for f in bad {
                var line =
                    "\(f.status.rawValue.uppercased().padding(toLength: 6, withPad: " ", startingAt: 0)) \(a.name)/\(f.name)"
                if let m = f.message { line += ": \(m)" }
                print(line)
            }
            for w in a.warnings { print("WARN   \(a.name): \(w)") }
            for n in a.notes { print("NOTE   \(a.name): \(n)") }
        }
        for s in stale {
            print(
                update
                    ? "PRUNED \(s): baselines of an animation that no longer exists were removed"
                    : "STALE  \(s): baselines of an animation that no longer exists (--update removes them)")
        }
        let order: [FrameStatus] = [.identical, .similar, .changed, .new, .recorded, .updated, .error]
        // "2 errors", not "2 error"; the other statuses read as adjectives ("3 identical").
        var parts = order.compactMap { s in counts[s].map { s == .error ? plural($0, "error") : "\($0) \(s.rawValue)" }
        }
        if warningCount > 0 { parts.append(plural(warningCount, "warning") + (strict ? " (failing: --strict)" : "")) }
        if !stale.isEmpty {
            parts.append("\(stale.count) stale baseline\(stale.count == 1 ? "" : "s")\(update ? " pruned" : "")")
        }
        let failedAnims = results.filter { !$0.passed }.count
        print(
            "\(plural(results.count, "animation"))" + (parts.isEmpty ? "" : ", " + parts.joined(separator: ", "))
                + (failedAnims > 0 ? "; \(failedAnims) failed" : "") + " in \(time)")
    }
}
