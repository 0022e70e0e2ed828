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
            if let e = writeNew(bytes, to: tmp) {
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

    /// Creates `path` (which must not exist) holding `bytes`: one `open`, `write` until all is written, `close`.
    /// Not synced to the disk: the rename that follows is what readers rely on (no partial file is ever seen);
    /// `FileManager.createFile` wrote a temporary file of its own, synced it and renamed it, which cost more
    /// than encoding a small frame. Returns the error number on failure.
    private static func writeNew(_ bytes: [UInt8], to path: String) -> Int32? {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { return errno }
        var failure: Int32? = nil
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = systemWrite(fd, raw.baseAddress.map { $0 + done }, raw.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                done += n
            }
        }
        if close(fd) != 0 && failure == nil { failure = errno }
        return failure
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

/// The C library's `write(2)` (`AtomicFile.write` hides the unqualified name).
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, buffer, count)
    #elseif canImport(Musl)
    return Musl.write(fd, buffer, count)
    #else
    return Darwin.write(fd, buffer, count)
    #endif
}
