import ArgumentParser
import Foundation
import LottieRender

/// The `lottie-render` command line tool.
@main
struct LottieRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lottie-render",
        abstract: "Render Lottie (Bodymovin JSON) animations to PNG frames.",
        discussion: """
            Exit codes: 0 success, 1 failure while writing, 2 invalid input (the message names the file and JSON path).
            """,
        version: "0.2.0",
        subcommands: [
            RenderCommand.self, InfoCommand.self, BenchCommand.self, CheckCommand.self, DiffCommand.self,
            BatchCommand.self, MergeCommand.self,
        ],
        defaultSubcommand: RenderCommand.self)

    /// Runs the tool on the process's arguments, after two fixes the argument parser cannot make: `-j4` is read as
    /// `-j 4`, and a first word that is neither a file nor a command but close to one gets a suggestion.
    static func main() {
        // A working folder removed under the tool: relative paths cannot resolve, and Foundation's path helpers
        // misbehave; say so instead of failing somewhere deep.
        if FileManager.default.currentDirectoryPath.isEmpty {
            printError("lottie-render: the current folder no longer exists (it was removed): cd to an existing folder")
            Foundation.exit(2)
        }
        let args = normalizedArguments(Array(CommandLine.arguments.dropFirst()))
        if let first = args.first, let hint = suggestion(for: first) {
            printError(hint)
            Foundation.exit(64) // a usage error, as every other one (EX_USAGE)
        }
        let handlers = interruptHandlers()
        defer { withExtendedLifetime(handlers) {} }
        do {
            var command = try parseAsRoot(args)
            try command.run()
        } catch {
            // Help, --version and exit codes go through the parser; a usage error is one line with where to look.
            let code = exitCode(for: error)
            guard code == .validationFailure else { exit(withError: error) }
            var message = self.message(for: error).split(separator: "\n").joined(separator: "; ")
            if message.hasPrefix("Error: ") { message.removeFirst(7) }
            let command = args.first.flatMap { commandNames.contains($0) ? $0 : nil } ?? "render"
            printError("\(message) (lottie-render \(command) --help)")
            Foundation.exit(code.rawValue)
        }
    }

    /// SIGINT and SIGTERM: no file is left half-written or under a temporary name (`AtomicFile.interrupt`), a
    /// progress bar is cleared, then the process ends with status 128 + N, as shells report a signal.
    static func interruptHandlers() -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { sig in
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                AtomicFile.interrupt()
                if isatty(2) != 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
                _exit(128 + sig)
            }
            source.resume()
            return source
        }
    }

    /// The subcommands' names.
    static let commandNames = ["render", "info", "bench", "check", "diff", "batch", "merge", "help"]

    /// `-j4` → `-j 4` (the parser takes short options' values only as the next word).
    static func normalizedArguments(_ args: [String]) -> [String] {
        var out: [String] = []
        for a in args {
            if a.count > 2, a.hasPrefix("-j"), a.dropFirst(2).allSatisfy(\.isNumber) {
                out += ["-j", String(a.dropFirst(2))]
            } else {
                out.append(a)
            }
        }
        return out
    }

    /// "did you mean" for a mistyped command: a word that is no file, has no extension or slash, and is within two
    /// edits of a command's name.
    static func suggestion(for word: String) -> String? {
        guard !word.hasPrefix("-"), !commandNames.contains(word), !word.contains("/"), !word.contains("."),
            !FileManager.default.fileExists(atPath: word)
        else { return nil }
        let near = commandNames.map { ($0, editDistance(word.lowercased(), $0)) }.filter { $0.1 <= 2 }
            .min { $0.1 < $1.1 }
        guard let (name, _) = near else { return nil }
        return "\"\(word)\" is neither a command nor a file; did you mean `lottie-render \(name)`? "
            + "(commands: \(commandNames.dropLast().joined(separator: ", ")))"
    }
}

/// Errors the tool reports with a one-line message and an exit code.
struct ToolError: Error, CustomStringConvertible {
    let message: String
    let code: Int32
    var description: String { message }
}

/// Prints `lottie-render: message` to stderr, in the tool's words (``cliWording(_:)``).
func printError(_ message: String) {
    FileHandle.standardError.write(Data("lottie-render: \(cliWording(message))\n".utf8))
}

/// A library message in the tool's words: the library names its own settings (`ResourceLimits.maxMemory`), the tool
/// names the options that set them.
func cliWording(_ message: String) -> String {
    message.replacingOccurrences(
        of: "(ResourceLimits.maxMemory); render smaller", with: "(--max-memory); render smaller (--size)"
    )
    .replacingOccurrences(of: "(ResourceLimits.maxMemory)", with: "(--max-memory)")
    .replacingOccurrences(
        of: "an animation id applies to .lottie files only", with: "--animation applies to .lottie files only")
}

/// Loads an animation (`-` reads standard input, images looked up in the current folder), turning a load failure
/// into exit code 2 with the file and JSON path.
func loadAnimation(
    _ path: String, quiet: Bool, animationID: String? = nil, limits: ResourceLimits = .default,
    fonts: [String] = [], content: ContentOverrides = ContentOverrides()
) throws -> LottieDocument {
    do {
        let a: LottieDocument
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard !data.isEmpty else {
                throw LottieRenderError.unreadable(file: "<stdin>", reason: "standard input is empty")
            }
            a = try LottieDocument(
                bytes: [UInt8](data), name: "<stdin>", searchPaths: [FileManager.default.currentDirectoryPath],
                animationID: animationID, limits: limits, fontFolders: fonts, content: content)
        } else {
            a = try LottieDocument(
                contentsOf: path, animationID: animationID, limits: limits, fontFolders: fonts, content: content)
        }
        if !quiet { for w in a.warnings { printError("warning: \(path == "-" ? "<stdin>" : path): \(w)") } }
        return a
    } catch let e as LottieRenderError {
        printError(e.description)
        throw ExitCode(2)
    }
}
