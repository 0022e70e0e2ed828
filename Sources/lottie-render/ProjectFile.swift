import ArgumentParser
import Foundation
import LottieRender

/// `lottie-render.json`: a project's snapshot settings, so that `lottie-render check` alone runs its suite from any
/// folder. Found in the current folder or the nearest folder above it (or given with `--config`). Its keys are
/// `check`'s long option names; paths in it are relative to the file's folder. Options given on the command line
/// win over the file; flags (`strict`, `keyframes`…) add to it.
///
///     {"inputs": ["animations"], "baseline": "snapshots", "size": "256x256", "players": ["full", "ios"],
///      "strict": true, "threshold": 0.02, "fonts": ["fonts"]}
struct ProjectFile {
    /// The file's name, searched for upwards from the current folder.
    static let fileName = "lottie-render.json"

    /// The file.
    let path: String
    /// Its folder: what relative paths in it are relative to.
    let folder: String

    var inputs: [String]?
    var root: String?, baseline: String?, report: String?, junit: String?, animation: String?
    var size: String?, width: Int?, height: Int?, scale: Double?
    var frames: String?, every: Int?, keyframes = false, markers = false
    var players: [String]?, androidMergePaths = false, strict = false
    var threshold: Double?, maxDiffPixels: Int?, maxDiffRatio: Double?, noAntialias = false
    var fonts: [String]?, background: String?, imageFit: String?, expressions: String?, maxMemory: String?

    /// The keys a project file may hold.
    static let keys = [
        "inputs", "root", "baseline", "report", "junit", "animation", "size", "width", "height", "scale", "frames",
        "every", "keyframes", "markers", "player", "players", "android-merge-paths", "strict", "threshold",
        "max-diff-pixels", "max-diff-ratio", "no-antialias", "fonts", "background", "image-fit", "expressions",
        "max-memory",
    ]

    /// The project file for a run: `explicit` (`--config`), else `lottie-render.json` in `start` or the nearest
    /// folder above it; nil when there is none.
    static func locate(explicit: String?, from start: String) throws -> ProjectFile? {
        if let explicit {
            guard FileManager.default.fileExists(atPath: explicit), !isFolder(explicit) else {
                throw ProjectFileError("--config \(explicit): no such file")
            }
            return try ProjectFile(path: explicit)
        }
        var dir = canonicalPath(start)
        guard dir.hasPrefix("/") else { return nil } // the working folder is gone: there is nothing to search
        while true {
            let candidate = (dir as NSString).appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: candidate), !isFolder(candidate) {
                return try ProjectFile(path: candidate)
            }
            let up = parentPath(dir)
            if up == dir || up.isEmpty { return nil }
            dir = up
        }
    }

    /// Reads and checks `path`: an unknown key or a value of the wrong type is an error naming it.
    init(path: String) throws {
        self.path = path
        folder = parentPath(canonicalPath(path))
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ProjectFileError("\(path): cannot read")
        }
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw ProjectFileError("\(path) is not valid JSON")
        }
        guard let o = object as? [String: Any] else { throw ProjectFileError("\(path): expected a JSON object") }
        for key in o.keys.sorted() where !Self.keys.contains(key) {
            let near = Self.keys.min { editDistance($0, key) < editDistance($1, key) } ?? ""
            throw ProjectFileError(
                "\(path): unknown setting \"\(key)\""
                    + (editDistance(near, key) <= 2 ? " (did you mean \"\(near)\"?)" : ""))
        }
        func value<T>(_ key: String, _ type: T.Type, _ what: String) throws -> T? {
            guard let v = o[key], !(v is NSNull) else { return nil }
            guard let t = v as? T else { throw ProjectFileError("\(path): \"\(key)\" takes \(what)") }
            return t
        }
        func strings(_ key: String) throws -> [String]? {
            if let one = o[key] as? String { return [one] }
            return try value(key, [String].self, "a string or a list of strings")
        }
        func number(_ key: String) throws -> Double? {
            guard let v = o[key], !(v is NSNull) else { return nil }
            guard !(v is Bool), let n = v as? NSNumber else {
                throw ProjectFileError("\(path): \"\(key)\" takes a number")
            }
            return n.doubleValue
        }
        func int(_ key: String) throws -> Int? {
            guard let d = try number(key) else { return nil }
            guard d == d.rounded(), abs(d) < 1e9 else {
                throw ProjectFileError("\(path): \"\(key)\" takes a whole number")
            }
            return Int(d)
        }
        func flag(_ key: String) throws -> Bool { try value(key, Bool.self, "true or false") ?? false }
        func pathValue(_ key: String) throws -> String? { try value(key, String.self, "a path").map(resolve) }

        inputs = try strings("inputs")?.map(resolve)
        root = try pathValue("root"); baseline = try pathValue("baseline")
        report = try pathValue("report"); junit = try pathValue("junit")
        animation = try value("animation", String.self, "an animation id")
        size = try value("size", String.self, "WxH"); width = try int("width"); height = try int("height")
        scale = try number("scale")
        frames = try value("frames", String.self, "frame numbers and percentages, as \"0,50%,100%\"")
        every = try int("every"); keyframes = try flag("keyframes"); markers = try flag("markers")
        players = try strings("players") ?? strings("player")
        androidMergePaths = try flag("android-merge-paths"); strict = try flag("strict")
        threshold = try number("threshold"); maxDiffPixels = try int("max-diff-pixels")
        maxDiffRatio = try number("max-diff-ratio"); noAntialias = try flag("no-antialias")
        fonts = try strings("fonts")?.map(resolve)
        background = try value("background", String.self, "a colour")
        imageFit = try value("image-fit", String.self, "stretch, cover, contain or none")
        expressions = try value("expressions", String.self, "on or off")
        if let m = o["max-memory"] as? NSNumber, !(o["max-memory"] is Bool) {
            maxMemory = m.stringValue
        } else {
            maxMemory = try value("max-memory", String.self, "a size such as \"2G\"")
        }
    }

    /// `p` (relative to the file's folder, unless absolute) as a path from the current folder, so that messages
    /// and reports name `snapshots/x`, not the machine's absolute path.
    func resolve(_ p: String) -> String {
        if p.hasPrefix("/") { return p }
        let full = canonicalPath((folder as NSString).appendingPathComponent(p))
        return relativePath(from: FileManager.default.currentDirectoryPath, to: full)
    }
}

/// A project file that cannot be used: exit 2 with the reason.
struct ProjectFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
