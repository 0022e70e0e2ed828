import Foundation
import LottieRenderModel

/// dotLottie (`.lottie`): a zip holding `manifest.json`, the animations (`animations/ID.json`, or `a/ID.json` in
/// version 2) and their images (`images/`, or `i/`).
package struct DotLottie: Sendable {
    /// Animation ids in manifest order.
    package let animationIDs: [String]
    /// Every file of the archive by its path, e.g. `images/img_0.png`.
    package let files: [String: [UInt8]]

    /// Largest total size unpacked, so a zip bomb stops with an error.
    static let maxUnpacked = 512 << 20

    /// Reads the archive and its manifest.
    package init(bytes: [UInt8], name: String) throws(LottieRenderError) {
        let archive: ZipArchive
        do { archive = try ZipArchive(bytes) } catch {
            throw .unreadable(file: name, reason: "not a valid .lottie (zip) archive: \(error)")
        }
        var files: [String: [UInt8]] = [:]
        var total = 0
        for entry in archive.entries {
            // `contents` checks the declared size first, then counts what actually inflates (headers can lie).
            let room = DotLottie.maxUnpacked - total
            let inflated: [UInt8]?
            do { inflated = try archive.contents(entry, limit: room) } catch {
                throw .unreadable(file: name, reason: "cannot unpack \(entry.path): \(error)")
            }
            guard let data = inflated else {
                throw .unreadable(file: name, reason: "archive unpacks to more than \(DotLottie.maxUnpacked >> 20) MiB")
            }
            total += data.count
            files[entry.path] = data
        }
        self.files = files
        var ids: [String] = []
        if let m = files["manifest.json"], case .object(let doc)? = try? JSONParser.parse(m),
            case .array(let anims)? = doc["animations"]
        {
            for a in anims { if case .object(let o) = a, case .string(let id)? = o["id"] { ids.append(id) } }
        }
        if ids.isEmpty {
            // No usable manifest: every JSON under animations/ or a/, sorted.
            ids = files.keys.filter { ($0.hasPrefix("animations/") || $0.hasPrefix("a/")) && $0.hasSuffix(".json") }
                .map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }.sorted()
        }
        guard !ids.isEmpty else { throw .unreadable(file: name, reason: "the .lottie archive holds no animation") }
        animationIDs = ids
    }

    /// The JSON of animation `id` (default: the manifest's first) and its path inside the archive.
    package func animation(_ id: String?, name: String) throws(LottieRenderError) -> (path: String, bytes: [UInt8]) {
        let pick = id ?? animationIDs[0]
        guard animationIDs.contains(pick) else {
            throw .unreadable(
                file: name, reason: "no animation \"\(pick)\"; it holds \(animationIDs.joined(separator: ", "))")
        }
        for path in ["animations/\(pick).json", "a/\(pick).json"] {
            if let b = files[path] { return (path, b) }
        }
        throw .unreadable(file: name, reason: "animation \"\(pick)\" is listed in the manifest but missing")
    }
}
