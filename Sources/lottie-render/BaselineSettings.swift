import Foundation
import LottieRender

/// The settings a baseline folder's images were made with, kept beside them in `BASELINE/settings.json`: what
/// decides the pixels (size, background, image fit, expressions, merge paths, font folders), which frames, and
/// where names are relative to. `check` compares a run's settings with them before rendering, so a run with
/// another `--size` says which setting differs instead of failing every frame; a run without `--root` takes the
/// recorded one, so baselines no longer depend on the folder the command is typed in.
struct BaselineSettings: Codable, Equatable {
    /// The file in the baseline folder.
    static let fileName = "settings.json"

    /// Size options as typed (`--size 256x256`), or "the composition's size".
    var size: String
    /// `--background`, or nil for transparent.
    var background: String?
    /// `--image-fit`, or nil for the player's.
    var imageFit: String?
    /// `--expressions`, or nil for the player's.
    var expressions: String?
    /// `--android-merge-paths`.
    var androidMergePaths: Bool
    /// The frame selection as typed (`--frames 0,25%,50%,75%,100%`, `--every 5`, `--keyframes`, `--markers`).
    var frames: String
    /// The root that baseline names are relative to, relative to the baseline folder.
    var root: String
    /// `--fonts` folders, relative to the baseline folder.
    var fonts: [String]

    enum CodingKeys: String, CodingKey {
        case size, background, imageFit = "image-fit", expressions, androidMergePaths = "android-merge-paths", frames,
            root, fonts
    }

    /// The record in `baselineFolder`, nil when there is none.
    static func read(_ baselineFolder: String) throws -> BaselineSettings? {
        let path = (baselineFolder as NSString).appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        do { return try JSONDecoder().decode(BaselineSettings.self, from: data) } catch {
            throw ProjectFileError("\(path) is not the settings lottie-render records with baselines: \(error)")
        }
    }

    /// Writes the record into `baselineFolder` (sorted keys, one per line, for review in version control).
    func write(to baselineFolder: String) throws {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .prettyPrinted]
        try AtomicFile.write(
            Array(try e.encode(self)) + [10], to: (baselineFolder as NSString).appendingPathComponent(Self.fileName))
    }

    /// The recorded root as a path.
    func rootPath(baselineFolder: String) -> String {
        canonicalPath((canonicalPath(baselineFolder) as NSString).appendingPathComponent(root))
    }

    /// What differs from `recorded`, a line each, split into what changes pixels or names (`pixels`) and what
    /// changes only which frames are checked (`frames`).
    func differences(from recorded: BaselineSettings, baselineFolder: String) -> (pixels: [String], frames: [String]) {
        func line(_ what: String, _ was: String, _ now: String) -> String {
            "\(what): the baselines were recorded with \(was), this run uses \(now)"
        }
        var pixels: [String] = []
        if size != recorded.size { pixels.append(line("size", recorded.size, size)) }
        // An option that is given or left to its default: "--OPTION VALUE" or the default's words.
        func option(_ what: String, _ flag: String, _ was: String?, _ now: String?, unset: String) {
            guard was != now else { return }
            pixels.append(line(what, was.map { "--\(flag) \($0)" } ?? unset, now.map { "--\(flag) \($0)" } ?? unset))
        }
        option("background", "background", recorded.background, background, unset: "no background")
        option("image fit", "image-fit", recorded.imageFit, imageFit, unset: "the player's")
        option("expressions", "expressions", recorded.expressions, expressions, unset: "the player's")
        if androidMergePaths != recorded.androidMergePaths {
            let words = { (b: Bool) in b ? "--android-merge-paths" : "no --android-merge-paths" }
            pixels.append(line("merge paths", words(recorded.androidMergePaths), words(androidMergePaths)))
        }
        let base = canonicalPath(baselineFolder)
        let paths = { (l: [String]) in Set(l.map { canonicalPath((base as NSString).appendingPathComponent($0)) }) }
        if paths(fonts) != paths(recorded.fonts) {
            let words = { (l: [String]) in l.isEmpty ? "no --fonts" : l.map { "--fonts \($0)" }.joined(separator: " ") }
            pixels.append(line("fonts (relative to the baseline folder)", words(recorded.fonts), words(fonts)))
        }
        if rootPath(baselineFolder: baselineFolder) != recorded.rootPath(baselineFolder: baselineFolder) {
            pixels.append(
                line(
                    "root", "--root \(recorded.rootPath(baselineFolder: baselineFolder))",
                    "--root \(rootPath(baselineFolder: baselineFolder))"))
        }
        let frames = self.frames == recorded.frames ? [] : [line("frames", recorded.frames, self.frames)]
        return (pixels, frames)
    }
}

/// The path of `target` relative to folder `base` (both made absolute): `..`, `../fonts`, `.`.
func relativePath(from base: String, to target: String) -> String {
    let b = canonicalPath(base).split(separator: "/"), t = canonicalPath(target).split(separator: "/")
    var common = 0
    while common < b.count, common < t.count, b[common] == t[common] { common += 1 }
    let parts = Array(repeating: "..", count: b.count - common) + t[common...].map(String.init)
    return parts.isEmpty ? "." : parts.joined(separator: "/")
}
