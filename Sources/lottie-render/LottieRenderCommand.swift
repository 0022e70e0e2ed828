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
            BatchCommand.self,
        ],
        defaultSubcommand: RenderCommand.self)
}

/// Errors the tool reports with a one-line message and an exit code.
struct ToolError: Error, CustomStringConvertible {
    let message: String
    let code: Int32
    var description: String { message }
}

/// Prints `lottie-render: message` to stderr.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("lottie-render: \(message)\n".utf8))
}

/// Loads an animation, turning a load failure into exit code 2 with the file and JSON path.
func loadAnimation(_ path: String, quiet: Bool, animationID: String? = nil) throws -> LottieDocument {
    do {
        let a = try LottieDocument(contentsOf: path, animationID: animationID)
        if !quiet { for w in a.warnings { printError("warning: \(path): \(w)") } }
        return a
    } catch {
        printError(error.description)
        throw ExitCode(2)
    }
}
