import Foundation

/// Writes files so that readers never see a partial one: a temporary name in the same folder, then rename.
package enum AtomicFile {
    /// Writes `bytes` to `path`, creating missing parent folders; errors name `path`, never the temporary file.
    package static func write(_ bytes: [UInt8], to path: String) throws(LottieRenderError) {
        let dir = (path as NSString).deletingLastPathComponent
        if !dir.isEmpty { try makeFolder(dir) }
        let tmp = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: tmp, contents: Data(bytes)) else {
            throw .write(path: path, reason: reason(errno))
        }
        if rename(tmp, path) != 0 {
            let e = errno
            unlink(tmp)
            throw .write(path: path, reason: reason(e))
        }
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
