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
            For every animation found (files, or folders searched for .json, .lottie and .tgs) it writes into -o:
            NAME.gif (or .webp), NAME.poster.png and NAME.sheet.png (N evenly spaced frames on a checkerboard, labelled
            with frame number and time), and index.html, a gallery of all of them. Broken files do not stop the run: they
            are listed at the end and on the page. Exit codes: 0 all rendered, 2 some input was invalid, 1 some output
            could not be written. --shard I/N renders inputs I, I+N, I+2N… (1-based, in sorted order) and names the page
            index-I-of-N.html, so a CI matrix can split a big set.
            """)

    @Argument(help: "Animation files or folders.")
    var inputs: [String]
    @Option(name: .shortAndLong, help: "Output folder.")
    var output: String = "previews"
    @Option(help: "Preview format: gif or webp.")
    var format: String = "gif"
    @Option(help: "Poster frame: a frame number or a percentage (default 50%).")
    var posterFrame: String = "50%"
    @Option(help: "Frames on the contact sheet.")
    var sheetFrames: Int = 12
    @OptionGroup var sizeOptions: SizeOptions
    @OptionGroup var imageFit: ImageFitOption
    @OptionGroup var expressions: ExpressionsOption
    @Option(help: "Preview frame rate (default the animation's, GIF at most 50).")
    var fps: Double?
    @OptionGroup var jobs: JobsOption
    @Option(help: "Render only share I of N (I/N, 1-based).")
    var shard: String?

    func validate() throws {
        if format != "gif" && format != "webp" { throw ValidationError("--format takes gif or webp") }
        if sheetFrames < 1 || sheetFrames > 100 { throw ValidationError("--sheet-frames takes 1…100") }
        if let s = shard, parseShard(s) == nil { throw ValidationError("--shard takes I/N with 1 ≤ I ≤ N") }
        if FrameSelection.parseList(posterFrame) == nil {
            throw ValidationError("--poster-frame takes a number or a percentage")
        }
    }

    func parseShard(_ s: String) -> (Int, Int)? {
        let p = s.split(separator: "/")
        guard p.count == 2, let i = Int(p[0]), let n = Int(p[1]), n >= 1, i >= 1, i <= n else { return nil }
        return (i, n)
    }

    func run() throws {
        var found: [(name: String, file: String)]
        do { found = try collectAnimations(inputs) } catch let e as ToolError {
            printError(e.message); throw ExitCode(e.code)
        }
        var pageName = "index.html"
        if let s = shard, let (i, n) = parseShard(s) {
            found = found.enumerated().filter { $0.offset % n == i - 1 }.map(\.element)
            pageName = "index-\(i)-of-\(n).html"
        }
        do { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) } catch {
            printError("cannot create \(output): \(error.localizedDescription)"); throw ExitCode(1)
        }
        let progress = Progress(total: found.count)
        let me = self, items = found
        let entries = parallelMap(items.count, jobs: jobs.count, state: { () }) { _, k -> (GalleryEntry, Int32) in
            let r = me.preview(items[k].name, items[k].file)
            progress.step(items[k].name, failed: r.0.error != nil)
            return r
        }
        progress.finish()
        let page = GalleryPage.html(title: "lottie-render previews", entries: entries.map(\.0))
        do { try AtomicFile.write(Array(page.utf8), to: (output as NSString).appendingPathComponent(pageName)) } catch {
            printError("cannot write the gallery: \(error)"); throw ExitCode(1)
        }
        let failed = entries.filter { $0.0.error != nil }
        print("\(entries.count - failed.count) of \(entries.count) animations rendered into \(output)/ (\(pageName))")
        if !failed.isEmpty {
            print("failed:")
            for f in failed { print("  \(f.0.name): \(f.0.error ?? "")") }
            throw ExitCode(failed.contains { $0.1 == 2 } ? 2 : 1)
        }
    }

    /// Preview, poster and contact sheet of one animation; the exit code its failure maps to.
    func preview(_ name: String, _ file: String) -> (GalleryEntry, Int32) {
        var e = GalleryEntry(name: name, file: file)
        let anim: LottieDocument
        do { anim = expressions.applied(to: imageFit.applied(to: try LottieDocument(contentsOf: file))) } catch {
            e.error = error.description; return (e, 2)
        }
        let c = anim.composition
        e.width = c.width; e.height = c.height; e.fps = c.frameRate; e.duration = c.duration; e.frames = c.frameCount
        e.unsupported = c.diagnostics.unsupported.sorted()
        do {
            var sized = sizeOptions
            if sized.size == nil && sized.width == nil && sized.height == nil && sized.scale == nil {
                sized.size = "320x320"
            }
            let (w, h) = try sized.resolve(compWidth: c.width, compHeight: c.height)
            func path(_ suffix: String) throws -> (String, String) {
                let rel = name + suffix
                let full = (output as NSString).appendingPathComponent(rel)
                try FileManager.default.createDirectory(
                    atPath: (full as NSString).deletingLastPathComponent,
                    withIntermediateDirectories: true)
                return (rel, full)
            }
            // Animated preview.
            let fmt: ExportFormat = format == "webp" ? .webp : .gif
            var rate = fps
            if fmt == .gif && (fps ?? c.frameRate) > 50 { rate = 50 }
            let plan = try FramePlan(anim, fps: rate)
            let (prel, pfull) = try path("." + fmt.rawValue)
            var options = ExportOptions()
            options.width = w; options.height = h; options.jobs = 1
            try anim.write(plan, to: pfull, as: fmt, options: options)
            e.preview = prel
            // Poster.
            var renderer = FrameRenderer(anim)
            let last = max(0, (c.frameCount - 1e-3).rounded(.up) - 1)
            let pf = FrameSelection.parseList(posterFrame)?.frames(of: c).first ?? (last / 2).rounded()
            let (postRel, postFull) = try path(".poster.png")
            try AtomicFile.write(try PNGCodec.encode(renderer.render(frame: pf, width: w, height: h)), to: postFull)
            e.poster = postRel
            // Contact sheet: N evenly spaced frames, labelled "F12 0.40S".
            let n = min(sheetFrames, Int(last) + 1)
            var cells: [(image: Pixmap, label: String)] = []
            for i in 0..<n {
                let f = n == 1 ? 0 : (last * Double(i) / Double(n - 1)).rounded()
                let t = f / c.frameRate
                cells.append(
                    (renderer.render(frame: f, width: w, height: h), "F\(Int(f)) \(String(format: "%.2f", t))S"))
            }
            let sheet = ContactSheet.make(cells, columns: min(4, n), cellSize: 160)
            let (sRel, sFull) = try path(".sheet.png")
            try AtomicFile.write(try PNGCodec.encode(sheet), to: sFull)
            e.sheet = sRel
            return (e, 0)
        } catch let err as LottieRenderError {
            if case .write = err { e.error = err.description; return (e, 1) }
            e.error = err.description; return (e, 2)
        } catch {
            e.error = "\(error)"; return (e, 1)
        }
    }
}

/// Progress on stderr: a bar redrawn in place on a terminal, plain lines otherwise (CI logs).
final class Progress: Sendable {
    let total: Int
    let done = Mutex(0)
    let tty = isatty(2) != 0
    init(total: Int) { self.total = total }

    func step(_ name: String, failed: Bool) {
        done.withLock { n in
            n += 1
            if tty {
                let width = 30, filled = total > 0 ? n * width / total : width
                let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
                let line = "\r[\(bar)] \(n)/\(total) \(name.prefix(40))"
                FileHandle.standardError.write(Data((line + "\u{1B}[K").utf8))
            } else {
                FileHandle.standardError.write(Data("[\(n)/\(total)] \(failed ? "FAILED" : "ok") \(name)\n".utf8))
            }
        }
    }

    func finish() { if tty { FileHandle.standardError.write(Data("\n".utf8)) } }
}
