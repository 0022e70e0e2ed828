import LottieRenderEval
import LottieRenderExpressions
import LottieRenderFonts
import LottieRenderModel
import LottieRenderRaster

/// Whose rendering to reproduce. ``full`` draws everything the file describes, as After Effects would; the others
/// draw what that player draws, leaving out what it lacks the way it leaves it out. The rules are the table in
/// `PlayerProfile`; docs/players.md gives each one's source.
public enum Player: String, Sendable, CaseIterable, Hashable {
    /// Everything the file describes (the default).
    case full
    /// lottie-web's SVG renderer (`renderer: 'svg'`, the default of lottie-web and lottie-player).
    case web
    /// lottie-web's canvas renderer (`renderer: 'canvas'`).
    case webCanvas = "web-canvas"
    /// lottie-ios 4 with its default Core Animation rendering engine.
    case ios
    /// lottie-ios with its Main Thread rendering engine.
    case iosMainThread = "ios-main-thread"
    /// lottie-android.
    case android
    /// The dotLottie players (dotlottie-web, dotlottie-ios, dotlottie-android), which draw through dotlottie-rs
    /// with ThorVG.
    case dotlottie
    /// Telegram's animated stickers and emoji (`.tgs`), drawn with rlottie.
    case telegram
}

/// How a player reads keyframes.
package enum KeyframeReading: Sendable, Equatable {
    /// As the format says.
    case asWritten
    /// lottie-ios (`LottieIOSReading`): `"chars"` of fonts iOS lacks left out; the Core Animation engine also
    /// shows a property's default for single-value hold segments and reads one value where it cannot animate one.
    case lottieIOS(coreAnimation: Bool)
    /// rlottie: a last keyframe with an easing (`"i"`) and no hold ends the animation at the first keyframe.
    case rlottie
}

/// How a player draws a file: the one table of player rules (docs/players.md gives each rule's source).
package struct PlayerProfile: Sendable, Equatable {
    /// What the scene builder leaves out.
    package var draw = DrawRules.full
    /// How expressions run; nil: ignored, every property draws its own value.
    package var expressions: ExpressionDialect? = .afterEffects
    /// How an image fills its asset's box when its pixel size differs.
    package var imageFit = ImageFit.stretch
    /// How images are sampled: Core Graphics' steeper magnification (lottie-ios), ThorVG's or rlottie's filters.
    package var imageSampling = ImageSampling.bilinear
    /// A file with a camera layer (ty 13) anywhere is not drawn at all.
    package var refusesCameras = false
    /// A file with an image layer whose `"refId"` names no asset is not drawn at all.
    package var refusesUnknownImages = false
    /// A file with a luma track matte (`"tt"` 3 or 4) anywhere is not drawn at all.
    package var refusesLumaMattes = false
    /// Images at a web address (`"u"` starting `http://` or `https://`) are fetched (the browser loads them); false:
    /// drawn only when the app supplies them (lottie-ios `AnimationImageProvider`, lottie-android
    /// `ImageAssetDelegate`).
    package var fetchesRemoteImages = false
    /// How the player reads keyframes otherwise than the format says: single-value hold segments showing the
    /// property's default (lottie-ios's Core Animation engine, ``CoreAnimationHolds``), or a last keyframe with an
    /// easing ending the animation at its first keyframe (rlottie, ``RlottieKeyframes``).
    package var keyframes = KeyframeReading.asWritten
    /// The family text falls back to when its font is not found (nil: DejaVu Sans). lottie-ios asks CoreText for
    /// the font by name (CTFontCreateWithName), which gives Helvetica for a name it does not know; Nimbus Sans
    /// (URW's design on Helvetica's metrics, fonts-urw-base35) stands in for it.
    package var fallbackFamily: String? = nil
    /// Text in fonts the file does not carry is drawn in that font only when the app bundles it (lottie-ios
    /// `UIFont(name:)` / `AnimationFontProvider`, lottie-android `assets/fonts/` / `FontAssetDelegate`).
    package var fontsFromApp = false
    /// WebP images are decoded; false: layers showing one draw nothing (rlottie decodes images with stb_image).
    package var decodesWebP = true

    /// The profile of `player`; `androidMergePaths` is lottie-android's `enableMergePathsForKitKatAndAbove`.
    package static func of(_ player: Player, androidMergePaths: Bool = false) -> PlayerProfile {
        var p = PlayerProfile()
        switch player {
        case .full:
            break
        case .web, .webCanvas:
            // lottie-web 5.x (airbnb/lottie-web at bede03d, the version the reference frames come from).
            p.expressions = .lottieWeb // strict mode; its loopIn (ExpressionManager.js, ExpressionPropertyDecorator.js)
            p.imageFit = .cover // imagePreserveAspectRatio "xMidYMid slice" by default (renderers' config)
            p.draw.mergePaths = false // no "mm" modifier is registered (modules/full.js, modules/canvas.js)
            // BaseRenderer.createCamera throws "You're using a 3d camera. Try the html renderer."
            p.refusesCameras = true
            p.fetchesRemoteImages = true // ImagePreloader loads the asset's URL (an <image> href in SVG)
            // IImageElement and CVImageElement read `assetData.w` of an asset that is not there: a TypeError while
            // the renderer builds every layer on load (buildAllItems), so nothing is ever drawn.
            p.refusesUnknownImages = true
            // RenderableElement.checkLayerLimits: `ip - st <= t && op - st > t` is false when a key is absent.
            p.draw.untimedLayersHidden = true
            // SVGTextElement, CVTextElement, TextAnimatorProperty: `yPos += firstLine ? 1 : 0` at the first break.
            p.draw.textLineBreakExtra = 1
            // TextProperty.completeTextData measures every character alone (FontManager.measureText) and the
            // renderers place each in its own element: no kerning, ligatures or shaping, logical order.
            p.draw.textCharactersAlone = true
            // RepeaterModifier.processShapes: each copy's matrix is rMatrix, then sMatrix, then pMatrix.
            p.draw.repeaterRotatesBeforeScaling = true
            // ShapeProperty.js convertStarToPath, convertPolygonToPath: Math.floor(pt); handles of 2πr / (4 × points).
            p.draw.starsAsLottieWeb = true
            // SVGElementsRenderer.renderFill/renderStroke, CVShapeElement: `'rgb(' + bmFloor(c.v[0]) + …`.
            p.draw.flooredColors = true
            p.draw.maskFeather = false // masks read no "f" (mask.js, CVMaskElement.js)
            p.draw.layerStyles = false // no element reads "sy"
            p.draw.motionBlur = false // layer motion blur is not read
            // getBlendMode maps 1–15 (utils/helpers/blendModes.js); add and hard mix are drawn normal.
            p.draw.blendModes = Set(LayerBlendMode.known.filter { $0 != .add && $0 != .hardMix })
            if player == .web {
                // A "tt" layer's source without "td" stays an ordinary layer (SVGBaseElement moves only td layers into
                // defs), and the matte refers to `#layerId`, an id only td layers get (getMatte): it hides the layer.
                p.draw.unflaggedMatteSourcesDrawn = true
                p.draw.unflaggedMatteHides = true
                // SVGBaseElement.getMatte: `createNS('mask')` with an id and mask-type only, so the mask region is
                // SVG's default (maskUnits objectBoundingBox, x/y -10 %, width/height 120 %) of the matteElement `<g>`
                // around the layer: a stroke outside its path's box by more than a tenth is cut, a flat line vanishes.
                p.draw.matteRegionIsBoundingBox = true
                // SVGTextElement sets characters from font files as `<text>`/`<tspan>` elements: Chromium draws them
                // from Skia's glyph cache, at origins rounded to a quarter pixel across and a whole pixel down.
                p.draw.textGlyphsOnQuarterPixels = true
                // registerEffect in modules/full.js: tint, fill, stroke, tritone, pro levels, drop shadow, set matte,
                // gaussian blur, transform.
                p.draw.effects = [
                    .tint, .fill, .stroke, .tritone, .proLevels, .dropShadow, .setMatte, .gaussianBlur, .transform,
                ]
                // SVGGaussianBlurEffect: feGaussianBlur in linearRGB (the SVG default); SVGTintEffect and
                // SVGTritoneFilter: grey in linearRGB, colours in sRGB, tint's feMerge in linearRGB; SVGFillFilter:
                // the colour with alpha × opacity.
                p.draw.effectsAsSVGFilters = true
                p.draw.maskModeMap = DrawRules.extraModesAsAdd // mask.js: other modes drawn as add
                p.draw.maskInversion = .frameInLayerSpace // mask.js: solidPath + the path, nonzero
            } else {
                p.draw.effects = [.transform] // modules/canvas.js registers the transform effect only
                // CVBaseElement: a source without "td" is drawn as a layer too (renderFrame skips td layers only);
                // exitLayer takes the source by "ind" (getElementById(tp ?? ind - 1)) and throws when there is none.
                p.draw.unflaggedMatteSourcesDrawn = true
                p.draw.matteSourceByInd = true
                // assetManager.js: `lumaLoader = (function () { … })` is never called, so `loadLumaCanvas` is
                // undefined and CVBaseElement.createContainerElements throws for a tt ≥ 3 layer while the renderer
                // builds the layers (lottie-web 5.13.0 and bede03d).
                p.refusesLumaMattes = true
                // CVMaskElement: one path of every mask (an inverted one after the comp's frame), one nonzero clip().
                p.draw.maskModeMap = DrawRules.allAsAdd
                p.draw.masksAsOneClip = true
                p.draw.maskInversion = .frameInCompSpace
                p.draw.maskOpacity = false // CVMaskElement reads neither opacity nor expansion
                p.draw.maskExpansion = false
                // CVShapeElement: opacity stops only when one sits at each colour stop (GradientProperty._collapsable).
                p.draw.gradientOpacityStopsApart = false
                p.draw.textFromFonts = false // CVTextElement draws the shapes of "chars" only
            }
        case .ios, .iosMainThread:
            // lottie-ios 4.6 (airbnb/lottie-ios at f4db77d).
            p.expressions = nil // "x" is decoded as unsupportedAfterEffectsExpression (KeyframeGroup.swift)
            // LottieAnimation.swift decodes "chars" but no layer draws them (LottieIOSReading).
            p.keyframes = .lottieIOS(coreAnimation: false)
            p.fontsFromApp = true // TextLayer draws with AnimationFontProvider's UIFont(name: fName)
            p.draw.effects = [.dropShadow] // LayerEffectType has dropShadow = 25 only (LayerEffect.swift)
            p.draw.mergePaths = false // Merge is decoded (ShapeItems/Merge.swift) but nothing draws it
            p.draw.camera = false // LayerType has no camera; ty 13 decodes as null (LayerModel.swift)
            p.draw.maskFeather = false // Mask reads mode, o, inv, pt, x (Mask.swift)
            p.draw.maskExpansion = false // "x" is read but never applied to the path (MaskContainerLayer.swift)
            // MaskMode.usableMode: lighten as add, darken and difference mask what came before as intersect does;
            // only add and subtract masks are inverted (MaskContainerLayer, MaskCompositionLayer).
            p.draw.maskModeMap = [.lighten: .add, .darken: .intersect, .difference: .intersect]
            p.draw.maskInversionOnAddSubtractOnly = true
            // CoreTextRenderLayer: box text anchored at the cap height, the stroke as a second CoreText pass.
            p.draw.textAsCoreText = true
            p.fallbackFamily = "Nimbus Sans"
            p.imageSampling = .coreGraphics
            // DropShadowAnimation.swift: shadowRadius = softness / 5.
            p.draw.dropShadowSoftness = 0.6
            // VectorsExtensions.swift: LottieVector2D reads x[0] and y[0] of an easing handle.
            p.draw.easingFirstDimensionOnly = true
            // GradientFill.swift decodes "h" and "a" but neither engine uses them: radial gradients stay centred.
            p.draw.radialHighlight = false
            // BlendMode+Filter.swift: luminosity (15) is drawn normal in the snapshots; 16 (add) and 17 (hard mix)
            // are not in BlendMode and decode as normal (LayerModel.swift).
            p.draw.blendModes = Set(LayerBlendMode.known.prefix { $0 != .luminosity })
            p.draw.motionBlur = false // "mb" is not read
            if player == .iosMainThread {
                // CompositionLayer.displayWithFrame: `frame.isInRangeOrEqual(inFrame, outFrame)`.
                p.draw.outPoint = .inclusive
                // ItemsExtension.initializeNodeTree: "The Main Thread rendering engine doesn't currently support
                // repeaters": the item is skipped, its content drawn once.
                p.draw.repeaters = false
                // CompositionLayer: the shadow is on the layer, only its contentsLayer carries the transform.
                p.draw.effectsInContainerUnits = true
                // MathKit.swift interpolate(to:outTangent:inTangent:amount:): collinear control points, a straight line.
                p.draw.spatialLinearWhenCollinear = true
                // TextCompositionLayer and TextAnimatorNode: only the last animator's outputs are rebuilt.
                p.draw.textAnimators = .lastOnlyAsLottieIOS
                // TrimPathNode → BezierPath.trim → PathElement.splitElementAtPosition → CurveVertex.trimCurve
                // (maxSamples 3, accuracy 1): a curve cut at the parameter of the cut's share of its length, moved
                // on only while short by a point or more.
                p.draw.trimCut = .segmentShareRefined
            } else {
                // VisibilityAnimation.swift: a layer whose out point is the animation's end frame stays visible to
                // the end (keyTime 1.0), and progress 1 is that end frame.
                p.draw.outPoint = .inclusiveAtEnd
                // ShapeItemLayer: a trim becomes the CAShapeLayer's strokeStart/strokeEnd, which fills ignore
                // (setupSolidFillAnimations; gradient fills use pathMultiplier 1).
                p.draw.trimmedFills = false
                // Core Animation's strokeStart/strokeEnd cut a curve at the parameter of the cut's share of its
                // length, unrefined: measured, bounce_strokes at 50 % MAE 0.56 (arc length) → 0.01, issue_1979 at
                // 75 % 1.15 → 0.02 against lottie-ios's snapshots.
                p.draw.trimCut = .segmentShare
                // CALayer+addAnimation keyframeAnimation: positions with spatial tangents become a CAKeyframeAnimation
                // along a path, which Core Animation follows by the curve's parameter, not its length.
                p.draw.spatialMotion = .curveParameter
                // TextLayer.configureRenderLayer: text animators are not supported (logged), the document drawn.
                p.draw.textAnimators = .ignored
                // GradientRenderLayer (CAGradientLayer) blends in Generic RGB in lottie-ios's own snapshots.
                p.draw.gradientsInGenericRGB = true
                // CALayer+addAnimation.swift: a hold run left with one discrete value is not applied.
                p.keyframes = .lottieIOS(coreAnimation: true)
            }
        case .android:
            // lottie-android 6.x (airbnb/lottie-android at 05ea92e).
            p.expressions = nil // expressions are not read
            p.fontsFromApp = true // FontAssetManager: assets/fonts/FAMILY.ttf or the app's FontAssetDelegate
            // LayerParser reads drop shadow (25) and gaussian blur (29) only.
            p.draw.effects = [.dropShadow, .gaussianBlur]
            p.draw.mergePaths = androidMergePaths // MergePathsContent only with enableMergePathsForKitKatAndAbove
            p.draw.camera = false // Layer.LayerType has no camera
            p.draw.maskModeMap = DrawRules.extraModesAsAdd // MaskParser: other modes "Defaulting to Add"
            p.draw.maskExpansion = false // MaskParser reads mode, pt, o, inv
            p.draw.maskFeather = false
            p.draw.motionBlur = false // "mb" is not read
            p.draw.layerStyles = false // LayerParser reads no "sy"
            // LBlendMode.toNativeBlendMode: normal, multiply, screen, overlay, darken, lighten and add have a native
            // mode; every other returns null and BaseLayer draws the layer normal.
            p.draw.blendModes = [.normal, .multiply, .screen, .overlay, .darken, .lighten, .add]
        case .dotlottie:
            p.applyThorVG()
        case .telegram:
            p.applyRlottie()
        }
        return p
    }
}

extension LottieDocument {
    /// Draws as `player` does: expressions, layer effects, masks, merge paths, cameras and image fit follow that
    /// player's rules (`PlayerProfile`, docs/players.md). `androidMergePaths` is lottie-android's
    /// `enableMergePathsForKitKatAndAbove`. Set ``evaluatesExpressions`` or ``imageFit`` afterwards to depart
    /// from the profile.
    public mutating func draw(as player: Player, androidMergePaths: Bool = false) {
        let p = PlayerProfile.of(player, androidMergePaths: androidMergePaths)
        if p.keyframes != keyframesRead {
            // The bound tree of the composition as this player reads it (or back to the file's own).
            let fonts = builder.fonts
            switch p.keyframes {
            case .asWritten: builder = SceneBuilder(composition)
            case .lottieIOS(let ca): builder = SceneBuilder(LottieIOSReading.rewrite(composition, coreAnimation: ca))
            case .rlottie: builder = SceneBuilder(RlottieKeyframes.rewrite(compositionWithoutSlots ?? composition))
            }
            builder.fonts = fonts
            keyframesRead = p.keyframes
        }
        self.player = player
        builder.rules = p.draw
        if !p.decodesWebP { builder.rules.undecodedImages = webpImages }
        playerNotes = []
        if p.refusesCameras, builder.bound.reachableLists.contains(where: { builder.bound.lists[$0].hasCamera }) {
            builder.rules.drawsNothing = true
            playerNotes.append(
                "\(player.rawValue): the file has a camera layer, which this player refuses (\"You're using a 3d "
                    + "camera. Try the html renderer.\"): nothing is drawn")
        }
        if p.refusesLumaMattes, let name = lumaMatteLayer {
            builder.rules.drawsNothing = true
            playerNotes.append(
                "\(player.rawValue): layer \"\(name)\" has a luma track matte, which this player fails on while "
                    + "loading the file (\"assetLoader.loadLumaCanvas is not a function\"): nothing is drawn")
        }
        if p.refusesUnknownImages, let ref = unknownImageRef {
            builder.rules.drawsNothing = true
            playerNotes.append(
                "\(player.rawValue): an image layer refers to \"\(ref)\", which is not an asset; this player fails "
                    + "while loading the file (a TypeError reading the asset's size): nothing is drawn")
        }
        // Fonts as this player finds and sets them (its fallback family, CoreText's shaping), in place of the
        // last profile's; the load's own are kept while no profile needs others.
        let fontsKey = "\(p.fallbackFamily ?? "")|\(p.draw.textAsCoreText)"
        if fontsKey != fontsProfile {
            let fonts = SystemFonts(
                for: builder.bound, folders: fontFolders, fallbackFamily: p.fallbackFamily,
                coreText: p.draw.textAsCoreText)
            builder.fonts = fonts.isEmpty ? nil : FontOutlines(fonts)
            fontWarnings = LottieDocument.fallbackWarnings(
                fonts.fallbacks, family: p.fallbackFamily ?? "DejaVu Sans",
                player: p.fallbackFamily == nil ? nil : player)
            fontsProfile = fontsKey
        }
        evaluatesExpressions = p.expressions != nil
        expressionDialect = p.expressions ?? .afterEffects
        imageFit = p.imageFit
        imageSampling = p.imageSampling
    }
}

extension LottieDocument {
    /// The warnings for fonts not found, drawn in `family` (the fallback of `player`, when it has its own).
    static func fallbackWarnings(_ names: [String], family: String, player: Player? = nil) -> [String] {
        names.map { name in
            "font \"\(name)\" not found; text in it uses \(family)"
                + (player.map { " (\($0.rawValue) falls back to Helvetica)" } ?? "")
        }
    }

    /// The layers of the compositions the file shows (a precomp no layer uses is left out, as the players' checks
    /// while loading only meet layers they build).
    var shownLayers: LazySequence<FlattenSequence<LazyMapSequence<[Int], [Layer]>>> {
        builder.bound.reachableLists.lazy.map { builder.bound.lists[$0].layers }.joined()
    }

    /// The name of the first layer with a luma track matte (`"tt"` 3 or 4), in any composition the file uses.
    var lumaMatteLayer: String? {
        shownLayers.first { $0.matteMode == .luma || $0.matteMode == .lumaInverted }?.name
    }

    /// The first `"refId"` of an image layer (ty 2) that names no asset, in any composition the file uses.
    var unknownImageRef: String? {
        shownLayers.compactMap { l -> String? in
            guard case .image(let ref) = l.content, self.composition.assets[ref] == nil else { return nil }
            return ref
        }.first
    }
}
