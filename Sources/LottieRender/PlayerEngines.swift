import LottieRenderEval
import LottieRenderModel

// The profiles of the players that draw with another engine than their own: the dotLottie players (dotlottie-rs,
// which renders with ThorVG) and Telegram (rlottie). Each rule cites the engine's source; docs/players.md gives
// the measured figures against the engine's frames in ../shared/reference (scripts/engine_profiles.py).
extension PlayerProfile {
    /// ThorVG's Lottie loader (thorvg/thorvg v1.0.4, src/loaders/lottie), as dotlottie-rs draws with it.
    mutating func applyThorVG() {
        // Expressions run in JerryScript (tvgLottieExpressions.cpp, on in dotlottie-rs's tvg-lottie-expressions).
        expressions = .thorvg
        // LottieParser::getEffect: tint (20), fill (21), stroke (22), tritone (23), drop shadow (25), gaussian blur
        // (29); others are dropped and the layer drawn without them.
        draw.effects = [.tint, .fill, .stroke, .tritone, .dropShadow, .gaussianBlur]
        // tvgSwPostEffect.cpp: box kernels sized for three passes (_gaussianInit), of which quality 50 (the Lottie
        // default, LottieComposition::quality) runs int(3 · 0.49) + 1 = 2 per axis, each written back as bytes; the
        // shadow's offset cast to int32_t.
        draw.blursAsThorVG = true
        // LottieBuilder::updateStrokeEffect: `layer->scene->mask(shape, MaskMethod::Alpha)` with the stroked masks;
        // the layer's shapes take the effect's colour (unless white). A layer with nothing of its own shows nothing.
        draw.strokeEffectAsThorVG = true
        // tvgScene.h Scene::render: `direct = (effects->count == 1) & marked(PostProcessing)`; effectFill, effectTint,
        // effectTritone and effectDropShadow then write into the target (`cmp->valid = true`: "no need the subsequent
        // composition"), so the layer's mask (its masks or matte) is never applied.
        draw.singleEffectSkipsMasks = true
        draw.layerStyles = false // "sy" is not parsed
        draw.motionBlur = false // "mb" is not parsed
        draw.maskFeather = false // a mask's "f" is not parsed
        // LottieBuilder::updateTextRange: `ctx.cursor.x += f * range->style.letterSpace(…)` in glyph units (size
        // 100) before the character is placed; updateText aligns the line by where the cursor ends.
        draw.animatorTrackingAsThorVG = true
        // LottieBuilder::updateText: `layout.x += doc.justify * (doc.bbox.size.x - ctx.cursor.x * ctx.scale)`, the
        // cursor past the last character's tracking.
        draw.alignedWidthKeepsLastTracking = true
        // LottieBuilder::updateTextRange: `if (range->style.flags.strokeWidth) shape->strokeWidth(f * …)`.
        draw.textStrokeWidthAnimatorReplaces = true
        // LottieParser::getMaskMethod maps an inverted mask to another method when "inv" is read before "mode".
        draw.invertedMasksAsThorVG = true
        // tvgPaint.cpp Paint::blend: "bm" 0–16 map to BlendMethod one to one; hard mix (17) is refused: normal.
        draw.blendModes = Set(LayerBlendMode.known.filter { $0 != .hardMix })
        // tvgSwCommon.h: opBlendSoftLight is (1 − 2s)·d² + 2·s·d; opBlendHue, Saturation, Color and Luminosity
        // exchange components in the HSL model (rasterRGB2HSL, hsl2rgb).
        draw.blendFormulas = [
            .softLight: .softLightSquare, .hue: .hueHSL, .saturation: .saturationHSL, .color: .colorHSL,
            .luminosity: .luminosityHSL,
        ]
        draw.camera = false // a camera layer is an empty scene; 3-D rotations are kept as their 2 × 2 part
        // LottieGradient::fill: a radial gradient's radius is max(w, h) + 0.375 · min(w, h) of "e" − "s".
        draw.radialRadius = .thorvgEstimate
        // LottieParser::parseObject: merge paths, twist and zig zag are "not supported" and dropped.
        draw.mergePaths = false
        draw.modifiers = [.roundCorners, .puckerBloat, .offset]
        // LottieBuilder::updateText: text is drawn from the file's glyphs ("chars"); fonts only when the app loads
        // them (a font resolver, or fonts embedded as data), which a plain JSON player does not.
        draw.textFromFonts = false
        // LottieParser::parseFonts / updateText: glyph mode only for a font of origin 0 (local); a font with a URL
        // or file origin is loaded as a font, which a plain JSON player does not have.
        draw.glyphsOfFontsWithOrigin = false
        // LottieBuilder::updateLocalFont: a character without a glyph is skipped, the cursor not moved.
        draw.missingGlyphsTakeNoSpace = true
        // LottieBuilder::_repeat: copy i's opacity is lerp(so, eo, (i + 1) / copies).
        draw.repeaterOpacityFromFirstStep = true
        // LottieBuilder::updatePath (and rect, ellipse, polystar): under a repeater each path is pooled into a shape
        // of its own that _repeat copies, so a fill paints each path apart.
        draw.repeatedPathsFilledApart = true
        // LottieParser::getInterpolator: the first component of "i" and "o" eases every dimension.
        draw.easingFirstDimensionOnly = true
        // LottieImage::prepare sizes the picture to the asset's w × h; tvg::Picture::size keeps its aspect ratio,
        // from the top-left corner.
        imageFit = .containTopLeft
        // tvgSwImage.cpp imagePrepare, tvgSwRaster.cpp _interpUpScaler / _interpDownScaler, tvgSwRasterTexmap.h:
        // ThorVG's own filters, no mip levels (a photo drawn at a third of its size keeps its hard edges).
        imageSampling = .thorvg
        // LottieParser::parseImage: a data URI without "e": 1 is read as a file path.
        draw.unmarkedDataImages = false
    }

    /// rlottie (Samsung/rlottie, src/lottie), as Telegram draws stickers with it.
    mutating func applyRlottie() {
        expressions = nil // LottieParserImpl::parseProperty reads "k" only: expressions are ignored
        keyframes = .rlottie // parseKeyFrame and KeyFrames::value (RlottieKeyframes)
        draw.effects = [] // parseLayer skips "ef", "sy" and "mb"
        draw.layerStyles = false
        draw.motionBlur = false
        // "bm" is parsed but never used: the painter knows Src, SrcOver, DestIn, DestOut only.
        draw.blendModes = [.normal]
        draw.textLayers = false // createLayerItem returns nullptr for a text layer
        draw.camera = false // getLayerType: a camera becomes a null layer
        // parseObjectTypeAttr: merge paths, offset path, pucker/bloat, zig zag and twist are dropped.
        draw.mergePaths = false
        draw.modifiers = [.roundCorners]
        // parseMaskObject: lighten, darken and none are None; LayerMask::maskRle skips them, and a layer whose mask
        // comes out empty is not drawn (lottieitem.cpp). Expansion and feather are not read.
        draw.maskModeMap = [.lighten: .none, .darken: .none]
        draw.noneMasksHideLayer = true
        draw.maskExpansion = false
        draw.maskFeather = false
        // Layer::visible: ip <= frame <= op.
        draw.outPoint = .inclusive
        // getValue(float&) reads the first element of "i" and "o": every dimension eases with the first's handles.
        draw.easingFirstDimensionOnly = true
        // VBitmap::updateLuma: a luma matte is the luma of the unpremultiplied colour, the source's alpha ignored.
        draw.lumaIgnoresAlpha = true
        // Repeater::update (lottiemodel.cpp): copy k is T(p·k)·T(a)·S(s^k)·R(r·k)·T(−a): rotated, then scaled.
        draw.repeaterRotatesBeforeScaling = true
        // Repeater::update draws copy 0 first (the last on top) and ignores the composite "m".
        draw.repeaterLastCopyOnTop = true
        // Polystar::updatePath rotates by "r" twice; VPath::addPolygon converts the start angle twice.
        draw.starsAsRlottie = true
        // Transform::Data::matrix: auto-orient adds mPosition.angle, 0 at or outside the keyframes
        // (KeyFrames::angle) and for a split position (mPosition is not animated then).
        draw.autoOrientBetweenKeysOnly = true
        // Colours become uint8(255 × c), truncated (vdrawhelper.h).
        draw.flooredColors = true
        // lottieitem.cpp ShapeLayer::render, CompLayer::render, renderMatteLayer: layers offscreen for their opacity
        // or a matte are blended back with drawBitmap over the frame, in truncating 8-bit steps (BYTE_MUL).
        draw.eightBitComposites = true
        // lottiemodel.cpp Gradient::populate: stops at the colour stops only, their alpha getOpacityAtPosition's.
        draw.gradientOpacityAtColorStops = true
        // Images are drawn at their pixel size, not scaled to the asset's w × h (vdrawhelper.cpp).
        imageFit = .none
        // vdrawhelper.cpp blend_image / blend_image_xform: the nearest pixel, unfiltered.
        imageSampling = .rlottie
        // parseAsset: "e": 1 means "p" is base64 data; a file name there decodes to nothing.
        draw.filesMarkedEmbedded = false
        // vimageloader.cpp decodes images with stb_image: PNG, JPEG, BMP, GIF…, no WebP.
        decodesWebP = false
        // Layer::timeRemap: a precomp's children at int((frame − int(st)) / sr); "tm" at round(seconds × fr).
        draw.wholeFrameTime = true
    }
}
