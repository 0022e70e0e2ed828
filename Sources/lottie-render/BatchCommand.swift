import ArgumentParser
import Foundation
import LottieRender
import LottieRenderSnapshot
import Synchronization

/// `lottie-render batch`: previews of a whole folder of animations for designers.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Render previews, posters and contact sheets for many animations, with a gallery page.",
        discussion: """
            For every animation found (files, or folders searched for .json, .lottie and .tgs; every animation of a \
            .lottie) it writes into -o: NAME.gif (or .webp), fitted within 640x320 keeping its shape unless a size \
            option is given; NAME.poster.png, large (within 1024x1024); NAME.sheet.png (N evenly spaced frames on a \
            checkerboard, labelled with frame number and time); and index.html, a gallery of all of them, where a \
            click opens an animation large with its warnings. NAME is the file's path relative to --root (the \
            current folder unless given), without extension.

            Broken files do not stop the run: they are listed at the end and on the page, as are warnings (missing \
            images, font fallbacks, unsupported features). Exit codes: 0 all rendered, 2 some input was invalid, 1 \
            some output could not be written. --shard I/N renders inputs I, I+N, I+2N… (1-based, sorted by name) \
            and names the page index-I-of-N.html, so a CI matrix can split a big set.
            """)

    @Argument(help: "Animation files or folders.")
    var inputs: [String]
    @Option(name: .shortAndLong, help: "Output folder.")
    var output: String = "previews"
    @Option(help: "Preview format: gif or webp.")
    var format: String = "gif"
    @Option(help: "Poster frame: a frame number or a percentage.")
    var posterFrame: String = "50%"
    @Option(help: "The folder that output names are relative to (default: the current folder).")
    var root: String?
    @Option(help: "Only this animation of .lottie files (default: every animation they hold).")
    var animation: String?
    @Option(help: "Frames on the contact sheet.")
    var sheetFrames: Int = 12
    @OptionGroup var sizeOptions: SizeOptions
    @OptionGroup var player: PlayerOption
    @OptionGroup var imageFit: ImageFitOption
    @OptionGroup var expressions: ExpressionsOption
    @OptionGroup var limits: LimitsOption
    @OptionGroup var fonts: FontsOption
    @OptionGroup var content: ContentOption
    @OptionGroup var outputOptions: OutputOptions
    @Option(help: "Preview frame rate (default: the animation's; GIF: at most 50).")
    var fps: Double?
    @OptionGroup var jobs: JobsOption
    @OptionGroup var shardOption: ShardOption

    func validate() throws {
        if format != "gif" && format != "webp" { throw ValidationError("--format takes gif or webp") }
        if sheetFrames < 1 || sheetFrames > 100 { throw ValidationError("--sheet-frames takes 1…100") }
        if FrameSelection.parseList(posterFrame) == nil {
            throw ValidationError("--poster-frame takes a number or a percentage")
        }
    }

    func run() throws {
        let clock = Stopwatch()
        var found: [AnimationInput]
        found = try animationInputs(inputs, root: root, only: animation)
        let shard = try shardOption.label()
        found = try shardOption.select(found)
        let pageFile = pageName(shard: shard)
        do { try AtomicFile.makeFolder(output) } catch let e { try fail(e) }
        let fmt: ExportFormat = format == "webp" ? .webp : .gif
        for name in outputOptions.ignored(for: fmt) {
            printError("warning: \(name) does not apply to \(fmt.rawValue) previews; ignored")
        }
        let progress = Progress(total: found.count, label: "batch", lines: true)
        let me = self, items = found
        let entries = parallelMap(items.count, jobs: jobs.count, state: { () }) { _, k -> (GalleryEntry, Int32) in
            let r = me.preview(items[k])
            progress.step(items[k].name, failed: r.0.error != nil)
            return r
        }
        progress.finish()
        // The page, and the data `merge` joins the shards' pages from.
        let data = GalleryData(title: "lottie-render previews", shard: shard, entries: entries.map(\.0))
        do { try writeGallery(data, to: output) } catch {
            printError("\(error)"); throw ExitCode(1)
        }
        let failed = entries.filter { $0.0.error != nil }
        let warned = entries.filter { !$0.0.warnings.isEmpty }
        for (e, _) in warned {
            for w in e.warnings { print("warning: \(e.name): \(w)") }
        }
        print(
            "\(entries.count - failed.count) of \(plural(entries.count, "animation")) rendered into \(output)/ "
                + "(\(pageFile)) in \(clock.text)"
                + (warned.isEmpty ? "" : "; \(warned.count) with warnings"))
        if !failed.isEmpty {
            print("failed:")
            for f in failed { print("  \(f.0.name): \(f.0.error ?? "")") }
            throw ExitCode(failed.contains { $0.1 == 2 } ? 2 : 1)
        }
    }

    /// Pixel size of the gallery preview: the user's size options, else the composition fitted within 640×320
    /// keeping its shape (a 1820×275 banner previews at 640×97, not as a strip in a square).
    func previewSize(_ w: Double, _ h: Double) throws -> (Int, Int) {
        guard sizeOptions.isEmpty else { return try sizeOptions.resolve(compWidth: w, compHeight: h) }
        return fitted(w, h, within: 640, 320)
    }

    /// `w`×`h` scaled to fit within `bw`×`bh`, at least 1 pixel a side.
    func fitted(_ w: Double, _ h: Double, within bw: Double, _ bh: Double) -> (Int, Int) {
        let s = min(bw / w, bh / h)
        return (max(1, Int((w * s).rounded())), max(1, Int((h * s).rounded())))
    }

    /// Preview, poster and contact sheet of one animation; the exit code its failure maps to.
    func preview(_ input: AnimationInput) -> (GalleryEntry, Int32) {
        let name = input.name
        var e = GalleryEntry(name: name, file: input.file)
        let anim: LottieDocument
        do {
            anim = expressions.applied(
                to: imageFit.applied(
                    to: player.applied(
                        to: try LottieDocument(
                            contentsOf: input.file, animationID: input.animationID, limits: limits.value,
                            fontFolders: fonts.folders, content: (try? content.overrides()) ?? ContentOverrides())
                    )))
        } catch {
            e.error = cliWording(error.description); return (e, 2)
        }
        e.warnings = anim.warnings
        e.notes = anim.playerNotes
        e.compatibilityBasis = InfoCommand.basisLine
        e.compatibility = anim.compatibility().map {
            CompatibilityLine(players: $0.players.map(\.rawValue), line: InfoCommand.text($0))
        }
        let c = anim.composition
        e.width = c.width; e.height = c.height; e.fps = c.frameRate; e.duration = c.duration; e.frames = c.frameCount
        e.unsupported = c.diagnostics.unsupported.sorted()
        do {
            let (w, h) = try previewSize(c.width, c.height)
            func path(_ suffix: String) -> (String, String) {
                let rel = name + suffix
                return (rel, (output as NSString).appendingPathComponent(rel))
            }
            // Animated preview.
            let fmt: ExportFormat = format == "webp" ? .webp : .gif
            var rate = fps
            if fmt == .gif && (fps ?? c.frameRate) > 50 { rate = 50 }
            let plan = try FramePlan(anim, fps: rate)
            let (prel, pfull) = path("." + fmt.rawValue)
            var options = try outputOptions.exportOptions()
            options.width = w; options.height = h; options.jobs = 1
            try anim.write(plan, to: pfull, as: fmt, options: options)
            e.preview = prel
            // Poster, large: what the gallery's enlarged view shows.
            var renderer = FrameRenderer(anim)
            let last = c.lastFrame
            let pf = FrameSelection.parseList(posterFrame)?.frames(of: anim.builder.bound).first ?? (last / 2).rounded()
            let (postRel, postFull) = path(".poster.png")
            let (lw, lh) = fitted(c.width, c.height, within: 1024, 1024)
            try AtomicFile.write(
                try PNGCodec.encode(try renderer.renderShared(frame: pf, width: lw, height: lh)), to: postFull)
            e.poster = postRel
            // Contact sheet: N evenly spaced frames, labelled "F12 0.40S".
            let n = min(sheetFrames, Int(last) + 1)
            var cells: [(image: Pixmap, label: String)] = []
            for i in 0..<n {
                let f = n == 1 ? 0 : (last * Double(i) / Double(n - 1)).rounded()
                let t = f / c.frameRate
                cells.append(
                    (try renderer.render(frame: f, width: w, height: h), "F\(Int(f)) \(String(format: "%.2f", t))S"))
            }
            let sheet = ContactSheet.make(cells, columns: min(4, n), cellSize: 160)
            let (sRel, sFull) = path(".sheet.png")
            try AtomicFile.write(try PNGCodec.encode(sheet), to: sFull)
            e.sheet = sRel
            e.warnings += anim.expressionWarnings
            return (e, 0)
        } catch let err as LottieRenderError {
            if case .write = err { e.error = cliWording(err.description); return (e, 1) }
            e.error = cliWording(err.description); return (e, 2)
        } catch {
            e.error = "\(error)"; return (e, 1)
        }
    }
}
