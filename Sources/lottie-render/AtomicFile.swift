import Foundation

/// Writes files so that readers never see a partial one: a temporary name in the same folder, then rename.
enum AtomicFile {
    static func write(_ bytes: [UInt8], to path: String) throws {
        let tmp = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: tmp, contents: Data(bytes)) else {
            throw ToolError(message: "cannot create \(tmp)", code: 1)
        }
        if rename(tmp, path) != 0 {
            unlink(tmp)
            throw ToolError(message: "cannot rename to \(path)", code: 1)
        }
    }
}
