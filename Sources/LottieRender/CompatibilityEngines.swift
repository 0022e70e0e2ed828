import LottieRenderEval
import LottieRenderModel
import LottieRenderRaster

// `info --compat` findings of the rules only the engine-based profiles have: the dotLottie players (ThorVG) and
// Telegram (rlottie). The rules themselves are in PlayerEngines.swift.
extension LottieDocument {
    /// The findings of layer `l` about text layers, path modifiers, masks of mode none, images the engines do not
    /// load and keyframes rlottie reads otherwise, through `add` (feature, consequence, which profiles).
    func engineIssues(_ l: Layer, _ add: (String, String, (PlayerProfile) -> Bool) -> Void) {
        if case .text = l.content { add("layer:text", "not drawn") { !$0.draw.textLayers } }
        if case .text(let data) = l.content,
            data.documents.contains(where: { composition.fonts[$0.1.font]?.origin.isLoaded ?? false }) // "origin"
        {
            add("text:font-origin", "the glyphs in the file not used: drawn from the font, if the app loads it") {
                $0.draw.textLayers && !$0.draw.glyphsOfFontsWithOrigin
            }
        }
        let bm = l.blendMode // "bm"
        if bm != .normal {
            add(CompatibilityTitles.blendFeature(bm), "drawn with another formula (soft light squared, HSL model)") {
                $0.draw.draws(blendMode: bm) && $0.draw.blendFormulas[bm] != nil
            }
        }
        if case .shapes(let items) = l.content {
            for kind in [PathModifierKind.puckerBloat, .zigZag, .offset, .twist, .roundCorners]
            where LottieDocument.anyItem(
                items, where: { if case .modifier(let m) = $0 { m.kind == kind } else { false } })
            {
                add("shape:\(kind.code)", "not applied: the paths are drawn as they are") {
                    !($0.draw.modifiers?.contains(kind) ?? true)
                }
            }
        }
        if case .shapes(let items) = l.content {
            // Gradient::populate: opacity only at the colour stops, none past the last opacity stop.
            let opacityStops = { (i: ShapeItem) -> Bool in
                guard case .gradient(let g)? = i.stylePaint else { return false }
                return Interpolator.value(g.stops, at: 0).count > g.colorStopCount * 4
            }
            if LottieDocument.anyItem(items, where: opacityStops) {
                add("gradient:opacity-stops", "opacity only at the colour stops, and none past the last opacity stop") {
                    $0.draw.gradientOpacityAtColorStops
                }
            }
        }
        if case .precomp(_, _, _, let tm) = l.content,
            tm != nil || l.startTime != l.startTime.rounded() || (l.timeStretch != 1 && l.timeStretch != 0)
        {
            add("precomp:whole-frames", "its layers are drawn at whole frames") { $0.draw.wholeFrameTime }
        }
        if case .shapes(let items) = l.content {
            // A rotated star or polygon, any polygon, a star with rounded corners.
            let otherStar = { (i: ShapeItem) -> Bool in
                guard case .star(let box) = i else { return false }
                return box.read { s in
                    !s.isStar || LottieDocument.mayDiffer(s.rotation, from: 0)
                        || LottieDocument.mayDiffer(s.outerRoundness, from: 0)
                        || LottieDocument.mayDiffer(s.innerRoundness, from: 0)
                }
            }
            if LottieDocument.anyItem(items, where: otherStar) {
                add("shape:sr", "rotated twice its rotation, polygons 1.6° further, star corners rounded less") {
                    $0.draw.starsAsRlottie
                }
            }
            let fades = { (i: ShapeItem) -> Bool in
                guard case .repeater(let r) = i else { return false }
                return LottieDocument.mayDiffer(r.startOpacity, from: 100)
                    || LottieDocument.mayDiffer(r.endOpacity, from: 100)
            }
            if LottieDocument.anyItem(items, where: fades) {
                add("repeater:opacity", "copies fade from the first step: copy i at (i + 1) / copies of the way") {
                    $0.draw.repeaterOpacityFromFirstStep
                }
            }
            if LottieDocument.anyItem(
                items, where: { if case .repeater(let r) = $0 { r.composite != .below } else { false } })
            {
                add("repeater:copies-order", "the last copy drawn on top, not the first") {
                    $0.draw.repeaterLastCopyOnTop
                }
            }
        }
        if l.matteMode == .luma || l.matteMode == .lumaInverted {
            add("matte:luma", "the luma of the source's colour alone: its transparency ignored") {
                $0.draw.lumaIgnoresAlpha && !$0.refusesLumaMattes
            }
        }
        if l.autoOrient { // "ao"
            add("layer:auto-orient", "not turned at or outside the position's keyframes, nor with a split position") {
                $0.draw.autoOrientBetweenKeysOnly
            }
        }
        if !l.masks.isEmpty,
            !zip(SceneBuilder.thorvgMasks(l.masks), l.masks).allSatisfy({ $0.0 == $1.mode && $0.1 == $1.inverted })
        {
            // LottieParser::getMaskMethod, LottieBuilder::updateMasks.
            add(
                "masks:chain",
                "combined otherwise: inverted masks read as other modes, a chain after a subtract inverted"
            ) {
                $0.draw.invertedMasksAsThorVG
            }
        }
        if !l.masks.isEmpty {
            let modes = l.masks.map(\.mode)
            add("masks:none-only", "the layer is not drawn: its mask adds nothing") { p in
                p.draw.noneMasksHideLayer && modes.allSatisfy { p.draw.drawn($0) == .none }
            }
        }
        if case .image(let ref) = l.content, case .image(let a)? = composition.assets[ref] {
            // ImageSampling: rlottie samples the nearest pixel; ThorVG below half size averages 2 × 2 blocks.
            add("image:nearest", "sampled unfiltered (nearest pixel): drawn scaled or rotated, its edges jag") {
                $0.imageSampling == .rlottie
            }
            add("image:no-mipmaps", "drawn at half its size or less, thin lines break up (no smoothed levels)") {
                $0.imageSampling == .thorvg
            }
            if webpImages.contains(ref) {
                add("image:webp", "not drawn: the player cannot decode WebP") { !$0.decodesWebP }
            }
            switch a.source { // "e"
            case .file where a.markedEmbedded:
                add("image:file-marked-embedded", "not drawn: \"p\" is read as embedded data") {
                    !$0.draw.filesMarkedEmbedded
                }
            case .embedded where !a.markedEmbedded:
                add("image:data-not-marked", "not drawn: the data URI is read as a file path") {
                    !$0.draw.unmarkedDataImages
                }
            default: break
            }
        }
        // lottieparser.cpp: parseObject reads an item from its "ty" on; parseLayer reads "ks" as 3-D before "ddd".
        if l.shapesFromType != nil {
            add("shape:keys-before-ty", "keys written before an item's \"ty\" are not read (a group loses its items)") {
                $0.keyframes == .rlottie
            }
        }
        if RlottieKeyframes.readsTransformAs3D(l) {
            var turns = true
            if case .constant(let v) = l.transform.rotation { turns = v.contains { $0 != 0 } }
            if turns {
                add("layer:ddd-order", "read as 3-D (no \"ddd\": 0 before \"ks\"): its rotation \"r\" is ignored") {
                    $0.keyframes == .rlottie
                }
            }
        }
        if RlottieKeyframes.easesLastKeyframe(l) {
            add("keyframes:eased-last", "stops after its first keyframe: the property shows 0 (white, no path)") {
                $0.keyframes == .rlottie
            }
        }
    }
}
