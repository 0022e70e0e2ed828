import Foundation
import Synchronization

/// Writes files so that readers never see a partial one: a temporary name in the same folder, then rename.
///
/// An interrupted run leaves no temporary file: the writes of a process take turns under one lock (encoding,
/// the slow part, happens before), and `interrupt()` (the tool calls it on SIGINT and SIGTERM) waits for the write
/// in progress to finish or be undone, then refuses every later one.
package enum AtomicFile {
    /// The lock writes hold (an `NSLock`, a pthread mutex: ThreadSanitizer sees it, while it cannot see the futex
    /// under `Mutex` on Linux).
    private static let lock = NSLock()
    /// Whether the process is being interrupted (no more writes); set under `lock`.
    private static let interrupted = Atomic<Bool>(false)

    /// Writes `bytes` to `path`, creating missing parent folders; errors name `path`, never the temporary file.
    /// The existing file, if any, is replaced in one step (`rename`).
    package static func write(_ bytes: [UInt8], to path: String) throws(LottieRenderError) {
        let dir = parentPath(path)
        if !dir.isEmpty { try makeFolder(dir) }
        let tmp = path + ".tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max) % 1_000_000)"
        let failure: LottieRenderError? = lock.withLock {
            // Interrupted while waiting for the lock: the process ends in a moment; no file is started.
            if interrupted.load(ordering: .acquiring) { return .write(path: path, reason: "interrupted") }
            guard FileManager.default.createFile(atPath: tmp, contents: Data(bytes)) else {
                let e = errno
                unlink(tmp)
                return .write(path: path, reason: reason(e))
            }
            if rename(tmp, path) != 0 {
                let e = errno
                unlink(tmp)
                return .write(path: path, reason: reason(e))
            }
            return nil
        }
        // After `interrupt()` the process is about to end by its signal: a write waits for that rather than fail
        // (a failure would race the signal to the exit status).
        while interrupted.load(ordering: .acquiring) { sleep(1) }
        if let failure { throw failure }
    }

    /// Stops all writing: returns once no temporary file exists (a write in progress has finished or been undone);
    /// every later `write` waits for ever. For a signal handler, just before the process ends by the signal.
    package static func interrupt() {
        lock.withLock { interrupted.store(true, ordering: .releasing) }
    }

    /// Creates `path` and its parents, one `mkdir` at a time, so an error says why in words: a file in the way,
    /// no permission, a read-only file system.
    package static func makeFolder(_ path: String) throws(LottieRenderError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix = (prefix as NSString).appendingPathComponent(String(part))
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: prefix, isDirectory: &isDir) {
                if isDir.boolValue { continue }
                throw .write(path: path, reason: "\(prefix) is a file, not a folder")
            }
            if mkdir(prefix, 0o777) != 0 && errno != EEXIST {
                throw .write(path: path, reason: "cannot create \(prefix): \(reason(errno))")
            }
        }
    }

    /// The C library's message for an error number ("Permission denied").
    package static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
