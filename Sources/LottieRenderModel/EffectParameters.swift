/// The parameters of an effect lottie-render draws, resolved from their positions (or, where exporters disagree on
/// the order, their names) when the file is read (`"ef"[]."ef"[]."v"`). A parameter the file leaves out is nil and
/// takes After Effects' default where it is drawn; menus keep their number (a menu can be keyframed) and are read
/// through the enums below.
package enum EffectParameters: Sendable {
    /// Fill (`"ty": 21`): Color (parameter 2), Opacity (6, 0…1).
    case fill(color: NumberProperty?, opacity: NumberProperty?)
    /// Tint (20): Map Black To (0), Map White To (1), Amount to Tint (2, percent).
    case tint(black: NumberProperty?, white: NumberProperty?, amount: NumberProperty?)
    /// Tritone (23): Highlights (0), Midtones (1), Shadows (2), Blend With Original (3, percent).
    case tritone(
        highlights: NumberProperty?, midtones: NumberProperty?, shadows: NumberProperty?, blend: NumberProperty?)
    /// Drop shadow (25): Shadow Color (0), Opacity (1, 0…255), Direction (2, degrees), Distance (3), Softness (4),
    /// Shadow Only (5).
    case dropShadow(
        color: NumberProperty?, opacity: NumberProperty?, direction: NumberProperty?, distance: NumberProperty?,
        softness: NumberProperty?, shadowOnly: NumberProperty?)
    /// Pro levels (24), by parameter name: the composite curve and one per channel.
    case proLevels(
        composite: LevelsParameters, red: LevelsParameters, green: LevelsParameters,
        blue: LevelsParameters, alpha: LevelsParameters)
    /// Stroke (22).
    case stroke(StrokeEffectParameters)
    /// Hue/saturation (19), by parameter name: Master Hue, Master Saturation, Master Lightness.
    case hueSaturation(hue: NumberProperty?, saturation: NumberProperty?, lightness: NumberProperty?)
    /// Set matte (28): Take Matte From Layer (0, an `"ind"`), Use For Matte (1, ``MatteUse``), Invert Matte (2).
    case setMatte(layer: NumberProperty?, use: NumberProperty?, invert: NumberProperty?)
    /// Gaussian blur (29): Blurriness (0), Blur Dimensions (1, ``BlurDimensions``), Repeat Edge Pixels (2).
    case gaussianBlur(blurriness: NumberProperty?, dimensions: NumberProperty?, repeatEdges: NumberProperty?)
    /// An effect lottie-render does not draw (controls, and the types it reports as unsupported).
    case none

    /// Every parameter present, for walks over all animated values (keyframe times).
    package var properties: [NumberProperty] {
        let all: [NumberProperty?]
        switch self {
        case .fill(let c, let o): all = [c, o]
        case .tint(let b, let w, let a): all = [b, w, a]
        case .tritone(let h, let m, let s, let b): all = [h, m, s, b]
        case .dropShadow(let c, let o, let dir, let dist, let soft, let only): all = [c, o, dir, dist, soft, only]
        case .proLevels(let c, let r, let g, let b, let a):
            all = [c, r, g, b, a].flatMap { [$0.inBlack, $0.inWhite, $0.gamma, $0.outBlack, $0.outWhite] }
        case .stroke(let s):
            all = [
                s.path, s.allMasks, s.sequentially, s.color, s.brushSize, s.hardness, s.opacity, s.start, s.end,
                s.spacing, s.paintStyle,
            ]
        case .hueSaturation(let h, let s, let l): all = [h, s, l]
        case .setMatte(let l, let u, let i): all = [l, u, i]
        case .gaussianBlur(let b, let d, let r): all = [b, d, r]
        case .none: all = []
        }
        return all.compactMap { $0 }
    }

    /// The parameters of an effect of type `kind` whose parameter values are `values`, named `names`.
    init(_ kind: EffectKind, values: [NumberProperty], names: [String]) {
        func at(_ i: Int) -> NumberProperty? { i < values.count ? values[i] : nil }
        // Pro Levels and Hue/Saturation change their parameter order between exporter versions: read by name,
        // ignoring case and a trailing colon.
        func named(_ name: String) -> NumberProperty? {
            let want = name.lowercased()
            for (i, n) in names.enumerated() where i < values.count {
                var k = n.lowercased()
                if k.hasSuffix(":") { k.removeLast() }
                if k == want { return values[i] }
            }
            return nil
        }
        func levels(_ prefix: String) -> LevelsParameters {
            LevelsParameters(
                inBlack: named(prefix + "Input Black"), inWhite: named(prefix + "Input White"),
                gamma: named(prefix + "Gamma"), outBlack: named(prefix + "Output Black"),
                outWhite: named(prefix + "Output White"))
        }
        switch kind {
        case .fill: self = .fill(color: at(2), opacity: at(6))
        case .tint: self = .tint(black: at(0), white: at(1), amount: at(2))
        case .tritone: self = .tritone(highlights: at(0), midtones: at(1), shadows: at(2), blend: at(3))
        case .dropShadow:
            self = .dropShadow(
                color: at(0), opacity: at(1), direction: at(2), distance: at(3), softness: at(4), shadowOnly: at(5))
        case .proLevels:
            self = .proLevels(
                composite: levels(""), red: levels("Red "), green: levels("Green "), blue: levels("Blue "),
                alpha: levels("Alpha "))
        case .stroke:
            self = .stroke(
                StrokeEffectParameters(
                    path: at(0), allMasks: at(1), sequentially: at(2), color: at(3), brushSize: at(4),
                    hardness: at(5), opacity: at(6), start: at(7), end: at(8), spacing: at(9), paintStyle: at(10)))
        case .hueSaturation:
            self = .hueSaturation(
                hue: named("Master Hue"), saturation: named("Master Saturation"), lightness: named("Master Lightness"))
        case .setMatte: self = .setMatte(layer: at(0), use: at(1), invert: at(2))
        case .gaussianBlur: self = .gaussianBlur(blurriness: at(0), dimensions: at(1), repeatEdges: at(2))
        default: self = .none
        }
    }
}

/// One curve of the pro levels effect: Input Black, Input White, Gamma, Output Black, Output White (0…1).
package struct LevelsParameters: Sendable {
    /// The input black point.
    package var inBlack: NumberProperty?
    /// The input white point.
    package var inWhite: NumberProperty?
    /// The gamma.
    package var gamma: NumberProperty?
    /// The output black point.
    package var outBlack: NumberProperty?
    /// The output white point.
    package var outWhite: NumberProperty?
}

/// The stroke effect's parameters (`"ty": 22`), in the order exporters write them.
package struct StrokeEffectParameters: Sendable {
    /// Path (0): a 1-based mask index.
    package var path: NumberProperty?
    /// All Masks (1).
    package var allMasks: NumberProperty?
    /// Stroke Sequentially (2).
    package var sequentially: NumberProperty?
    /// Color (3).
    package var color: NumberProperty?
    /// Brush Size (4): a radius.
    package var brushSize: NumberProperty?
    /// Brush Hardness (5).
    package var hardness: NumberProperty?
    /// Opacity (6, 0…1).
    package var opacity: NumberProperty?
    /// Start (7, percent).
    package var start: NumberProperty?
    /// End (8, percent).
    package var end: NumberProperty?
    /// Spacing (9): percent of the brush diameter between dabs.
    package var spacing: NumberProperty?
    /// Paint Style (10, ``StrokePaintStyle``).
    package var paintStyle: NumberProperty?
}

/// Set Matte's Use For Matte menu.
package enum MatteUse: Sendable, Equatable {
    /// Red, green or blue channel (1–3).
    case red, green, blue
    /// Alpha channel (4).
    case alpha
    /// Luminance (5).
    case luminance
    /// Hue, lightness, saturation (6–8).
    case hue, lightness, saturation
    /// Full (9).
    case full
    /// Off (10).
    case off

    /// The choice of menu value `value`; values outside the menu read as alpha.
    package init(menuValue value: Double) {
        switch value.isFinite && abs(value) < 1e9 ? Int(value) : -1 {
        case 1: self = .red
        case 2: self = .green
        case 3: self = .blue
        case 5: self = .luminance
        case 6: self = .hue
        case 7: self = .lightness
        case 8: self = .saturation
        case 9: self = .full
        case 10: self = .off
        default: self = .alpha
        }
    }
}

/// Gaussian Blur's Blur Dimensions menu.
package enum BlurDimensions: Sendable, Equatable {
    /// Horizontal and vertical (1, and any value outside the menu).
    case both
    /// Horizontal only (2).
    case horizontal
    /// Vertical only (3).
    case vertical

    /// The choice of menu value `value`.
    package init(menuValue value: Double) {
        switch value.isFinite && abs(value) < 1e9 ? Int(value) : -1 {
        case 2: self = .horizontal
        case 3: self = .vertical
        default: self = .both
        }
    }
}

/// The stroke effect's Paint Style menu.
package enum StrokePaintStyle: Sendable, Equatable {
    /// On Original Image (1, and any value outside the menu).
    case onOriginal
    /// On Transparent (2).
    case onTransparent
    /// Reveal Original Image (3).
    case revealOriginal

    /// The choice of menu value `value`.
    package init(menuValue value: Double) {
        switch value.isFinite && abs(value) < 1e9 ? Int(value) : -1 {
        case 2: self = .onTransparent
        case 3: self = .revealOriginal
        default: self = .onOriginal
        }
    }
}
