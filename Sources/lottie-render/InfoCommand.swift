import ArgumentParser
import Foundation
import LottieRender

/// `lottie-render info FILE`: what the animation is and which of its features are unsupported.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe animations: size, timing, layers, assets, features.",
        discussion: """
            For a .lottie file it lists the animations it holds and describes the manifest's first (or --animation). \
            With --json it prints one object per file, or an array of them for several files.
            """)
    @Argument(help: "Lottie files (.json, .lottie or .tgs).")
    var inputs: [String]
    @Option(help: "The animation to use from a .lottie file (default: the manifest's first).")
    var animation: String?
    @Flag(help: "Print JSON: one object, or an array for several files.")
    var json = false
    @Flag(
        help:
            "List what each player (\(playerNames)) does not draw as the file describes: the feature, the layers and the frames where they are on screen."
    )
    var compat = false
    @Flag(
        help:
            "Check Telegram's animated-sticker requirements (canvas, length, frame rate, 64 KB, features); implied by --compat for .tgs files."
    )
    var sticker = false
    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            "With --compat (implied): exit 1 when one of these players draws a file otherwise (\(playerNames); comma-separated or repeated).",
            valueName: "players"),
        transform: InfoCommand.parsePlayers)
    var failOn: [[Player]] = []
    @OptionGroup var fonts: FontsOption
    @OptionGroup var content: ContentOption

    /// `web,ios` as players; `full` is no player to fail on.
    static func parsePlayers(_ text: String) throws -> [Player] {
        try text.split(separator: ",").map { part in
            let name = part.trimmingCharacters(in: .whitespaces)
            guard let p = Player(rawValue: name), p != .full else {
                throw ValidationError(
                    "--fail-on takes players (\(playerNames)), not \"\(name)\""
                )
            }
            return p
        }
    }

    /// The players of `--fail-on`.
    var gatedPlayers: Set<Player> { Set(failOn.joined()) }
    /// Whether the player findings are wanted.
    var wantsCompat: Bool { compat || !failOn.isEmpty }

    func run() throws {
        var objects: [[String: Any]] = []
        var failed = false
        var gated: [String] = []
        for (k, input) in inputs.enumerated() {
            if !json && k > 0 { print("") }
            do {
                let obj = try describe(input)
                objects.append(obj)
                let differs = Set(
                    (obj["compatibility"] as? [[String: Any]] ?? []).flatMap { $0["players"] as? [String] ?? [] })
                var hit = gatedPlayers.filter { differs.contains($0.rawValue) }.map(\.rawValue).sorted()
                // A sticker that breaks Telegram's requirements fails --fail-on telegram too.
                if gatedPlayers.contains(.telegram), !hit.contains("telegram"),
                    let breaks = (obj["telegram_sticker"] as? [String: Any])?["breaks"] as? [Any], !breaks.isEmpty
                {
                    hit.append("telegram")
                }
                if !hit.isEmpty {
                    gated.append(
                        "\(input): \(hit.joined(separator: ", ")) draw\(hit.count == 1 ? "s" : "") it otherwise")
                }
            } catch let e as LottieRenderError {
                printError(e.description)
                failed = true
                if json { objects.append(["file": input, "error": cliWording(e.description)]) }
            }
        }
        if json {
            let value: Any = inputs.count == 1 ? objects.first ?? [:] : objects
            let data = try JSONSerialization.data(
                withJSONObject: value, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
            print(String(decoding: data, as: UTF8.self))
        }
        if failed { throw ExitCode(2) }
        if !gated.isEmpty {
            for g in gated { printError("--fail-on: \(g)") }
            throw ExitCode(1)
        }
    }

    /// The animations inside a .lottie file, in manifest order (nil for other files).
    func archiveAnimations(_ input: String) -> [String]? {
        guard let data = FileManager.default.contents(atPath: input), data.starts(with: [0x50, 0x4B, 0x03, 0x04]),
            let dot = try? DotLottie(bytes: [UInt8](data), name: input)
        else { return nil }
        return dot.animationIDs
    }

    /// Prints (text mode) and returns (for --json) what `input` is.
    func describe(_ input: String) throws -> [String: Any] {
        let anim = try LottieDocument(
            contentsOf: input, animationID: animation, fontFolders: fonts.folders, content: content.overrides())
        let c = anim.composition
        let inArchive = archiveAnimations(input)
        var counts: [String: Int] = [:]
        func count(_ layers: [Layer]) {
            for l in layers {
                let kind = l.content.kindName
                counts[kind, default: 0] += 1
            }
        }
        // The bound lists: the root's layers, then each precomp asset's.
        let lists = anim.builder.bound.lists
        for list in lists { count(list.layers) }
        let precomps = lists.count - 1
        var images = 0, sounds = 0, data = 0
        for (_, a) in c.assets {
            if case .image = a { images += 1 }
            if case .sound = a { sounds += 1 }
            if case .data = a { data += 1 }
        }
        let used = c.diagnostics.used.sorted(), unsupported = c.diagnostics.unsupported.sorted()
        let problems = anim.warnings.filter { !$0.hasPrefix("unsupported feature") }
        let failed = anim.expressionCompileErrors
        var obj: [String: Any] = [
            "file": input, "name": c.name, "width": c.width, "height": c.height, "fps": c.frameRate,
            "ip": c.inPoint, "op": c.outPoint, "frames": c.frameCount, "duration_s": c.duration, "version": c.version,
            "top_level_layers": c.layers.count, "layers_by_type": counts,
            "layer_instances": anim.builder.bound.layerInstances, "images": images, "audio": sounds, "data": data,
            "precomps": precomps,
            "markers": c.markers.map { ["name": $0.name, "start": $0.time, "duration": $0.duration] },
            "features": used, "unsupported": unsupported, "warnings": problems,
            "expressions": [
                "count": anim.expressionCount,
                "not_compiling": failed.map { ["path": $0.path, "error": $0.message] },
            ],
            "animations": inArchive ?? [], "animation": inArchive.map { animation ?? $0.first ?? "" } ?? NSNull(),
        ]
        let issues = wantsCompat ? anim.compatibility() : []
        if wantsCompat {
            obj["compatibility"] = issues.map(InfoCommand.json)
            obj["players_basis"] = Dictionary(
                uniqueKeysWithValues: Player.allCases.filter { $0 != .full }.map { p -> (String, Any) in
                    let v = p.verification
                    return (
                        p.rawValue,
                        [
                            "measured": v.isMeasured, "against": v.against, "frames": v.frames,
                            "matching": v.matching, "source": v.source,
                        ] as [String: Any]
                    )
                })
        }
        let stickerIssues = try stickerCheck(input, anim)
        if let found = stickerIssues {
            obj["telegram_sticker"] = [
                "source": "https://core.telegram.org/animated_stickers",
                "breaks": found.map { ["requirement": $0.requirement, "found": $0.found] },
            ]
        }
        if json { return obj }
        print("file:        \(input)")
        if let ids = inArchive, let first = ids.first {
            print("animations:  \(ids.joined(separator: ", "))  (showing \(animation ?? first); --animation picks one)")
        }
        print("name:        \(c.name)  (Bodymovin \(c.version))")
        print("size:        \(fmtNumber(c.width))x\(fmtNumber(c.height))")
        print("fps:         \(fmtNumber(c.frameRate))")
        print("frames:      \(fmtNumber(c.frameCount))  (ip \(fmtNumber(c.inPoint)) – op \(fmtNumber(c.outPoint)))")
        print("duration:    \(String(format: "%.3f", c.duration)) s")
        print(
            "layers:      \(c.layers.count) top-level; by type: "
                + counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        print(
            "assets:      \(plural(images, "image")), \(plural(precomps, "precomp"))\(sounds > 0 ? ", \(sounds) audio" : "")\(data > 0 ? ", \(data) data" : "")"
        )
        if c.markers.isEmpty {
            print("markers:     none")
        } else {
            print("markers:")
            for m in c.markers { print("  \(m.name): frames \(fmtNumber(m.time))–\(fmtNumber(m.time + m.duration))") }
        }
        print(
            "expressions: \(anim.expressionCount)"
                + (anim.expressionCount == 0
                    ? "" : failed.isEmpty ? ", all compile" : ", \(failed.count) do not compile"))
        for f in failed { print("  \(f.path): \(f.message)") }
        print("features:    \(used.joined(separator: ", "))")
        print("unsupported: \(unsupported.isEmpty ? "none" : unsupported.joined(separator: ", "))")
        for p in problems { print("warning:     \(p)") }
        if wantsCompat {
            print(
                "players:     "
                    + (issues.isEmpty
                        ? "no player is known to draw it otherwise" : "where players draw it otherwise"))
            for i in issues { print("  " + InfoCommand.text(i)) }
            print("basis:")
            for p in Player.allCases where p != .full { print("  \(p.rawValue): \(p.verification.summary)") }
        }
        if let found = stickerIssues {
            print(
                "sticker:     "
                    + (found.isEmpty
                        ? "meets Telegram's animated-sticker requirements (canvas bounds and looping not checked)"
                        : "breaks \(plural(found.count, "requirement")) of Telegram's animated stickers "
                            + "(core.telegram.org/animated_stickers)"))
            for f in found { print("  \(f.requirement): \(f.found)") }
        }
        return obj
    }

    /// Telegram's sticker requirements for `input`, when asked (`--sticker`, or `--compat` on a .tgs): the size
    /// checked is the .tgs file's, or a JSON file's gzipped as a .tgs would be.
    func stickerCheck(_ input: String, _ anim: LottieDocument) throws -> [StickerRequirement]? {
        let isTGS = input.lowercased().hasSuffix(".tgs")
        guard sticker || (wantsCompat && isTGS) else { return nil }
        let bytes = FileManager.default.contents(atPath: input).map { [UInt8]($0) }
        let size =
            isTGS ? bytes?.count : bytes.flatMap { $0.first == 0x7B ? LottieDocument.stickerSize(ofJSON: $0) : nil }
        return anim.telegramStickerIssues(fileSize: size)
    }

    /// One issue as a line: `effect:drop-shadow on "card", frames 12–48 — web-canvas, ios: not drawn`.
    static func text(_ i: CompatibilityIssue) -> String {
        let layers =
            i.layers.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
            + (i.layers.count > 3 ? " and \(i.layers.count - 3) more" : "")
        let name = i.title == i.feature ? i.feature : "\(i.title) (\(i.feature))"
        return "\(name) on \(layers), frames \(InfoCommand.frames(i.frames)) — "
            + i.players.map(\.rawValue).joined(separator: ", ") + ": \(i.consequence)"
    }

    /// One line for the gallery: which players were measured against their own output, which derived from source.
    static var basisLine: String {
        let players = Player.allCases.filter { $0 != .full }
        let measured = players.filter { $0.verification.isMeasured }.map { p -> String in
            let v = p.verification
            return "\(p.rawValue) \(v.matching)/\(v.frames)"
        }
        let derived = players.filter { !$0.verification.isMeasured }.map(\.rawValue)
        return "measured against the players' own frames: " + measured.joined(separator: ", ")
            + (derived.isEmpty ? "" : "; derived from source only: " + derived.joined(separator: ", "))
    }

    /// Ranges as text: `0–11, 30–59`; `never on screen` when empty.
    static func frames(_ r: [ClosedRange<Int>]) -> String {
        r.isEmpty
            ? "none (never on screen)"
            : r.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound)" }.joined(separator: ", ")
    }

    /// One issue for `--json`.
    static func json(_ i: CompatibilityIssue) -> [String: Any] {
        [
            "feature": i.feature, "title": i.title, "consequence": i.consequence, "players": i.players.map(\.rawValue),
            "layers": i.layers, "frames": i.frames.map { [$0.lowerBound, $0.upperBound] },
        ]
    }
}
