import ArgumentParser
import Codecs
import Foundation
import Lottie
import Raster

/// `lottie-render FILE …`: renders frames to PNG files.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render frames to PNG (the default command).",
        discussion: """
        Frame N is composition time ip+N. Without --frame, every frame of the animation is written as
        OUT/frame_00000.png, frame_00001.png, … (numbered by output index); --fps F samples output frame k at
        time ip + k·fr/F instead. --frames A:B keeps output indices A through B (either end may be left open).
        """)

    @Argument(help: "A Lottie file (.json, .lottie or .tgs).")
    var input: String
    @Option(help: "The animation to use from a .lottie file (default: the manifest's first).")
    var animation: String?
    @Option(name: .shortAndLong, help: "Output folder, or a .png file when one frame is rendered.")
    var output: String = "out"
    @Option(help: "Render only composition time ip+N (fractional allowed).")
    var frame: Double?
    @Option(help: "Output frame rate; default: the animation's own frames.")
    var fps: Double?
    @Option(help: "Range of output frame indices A:B (inclusive).")
    var frames: String?
    @OptionGroup var sizeOptions: SizeOptions
    @Option(help: "Background colour (#rrggbb, #rrggbbaa or a name); default transparent.")
    var background: String?
    @Flag(help: "Do not print warnings.")
    var quiet = false
    @Option(name: .shortAndLong, help: "Frames rendered in parallel (default: every core). Output is the same for any value.")
    var jobs: Int?

    func validate() throws {
        if let j = jobs, j < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        let anim = try loadAnimation(input, quiet: quiet, animationID: animation)
        let comp = anim.composition
        let (w, h) = try sizeOptions.resolve(compWidth: comp.width, compHeight: comp.height)
        let bg = try background.map(parseColor) ?? 0
        var times: [Double]
        if let f = frame {
            guard f.isFinite else { throw ValidationError("--frame must be a number") }
            times = [f]
        } else {
            let step: Double
            if let f = fps {
                guard f > 0, f.isFinite else { throw ValidationError("--fps must be positive") }
                step = comp.frameRate / f
            } else { step = 1 }
            times = []
            var k = 0
            // A small tolerance: exporters write op as 60.0000024 for 60 frames.
            while Double(k) * step < comp.frameCount - 1e-3 && times.count < 1_000_000 {
                times.append(Double(k) * step); k += 1
            }
        }
        var indices = Array(times.indices)
        if let r = frames {
            let parts = r.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw ValidationError("--frames takes A:B") }
            let a = parts[0].isEmpty ? 0 : Int(parts[0]), b = parts[1].isEmpty ? times.count - 1 : Int(parts[1])
            guard let lo = a, let hi = b, lo >= 0, hi >= lo else { throw ValidationError("--frames takes A:B with 0 ≤ A ≤ B") }
            indices = indices.filter { $0 >= lo && $0 <= hi }
        }
        let singleFile = output.lowercased().hasSuffix(".png")
        if singleFile && indices.count != 1 {
            throw ValidationError("-o \(output) names one PNG file but \(indices.count) frames are selected; give a folder")
        }
        if !singleFile {
            do { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) } catch {
                printError("cannot create \(output): \(error.localizedDescription)"); throw ExitCode(1)
            }
        }
        let selected = indices, out = output, background = bg, frameTimes = times
        let failures = parallelMap(selected.count, jobs: jobs ?? defaultJobs, state: { FrameRenderer(anim) }) {
            renderer, k -> String? in
            let i = selected[k]
            let pm = renderer.render(frame: frameTimes[i], width: w, height: h, background: background)
            let path = singleFile ? out : (out as NSString).appendingPathComponent(String(format: "frame_%05d.png", i))
            do { try AtomicFile.write(try PNGCodec.encode(pm), to: path) } catch {
                return "cannot write \(path): \(error)"
            }
            return nil
        }
        if let first = failures.compactMap({ $0 }).first {
            printError(first); throw ExitCode(1)
        }
    }
}

/// Writes files so that readers never see a partial one: a temporary name in the same folder, then rename.
enum AtomicFile {
    static func write(_ bytes: [UInt8], to path: String) throws {
        let tmp = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: tmp, contents: Data(bytes)) else {
            throw ToolError(message: "cannot create \(tmp)", code: 1)
        }
        if rename(tmp, path) != 0 {
            unlink(tmp)
            throw ToolError(message: "cannot rename to \(path)", code: 1)
        }
    }
}
