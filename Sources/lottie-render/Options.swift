import ArgumentParser
import Foundation
import LottieRender
import LottieRenderSnapshot

/// Output size options shared by the commands.
struct SizeOptions: ParsableArguments {
    @Option(help: "Fit the composition inside WxH, keeping its aspect ratio, centred.")
    var size: String?
    @Option(help: "Output width; the height follows the aspect ratio unless --height is given.")
    var width: Int?
    @Option(help: "Output height; the width follows the aspect ratio unless --width is given.")
    var height: Int?
    @Option(help: "Render at the composition size times this factor.")
    var scale: Double?

    /// True when no size option was given.
    var isEmpty: Bool { size == nil && width == nil && height == nil && scale == nil }

    func validate() throws {
        let given = [size != nil, width != nil || height != nil, scale != nil].filter { $0 }.count
        if given > 1 {
            throw ValidationError("give one of --size, --width/--height or --scale; they set the same thing")
        }
    }

    /// The output size for an animation of `w`×`h`.
    func resolve(compWidth w: Double, compHeight h: Double) throws -> (Int, Int) {
        var out: (Double, Double)
        if let s = size {
            let parts = s.lowercased().split(separator: "x")
            guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]) else {
                throw ValidationError("--size takes WxH, for example 512x512")
            }
            out = (Double(a), Double(b))
        } else if let ow = width, let oh = height {
            out = (Double(ow), Double(oh))
        } else if let ow = width {
            out = (Double(ow), (Double(ow) * h / w).rounded())
        } else if let oh = height {
            out = ((Double(oh) * w / h).rounded(), Double(oh))
        } else {
            out = (w.rounded(), h.rounded())
        }
        if let k = scale {
            guard k > 0, k.isFinite else { throw ValidationError("--scale must be positive") }
            out = ((out.0 * k).rounded(), (out.1 * k).rounded())
        }
        guard out.0 >= 1, out.1 >= 1, out.0 <= 16384, out.1 <= 16384 else {
            throw ValidationError("output size \(Int(out.0))x\(Int(out.1)) is outside 1…16384")
        }
        return (Int(out.0), Int(out.1))
    }
}

/// Parses `#rgb`, `#rrggbb`, `#rrggbbaa` or a few colour names.
func parseColor(_ s: String) throws -> RGBAColor {
    guard let c = RGBAColor(s) else {
        throw ValidationError("colour \"\(s)\" is not #rrggbb, #rrggbbaa or a name (white, black, …)")
    }
    return c
}

/// `-j/--jobs`, shared by the commands that render in parallel.
struct JobsOption: ParsableArguments {
    @Option(
        name: .shortAndLong,
        help: "Threads rendering in parallel (default: every core). Output is the same for any value.")
    var jobs: Int?

    func validate() throws {
        if let j = jobs, j < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    /// The number of threads to use.
    var count: Int { jobs ?? defaultJobs }
}

/// `--frames` of `check` and `diff`: nil when absent, else the parsed list, or a validation error.
func frameList(_ option: String?) throws -> FrameSelection? {
    guard let option else { return nil }
    guard let list = FrameSelection.parseList(option) else {
        throw ValidationError("--frames takes numbers and percentages, e.g. 0,12,50%,100%")
    }
    return list
}

/// When two frames count as different, shared by `check` and `diff`.
/// Options left out are nil, so that a project file (`lottie-render.json`) can give them; the defaults apply last.
struct ComparisonOptions: ParsableArguments {
    @Option(
        name: .customLong("threshold"),
        help: "Colour difference (OKLab ΔE) below which pixels count as equal (default: \(DiffOptions().threshold)).")
    var thresholdOption: Double?
    @Option(name: .customLong("max-diff-pixels"), help: "Differing pixels allowed per frame (default: 0).")
    var maxDiffPixelsOption: Int?
    @Option(
        name: .customLong("max-diff-ratio"),
        help: "Share of differing pixels allowed per frame (0…1; default: 0); the larger of the two limits applies.")
    var maxDiffRatioOption: Double?
    @Flag(help: "Count anti-aliasing differences too.")
    var noAntialias = false

    /// The colour difference below which pixels count as equal.
    var threshold: Double { thresholdOption ?? DiffOptions().threshold }
    /// Differing pixels allowed per frame.
    var maxDiffPixels: Int { maxDiffPixelsOption ?? 0 }
    /// Share of differing pixels allowed per frame.
    var maxDiffRatio: Double { maxDiffRatioOption ?? 0 }

    func validate() throws {
        if !(threshold >= 0) { throw ValidationError("--threshold must be ≥ 0") }
        if maxDiffPixels < 0 || !(maxDiffRatio >= 0 && maxDiffRatio <= 1) {
            throw ValidationError("--max-diff-pixels must be ≥ 0 and --max-diff-ratio within 0…1")
        }
    }

    /// The pixel comparison settings.
    var diffOptions: DiffOptions { DiffOptions(threshold: threshold, antiAliasing: !noAntialias) }

    /// Differing pixels a frame of `pixels` may have and still pass.
    func allowed(pixels: Int) -> Int { max(maxDiffPixels, Int((maxDiffRatio * Double(pixels)).rounded(.down))) }
}

extension ImageFit: ExpressibleByArgument {}

/// `--image-fit`, shared by the commands that render: how images fill their asset's declared size.
struct ImageFitOption: ParsableArguments {
    @Option(
        name: .customLong("image-fit"),
        help:
            "Images whose pixel size differs from their asset's w×h: stretch (lottie-ios, lottie-android), cover (lottie-web), contain, contain-top-left (ThorVG, the dotLottie players) or none (pixel size)."
    )
    var fit: ImageFit?

    /// `a` with this fit, when one was given (else the player's: stretch unless `--player web`).
    func applied(to a: LottieDocument) -> LottieDocument {
        guard let fit else { return a }
        var a = a
        a.imageFit = fit
        return a
    }
}

extension Player: ExpressibleByArgument {}

/// `--player P`, shared by the commands that render: draw as that player draws (docs/players.md).
struct PlayerOption: ParsableArguments {
    @Option(
        name: .customLong("player"),
        help: ArgumentHelp(
            "Draw as a player draws: full (everything the file describes), web (lottie-web SVG), web-canvas, ios, ios-main-thread, android, dotlottie (ThorVG) or telegram (rlottie).",
            valueName: "player"))
    var player: Player = .full

    @Flag(
        name: .customLong("android-merge-paths"),
        help: "With --player android: draw merge paths, as apps that call enableMergePathsForKitKatAndAbove do.")
    var androidMergePaths = false

    func validate() throws {
        if androidMergePaths && player != .android {
            throw ValidationError("--android-merge-paths applies to --player android")
        }
    }

    /// `a` drawn as this player draws.
    func applied(to a: LottieDocument) -> LottieDocument {
        var a = a
        a.draw(as: player, androidMergePaths: androidMergePaths)
        return a
    }
}

/// `--expressions on|off`: whether After Effects expressions are evaluated.
struct ExpressionsOption: ParsableArguments {
    /// The two settings.
    enum Setting: String, ExpressibleByArgument, CaseIterable {
        case on, off
    }

    @Option(
        name: .customLong("expressions"),
        help:
            "Evaluate After Effects expressions (on, as lottie-web does) or draw every property's own value (off, as lottie-ios and lottie-android do)."
    )
    var setting: Setting?

    /// `a` with expressions on or off, when that was given (else the player's: on unless `--player` is a mobile
    /// one).
    func applied(to a: LottieDocument) -> LottieDocument {
        guard let setting else { return a }
        var a = a
        a.evaluatesExpressions = setting == .on
        return a
    }
}

/// `--max-memory SIZE`: the memory ceiling of a run (``ResourceLimits``).
struct LimitsOption: ParsableArguments {
    @Option(
        name: .customLong("max-memory"),
        help: ArgumentHelp(
            "Memory ceiling for images, frames, offscreen layers and encoders (512M, 2G, bytes); a file or frame that needs more fails with exit 2.",
            valueName: "size"),
        transform: { text in
            guard let v = ResourceLimits.parseSize(text), v > 0 else {
                throw ValidationError("--max-memory takes a size such as 512M or 2G, not \"\(text)\"")
            }
            return v
        })
    var maxMemory: Int?

    /// The limits to load with.
    var value: ResourceLimits { ResourceLimits(maxMemory: maxMemory ?? ResourceLimits.defaultMaxMemory) }
}

/// The players other than `full`, by name, for help texts and messages.
let playerNames = Player.allCases.filter { $0 != .full }.map(\.rawValue).joined(separator: ", ")

/// `--player P` repeatable (check: each player against its own baselines; diff: two players of one file) and
/// `--android-merge-paths`.
struct PlayersOption: ParsableArguments {
    @Option(
        name: .customLong("player"),
        help: ArgumentHelp(
            "Draw as this player (full, \(playerNames)); repeatable: check checks each against BASELINE/@PLAYER, diff compares two players of one file.",
            valueName: "player"))
    var players: [Player] = []

    @Flag(
        name: .customLong("android-merge-paths"),
        help: "With --player android: draw merge paths, as apps that call enableMergePathsForKitKatAndAbove do.")
    var androidMergePaths = false

    func validate() throws {
        if androidMergePaths && !players.contains(.android) {
            throw ValidationError("--android-merge-paths applies to --player android")
        }
    }
}

/// The output options of animated files and frames (render, batch): background, loop, GIF dithering, matte and
/// alpha threshold, WebP quality.
struct OutputOptions: ParsableArguments {
    @Option(help: "Background colour (#rrggbb, #rrggbbaa or a name; default: transparent).")
    var background: String?
    @Option(help: "Animated outputs: number of plays, 0 forever (default: 0).")
    var loop: Int?
    @Flag(help: "GIF: ordered dithering (stable from frame to frame).")
    var dither = false
    @Option(help: "GIF without --background: colour that semi-transparent edges are blended onto (default: white).")
    var matte: String?
    @Option(help: "GIF without --background: alpha (0–255) from which a pixel is opaque (default: 128).")
    var alphaThreshold: Int?
    @Option(help: "WebP: lossy quality 0–100 (default: lossless).")
    var quality: Double?

    func validate() throws {
        if let l = loop, l < 0 || l > 65535 { throw ValidationError("--loop takes 0 (forever) to 65535") }
        if let a = alphaThreshold, !(0...255).contains(a) { throw ValidationError("--alpha-threshold takes 0…255") }
        if let q = quality, !(q >= 0 && q <= 100) { throw ValidationError("--quality takes 0…100") }
    }

    /// The options given that do nothing for `fmt`, by name.
    func ignored(for fmt: ExportFormat) -> [String] {
        [
            (quality != nil, "--quality", fmt == .webp), (loop != nil, "--loop", fmt.isAnimated),
            (dither, "--dither", fmt == .gif), (matte != nil, "--matte", fmt == .gif),
            (alphaThreshold != nil, "--alpha-threshold", fmt == .gif),
        ].filter { $0.0 && !$0.2 }.map(\.1)
    }

    /// Export options with these settings (size and threads left to the caller).
    func exportOptions() throws -> ExportOptions {
        var o = ExportOptions()
        o.background = try background.map(parseColor)
        o.loop = loop ?? 0; o.dither = dither; o.alphaThreshold = UInt8(alphaThreshold ?? 128)
        o.matte = try parseColor(matte ?? "white"); o.quality = quality
        return o
    }
}

/// `--shard I/N`: share I of N of the inputs (1-based, in name order: inputs I, I+N, I+2N…). `--shard N` alone
/// takes I from a Kubernetes Indexed Job's `JOB_COMPLETION_INDEX` (0-based), so one manifest serves every pod.
struct ShardOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Take only share I of N of the inputs (I/N, 1-based, in name order); N alone takes I from JOB_COMPLETION_INDEX (a Kubernetes Indexed Job, 0-based).",
            valueName: "I/N"))
    var shard: String?

    func validate() throws {
        if shard != nil, (try? resolved()) == nil {
            throw ValidationError(
                "--shard takes I/N with 1 ≤ I ≤ N, or N with JOB_COMPLETION_INDEX set to 0…N−1")
        }
    }

    /// (I, N), or nil without `--shard`.
    func resolved(environment env: [String: String] = ProcessInfo.processInfo.environment) throws -> (Int, Int)? {
        guard let s = shard else { return nil }
        let p = s.split(separator: "/", omittingEmptySubsequences: false)
        if p.count == 2, let i = Int(p[0]), let n = Int(p[1]), n >= 1, i >= 1, i <= n { return (i, n) }
        if p.count == 1, let n = Int(p[0]), n >= 1, let k = env["JOB_COMPLETION_INDEX"].flatMap({ Int($0) }),
            k >= 0, k < n
        {
            return (k + 1, n)
        }
        throw ValidationError("bad --shard")
    }

    /// "I/N", or nil without `--shard`: how a shard labels what it writes, for `merge`.
    func label() throws -> String? { try resolved().map { "\($0.0)/\($0.1)" } }

    /// The inputs of this shard (all of them without `--shard`).
    func select<T>(_ items: [T]) throws -> [T] {
        guard let (i, n) = try resolved() else { return items }
        return items.enumerated().filter { $0.offset % n == i - 1 }.map(\.element)
    }
}

/// `--fonts DIR`: fonts an app bundles, searched before the system's fonts (fontconfig).
struct FontsOption: ParsableArguments {
    @Option(
        name: .customLong("fonts"),
        help: ArgumentHelp(
            "A folder of fonts the app bundles (.ttf, .otf, .ttc), searched by PostScript name (fName), then family and style, before the system's fonts; repeatable.",
            valueName: "dir"))
    var folders: [String] = []

    func validate() throws {
        for f in folders {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: f, isDirectory: &isDir), isDir.boolValue else {
                throw ValidationError("--fonts \(f): no such folder")
            }
        }
    }
}

/// `--slots FILE`, `--text LAYER=TEXT`, `--image ID=PATH`: content an app changes as it loads the animation
/// (``ContentOverrides``).
struct ContentOption: ParsableArguments {
    @Option(
        name: .customLong("slots"),
        help: ArgumentHelp(
            "A JSON file of slot values in the Lottie slots format ({\"id\": {\"p\": value}}), applied over the file's own slots, as a dotLottie theme or ThorVG's override sets them.",
            valueName: "file"))
    var slots: String?
    @Option(
        name: .customLong("text"),
        help: ArgumentHelp(
            "New text for the text layers named LAYER (in every composition); repeatable.", valueName: "layer=text"))
    var text: [String] = []
    @Option(
        name: .customLong("image"),
        help: ArgumentHelp(
            "An image file (PNG, JPEG, WebP, GIF) in place of the image asset of id ID; repeatable.",
            valueName: "id=path"))
    var images: [String] = []
    @Option(
        name: .customLong("theme"),
        help: ArgumentHelp(
            "A theme of a .lottie file (t/ID.json), applied as the dotLottie players apply it: its rules set slots.",
            valueName: "id"))
    var theme: String?

    func validate() throws { _ = try overrides() }

    /// The overrides the options name, with the files read; a missing file or a malformed pair is an error.
    func overrides() throws -> ContentOverrides {
        var c = ContentOverrides()
        c.theme = theme
        if let slots {
            guard let data = FileManager.default.contents(atPath: slots) else {
                throw ValidationError("--slots \(slots): no such file")
            }
            c.slots = String(decoding: data, as: UTF8.self)
        }
        func pair(_ flag: String, _ s: String) throws -> (String, String) {
            guard let eq = s.firstIndex(of: "="), eq != s.startIndex else {
                throw ValidationError("--\(flag) \(s): expected NAME=VALUE")
            }
            return (String(s[..<eq]), String(s[s.index(after: eq)...]))
        }
        for t in text {
            let (layer, value) = try pair("text", t)
            c.text[layer] = value
        }
        for i in images {
            let (id, path) = try pair("image", i)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ValidationError("--image \(i): no such file \(path)")
            }
            c.images[id] = [UInt8](data)
        }
        return c
    }
}
