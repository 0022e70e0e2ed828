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

    /// An input named `name`, read from `file` (`-`: standard input).
    package init(name: String, file: String, animationID: String? = nil) {
        self.name = name; self.file = file; self.animationID = animationID
    }
}

/// Animation files named on the command line: files as given, folders searched recursively for `.json`, `.lottie`
/// and `.tgs`, following symbolic links to folders (each real folder once). In folders, `NAME.assets/` folders
/// (external images) and JSON files that are plainly not animations (no `"layers"` and none of Bodymovin's `"fr"`,
/// `"ip"`, `"op"`: package.json, image lists…) are skipped and passed to `skipped`; a JSON file with Lottie keys
/// that does not load is taken, so that it is reported as invalid. Files named explicitly are always taken. Finding
/// no animation at all is an error: a run that checks nothing must not pass.
///
/// Names never depend on how a path was spelled: each is the file's path relative to `root` (the current folder
/// unless given), so `check ui/` and `check ui/x.json` both name `ui/x`. A file outside the root is an error that
/// names a root that would hold every input; two different files with one name (`x.json` and `x.tgs`) are an error;
/// a file given twice is taken once. A `.lottie` holding several animations gives one input per animation,
/// `NAME@ID` (only `only` when given). The result is sorted by name.
package func collectAnimations(
    _ paths: [String], root: String? = nil, only animationID: String? = nil, skipped: (String) -> Void = { _ in }
) throws(LottieRenderError) -> [AnimationInput] {
    let fm = FileManager.default
    let rootPath = canonicalPath(root ?? fm.currentDirectoryPath)
    // The root as spelled (symbolic links kept): a path through a link inside it is inside it.
    let logicalRoot = logicalPath(root ?? fm.currentDirectoryPath)
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
        var found: [String] = []
        var visited: Set<String> = []
        // Depth first, following links to folders; a folder reached again (a link cycle) is not entered twice.
        func walk(_ dir: String) {
            guard visited.insert(canonicalPath(dir)).inserted,
                let names = try? fm.contentsOfDirectory(atPath: dir)
            else { return }
            for name in names.sorted() where !name.hasPrefix(".") {
                let full = (dir as NSString).appendingPathComponent(name)
                var sub: ObjCBool = false
                guard fm.fileExists(atPath: full, isDirectory: &sub) else { continue }
                if sub.boolValue {
                    if !name.hasSuffix(".assets") { walk(full) }
                    continue
                }
                guard isAnimationFile(name) else { continue }
                if (name as NSString).pathExtension.lowercased() == "json", let d = fm.contents(atPath: full),
                    !looksLikeLottie(d)
                {
                    skipped(full)
                    continue
                }
                found.append(full)
            }
        }
        walk(p)
        for full in found.sorted() { files.append((full, canonicalPath(full))) }
    }
    guard !files.isEmpty else {
        throw .unreadable(
            file: paths.joined(separator: ", "),
            reason: "no animation files (.json, .lottie, .tgs) found: nothing to check")
    }
    var seen: Set<String> = [], byName: [String: String] = [:], out: [AnimationInput] = []
    for (given, resolved) in files where seen.insert(resolved).inserted {
        // Inside the root as spelled (through links in it), else as resolved.
        let logical = logicalPath(given)
        let insideLogically = logical.hasPrefix(logicalRoot == "/" ? "/" : logicalRoot + "/")
        let canonical = insideLogically ? logical : resolved
        let within = insideLogically ? logicalRoot : rootPath
        guard canonical.hasPrefix(within == "/" ? "/" : within + "/") else {
            let common = files.map(\.canonical).reduce((files.first?.canonical ?? "/") as String) {
                commonFolder($0, $1)
            }
            throw .badRequest(
                reason: "\(given) is outside the root folder \(rootPath)\(root == nil ? " (the current folder)" : ""), "
                    + "which names baselines and previews; give --root with a folder that holds every input, "
                    + "e.g. --root \(common)")
        }
        let rel = String(canonical.dropFirst(within == "/" ? 1 : within.count + 1))
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

/// `path` made absolute with `.` and `..` resolved, symbolic links kept.
package func logicalPath(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
}

/// Whether JSON bytes may be a Lottie animation: a `"layers"` key, or two of Bodymovin's `"fr"`, `"ip"`, `"op"`
/// (a file cut off before its layers, or with them missing, is an animation that fails to load, not something
/// else).
func looksLikeLottie(_ d: Data) -> Bool {
    if d.range(of: Data("\"layers\"".utf8)) != nil { return true }
    return ["\"fr\"", "\"ip\"", "\"op\""].filter { d.range(of: Data($0.utf8)) != nil }.count >= 2
}

/// The folder part of `path`, as `NSString.deletingLastPathComponent` gives it ("a/b.json" → "a", "b.json" → "",
/// "/a" → "/"), without Foundation's version, which traps on one-character names ("a", ".") on Linux.
package func parentPath(_ path: String) -> String {
    var p = Substring(path)
    while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
    if p == "/" { return "/" }
    guard let slash = p.lastIndex(of: "/") else { return "" }
    var head = p[..<slash]
    while head.count > 1 && head.hasSuffix("/") { head = head.dropLast() }
    return head.isEmpty ? "/" : String(head)
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
