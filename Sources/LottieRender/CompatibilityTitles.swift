import LottieRenderModel

/// Names a designer reads for the feature codes of `info --compat` (`blend-mode:add` → "blend mode Add",
/// `effect:gaussian-blur` → "Gaussian Blur effect"), as After Effects names them.
enum CompatibilityTitles {
    /// The feature code of blend mode `bm` (`blend-mode:hard-light`).
    static func blendFeature(_ bm: LayerBlendMode) -> String { "blend-mode:" + bm.name }

    /// Readable words of a code part: `hard-light` → "Hard Light".
    static func words(_ code: String) -> String {
        code.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// The readable name of `feature`.
    static func title(_ feature: String) -> String {
        let parts = feature.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return fixed[feature] ?? feature }
        let (kind, rest) = (parts[0], parts[1])
        switch kind {
        case "blend-mode": return "blend mode \(words(rest))"
        case "effect": return rest.hasPrefix("type-") ? "effect of type \(rest.dropFirst(5))" : "\(words(rest)) effect"
        case "layer-style": return "\(words(rest)) layer style"
        case "font": return "font \"\(rest)\""
        case "mask" where rest.hasPrefix("mode:"): return "mask mode \(words(String(rest.dropFirst(5))))"
        default: return fixed[feature] ?? feature
        }
    }

    /// Titles of the other features.
    static let fixed: [String: String] = [
        "expressions": "expressions",
        "merge-paths": "merge paths",
        "repeater": "repeater",
        "trim:fills": "trim paths with a fill",
        "text:from-font": "text from a font file",
        "layer:motion-blur": "layer motion blur",
        "layer:camera": "camera layer",
        "layer:no-timing": "layer without in/out points",
        "image:unknown-asset": "image layer of a missing asset",
        "image:other-shape": "image of another shape than its box",
        "image:remote": "image at a web address",
        "mask:inverted": "inverted mask of another mode than add or subtract",
        "mask:inverted-moved-layer": "inverted mask on a moved layer",
        "mask:inverted-clockwise": "inverted clockwise mask",
        "mask:opacity": "mask opacity",
        "mask:expansion": "mask expansion",
        "mask:feather": "mask feather",
        "masks:opposite-windings": "masks of opposite winding",
        "matte:source-without-td": "track matte whose source is not marked as one",
        "matte:luma": "luma track matte",
        "matte:no-source-by-ind": "track matte without a layer of the previous index",
        "matte:source-by-ind": "track matte by layer index",
        "gradient:opacity-stops-apart": "gradient with opacity stops apart from its colour stops",
        "star:fractional-points": "star with a fractional number of points",
        "star:roundness": "rounded star or polygon",
        "repeater:rotation-and-uneven-scale": "repeater that rotates and scales unevenly",
        "layer:text": "text layer",
        "layer:auto-orient": "auto-oriented layer",
        "text:font-origin": "text in a font loaded from a URL or file",
        "shape:sr": "star or polygon",
        "repeater:copies-order": "repeater copies stacked first on top",
        "repeater:opacity": "repeater with fading copies",
        "precomp:whole-frames": "precomp at a fractional start, stretched or time-remapped",
        "shape:pb": "pucker and bloat",
        "shape:zz": "zig zag",
        "shape:op": "offset path",
        "shape:tw": "twist",
        "shape:rd": "round corners",
        "masks:none-only": "masks of mode none only",
        "masks:chain": "inverted masks, or masks after a subtract",
        "image:webp": "WebP image",
        "text:glyphs-not-read": "text with its glyphs in the file",
        "text:animated-document": "text that changes over time",
        "repeater:animated-copies": "repeater with an animated number of copies",
        "stroke:animated-dashes": "stroke with animated dashes",
        "expressions:unbound-functions": "expressions calling functions ThorVG does not bind",
        "shapes:render-groups": "a group with several fills and a stroke or modifier below them",
        "image:nearest": "image (sampling)",
        "image:no-mipmaps": "image (minified)",
        "image:file-marked-embedded": "image file marked as embedded data",
        "image:data-not-marked": "embedded image not marked as embedded",
        "keyframes:eased-last": "last keyframe with an easing",
        "gradient:opacity-stops": "gradient with opacity stops",
        "shape:keys-before-ty": "shape item keys written before \"ty\"",
        "layer:ddd-order": "rotated layer without \"ddd\": 0 before its transform",
    ]
}
