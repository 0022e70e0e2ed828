/// How a player profile was checked: against frames that player rendered itself, or only read from its source.
/// `info --compat` and the batch gallery print it beside each player's findings, so a report never claims more
/// than it has a basis for. The figures are those of docs/players.md, measured with the scripts named there.
public struct PlayerVerification: Sendable, Equatable {
    /// What the profile was compared with (`"lottie-web 5.13.0 SVG frames"`), or empty when nothing was rendered
    /// by the player itself.
    public var against: String
    /// Frames compared.
    public var frames: Int
    /// Frames that matched (MAE ≤ 1 and at most 2 % of pixels off by more than 16 levels).
    public var matching: Int
    /// Where the rules come from.
    public var source: String

    /// True when the profile was measured against the player's own output.
    public var isMeasured: Bool { frames > 0 }

    /// One line: `measured against 384 lottie-web SVG frames: 375 match (97.7 %)`, or `derived from source only`.
    public var summary: String {
        guard isMeasured else { return "derived from \(source) only: no output of the player's own to measure against" }
        let pct = (1000 * Double(matching) / Double(frames)).rounded() / 10
        return "measured against \(frames) \(against): \(matching) match (\(pct) %); rules from \(source)"
    }
}

extension Player {
    /// How this profile was verified (docs/players.md).
    public var verification: PlayerVerification {
        switch self {
        case .full:
            return PlayerVerification(
                against: "frames of lottie-web, ThorVG and rlottie where they agree", frames: 234, matching: 234,
                source: "the format (After Effects' behaviour; docs/conformance.md)")
        case .web:
            return PlayerVerification(
                against: "lottie-web 5.13.0 SVG frames of the corpus", frames: 501, matching: 486,
                source: "lottie-web's source at bede03d")
        case .webCanvas:
            return PlayerVerification(
                against: "lottie-web 5.13.0 canvas frames of the corpus", frames: 501, matching: 477,
                source: "lottie-web's source at bede03d")
        case .ios:
            return PlayerVerification(
                against: "lottie-ios 4.6.1 Core Animation snapshots (its Tests/__Snapshots__)", frames: 866,
                matching: 829, source: "lottie-ios's source at f4db77d")
        case .iosMainThread:
            return PlayerVerification(
                against: "lottie-ios 4.6.1 Main Thread snapshots (its Tests/__Snapshots__)", frames: 871,
                matching: 834, source: "lottie-ios's source at f4db77d")
        case .android:
            // lottie-android keeps its snapshot images outside its repository.
            return PlayerVerification(against: "", frames: 0, matching: 0, source: "lottie-android's source at 05ea92e")
        case .dotlottie:
            return PlayerVerification(
                against: "ThorVG 1.0.4 frames of the corpus (the engine of dotlottie-rs)", frames: 498, matching: 493,
                source: "ThorVG's source at v1.0.4")
        case .telegram:
            return PlayerVerification(
                against: "rlottie frames of the corpus (rlottie-python 1.3.8)", frames: 503, matching: 492,
                source: "rlottie's source at 34465a9")
        }
    }
}
