import Dispatch
import Foundation
import LottieRender
import LottieRenderSnapshot

/// Renders the frames of a snapshot check in parallel, compares them with the baselines, then (in input order,
/// on one thread) writes baselines and report images.
struct SnapshotRunner {
    /// What to do with missing and differing baselines.
    enum Mode { case check, recordMissing, update }
    /// One loaded animation and the frames to check.
    struct Job: Sendable {
        let animation: LottieDocument
        let result: Int
        let width: Int, height: Int
        let frames: [Double]
    }

    /// A frame's outcome with what later steps need: the new PNG, and images for the report.
    struct Outcome: Sendable {
        var result: FrameResult
        var png: [UInt8]?
        var baselineBytes: [UInt8]?
        var diff: Pixmap?
    }

    let baseline: String
    let comparison: ComparisonOptions
    let background: UInt32
    let mode: Mode

    init(baseline: String, comparison: ComparisonOptions, background: UInt32, mode: Mode) {
        self.baseline = baseline; self.comparison = comparison
        self.background = background; self.mode = mode
    }

    func baselinePath(_ name: String, _ frame: Double) -> String {
        ((baseline as NSString).appendingPathComponent(name) as NSString)
            .appendingPathComponent(FrameSelection.fileName(frame))
    }

    /// Checks every frame of every job; results go into `results[job.result].frames`.
    mutating func run(
        _ jobs: [Job], into results: inout [AnimationResult], jobs workers: Int, reportDir: String?,
        progress: Progress? = nil
    ) {
        let items = jobs.enumerated().flatMap { (j, job) in job.frames.map { (j, $0) } }
        let me = self
        let names = jobs.map { results[$0.result].name }
        let outcomes = parallelMap(items.count, jobs: workers, state: { [Int: FrameRenderer]() }) { renderers, k in
            let (j, frame) = items[k]
            var r = renderers[j] ?? FrameRenderer(jobs[j].animation)
            let o = me.check(jobs[j], name: names[j], frame: frame, renderer: &r)
            renderers[j] = r
            progress?.step(names[j])
            return o
        }
        for (k, var o) in outcomes.enumerated() {
            let (j, frame) = items[k]
            let name = names[j]
            finish(&o, name: name, frame: frame, reportDir: reportDir)
            results[jobs[j].result].frames.append(o.result)
        }
    }

    /// Renders and compares one frame (runs on a worker thread; touches no shared state).
    func check(_ job: Job, name: String, frame: Double, renderer: inout FrameRenderer) -> Outcome {
        let start = DispatchTime.now().uptimeNanoseconds
        var res = FrameResult(name: FrameSelection.fileName(frame), frame: frame, status: .identical)
        var out = Outcome(result: res)
        let pm: Pixmap
        do {
            pm = try renderer.renderShared(frame: frame, width: job.width, height: job.height, background: background)
        } catch {
            res.status = .error; res.message = cliWording(error.description); out.result = res; return out
        }
        res.pixels = pm.width * pm.height
        let png: [UInt8]
        do { png = try PNGCodec.encode(pm) } catch {
            res.status = .error; res.message = "cannot encode: \(error)"; out.result = res; return out
        }
        let path = baselinePath(name, frame)
        if let data = FileManager.default.contents(atPath: path) {
            let old = [UInt8](data)
            if old == png {
                res.status = .identical
            } else if old.starts(with: Array("version https://git-lfs".utf8)) {
                res.status = .error
                res.message =
                    "baseline \(path) is a Git LFS pointer, not the PNG: run `git lfs pull` "
                    + "(in CI, check out with LFS enabled)"
            } else {
                do {
                    let base = try PNGCodec.decode(old)
                    out.baselineBytes = old
                    if let c = ImageDiff.compare(base, pm, options: comparison.diffOptions) {
                        res.differing = c.differing; res.antiAliased = c.antiAliased
                        res.maxDelta = c.maxDelta; res.regions = c.regions
                        let allowed = comparison.allowed(pixels: res.pixels)
                        if c.differing > allowed {
                            res.status = .changed
                            res.message =
                                "\(c.differing) pixels differ (max ΔE \(String(format: "%.3f", c.maxDelta)), "
                                + "allowed \(allowed))"
                            out.diff = ImageDiff.diffImage(baseline: base, comparison: c)
                            out.png = png
                        } else {
                            res.status = .similar
                        }
                    } else {
                        res.status = .changed
                        res.message = "size \(pm.width)x\(pm.height), baseline \(base.width)x\(base.height)"
                        out.png = png
                    }
                } catch {
                    res.status = .error
                    res.message = "unreadable baseline \(path): \(error)"
                }
            }
        } else {
            res.status = .new
            res.message = "no baseline \(path)"
            out.png = png
        }
        res.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        out.result = res
        return out
    }

    /// Writes baselines (per mode) and report images for one outcome.
    func finish(_ o: inout Outcome, name: String, frame: Double, reportDir: String?) {
        let path = baselinePath(name, frame)
        if let png = o.png {
            let write = (o.result.status == .new && mode != .check) || (o.result.status == .changed && mode == .update)
            if write {
                do {
                    try AtomicFile.write(png, to: path)
                    o.result.status = o.result.status == .new ? .recorded : .updated
                    o.result.message = nil
                } catch {
                    o.result.status = .error
                    o.result.message = cliWording(error.description)
                }
            }
        }
        guard let dir = reportDir, o.png != nil else { return }
        let base = (name as NSString).appendingPathComponent((o.result.name as NSString).deletingPathExtension)
        func put(_ bytes: [UInt8], _ suffix: String) -> String? {
            let rel = base + "." + suffix + ".png"
            let full = (dir as NSString).appendingPathComponent(rel)
            do {
                try AtomicFile.write(bytes, to: full)
                return rel
            } catch { return nil }
        }
        if let b = o.baselineBytes { o.result.baselineImage = put(b, "baseline") }
        if let png = o.png { o.result.actualImage = put(png, "actual") }
        if let d = o.diff, let bytes = try? PNGCodec.encode(d) { o.result.diffImage = put(bytes, "diff") }
    }

    /// Writes the report page into `dir` (`index.html`, or `index-I-of-N.html` for shard I of N) with the data
    /// `merge` rebuilds it from (``CheckReportData``).
    func writeReport(_ results: [AnimationResult], to dir: String, shard: String? = nil) throws {
        let settings =
            "Baselines: \(baseline). Threshold ΔE \(comparison.threshold), anti-aliasing "
            + "\(comparison.noAntialias ? "counted" : "forgiven"), max differing pixels \(comparison.maxDiffPixels), "
            + "max ratio \(comparison.maxDiffRatio)."
        let data = CheckReportData(title: "lottie-render check", settings: settings, shard: shard, results: results)
        try writeCheckReport(data, to: dir)
    }

    /// Removes the baselines of animations that no longer exist (`check --update`): their frame files, then their
    /// folders when empty.
    func prune(_ names: [String]) {
        let fm = FileManager.default
        for name in names {
            let dir = (baseline as NSString).appendingPathComponent(name)
            for f in (try? fm.contentsOfDirectory(atPath: dir)) ?? [] where isFrameFileName(f) {
                unlink((dir as NSString).appendingPathComponent(f))
            }
            // The folder, then parents left empty, up to the baseline folder.
            var d = dir
            while d != baseline && !d.isEmpty && rmdir(d) == 0 { d = parentPath(d) }
        }
    }
}
