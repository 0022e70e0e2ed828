import ArgumentParser
import Foundation
import LottieRender
import LottieRenderSnapshot

/// `lottie-render diff OLD NEW`: what changed between two versions of an animation.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two versions of an animation.",
        discussion: """
            Renders both at the same times and size (--size, else OLD's size; NEW is fitted into it) and reports \
            changes of size, frame rate and duration, and the frames and regions that differ. Exit codes: 0 \
            identical (within the threshold), 1 different, 2 errors.

            `diff FILE --player A --player B` compares one animation as two players draw it ("will Android look like \
            iOS?"): A takes OLD's place, B NEW's. With two files, one --player draws both as that player.
            """)

    @Argument(help: "The old version (or the one animation, with two --player).")
    var old: String
    @Argument(help: "The new version.")
    var new: String?
    @OptionGroup var playerOptions: PlayersOption
    var players: [Player] { playerOptions.players }
    var androidMergePaths: Bool { playerOptions.androidMergePaths }
    @Option(help: "The animation to use from a .lottie file (default: the manifest's first).")
    var animation: String?
    @Option(help: "Frames to compare: numbers and percentages of OLD's last frame; default every frame.")
    var frames: String?
    @Option(help: "Compare every Nth frame.")
    var every: Int = 1
    @OptionGroup var sizeOptions: SizeOptions
    @OptionGroup var imageFit: ImageFitOption
    @OptionGroup var expressions: ExpressionsOption
    @OptionGroup var limits: LimitsOption
    @OptionGroup var fonts: FontsOption
    @OptionGroup var comparison: ComparisonOptions
    @Option(help: "Write an HTML report with a contact sheet of the differences into this folder.")
    var report: String?
    @Flag(help: "Print the results as JSON on stdout.")
    var json = false
    @OptionGroup var jobs: JobsOption

    func validate() throws {
        if every < 1 { throw ValidationError("--every must be at least 1") }
        if new == nil && players.count != 2 {
            throw ValidationError("give two animations, or one animation and two --player to compare")
        }
        if new != nil && players.count > 1 { throw ValidationError("two --player compare one animation, not two") }
        _ = try frameList(frames)
    }

    func run() throws {
        let clock = Stopwatch()
        if let dir = report {
            do { try AtomicFile.makeFolder(dir) } catch let e { try fail(e) }
        }
        func load(_ path: String, as player: Player) throws -> LottieDocument {
            var d = try loadAnimation(
                path, quiet: true, animationID: animation, limits: self.limits.value, fonts: fonts.folders)
            d.draw(as: player, androidMergePaths: androidMergePaths)
            return expressions.applied(to: imageFit.applied(to: d))
        }
        let a = try load(old, as: players.first ?? .full)
        let b = try load(new ?? old, as: players.last ?? .full)
        let notes = DiffCommand.metadataNotes(a.composition, b.composition)
        let (w, h) = try sizeOptions.resolve(compWidth: a.width, compHeight: a.height)
        let lastA = a.composition.lastFrame, lastB = b.composition.lastFrame
        let times: [Double]
        if let f = frames, let sel = FrameSelection.parseList(f) {
            times = sel.frames(of: a.builder.bound)
        } else {
            times = stride(from: 0.0, through: max(lastA, lastB), by: Double(every)).map { $0 }
        }
        let options = comparison.diffOptions, limits = comparison, keepImages = report != nil
        struct Item: Sendable {
            var result: FrameResult; var diff: Pixmap?; var old: Pixmap?; var new: Pixmap?
            var error: LottieRenderError?
        }
        let progress = Progress(total: times.count, label: "diff")
        let items = parallelMap(times.count, jobs: jobs.count, state: { (FrameRenderer(a), FrameRenderer(b)) }) {
            r, k -> Item in
            let t = times[k]
            defer { progress.step() }
            var res = FrameResult(name: FrameSelection.fileName(t), frame: t, status: .identical)
            let pa: Pixmap, pb: Pixmap
            do throws(LottieRenderError) {
                pa = try r.0.renderShared(frame: t, width: w, height: h)
                pb = try r.1.renderShared(frame: t, width: w, height: h)
            } catch { return Item(result: res, error: error) }
            res.pixels = w * h
            if pa.pixels == pb.pixels { return Item(result: res) }
            guard let c = ImageDiff.compare(pa, pb, options: options) else { return Item(result: res) }
            res.differing = c.differing; res.antiAliased = c.antiAliased; res.maxDelta = c.maxDelta;
            res.regions = c.regions
            if c.differing <= limits.allowed(pixels: res.pixels) { res.status = .similar; return Item(result: res) }
            res.status = .changed
            if t > lastA { res.message = "only in NEW (after OLD's last frame)" }
            if t > lastB { res.message = "only in OLD (after NEW's last frame)" }
            return keepImages
                ? Item(result: res, diff: ImageDiff.diffImage(baseline: pa, comparison: c), old: pa, new: pb)
                : Item(result: res)
        }
        progress.finish()
        if let error = items.compactMap(\.error).first { try fail(error) }
        let changed = items.filter { $0.result.status == .changed }
        let (nameA, nameB) =
            new.map { (old, $0) } ?? ("\(old) as \(players[0].rawValue)", "as \(players[1].rawValue)")
        var anim = AnimationResult(name: "\(nameA) → \(nameB)", file: "\(nameA) vs \(nameB)")
        anim.frames = items.map(\.result)
        // Two players of one file: the compat findings that concern either, on screen where frames differ.
        let why = new == nil ? DiffCommand.explanations(a, players: players, changed: changed.map(\.result.frame)) : []
        if json {
            print(DiffCommand.json(notes: notes, anim: anim, width: w, height: h, why: why))
        } else {
            for n in notes { print("note: \(n)") }
            if changed.isEmpty {
                print(
                    notes.isEmpty
                        ? "identical: \(plural(times.count, "frame")) compared at \(w)x\(h) in \(clock.text)"
                        : "frames identical (\(times.count) compared at \(w)x\(h) in \(clock.text)), "
                            + "but the notes above differ")
            } else {
                print("\(changed.count) of \(plural(times.count, "frame")) differ at \(w)x\(h) (in \(clock.text)):")
                for line in DiffCommand.ranges(changed.map(\.result)) { print("  \(line)") }
                if !why.isEmpty { print("where the players draw the file otherwise, on those frames:") }
                for i in why { print("  " + InfoCommand.text(i)) }
            }
        }
        if let dir = report {
            do {
                try writeReport(
                    dir, notes: notes, anim: &anim, items: items.map { ($0.result, $0.diff, $0.old, $0.new) },
                    why: why, captions: new == nil ? (players[0].rawValue, players[1].rawValue) : (old, new ?? ""))
            } catch {
                printError("cannot write report in \(dir): \(error)"); throw ExitCode(1)
            }
        }
        if !changed.isEmpty || !notes.isEmpty { throw ExitCode(1) }
    }

    /// Differences in size, frame rate, duration, layers and markers.
    static func metadataNotes(_ a: Composition, _ b: Composition) -> [String] {
        var n: [String] = []
        func f(_ v: Double) -> String {
            var s = String(format: "%.3f", v)
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
            return s
        }
        if a.width != b.width || a.height != b.height {
            n.append("size \(f(a.width))x\(f(a.height)) → \(f(b.width))x\(f(b.height))")
        }
        if a.frameRate != b.frameRate { n.append("frame rate \(f(a.frameRate)) → \(f(b.frameRate)) fps") }
        if a.inPoint != b.inPoint || a.outPoint != b.outPoint {
            n.append("frames \(f(a.inPoint))–\(f(a.outPoint)) → \(f(b.inPoint))–\(f(b.outPoint))")
        }
        if abs(a.duration - b.duration) > 1e-9 { n.append("duration \(f(a.duration)) s → \(f(b.duration)) s") }
        if a.layers.count != b.layers.count { n.append("top-level layers \(a.layers.count) → \(b.layers.count)") }
        let ma = a.markers.map(\.name), mb = b.markers.map(\.name)
        if ma != mb || a.markers != b.markers {
            n.append("markers [\(ma.joined(separator: ", "))] → [\(mb.joined(separator: ", "))]")
        }
        return n
    }

    /// Consecutive changed frames grouped: "frames 10–24: 1200 px max, region 40×30 at 100,20".
    static func ranges(_ frames: [FrameResult]) -> [String] {
        var out: [String] = []
        var i = 0
        while i < frames.count {
            var j = i
            while j + 1 < frames.count && frames[j + 1].frame - frames[j].frame <= 1.0001 { j += 1 }
            let group = frames[i...j]
            let worst = group.max { $0.differing < $1.differing } ?? frames[i]
            let span =
                i == j
                ? "frame \(fmtNumber(frames[i].frame))"
                : "frames \(fmtNumber(frames[i].frame))–\(fmtNumber(frames[j].frame))"
            var line = "\(span): up to \(worst.differing) pixels"
            if let r = worst.regions.first { line += ", largest region \(r.width)×\(r.height) at \(r.x0),\(r.y0)" }
            if worst.regions.count > 1 { line += " (+\(worst.regions.count - 1) more)" }
            if let m = worst.message { line += "; \(m)" }
            out.append(line)
            i = j + 1
        }
        return out
    }

    /// The compat findings of `doc` that concern one of `players`, on screen at one of the `changed` frames.
    static func explanations(_ doc: LottieDocument, players: [Player], changed: [Double]) -> [CompatibilityIssue] {
        guard !changed.isEmpty else { return [] }
        let frames = changed.map { Int($0.rounded(.down)) }
        return doc.compatibility().filter { i in
            i.players.contains { players.contains($0) } && i.frames.contains { r in frames.contains { r.contains($0) } }
        }
    }

    static func json(
        notes: [String], anim: AnimationResult, width: Int, height: Int, why: [CompatibilityIssue] = []
    ) -> String {
        let changed = anim.frames.filter { $0.status == .changed }.count
        let compat = why.map { i in
            "{\"feature\":\(CheckJSON.quote(i.feature)),\"title\":\(CheckJSON.quote(i.title)),\"consequence\":"
                + "\(CheckJSON.quote(i.consequence)),\"players\":["
                + i.players.map { CheckJSON.quote($0.rawValue) }.joined(separator: ",") + "]}"
        }
        return "{\"identical\":\(changed == 0 && notes.isEmpty),\"width\":\(width),\"height\":\(height),"
            + "\"compat\":[" + compat.joined(separator: ",") + "],"
            + "\"notes\":[" + notes.map(CheckJSON.quote).joined(separator: ",") + "],"
            + "\"frames_compared\":\(anim.frames.count),\"frames_changed\":\(changed),\"result\":"
            + CheckJSON.encode([anim]) + "}"
    }

    func writeReport(
        _ dir: String, notes: [String], anim: inout AnimationResult,
        items: [(FrameResult, Pixmap?, Pixmap?, Pixmap?)], why: [CompatibilityIssue] = [],
        captions: (String, String) = ("old", "new")
    ) throws {
        var cells: [(image: Pixmap, label: String)] = []
        for (k, item) in items.enumerated() {
            guard let d = item.1, let o = item.2, let n = item.3 else { continue }
            let stem = "frames/" + (item.0.name as NSString).deletingPathExtension
            for (img, suffix) in [(o, "old"), (n, "new"), (d, "diff")] {
                try AtomicFile.write(
                    try PNGCodec.encode(img), to: (dir as NSString).appendingPathComponent("\(stem).\(suffix).png"))
            }
            anim.frames[k].baselineImage = "\(stem).old.png"
            anim.frames[k].actualImage = "\(stem).new.png"
            anim.frames[k].diffImage = "\(stem).diff.png"
            cells.append((d, "F \(fmtNumber(item.0.frame))"))
        }
        var extra = "<ul>" + notes.map { "<li>\(HTMLReport.esc($0))</li>" }.joined() + "</ul>"
        if !why.isEmpty {
            extra += "<h2>Where the players draw the file otherwise, on the frames that differ</h2><ul>"
            extra += why.map { "<li>\(HTMLReport.esc(InfoCommand.text($0)))</li>" }.joined() + "</ul>"
        }
        if !cells.isEmpty {
            // At most 24 cells, evenly spread over the changed frames.
            let pick = cells.count <= 24 ? cells : (0..<24).map { cells[$0 * (cells.count - 1) / 23] }
            let sheet = ContactSheet.make(pick, columns: 6)
            try AtomicFile.write(
                try PNGCodec.encode(sheet), to: (dir as NSString).appendingPathComponent("contact-sheet.png"))
            extra +=
                "<h2>Differences</h2><p><img src=\"contact-sheet.png\" alt=\"contact sheet of differences\" style=\"max-width:100%\"></p>"
        }
        let changed = anim.frames.filter { $0.status == .changed }.count
        let summary = changed == 0 && notes.isEmpty ? "Identical." : "\(changed) of \(anim.frames.count) frames differ."
        let html = HTMLReport.page(
            title: "lottie-render diff", summary: summary, results: [anim], extraHTML: extra,
            captions: (baseline: captions.0, actual: captions.1))
        try AtomicFile.write(Array(html.utf8), to: (dir as NSString).appendingPathComponent("index.html"))
    }
}
