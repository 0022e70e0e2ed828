import Foundation
import Testing

/// Runs the release command line tool for the CLI tests.
enum Tool {
    /// The tool `make test` builds before running the tests.
    static let path = repoRoot.appendingPathComponent(".build/release/lottie-render").path

    /// Exit status and both output streams.
    struct Result { var code: Int32; var out: String; var err: String }

    /// Runs the tool with `args` and waits for it.
    static func run(_ args: [String]) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(code: p.terminationStatus, out: String(decoding: o, as: UTF8.self), err: String(decoding: e, as: UTF8.self))
    }

    /// True when the tool is built; otherwise records why the test cannot run.
    static func available() -> Bool {
        if FileManager.default.fileExists(atPath: path) { return true }
        Issue.record("build the release tool first (make test does)")
        return false
    }
}
