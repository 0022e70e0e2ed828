import Foundation

/// A run of the tool with its own peak memory: `wait4` reports the child's resident set, which a run through
/// `Process` (or the test process's `RUSAGE_CHILDREN`, shared by every parallel test) cannot.
public struct MeasuredRun: Sendable {
    /// Exit status (128 + N when a signal ended it).
    public var code: Int32
    /// Standard error.
    public var err: String
    /// Peak resident set size in bytes.
    public var peakBytes: Int
    /// Wall time in seconds.
    public var seconds: Double

    /// Runs the tool with `args`, its output in files of `folder`.
    public static func tool(_ args: [String], folder: String) throws -> MeasuredRun {
        try start(args, folder: folder).finish()
    }

    /// glibc's and Darwin's `posix_spawn_file_actions_addchdir_np`, which Swift's Glibc module does not declare.
    static let addchdir:
        (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32)? = {
            guard let sym = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else {
                return nil
            }
            return unsafeBitCast(
                sym,
                to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32)
                    .self)
        }()

    /// The tool started with `args` in `folder` (standard error in a file there), not waited for.
    public static func start(_ args: [String], folder: String) throws -> Running {
        let exe = try Tool.path()
        let errPath = (folder as NSString).appendingPathComponent("stderr-\(UInt32.random(in: 0...UInt32.max))")
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // The child starts in `folder`, never in the test process's current folder, which a test running in
        // parallel may have changed to a folder it is about to remove (ReadmeExampleTests runs the README's example
        // from a scratch folder).
        if let addchdir = MeasuredRun.addchdir { _ = addchdir(&actions, folder) }
        let argv = ([exe] + args).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, exe, &actions, nil, argv, environ)
        guard rc == 0 else { throw ToolUnavailable(description: "cannot start \(exe): error \(rc)") }
        return Running(pid: pid, errPath: errPath, start: Date())
    }

    /// A started tool.
    public struct Running: Sendable {
        /// Its process id.
        public let pid: pid_t
        let errPath: String
        let start: Date

        /// Waits for it to end.
        public func finish() -> MeasuredRun {
            var status: Int32 = 0
            var usage = rusage()
            while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
            let seconds = Date().timeIntervalSince(start)
            let exited = status & 0x7F == 0
            let code = exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: errPath)
            return MeasuredRun(code: code, err: err, peakBytes: Int(usage.ru_maxrss) * 1024, seconds: seconds)
        }
    }
}
