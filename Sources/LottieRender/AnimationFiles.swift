import Foundation

/// One animation named on the command line (or found in a folder given there), with the name its baseline folder
/// and preview files take.
package struct AnimationInput: Sendable, Equatable {
    /// The file's path relative to the root folder, without extension (`ui/spinner`); `NAME@ID` for each animation
    /// of a `.lottie` that holds several.
    package var name: String
    /// The file as given (or found).
    package var file: String
    /// The animation of a `.lottie` file; nil for the only (or the manifest's first) one.
    package var animationID: String?
}

/// Animation files named on the command line: files as given, folders searched recursively for `.json`, `.lottie`
/// and `.tgs`. In folders, `NAME.assets/` folders (external images) and JSON files that have no `"layers"` key
/// (package.json, image lists…) are skipped; files named explicitly are always taken.
///
/// Names never depend on how a path was spelled: each is the file's path relative to `root` (the current folder
/// unless given), so `check ui/` and `check ui/x.json` both name `ui/x`. A file outside the root is an error that
/// names a root that would hold every input; two different files with one name (`x.json` and `x.tgs`) are an error;
/// a file given twice is taken once. A `.lottie` holding several animations gives one input per animation,
/// `NAME@ID` (only `only` when given). The result is sorted by name.
package func collectAnimations(
    _ paths: [String], root: String? = nil, only animationID: String? = nil
) throws(LottieRenderError) -> [AnimationInput] {
    let fm = FileManager.default
    let rootPath = canonicalPath(root ?? fm.currentDirectoryPath)
    var files: [(given: String, canonical: String)] = []
    for p in paths {
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: p, isDirectory: &isDir) else {
            throw .unreadable(file: p, reason: "no such file or folder")
        }
        guard isDir.boolValue else {
            files.append((p, canonicalPath(p)))
            continue
        }
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
            found.append(full)
        }
        for full in found.sorted() { files.append((full, canonicalPath(full))) }
    }
    var seen: Set<String> = [], byName: [String: String] = [:], out: [AnimationInput] = []
    for (given, canonical) in files where seen.insert(canonical).inserted {
        guard canonical.hasPrefix(rootPath == "/" ? "/" : rootPath + "/") else {
            let common = files.map(\.canonical).reduce((files.first?.canonical ?? "/") as String) {
                commonFolder($0, $1)
            }
            throw .badRequest(
                reason: "\(given) is outside the root folder \(rootPath)\(root == nil ? " (the current folder)" : ""), "
                    + "which names baselines and previews; give --root with a folder that holds every input, "
                    + "e.g. --root \(common)")
        }
        let rel = String(canonical.dropFirst(rootPath == "/" ? 1 : rootPath.count + 1))
        let base = (rel as NSString).deletingPathExtension
        var entries: [AnimationInput] = [AnimationInput(name: base, file: given, animationID: nil)]
        if (given as NSString).pathExtension.lowercased() == "lottie", let data = fm.contents(atPath: given),
            let dot = try? DotLottie(bytes: [UInt8](data), name: given)
        {
            let ids = animationID.map { [$0] } ?? dot.animationIDs
            if let id = animationID, !dot.animationIDs.contains(id) {
                throw .unreadable(
                    file: given, reason: "no animation \"\(id)\"; it holds \(dot.animationIDs.joined(separator: ", "))")
            }
            entries =
                dot.animationIDs.count == 1
                ? [AnimationInput(name: base, file: given, animationID: ids[0])]
                : ids.map { AnimationInput(name: base + "@" + safeFileName($0), file: given, animationID: $0) }
        }
        for e in entries {
            if let other = byName[e.name] {
                throw .badRequest(
                    reason: "\(other) and \(given) would share the name \"\(e.name)\" (baselines and previews are "
                        + "named by path without extension); rename one")
            }
            byName[e.name] = given
            out.append(e)
        }
    }
    return out.sorted { $0.name < $1.name }
}

/// File types read as animations.
package func isAnimationFile(_ path: String) -> Bool {
    let ext = (path as NSString).pathExtension.lowercased()
    return ext == "json" || ext == "lottie" || ext == "tgs"
}

/// `path` made absolute, with `.`, `..` and symbolic links resolved.
package func canonicalPath(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
}

/// The deepest folder holding both paths.
func commonFolder(_ a: String, _ b: String) -> String {
    let pa = a.split(separator: "/"), pb = b.split(separator: "/")
    var n = 0
    while n < pa.count - 1 && n < pb.count - 1 && pa[n] == pb[n] { n += 1 }
    return "/" + pa.prefix(n).joined(separator: "/")
}

/// A name safe as one path component: letters, digits, `-`, `_` and `.` kept, anything else (`/`, control
/// characters, spaces) as `_`; never empty, never `.` or `..`, never starting with a dot, at most 100 characters.
package func safeFileName(_ s: String) -> String {
    var out = String(
        s.prefix(100).map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" })
    while out.hasPrefix(".") { out = "_" + out.dropFirst() }
    return out.isEmpty ? "_" : out
}
