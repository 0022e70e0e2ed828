import ArgumentParser
import Foundation
import LottieRender
import LottieRenderSnapshot

/// `lottie-render merge`: joins the outputs of sharded `check` and `batch` runs into what one unsharded run writes.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the outputs of sharded check or batch runs into one.",
        discussion: """
            Give every shard's output of one kind, and -o for the merged one:
              check --json output (files)     → one JSON file (-o - writes it to standard output)
              check --junit files             → one JUnit file
              check --report folders          → one report folder (index.html, results.json, images)
              batch -o folders                → one gallery folder (index.html, gallery.json, images)
            A folder that several shards wrote into (the same --report or -o) holds every shard's page and data \
            (index-I-of-N.html, results-I-of-N.json or gallery-I-of-N.json) and merges alone, into itself if -o names \
            it. The result is ordered and counted as one run's; images are copied into -o when they live elsewhere.

            A merge refuses outputs that are not shards 1…N of one run, each once: a missing shard would leave its \
            animations unchecked while the merged run looks complete. Exit codes: as the unsharded command's (check: \
            0 all pass, 1 failures, 2 errors or nothing checked; batch: 0 all rendered, 2 some animation failed), \
            and 2 when the outputs cannot be merged or an image of the merged page is missing.
            """)

    @Argument(help: "The shards' outputs: JSON or JUnit files, report folders or gallery folders.")
    var inputs: [String]
    @Option(
        name: .shortAndLong, help: "The merged output: a file for JSON and JUnit, a folder for reports and galleries.")
    var output: String

    /// The kinds of shard output.
    enum Kind: String {
        case json = "check --json output", junit = "JUnit XML", report = "check report", gallery = "batch gallery"
    }

    func run() throws {
        var kinds: [(String, Kind)] = []
        for path in inputs {
            do { kinds.append((path, try kind(of: path))) } catch { try refuse(error.description) }
        }
        let distinct = Set(kinds.map(\.1.rawValue))
        if distinct.count > 1 {
            try refuse(
                "the inputs are of different kinds (\(distinct.sorted().joined(separator: ", "))): merge one kind at a time"
            )
        }
        do {
            switch kinds[0].1 {
            case .json: try mergeJSON()
            case .junit: try mergeJUnit()
            case .report: try mergeReports()
            case .gallery: try mergeGalleries()
            }
        } catch let e as ShardMerge.Failure {
            try refuse(e.description)
        } catch let e as LottieRenderError {
            try fail(e)
        }
    }

    func refuse(_ reason: String) throws -> Never {
        printError("cannot merge: \(reason)")
        throw ExitCode(2)
    }

    /// What kind of output `path` is.
    func kind(of path: String) throws(ShardMerge.Failure) -> Kind {
        if isFolder(path) {
            let files = Set(dataFiles(in: path).map { ($0 as NSString).lastPathComponent })
            let reports = files.contains { $0.hasPrefix("results") },
                galleries = files.contains { $0.hasPrefix("gallery") }
            if reports && galleries { throw .init("\(path) holds both a check report and a gallery") }
            if reports { return .report }
            if galleries { return .gallery }
            throw .init("\(path) holds no check report (results.json) or gallery (gallery.json) data")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw .init("\(path): cannot read") }
        switch data.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
        case UInt8(ascii: "{"): return .json
        case UInt8(ascii: "<"): return .junit
        default: throw .init("\(path) is neither check JSON nor JUnit XML")
        }
    }

    /// The report or gallery data files in `dir` and its `@PLAYER` folders, relative to `dir`.
    func dataFiles(in dir: String) -> [String] {
        let fm = FileManager.default
        var out: [String] = []
        let top = ((try? fm.contentsOfDirectory(atPath: dir)) ?? []).sorted()
        out += shardData(top)
        for f in top where f.hasPrefix("@") && isFolder((dir as NSString).appendingPathComponent(f)) {
            let sub = (try? fm.contentsOfDirectory(atPath: (dir as NSString).appendingPathComponent(f))) ?? []
            out += shardData(sub.sorted()).map { f + "/" + $0 }
        }
        return out
    }

    /// The data files among one folder's `names`. Where shards wrote into one folder, an unsharded
    /// `results.json` / `gallery.json` beside their files is what an earlier merge into that folder wrote: the
    /// shards' files are merged again, not it.
    func shardData(_ names: [String]) -> [String] {
        let data = names.filter(isDataFile)
        return data.filter { f in
            guard f == "results.json" || f == "gallery.json" else { return true }
            let kind = f.hasPrefix("results") ? "results-" : "gallery-"
            return !data.contains { $0.hasPrefix(kind) }
        }
    }

    func isDataFile(_ f: String) -> Bool {
        (f == "results.json" || f == "gallery.json"
            || ((f.hasPrefix("results-") || f.hasPrefix("gallery-"))
                && f.hasSuffix(".json") && f.contains("-of-")))
    }

    func read(_ path: String) throws(ShardMerge.Failure) -> [UInt8] {
        guard let d = FileManager.default.contents(atPath: path) else { throw .init("\(path): cannot read") }
        return [UInt8](d)
    }

    // MARK: check --json

    func mergeJSON() throws {
        var labels: [(file: String, shard: String?)] = []
        var results: [AnimationResult] = []
        var stale: Set<String> = []
        for path in inputs {
            let (r, s, shard) = try CheckJSONReader.decode(try read(path), file: path)
            labels.append((path, shard)); results += r; stale.formUnion(s)
        }
        try ShardMerge.checkComplete(labels)
        let merged = ShardMerge.ordered(results)
        let text = CheckJSON.encode(merged, staleBaselines: stale.sorted()) + "\n"
        if output == "-" { print(text, terminator: "") } else { try AtomicFile.write(Array(text.utf8), to: output) }
        try finishCheck(merged, shards: labels.count)
    }

    // MARK: check --junit

    func mergeJUnit() throws {
        var docs: [(file: String, text: String)] = []
        for path in inputs { docs.append((path, String(decoding: try read(path), as: UTF8.self))) }
        let xml = try JUnitMerge.merge(docs)
        try AtomicFile.write(Array(xml.utf8), to: output)
        say("merged \(plural(docs.count, "shard")) of JUnit XML into \(output)")
    }

    // MARK: check --report

    func mergeReports() throws {
        // Group the data by player folder ("" or "@ios"): each merges into OUT/@PLAYER as one run wrote it.
        var groups: [String: [(dir: String, file: String)]] = [:]
        for dir in inputs {
            for rel in dataFiles(in: dir) where (rel as NSString).lastPathComponent.hasPrefix("results") {
                groups[parentPath(rel), default: []].append((dir, rel))
            }
        }
        var all: [AnimationResult] = []
        var shards = 0
        for group in groups.keys.sorted() {
            var labels: [(file: String, shard: String?)] = []
            var results: [AnimationResult] = []
            var first: CheckReportData?
            let outDir = group.isEmpty ? output : (output as NSString).appendingPathComponent(group)
            for (dir, rel) in groups[group] ?? [] {
                let path = (dir as NSString).appendingPathComponent(rel)
                let data = try decodeJSON(CheckReportData.self, try read(path), file: path)
                labels.append((path, data.shard)); first = first ?? data
                let from = (dir as NSString).appendingPathComponent(parentPath(rel))
                for var a in data.results {
                    for i in a.frames.indices {
                        a.frames[i].baselineImage = try copy(a.frames[i].baselineImage, from: from, to: outDir)
                        a.frames[i].actualImage = try copy(a.frames[i].actualImage, from: from, to: outDir)
                        a.frames[i].diffImage = try copy(a.frames[i].diffImage, from: from, to: outDir)
                    }
                    results.append(a)
                }
            }
            try ShardMerge.checkComplete(labels)
            guard let first else { continue }
            let merged = ShardMerge.ordered(results)
            try AtomicFile.makeFolder(outDir)
            try writeCheckReport(
                CheckReportData(title: first.title, settings: first.settings, shard: nil, results: merged), to: outDir)
            all += merged
            shards = labels.count
        }
        say("merged \(plural(shards, "shard"))' reports into \(output)/index.html")
        try finishCheck(all, shards: shards, quiet: true)
    }

    /// Copies report image `rel` from folder `from` into `to` (unless they are the same folder); the relative
    /// path, which must exist afterwards.
    func copy(_ rel: String?, from: String, to: String) throws -> String? {
        guard let rel else { return nil }
        let src = (from as NSString).appendingPathComponent(rel), dst = (to as NSString).appendingPathComponent(rel)
        if canonicalPath(src) != canonicalPath(dst) {
            guard let bytes = FileManager.default.contents(atPath: src) else {
                throw ShardMerge.Failure("\(src) is missing: the merged page would show a broken image")
            }
            try AtomicFile.write([UInt8](bytes), to: dst)
        } else if !FileManager.default.fileExists(atPath: dst) {
            throw ShardMerge.Failure("\(dst) is missing: the merged page would show a broken image")
        }
        return rel
    }

    /// The summary and exit code of a merged check, as the unsharded `check` gives them.
    func finishCheck(_ results: [AnimationResult], shards: Int, quiet: Bool = false) throws {
        let frames = results.reduce(0) { $0 + $1.frames.count }
        let failed = results.filter { !$0.passed }.count
        if !quiet {
            say(
                "merged \(plural(shards, "shard")): \(plural(results.count, "animation")), \(plural(frames, "frame"))"
                    + (failed > 0 ? ", \(failed) failed" : "") + (output == "-" ? "" : " into \(output)"))
        }
        if results.contains(where: { $0.error != nil || $0.frames.contains { $0.status == .error } }) {
            throw ExitCode(2)
        }
        if frames == 0 {
            printError("nothing was checked: no shard compared a frame")
            throw ExitCode(2)
        }
        if failed > 0 { throw ExitCode(1) }
    }

    // MARK: batch

    func mergeGalleries() throws {
        var labels: [(file: String, shard: String?)] = []
        var entries: [GalleryEntry] = []
        var title = "lottie-render previews"
        try AtomicFile.makeFolder(output)
        for dir in inputs {
            for rel in dataFiles(in: dir) where rel.hasPrefix("gallery") {
                let path = (dir as NSString).appendingPathComponent(rel)
                let data = try decodeJSON(GalleryData.self, try read(path), file: path)
                labels.append((path, data.shard)); title = data.title
                for var e in data.entries {
                    e.preview = try copy(e.preview, from: dir, to: output)
                    e.poster = try copy(e.poster, from: dir, to: output)
                    e.sheet = try copy(e.sheet, from: dir, to: output)
                    entries.append(e)
                }
            }
        }
        try ShardMerge.checkComplete(labels)
        let merged = ShardMerge.ordered(entries)
        try writeGallery(GalleryData(title: title, shard: nil, entries: merged), to: output)
        let failed = merged.filter { $0.error != nil }
        say(
            "merged \(plural(labels.count, "shard")): \(merged.count - failed.count) of "
                + "\(plural(merged.count, "animation")) rendered, gallery \(output)/index.html")
        if !failed.isEmpty {
            print("failed:")
            for f in failed { print("  \(f.name): \(f.error ?? "")") }
            throw ExitCode(2)
        }
    }

    func decodeJSON<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], file: String) throws(ShardMerge.Failure) -> T {
        do { return try JSONDecoder().decode(T.self, from: Data(bytes)) } catch {
            throw .init("\(file) is not data that lottie-render wrote: \(error)")
        }
    }

    /// A summary line: on standard output, unless the merged JSON goes there.
    func say(_ s: String) {
        if output == "-" { printError(s) } else { print(s) }
    }
}
