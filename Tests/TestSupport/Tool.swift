import Foundation
import Synchronization

/// The repository's root folder, found from this file's path (works on a clean clone, without ../shared).
public let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Why the command line tool cannot be run by a CLI test.
public struct ToolUnavailable: Error, CustomStringConvertible {
    /// What is wrong and what to do.
    public let description: String
}

/// Runs the `lottie-render` tool that SwiftPM built beside the test bundle, in the same configuration (the CLI test
/// target depends on the executable, so `swift test` and `swift test -c release` build it first).
public enum Tool {
    /// The tool next to the running test executable, or an error saying why it cannot be used: missing, or older
    /// than a source file (a stale binary would silently test old code).
    public static func path() throws(ToolUnavailable) -> String {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let candidate = exe.deletingLastPathComponent().appendingPathComponent("lottie-render").path
        let fm = FileManager.default
        guard fm.isExecutableFile(atPath: candidate) else {
            throw ToolUnavailable(description: "no lottie-render beside \(exe.path); run `swift test` or `make test`")
        }
        if let built = modified(candidate), let newest = newestSource(), newest.date > built {
            throw ToolUnavailable(description: "\(candidate) is older than \(newest.path); rebuild (swift build)")
        }
        return candidate
    }

    /// Exit status and both output streams.
    public struct Result: Sendable {
        /// Exit status.
        public var code: Int32
        /// Standard output.
        public var out: String
        /// Standard error.
        public var err: String
    }

    /// Runs the tool with `args` and waits for it.
    public static func run(_ args: [String]) throws -> Result {
        try runProgram(try path(), args)
    }

    /// Runs the tool with `args` and `environment` added to this process's, and waits for it.
    public static func run(_ args: [String], environment: [String: String]) throws -> Result {
        try runProgram(try path(), args, environment: environment)
    }

    /// Runs the tool with `args` and `input` on its standard input, and waits for it.
    public static func run(_ args: [String], input: Data) throws -> Result {
        try runProgram(try path(), args, input: input)
    }

    /// Runs `program` with `args` (standard input empty, `environment` added) and waits for it.
    public static func runProgram(
        _ program: String, _ args: [String], environment: [String: String] = [:], input: Data? = nil
    ) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = args
        // Started in the package's folder, whatever folder another test has made current for a moment (and may
        // remove while this runs).
        p.currentDirectoryURL = repoRoot
        if !environment.isEmpty {
            p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        let stdin = Pipe()
        p.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try p.run()
        if let input {
            // Written on another thread, so that a tool that does not read all of it cannot block the test.
            let w = stdin.fileHandleForWriting
            DispatchQueue.global().async {
                w.write(input)
                try? w.close()
            }
        }
        // Read both pipes concurrently so a full stderr pipe cannot block the tool while stdout is read.
        let errData = ReadBox()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        return Result(
            code: p.terminationStatus, out: String(decoding: o, as: UTF8.self),
            err: String(decoding: errData.get(), as: UTF8.self))
    }

    private static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// The most recently modified Swift source of the library and tool, when the sources are present.
    private static func newestSource() -> (path: String, date: Date)? {
        let sources = repoRoot.appendingPathComponent("Sources").path
        guard let e = FileManager.default.enumerator(atPath: sources) else { return nil }
        var best: (String, Date)?
        while let rel = e.nextObject() as? String {
            guard rel.hasSuffix(".swift") else { continue }
            let full = (sources as NSString).appendingPathComponent(rel)
            if let d = modified(full), d > (best?.1 ?? .distantPast) { best = (full, d) }
        }
        return best
    }
}

/// A value written once by another thread and read after it finished.
private final class ReadBox: Sendable {
    private let data = Mutex(Data())
    func set(_ d: Data) { data.withLock { $0 = d } }
    func get() -> Data { data.withLock { $0 } }
}

/// A fresh folder `lr-<tag>` in this process's scratch folder (`testScratchRoot`) holding `files` (relative path → text); parents are created.
public func temporaryFolder(_ tag: String, files: [String: String] = [:]) throws -> String {
    let dir = scratchPath("lr-\(tag)")
    try? FileManager.default.removeItem(atPath: dir)
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    for (rel, text) in files {
        let path = (dir as NSString).appendingPathComponent(rel)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
    return dir
}
