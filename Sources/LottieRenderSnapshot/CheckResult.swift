import LottieRenderRaster

/// The verdict on one frame of a snapshot check.
package enum FrameStatus: String, Sendable, Codable {
    /// Same bytes as the baseline.
    case identical
    /// Different bytes, but within the thresholds.
    case similar
    /// Beyond the thresholds, or a different size.
    case changed
    /// No baseline yet.
    case new
    /// No baseline yet; written now (`--update`, `--record-missing`).
    case recorded
    /// Was changed; the baseline was rewritten (`--update`).
    case updated
    /// The baseline could not be read, or the frame could not be written.
    case error

    /// True for the states that make a check fail.
    package var fails: Bool { self == .changed || self == .new || self == .error }
}

/// One frame's result.
package struct FrameResult: Sendable, Codable {
    /// Baseline file name (`frame_00012.png`).
    package var name: String
    /// Frame number relative to the in point.
    package var frame: Double
    /// The verdict.
    package var status: FrameStatus
    /// Pixels beyond the threshold and not forgiven.
    package var differing = 0
    /// Pixels forgiven as anti-aliasing.
    package var antiAliased = 0
    /// Total pixels.
    package var pixels = 0
    /// Largest colour difference (OKLab ΔE).
    package var maxDelta = 0.0
    /// Clusters of differing pixels.
    package var regions: [IntRect] = []
    /// A sentence for failures and errors.
    package var message: String?
    /// Seconds spent rendering and comparing.
    package var seconds = 0.0
    /// Report images, relative to the report folder, when written.
    package var baselineImage: String?, actualImage: String?, diffImage: String?

    /// Creates a result.
    package init(name: String, frame: Double, status: FrameStatus) {
        self.name = name; self.frame = frame; self.status = status
    }
}

/// One animation's results.
package struct AnimationResult: Sendable, Codable {
    /// Name used for the baseline folder (path relative to the folder given, without extension).
    package var name: String
    /// The input file.
    package var file: String
    /// Frames in order.
    package var frames: [FrameResult] = []
    /// Set when the animation itself could not be loaded.
    package var error: String?
    /// What was checked is not all the file describes: missing images, font fallbacks, unsupported features,
    /// expressions that failed, frames past the end.
    package var warnings: [String] = []
    /// What the chosen player does with the whole file (it refuses it): reported, never failing.
    package var notes: [String] = []
    /// `check --strict`: a warning fails the animation.
    package var strict = false

    /// Creates a result.
    package init(name: String, file: String) { self.name = name; self.file = file }

    /// True when nothing in it fails (with `strict`, no warning either).
    package var passed: Bool {
        error == nil && !frames.contains { $0.status.fails } && !(strict && !warnings.isEmpty)
    }
}

/// JSON for scripts (`--json`): stable key order, no dependencies.
package enum CheckJSON {
    /// The whole run as one JSON object.
    /// `shard` ("2/3") is written when the run checked one shard of the inputs, so `merge` can tell a missing
    /// shard. Every field of a result is written, so ``decode(_:)`` gives back what was encoded (less timings and
    /// report images).
    package static func encode(
        _ results: [AnimationResult], staleBaselines: [String] = [], shard: String? = nil
    )
        -> String
    {
        var s = "{" + (shard.map { "\"shard\":\(quote($0))," } ?? "")
        s += "\"passed\":\(results.allSatisfy(\.passed)),"
        s += "\"warnings\":\(results.reduce(0) { $0 + $1.warnings.count }),"
        s += "\"stale_baselines\":[" + staleBaselines.map(quote).joined(separator: ",") + "],\"animations\":["
        s += results.map { a in
            var o = "{\"name\":\(quote(a.name)),\"file\":\(quote(a.file)),\"passed\":\(a.passed)"
            if let e = a.error { o += ",\"error\":\(quote(e))" }
            o += ",\"warnings\":[" + a.warnings.map(quote).joined(separator: ",") + "]"
            o += ",\"notes\":[" + a.notes.map(quote).joined(separator: ",") + "],\"strict\":\(a.strict)"
            o +=
                ",\"frames\":["
                + a.frames.map { f in
                    var fo =
                        "{\"name\":\(quote(f.name)),\"frame\":\(number(f.frame)),\"status\":\"\(f.status.rawValue)\""
                    fo += ",\"differing_pixels\":\(f.differing),\"antialiased_pixels\":\(f.antiAliased)"
                    fo += ",\"max_delta\":\(number(f.maxDelta))"
                    fo +=
                        ",\"regions\":["
                        + f.regions.map { "[\($0.x0),\($0.y0),\($0.width),\($0.height)]" }.joined(separator: ",") + "]"
                    if let m = f.message { fo += ",\"message\":\(quote(m))" }
                    return fo + "}"
                }.joined(separator: ",") + "]}"
            return o
        }.joined(separator: ",")
        return s + "]}"
    }

    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
        return String((v * 10000).rounded() / 10000)
    }

    /// A JSON string literal.
    package static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 { out += unicodeEscape(u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }
}

/// `\u00XX` for a control character.
func unicodeEscape(_ v: UInt32) -> String {
    let hex = String(v, radix: 16)
    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
}
