import ArgumentParser
import Codecs
import Foundation
import Lottie
import Raster

/// One render request: an animation, a size, a frame plan and where to write.
struct RenderJob {
    let animation: Animation
    let width: Int, height: Int
    let background: UInt32
    let plan: FramePlan
    let jobs: Int
    let output: String

    /// Renders the plan's frames in parallel batches and hands them to `sink` in order.
    func renderInOrder(_ sink: (Int, Pixmap) throws -> Void) throws {
        let times = plan.times, w = width, h = height, bg = background, anim = animation
        let batch = max(1, jobs) * 4
        var start = 0
        while start < times.count {
            let n = min(batch, times.count - start), s = start
            let frames = parallelMap(n, jobs: jobs, state: { FrameRenderer(anim) }) { r, k in
                r.render(frame: times[s + k], width: w, height: h, background: bg)
            }
            for (k, f) in frames.enumerated() { try sink(s + k, f) }
            start += n
        }
    }

    /// PNG frames: one file for `-o x.png`, else a folder of `frame_NNNNN.png` named by output index.
    func writePNGs() throws {
        let singleFile = output.lowercased().hasSuffix(".png")
        if singleFile && plan.times.count != 1 {
            throw ValidationError("-o \(output) names one PNG file but \(plan.times.count) frames are selected; give a folder")
        }
        if !singleFile {
            do { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) } catch {
                printError("cannot create \(output): \(error.localizedDescription)"); throw ExitCode(1)
            }
        }
        let times = plan.times, indices = plan.indices, out = output, w = width, h = height, bg = background
        let anim = animation
        let failures = parallelMap(times.count, jobs: jobs, state: { FrameRenderer(anim) }) { renderer, k -> String? in
            let pm = renderer.render(frame: times[k], width: w, height: h, background: bg)
            let path = singleFile ? out : (out as NSString).appendingPathComponent(String(format: "frame_%05d.png", indices[k]))
            do { try AtomicFile.write(try PNGCodec.encode(pm), to: path) } catch {
                return "cannot write \(path): \(error)"
            }
            return nil
        }
        if let first = failures.compactMap({ $0 }).first { printError(first); throw ExitCode(1) }
    }

    /// The file an animated output goes to: `-o` itself, or `<folder>/<input name>.<ext>` when `-o` is a folder.
    func animatedPath(_ fmt: OutputFormat, input: String) -> String {
        var isDir: ObjCBool = false
        if output.hasSuffix("/") || (FileManager.default.fileExists(atPath: output, isDirectory: &isDir) && isDir.boolValue) {
            let base = ((input as NSString).lastPathComponent as NSString).deletingPathExtension
            return (output as NSString).appendingPathComponent(base + "." + fmt.rawValue)
        }
        return output
    }

    /// One animated file of the plan's frames.
    func writeAnimated(_ fmt: OutputFormat, gif: GIFOptions, loop: Int, quality: Double?, quiet: Bool, input: String = "") throws {
        let path = animatedPath(fmt, input: input.isEmpty ? output : input)
        let dir = (path as NSString).deletingLastPathComponent
        if !dir.isEmpty {
            do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
                printError("cannot create \(dir): \(error.localizedDescription)"); throw ExitCode(1)
            }
        }
        let ends = plan.ends(frameRate: animation.composition.frameRate)
        let bytes: [UInt8]
        do {
            switch fmt {
            case .gif:
                bytes = try encodeGIF(gif, delays: FrameTiming.delays(ends: ends, unitsPerSecond: 100))
            case .apng:
                let delays = FrameTiming.delays(ends: ends, unitsPerSecond: 1000)
                var enc = APNGEncoder(width: width, height: height, loop: loop)
                try renderInOrder { k, pm in try enc.add(pm, delayMs: delays[k]) }
                bytes = try enc.finish()
            case .webp:
                let delays = FrameTiming.delays(ends: ends, unitsPerSecond: 1000)
                var frames: [Pixmap] = []
                try renderInOrder { _, pm in frames.append(pm) }
                bytes = try WebPAnimation.encode(frames, delaysMs: delays, loop: loop, quality: quality)
            case .png:
                return
            }
        } catch let e as CodecError {
            printError("cannot encode \(path): \(e)"); throw ExitCode(1)
        }
        do { try AtomicFile.write(bytes, to: path) } catch {
            printError("cannot write \(path): \(error)"); throw ExitCode(1)
        }
    }

    /// Two passes: a shared palette from every frame's colours, then the frames in order through the encoder.
    func encodeGIF(_ o: GIFOptions, delays: [Int]) throws -> [UInt8] {
        let times = plan.times, w = width, h = height, bg = background, anim = animation
        let states = parallelStates(times.count, jobs: jobs, state: { (FrameRenderer(anim), Quantizer.Histogram()) }) { s, k in
            let pm = s.0.render(frame: times[k], width: w, height: h, background: bg)
            s.1.add(GIFEncoder.prepare(pm, options: o))
        }
        var hist = Quantizer.Histogram()
        for s in states { hist.merge(s.1) }
        var enc = GIFEncoder(width: width, height: height, palette: Quantizer(hist), options: o)
        try renderInOrder { k, pm in enc.add(GIFEncoder.prepare(pm, options: o), delay: delays[k]) }
        return try enc.finish()
    }
}
