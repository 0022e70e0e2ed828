import ArgumentParser
import Foundation
import LottieRender

/// One render request of the command line: an animation, export settings, a frame plan and where to write.
struct RenderJob {
    let animation: LottieDocument
    let options: ExportOptions
    let plan: FramePlan
    let output: String

    /// Writes the plan as `fmt`: PNG frames (one file for `-o x.png`, else a folder of `frame_NNNNN.png` named
    /// by output index), or one animated file named after `input` when `-o` is a folder.
    func write(_ fmt: ExportFormat, input: String) throws {
        let path = fmt.isAnimated ? animatedPath(fmt, input: input) : output
        do { try animation.write(plan, to: path, as: fmt, options: options) } catch { try fail(error) }
    }

    /// The file an animated output goes to: `-o` itself, or `<folder>/<input name>.<ext>` when `-o` is a folder.
    func animatedPath(_ fmt: ExportFormat, input: String) -> String {
        var isDir: ObjCBool = false
        if output.hasSuffix("/")
            || (FileManager.default.fileExists(atPath: output, isDirectory: &isDir) && isDir.boolValue)
        {
            let base = ((input as NSString).lastPathComponent as NSString).deletingPathExtension
            return (output as NSString).appendingPathComponent(base + "." + fmt.rawValue)
        }
        return output
    }
}

/// Prints a library error and exits: 2 for a request the animation cannot satisfy, 1 for output failures.
func fail(_ error: LottieRenderError) throws -> Never {
    printError(error.description)
    switch error {
    case .unreadable, .invalid, .badRequest: throw ExitCode(2)
    case .encoding, .write: throw ExitCode(1)
    }
}
