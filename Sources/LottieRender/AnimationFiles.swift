import Foundation

/// Animation files named on the command line: files as given, folders searched recursively for `.json`, `.lottie`
/// and `.tgs`.
/// Each gets a name for its baseline folder: a file's base name, or the path below the folder given, without
/// the extension. In folders, `NAME.assets/` folders (external images) and JSON files that have no `"layers"`
/// key (package.json, image lists…) are skipped; files named explicitly are always taken.
package func collectAnimations(_ paths: [String]) throws -> [(name: String, file: String)] {
    var out: [(String, String)] = []
    let fm = FileManager.default
    for p in paths {
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: p, isDirectory: &isDir) else {
            throw LottieRenderError.unreadable(file: p, reason: "no such file or folder")
        }
        if isDir.boolValue {
            guard let e = fm.enumerator(atPath: p) else { continue }
            var found: [String] = []
            while let rel = e.nextObject() as? String {
                if rel.hasSuffix(".assets") { e.skipDescendants(); continue }
                guard isAnimationFile(rel) else { continue }
                let full = (p as NSString).appendingPathComponent(rel)
                if (rel as NSString).pathExtension.lowercased() == "json", let d = fm.contents(atPath: full),
                    d.range(of: Data("\"layers\"".utf8)) == nil
                {
                    continue
                }
                found.append(rel)
            }
            for rel in found.sorted() {
                out.append(((rel as NSString).deletingPathExtension, (p as NSString).appendingPathComponent(rel)))
            }
        } else {
            out.append((((p as NSString).lastPathComponent as NSString).deletingPathExtension, p))
        }
    }
    return out
}

/// File types read as animations.
package func isAnimationFile(_ path: String) -> Bool {
    let ext = (path as NSString).pathExtension.lowercased()
    return ext == "json" || ext == "lottie" || ext == "tgs"
}
