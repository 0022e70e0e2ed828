import ArgumentParser
import Foundation
import LottieRender

/// `lottie-render bench FILE`: parse and load time and median render time per frame, one thread, no encoding.
/// `parse_ms` is bytes → model; `load_ms` is bytes → a document ready to render (model, bound tree, decoded
/// images, fonts; with expressions on, the expressions bound and compiled), the figure to set beside another
/// engine's load time. Frames are timed as a PNG sequence, `check`, `diff` and `renderFrames` draw them (the memory
/// check; one renderer's kept frame, cleared only where the last frame drew); `--fresh-frames` as the animated
/// encoders, which keep several frames, draw them (each frame allocated, and cleared unless its first fill covers
/// it); `--unchecked` times the renderer alone, drawing into one frame cleared whole before the clock starts.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time parsing and rendering (render only, one thread).")
    @Argument(help: "Lottie JSON files.")
    var inputs: [String]
    @OptionGroup var sizeOptions: SizeOptions
    @Option(help: "Passes over every frame.")
    var passes: Int = 3
    @Flag(help: "Print one JSON object per file.")
    var json = false
    @Flag(help: "Time the renderer alone: no memory check, one frame reused, scratch memory kept between frames.")
    var unchecked = false
    @Flag(help: "Time frames made anew for each (allocated and cleared), as the animated encoders make them.")
    var freshFrames = false
    @OptionGroup var expressions: ExpressionsOption
    @OptionGroup var player: PlayerOption
    @OptionGroup var limits: LimitsOption
    @OptionGroup var fonts: FontsOption

    func validate() throws {
        if unchecked && freshFrames {
            throw ValidationError("--fresh-frames times the checked path; --unchecked draws into one frame: give one")
        }
    }

    func run() throws {
        for input in inputs { try bench(input) }
    }

    private func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
    }

    private func bench(_ input: String) throws {
        guard let data = FileManager.default.contents(atPath: input) else {
            printError("\(input): cannot be read"); throw ExitCode(2)
        }
        let bytes = [UInt8](data)
        let folder = parentPath(input)
        let reader = medianTime { try? JSONTape(bytes) }
        let parse = medianTime { try? DocumentReader.read(bytes) }
        let anim = expressions.applied(
            to: player.applied(to: try loadAnimation(input, quiet: true, limits: limits.value, fonts: fonts.folders)))
        // What a caller waits for before the first frame (from bytes already in memory): with expressions on, that
        // includes binding them, which a document drawn with expressions off never does.
        let binds = anim.evaluatesExpressions
        let load = medianTime {
            let doc = try? LottieDocument(bytes: bytes, name: input, searchPaths: [folder.isEmpty ? "." : folder])
            return (doc, binds ? doc?.expressions : nil)
        }
        let (w, h) = try sizeOptions.resolve(compWidth: anim.width, compHeight: anim.height)
        let count = max(1, Int((anim.composition.frameCount - 1e-3).rounded(.up)))
        let (median, mean) = try renderTimes(anim, count: count, width: w, height: h)
        // A file with expressions is timed again without them: what evaluating them costs.
        var plain = anim
        plain.evaluatesExpressions = false
        let without =
            anim.expressionCount > 0 && anim.evaluatesExpressions
            ? try renderTimes(plain, count: count, width: w, height: h).median : nil
        if json {
            var obj: [String: Any] = [
                "file": input, "frames": count, "width": w, "height": h, "passes": passes,
                "json_ms": round3(reader), "parse_ms": round3(parse),
                "load_ms": round3(load),
                "render_ms_per_frame": round3(median),
                "render_ms_mean": round3(mean), "expressions": anim.expressionCount, "checked": !unchecked,
                "fresh_frames": !unchecked && freshFrames,
            ]
            if let without { obj["render_ms_per_frame_without_expressions"] = round3(without) }
            let d = try JSONSerialization.data(withJSONObject: obj, options: [.sortedKeys])
            print(String(decoding: d, as: UTF8.self))
        } else {
            print(
                String(
                    format:
                        "%@: %d frames at %dx%d, parse %.2f ms, load %.2f ms, render %.3f ms/frame (median), %.3f mean",
                    input, count, w, h, parse, load, median, mean)
                    + (without.map {
                        String(format: "; %d expressions, %.3f ms/frame without them", anim.expressionCount, $0)
                    } ?? ""))
        }
    }

    /// Median and mean render time per frame over `passes` passes, one renderer.
    private func renderTimes(
        _ anim: LottieDocument, count: Int, width w: Int, height h: Int
    ) throws -> (
        median: Double, mean: Double
    ) {
        var renderer = FrameRenderer(anim)
        var times: [Double] = []
        // `--unchecked` draws into one frame, cleared before the clock starts; the checked path draws into the
        // renderer's own (or a fresh one each frame with `--fresh-frames`).
        var pm = Pixmap(width: unchecked ? w : 0, height: unchecked ? h : 0)
        for _ in 0..<max(1, passes) {
            for f in 0..<count {
                pm.clear()
                let t0 = now()
                if unchecked {
                    renderer.render(frame: Double(f), into: &pm)
                } else {
                    // The frame is let go after the clock stops, as the encoder would hold it until then.
                    let frame =
                        freshFrames
                        ? try renderer.render(frame: Double(f), width: w, height: h)
                        : try renderer.renderShared(frame: Double(f), width: w, height: h)
                    times.append(now() - t0)
                    withExtendedLifetime(frame) {}
                    continue
                }
                times.append(now() - t0)
            }
        }
        times.sort()
        return (times[times.count / 2], times.reduce(0, +) / Double(times.count))
    }

    /// The median of 5 timed runs of `body` in ms; what it makes is freed after the clock stops.
    private func medianTime<T>(_ body: () -> T) -> Double {
        var times: [Double] = []
        for _ in 0..<5 {
            let t0 = now()
            let made = body()
            times.append(now() - t0)
            withExtendedLifetime(made) {}
        }
        return times.sorted()[2]
    }

    private func round3(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
}
