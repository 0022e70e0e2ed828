import ArgumentParser
import Foundation
import LottieRender

/// One render request of the command line: an animation, export settings, a frame plan and where to write.
struct RenderJob {
    let animation: LottieDocument
    let options: ExportOptions
    let plan: FramePlan
    let output: String

    /// What a write did: the files written and how many stale frames of an earlier render were removed.
    struct Written {
        var paths: [String]
        var removed = 0
    }

    /// Writes the plan as `fmt`: PNG frames (one file for `-o x.png`, else a folder of `frame_NNNNN.png` named
    /// by output index, from which frames of an earlier render are removed), one animated file named after `input`
    /// when `-o` is a folder, or one file on standard output for `-o -`.
    func write(_ fmt: ExportFormat, input: String) throws -> Written {
        if output == "-" { return try writeStandardOutput(fmt) }
        let path = fmt.isAnimated ? animatedPath(fmt, input: input) : output
        do {
            let paths = try animation.write(plan, to: path, as: fmt, options: options)
            var result = Written(paths: paths)
            if fmt == .png && !plan.namedByFrame && !path.lowercased().hasSuffix(".png") {
                result.removed = removeStaleFrames(
                    in: path, keeping: Set(paths.map { ($0 as NSString).lastPathComponent }))
            }
            return result
        } catch { try fail(error) }
    }

    /// `-o -`: one PNG frame or one animated file on standard output (never onto a terminal).
    func writeStandardOutput(_ fmt: ExportFormat) throws -> Written {
        guard isatty(1) == 0 else {
            printError("-o - writes binary data; redirect standard output to a file or a pipe")
            throw ExitCode(64) // a usage error (EX_USAGE)
        }
        guard fmt.isAnimated || plan.times.count == 1 else {
            printError(
                "-o - writes one file: give --frame N for one PNG, or --format gif, webp or apng for the \(plan.times.count) frames"
            )
            throw ExitCode(2)
        }
        do {
            let bytes = try animation.encode(plan, as: fmt, options: options)
            FileHandle.standardOutput.write(Data(bytes))
        } catch { try fail(error) }
        return Written(paths: ["-"])
    }

    /// Removes `frame_NNNNN.png` files (the names this tool gives frames) in `folder` that this run did not write,
    /// so a reused folder holds exactly the frames asked for. Returns how many were removed.
    func removeStaleFrames(in folder: String, keeping: Set<String>) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
        var removed = 0
        for n in names where !keeping.contains(n) && isFrameFileName(n) {
            if unlink((folder as NSString).appendingPathComponent(n)) == 0 { removed += 1 }
        }
        return removed
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
/// The animations of `inputs` for check and batch (`collectAnimations`); JSON files skipped as not animations are
/// named in a note; an error (nothing found, a name clash) ends the run with its exit code.
func animationInputs(_ inputs: [String], root: String?, only animation: String?) throws -> [AnimationInput] {
    var skipped: [String] = []
    let found: [AnimationInput]
    do { found = try collectAnimations(inputs, root: root, only: animation) { skipped.append($0) } } catch let e {
        try fail(e)
    }
    if !skipped.isEmpty {
        printError(
            "note: skipped \(plural(skipped.count, "JSON file")) that \(skipped.count == 1 ? "is" : "are") not "
                + "an animation: " + skipped.prefix(5).joined(separator: ", ")
                + (skipped.count > 5 ? " and \(skipped.count - 5) more" : ""))
    }
    return found
}

func fail(_ error: LottieRenderError) throws -> Never {
    printError(error.description)
    switch error {
    case .unreadable, .invalid, .badRequest, .limit: throw ExitCode(2)
    case .encoding, .write, .cancelled: throw ExitCode(1)
    }
}

/// True for the names this tool gives frames: `frame_00012.png`, `frame_00012.500.png`, `frame_-00005.png`.
func isFrameFileName(_ n: String) -> Bool {
    guard n.hasPrefix("frame_"), n.hasSuffix(".png") else { return false }
    var body = n.dropFirst(6).dropLast(4)
    if body.hasPrefix("-") { body = body.dropFirst() }
    let parts = body.split(separator: ".", omittingEmptySubsequences: false)
    guard let whole = parts.first, whole.count >= 5, whole.allSatisfy(\.isASCII), whole.allSatisfy(\.isNumber)
    else { return false }
    return parts.count == 1 || (parts.count == 2 && parts[1].count == 3 && parts[1].allSatisfy(\.isNumber))
}
