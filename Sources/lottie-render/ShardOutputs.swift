import Foundation
import LottieRender
import LottieRenderSnapshot

// The files through which sharded runs meet `merge`: a check report's and a gallery's data beside their pages.

/// The page name of a report or gallery: `index.html`, or `index-I-of-N.html` for shard I of N.
func pageName(shard: String?) -> String {
    guard let s = shard, let (i, n) = ShardMerge.parseShard(s) else { return "index.html" }
    return "index-\(i)-of-\(n).html"
}

/// JSON with sorted keys: the same data gives the same bytes.
func sortedJSON(_ value: some Encodable) throws -> [UInt8] {
    let e = JSONEncoder()
    e.outputFormatting = [.sortedKeys]
    return Array(try e.encode(value))
}

/// Writes a check report's page and its data into `dir`.
func writeCheckReport(_ data: CheckReportData, to dir: String) throws {
    try AtomicFile.write(
        sortedJSON(data),
        to: (dir as NSString).appendingPathComponent(
            CheckReportData.fileName(shard: data.shard)))
    try AtomicFile.write(
        Array(data.page.utf8),
        to: (dir as NSString).appendingPathComponent(
            pageName(shard: data.shard)))
}

/// Writes a gallery page and its data into `dir`.
func writeGallery(_ data: GalleryData, to dir: String) throws {
    try AtomicFile.write(
        sortedJSON(data),
        to: (dir as NSString).appendingPathComponent(
            GalleryData.fileName(shard: data.shard)))
    let page = GalleryPage.html(title: data.title, entries: data.entries)
    try AtomicFile.write(Array(page.utf8), to: (dir as NSString).appendingPathComponent(pageName(shard: data.shard)))
}

/// Reads what `check --json` printed back into results (``CheckJSON`` writes every field of a result but its
/// timings and report images).
enum CheckJSONReader {
    /// The results, the stale baselines and the shard label of one `check --json` output.
    static func decode(
        _ bytes: [UInt8], file: String
    ) throws(ShardMerge.Failure) -> (
        [AnimationResult], [String], String?
    ) {
        func bad(_ what: String) -> ShardMerge.Failure { .init("\(file) is not check --json output: \(what)") }
        guard let top = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw bad("not a JSON object")
        }
        guard let anims = top["animations"] as? [[String: Any]] else { throw bad("no \"animations\"") }
        var results: [AnimationResult] = []
        for (k, a) in anims.enumerated() {
            guard let name = a["name"] as? String, let f = a["file"] as? String else {
                throw bad("animations[\(k)] has no name or file")
            }
            var r = AnimationResult(name: name, file: f)
            r.error = a["error"] as? String
            r.warnings = a["warnings"] as? [String] ?? []
            r.notes = a["notes"] as? [String] ?? []
            r.strict = a["strict"] as? Bool ?? false
            for (j, fo) in (a["frames"] as? [[String: Any]] ?? []).enumerated() {
                guard let fname = fo["name"] as? String, let frame = (fo["frame"] as? NSNumber)?.doubleValue,
                    let status = (fo["status"] as? String).flatMap(FrameStatus.init(rawValue:))
                else { throw bad("animations[\(k)].frames[\(j)] has no name, frame or status") }
                var fr = FrameResult(name: fname, frame: frame, status: status)
                fr.differing = (fo["differing_pixels"] as? NSNumber)?.intValue ?? 0
                fr.antiAliased = (fo["antialiased_pixels"] as? NSNumber)?.intValue ?? 0
                fr.maxDelta = (fo["max_delta"] as? NSNumber)?.doubleValue ?? 0
                fr.regions = (fo["regions"] as? [[Int]] ?? []).compactMap {
                    $0.count == 4 ? IntRect(x0: $0[0], y0: $0[1], x1: $0[0] + $0[2], y1: $0[1] + $0[3]) : nil
                }
                fr.message = fo["message"] as? String
                r.frames.append(fr)
            }
            results.append(r)
        }
        return (results, top["stale_baselines"] as? [String] ?? [], top["shard"] as? String)
    }
}
