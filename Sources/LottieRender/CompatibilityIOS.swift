import LottieRenderModel

// `info --compat` findings of the rules only lottie-ios's profiles have (LottieIOSReading).
extension LottieDocument {
    /// The findings of layer `l` about what lottie-ios reads otherwise: glyphs in the file, and the values its Core
    /// Animation engine cannot animate, through `add` (feature, consequence, which profiles).
    func lottieIOSIssues(_ l: Layer, _ add: (String, String, (PlayerProfile) -> Bool) -> Void) {
        if case .text(let data) = l.content {
            let withGlyphs = Set(composition.glyphs.map(\.family))
            for font in Set(data.documents.map(\.1.font)).sorted() {
                let family = composition.fonts[font]?.family ?? font // "fonts.list[].fFamily"
                guard withGlyphs.contains(family), !IOSSystemFonts.has(family: family) else { continue }
                add(
                    "text:glyphs-not-read",
                    "the glyphs in the file (\"chars\") not used: drawn in \(font) if the app "
                        + "bundles it, else in Helvetica"
                ) { $0.readsGlyphsOfIOSFontsOnly }
            }
            if data.documents.count > 1 { // "t.d.k" with several keyframes
                add("text:animated-document", "the first text keyframe shown throughout") {
                    $0.readsOneValueWhereCoreAnimationCannotAnimate
                }
            }
        }
        guard case .shapes(let items) = l.content else { return }
        if LottieDocument.anyItem(
            items, where: { if case .repeater(let r) = $0 { LottieDocument.keyframed(r.copies) } else { false } })
        {
            add("repeater:animated-copies", "the first keyframe's number of copies shown throughout") {
                $0.readsOneValueWhereCoreAnimationCannotAnimate
            }
        }
        if LottieDocument.anyItem(
            items,
            where: {
                if case .stroke(let s) = $0 {
                    s.read { $0.dashes.contains { $0.kind != "o" && LottieDocument.keyframed($0.value) } }
                } else {
                    false
                }
            })
        {
            add("stroke:animated-dashes", "the first keyframe's dash and gap lengths shown throughout") {
                $0.readsOneValueWhereCoreAnimationCannotAnimate
            }
        }
        if LottieDocument.anyGroupItems(items, where: CoreAnimationRenderGroups.drawsOtherwise) {
            add(
                "shapes:render-groups",
                "a stroke or modifier below several fills applied once per fill, a fill only to the paths since "
                    + "the previous fill"
            ) { $0.readsOneValueWhereCoreAnimationCannotAnimate }
        }
    }
}

extension LottieDocument {
    /// Whether `test` holds for the layer's own item list or for the items of any group in it.
    static func anyGroupItems(_ items: [ShapeItem], where test: ([ShapeItem]) -> Bool) -> Bool {
        if test(items) { return true }
        return items.contains { item in
            if case .group(let g) = item { return anyGroupItems(g.items, where: test) }
            return false
        }
    }

    /// Whether `p` has more than one keyframe (an expression's own keyframes count; lottie-ios ignores the code).
    static func keyframed<V>(_ p: Animatable<V>) -> Bool {
        switch p {
        case .constant: false
        case .animated(let k): k.count > 1
        case .expression(_, let base): keyframed(base)
        }
    }
}

extension PlayerProfile {
    /// lottie-ios: glyphs in `"chars"` stand in only for fonts iOS ships.
    var readsGlyphsOfIOSFontsOnly: Bool {
        if case .lottieIOS = keyframes { true } else { false }
    }

    /// lottie-ios's Core Animation engine: one value for the text document, repeater copies and dash lengths; shape
    /// items in render groups.
    var readsOneValueWhereCoreAnimationCannotAnimate: Bool { keyframes == .lottieIOS(coreAnimation: true) }
}
