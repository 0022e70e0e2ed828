/// Merging what sharded runs wrote (`lottie-render merge`): the JSON results, JUnit XML and HTML report data of
/// `check --shard I/N`, and the gallery data of `batch --shard I/N`, into what one unsharded run writes. Each shard
/// labels its output "I/N"; a merge refuses a set with a shard missing, twice, or of another N, since a merged run
/// that silently lacks a shard is a green run that checked a third less.
package enum ShardMerge {
    /// Why outputs cannot be merged.
    package struct Failure: Error, CustomStringConvertible, Equatable {
        /// The reason, naming the file.
        package let description: String
        /// Creates a failure.
        package init(_ description: String) { self.description = description }
    }

    /// "I/N" as (I, N), or nil.
    package static func parseShard(_ s: String) -> (Int, Int)? {
        let p = s.split(separator: "/")
        guard p.count == 2, let i = Int(p[0]), let n = Int(p[1]), n >= 1, i >= 1, i <= n else { return nil }
        return (i, n)
    }

    /// Checks that the labelled outputs are shards 1…N of one run, each once. `labels` pairs each output's name
    /// with its shard label (nil: an unsharded run, which merges only with nothing).
    package static func checkComplete(_ labels: [(file: String, shard: String?)]) throws(Failure) {
        guard !labels.isEmpty else { throw Failure("nothing to merge") }
        if let whole = labels.first(where: { $0.shard == nil }) {
            if labels.count == 1 { return }
            throw Failure("\(whole.file) is the output of an unsharded run; only shards of one run merge")
        }
        var seen: [Int: String] = [:]
        var count: Int?
        for (file, label) in labels {
            guard let label, let (i, n) = parseShard(label) else { throw Failure("\(file): bad shard label") }
            if let c = count, c != n {
                throw Failure("\(file) is shard \(label), the others are shards of \(c): not one run")
            }
            count = n
            if let other = seen[i] { throw Failure("shard \(i)/\(n) is given twice: \(other) and \(file)") }
            seen[i] = file
        }
        let n = count ?? 0
        let missing = (1...n).filter { seen[$0] == nil }
        if !missing.isEmpty {
            let list = missing.map { "\($0)/\(n)" }.joined(separator: ", ")
            throw Failure(
                "shard\(missing.count == 1 ? "" : "s") \(list) missing: merging the others would leave "
                    + "\(missing.count == 1 ? "its" : "their") animations unchecked")
        }
    }

    /// The sort key of a result or suite name as one unsharded run orders them: players in the order given
    /// (`NAME @PLAYER`), then names.
    static func key(_ name: String, players: [String]) -> (Int, String) {
        guard let (base, tag) = split(name) else { return (0, name) }
        return (players.firstIndex(of: tag) ?? players.count, base)
    }

    /// `NAME @PLAYER` as (NAME, PLAYER), or nil for a name without a player tag.
    static func split(_ name: String) -> (String, String)? {
        let c = Array(name)
        guard let at = c.lastIndex(of: "@"), at > 0, c[at - 1] == " " else { return nil }
        return (String(c[..<(at - 1)]), String(c[(at + 1)...]))
    }

    /// The player tags (`NAME @PLAYER`) in first-seen order.
    static func playerOrder(_ names: [String]) -> [String] {
        var order: [String] = []
        for n in names {
            if let (_, tag) = split(n), !order.contains(tag) { order.append(tag) }
        }
        return order
    }

    /// `names`' indices in the order one unsharded run writes them.
    static func order(_ names: [String]) -> [Int] {
        let players = playerOrder(names)
        let keys = names.map { key($0, players: players) }
        return names.indices.sorted { a, b in keys[a].0 != keys[b].0 ? keys[a].0 < keys[b].0 : keys[a].1 < keys[b].1 }
    }

    /// The results of several shards in one run's order.
    package static func ordered(_ results: [AnimationResult]) -> [AnimationResult] {
        order(results.map(\.name)).map { results[$0] }
    }

    /// Gallery entries of several shards in one run's order.
    package static func ordered(_ entries: [GalleryEntry]) -> [GalleryEntry] {
        order(entries.map(\.name)).map { entries[$0] }
    }
}

/// What a check report folder keeps beside its page (`results.json`, or `results-I-of-N.json` for a shard), so
/// that `merge` can rebuild one page from the shards' reports.
package struct CheckReportData: Codable, Sendable {
    /// The page title.
    package var title: String
    /// The settings sentence of the summary (baselines, thresholds).
    package var settings: String
    /// "I/N" for a shard's report.
    package var shard: String?
    /// Every animation's results, with report images relative to the folder.
    package var results: [AnimationResult]

    /// Creates the data.
    package init(title: String, settings: String, shard: String?, results: [AnimationResult]) {
        self.title = title; self.settings = settings; self.shard = shard; self.results = results
    }

    /// The file name the data is kept under: `results.json`, or `results-I-of-N.json` for shard I of N.
    package static func fileName(shard: String?) -> String {
        guard let s = shard, let (i, n) = ShardMerge.parseShard(s) else { return "results.json" }
        return "results-\(i)-of-\(n).json"
    }

    /// The report page.
    package var page: String {
        let frames = results.reduce(0) { $0 + $1.frames.count }
        let failed = results.filter { !$0.passed }.count
        let warnings = results.reduce(0) { $0 + $1.warnings.count }
        let summary =
            "\(results.count) animations, \(frames) frames, \(failed) failing. " + settings
            + (warnings > 0 ? " \(warnings) warning\(warnings == 1 ? "" : "s")." : "")
        return HTMLReport.page(title: title, summary: summary, results: results)
    }

}

/// What a batch output folder keeps beside its gallery (`gallery.json`, or `gallery-I-of-N.json` for a shard).
package struct GalleryData: Codable, Sendable {
    /// The page title.
    package var title: String
    /// "I/N" for a shard's gallery.
    package var shard: String?
    /// Every animation's entry, with images relative to the folder.
    package var entries: [GalleryEntry]

    /// Creates the data.
    package init(title: String, shard: String?, entries: [GalleryEntry]) {
        self.title = title; self.shard = shard; self.entries = entries
    }

    /// `gallery.json`, or `gallery-I-of-N.json` for shard I of N.
    package static func fileName(shard: String?) -> String {
        guard let s = shard, let (i, n) = ShardMerge.parseShard(s) else { return "gallery.json" }
        return "gallery-\(i)-of-\(n).json"
    }

}
