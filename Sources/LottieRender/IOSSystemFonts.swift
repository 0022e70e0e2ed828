import Foundation

/// The font families iOS ships (Apple's "Fonts for iOS" list, developer.apple.com/fonts/system-fonts/, iOS 17;
/// Latin, Greek and Cyrillic families and the CJK and Indic families a Lottie file is likely to name). lottie-ios
/// draws text with `UIFont(name: fName)` (AnimationFontProvider.swift), which finds these without the app bundling
/// anything; a name iOS does not have draws in Helvetica unless the app registers the font.
///
/// lottie-render has none of these fonts. For a family in this list the glyph outlines a file carries in `"chars"`
/// (the font's own shapes, exported by After Effects) stand in for the font; for a family not in it they are left
/// out, as lottie-ios never reads `"chars"`, and the text is drawn from a bundled font (`--fonts`) or Helvetica's
/// stand-in.
enum IOSSystemFonts {
    /// Lower-cased family names.
    static let families: Set<String> = [
        "academy engraved let", "al nile", "american typewriter", "apple color emoji", "apple sd gothic neo",
        "apple symbols", "arial", "arial hebrew", "arial rounded mt bold", "avenir", "avenir next",
        "avenir next condensed", "baskerville", "bodoni 72", "bodoni 72 oldstyle", "bodoni 72 smallcaps",
        "bodoni ornaments", "bradley hand", "chalkboard se", "chalkduster", "charter", "cochin", "copperplate",
        "courier new", "damascus", "devanagari sangam mn", "didot", "din alternate", "din condensed",
        "euphemia ucas", "farah", "futura", "galvji", "geeza pro", "georgia", "gill sans", "grantha sangam mn",
        "helvetica", "helvetica neue", "hiragino maru gothic pron", "hiragino mincho pron", "hiragino sans",
        "hoefler text", "kailasa", "kefa", "khmer sangam mn", "kohinoor bangla", "kohinoor devanagari",
        "kohinoor gujarati", "kohinoor telugu", "lao sangam mn", "malayalam sangam mn", "marker felt", "menlo",
        "mishafi", "mukta mahee", "noteworthy", "noto nastaliq urdu", "noto sans kannada", "noto sans myanmar",
        "noto sans oriya", "optima", "palatino", "papyrus", "party let", "pingfang hk", "pingfang sc", "pingfang tc",
        "rockwell", "savoye let", "sinhala sangam mn", "snell roundhand", "symbol", "tamil sangam mn", "thonburi",
        "times new roman", "trebuchet ms", "verdana", "zapf dingbats", "zapfino",
    ]

    /// True when iOS has the family `name` (`"fonts.list[].fFamily"`, compared without case or outer spaces).
    static func has(family name: String) -> Bool {
        families.contains(name.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
