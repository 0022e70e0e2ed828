import LottieRenderModel
import LottieRenderRaster

/// What the scene builder leaves out or simplifies, to draw a file as a player that lacks a feature draws it
/// (`LottieRender`'s `Player` profiles fill it in from one table; docs/players.md gives each rule's source).
/// ``full`` draws everything the file describes.
package struct DrawRules: Sendable, Equatable {
    /// Layer effects drawn, by `"ty"`; nil: every effect lottie-render draws. Others are left out, the layer drawn
    /// without them.
    package var effects: Set<EffectKind>? = nil
    /// Gradient stops blended in Generic RGB (gamma 1.8), as lottie-ios's Core Animation snapshots show them.
    package var gradientsInGenericRGB = false
    /// A radial gradient's highlight (`"h"`, `"a"`) moves its focal point; false: always centred (lottie-ios).
    package var radialHighlight = true
    /// How a radial gradient's radius follows from its start and end points (`"s"`, `"e"`).
    package var radialRadius = RadialRadius.distance
    /// Each path a repeater copies is filled on its own: paths that would cut holes in each other do not (ThorVG
    /// makes every repeated path a shape of its own).
    package var repeatedPathsFilledApart = false
    /// The stroke effect (`"ty": 22`) reveals the layer, painted in its colour, along the stroked mask paths,
    /// whatever its paint style (ThorVG); false: as its paint style says (After Effects).
    package var strokeEffectAsThorVG = false
    /// A layer whose only effect is a fill, tint, tritone or drop shadow is drawn without its masks and track matte
    /// (ThorVG composes that one effect's result straight onto the target, past the mask).
    package var singleEffectSkipsMasks = false
    /// The drop shadow effect's softness (`"ty": 25`) scaled by this (lottie-ios: a shadow radius of softness / 5,
    /// 0.6 of the blur After Effects gives).
    package var dropShadowSoftness = 1.0
    /// Effect lengths (shadow distance and softness) in the units of the layer's composition, not scaled by the
    /// layer's own transform (lottie-ios's Main Thread engine shadows the layer, whose contents carry the transform).
    package var effectsInContainerUnits = false
    /// Every dimension of a vector eases with its first dimension's handles (lottie-ios: LottieVector2D decodes
    /// `"i"` and `"o"` as their first x and y).
    package var easingFirstDimensionOnly = false
    /// How text animators (`"t"."a"`) are applied.
    package var textAnimators = TextAnimatorRule.afterEffects
    /// Text drawn as CoreText draws it (lottie-ios): a box's first line at the font's cap height below its top; a
    /// stroke colour adds a pass whose width is a percentage of the font size, filled black at width 0.
    package var textAsCoreText = false
    /// How positions move along spatial beziers.
    package var spatialMotion = SpatialMotion.arcLength
    /// Trims (`"ty": "tm"`) cut the paths fills draw too; false: fills draw the untrimmed paths and only strokes are
    /// trimmed (lottie-ios's Core Animation engine trims through a shape layer's strokeStart and strokeEnd).
    package var trimmedFills = true
    /// Where a trim cuts inside a curved segment: at the point its arc length gives, or at the curve parameter of
    /// the cut's share of the segment's length (Core Animation's strokeStart and strokeEnd), refined only while
    /// short by a unit or more (lottie-ios's Main Thread engine: CurveVertex.trimCurve).
    package var trimCut = PathMeasure.Cut.arcLength
    /// Repeaters (`"ty": "rp"`) copy what comes before them; false: the content is drawn once, as if there were no
    /// repeater (lottie-ios's Main Thread engine).
    package var repeaters = true
    /// Merge paths (`"ty": "mm"`) combine the paths before them; false: the paths are drawn unmerged.
    package var mergePaths = true
    /// Path modifiers drawn; nil: all of them. The others leave the paths as they are.
    package var modifiers: Set<PathModifierKind>? = nil
    /// Precomp children see whole frames: `int((t − int(st)) / sr)`, and a time remap rounded to a whole frame
    /// within the root's frames (rlottie evaluates every property at an integer frame).
    package var wholeFrameTime = false
    /// An image asset marked embedded (`"e": 1`) whose `"p"` is a file name is loaded from the file; false: not
    /// drawn (rlottie decodes `"p"` as base64 when `"e"` is 1).
    package var filesMarkedEmbedded = true
    /// An image given as a data URI without `"e": 1` is decoded; false: not drawn (ThorVG reads it as a path).
    package var unmarkedDataImages = true
    /// Image assets the player cannot decode (by id): layers showing them draw nothing.
    package var undecodedImages: Set<String> = []
    /// Glyphs from `"chars"` drawn for a font that names an origin (`"fonts.list[].origin"` 1–3: CSS, script or
    /// font URL); false: such text comes from the font only (ThorVG's glyph mode needs origin 0).
    package var glyphsOfFontsWithOrigin = true
    /// Text layers (`"ty": 5`) drawn; false: not drawn at all.
    package var textLayers = true
    /// A layer whose masks all draw as mode none is not drawn (rlottie: the mask starts empty and none adds
    /// nothing); false: such masks are ignored.
    package var noneMasksHideLayer = false
    /// Mask modes drawn as another mode (lottie-web: lighten, darken, difference as add); unlisted ones as
    /// themselves.
    package var maskModeMap: [MaskMode: MaskMode] = [:]
    /// Only add and subtract masks may be inverted (`"inv"`); false: every mode (lottie-ios inverts no other).
    package var maskInversionOnAddSubtractOnly = false
    /// A track matte's source is the layer whose `"ind"` is `"tp"` or the matted layer's `"ind"` minus one, not the
    /// layer above; a frame that draws a matted layer whose source is not there is blank (lottie-web canvas:
    /// CVBaseElement.exitLayer, `getElementById`).
    package var matteSourceByInd = false
    /// Gaussian blur (`"ty": 29`), fill (21), tint (20) and tritone (23) as lottie-web's SVG filters compute them:
    /// blur in linear RGB, fill scaling alpha, grey in linear RGB, tint merged over the source.
    package var effectsAsSVGFilters = false
    /// Blurs and drop shadows as ThorVG draws them: two of three box passes in bytes, the shadow's offset cut to
    /// whole pixels (tvgSwPostEffect.cpp).
    package var blursAsThorVG = false
    /// Added to the position of every text line after the first (lottie-web: 1 unit).
    package var textLineBreakExtra = 0.0
    /// Text from font files is set one character at a time, each measured alone, in logical order: no kerning,
    /// ligatures, shaping or bidirectional reordering (lottie-web); false: each line is shaped as a whole.
    package var textCharactersAlone = false
    /// Characters from font files drawn where Chromium draws glyphs: each origin on a quarter pixel across and a whole
    /// pixel down (lottie-web SVG: the browser sets the text; Skia's glyph cache positions glyphs that way).
    package var textGlyphsOnQuarterPixels = false
    /// A text animator's tracking in hundredths of the font size, before every selected character (a line's first
    /// too), and centred or right-aligned lines moved back by exactly their tracking (ThorVG: `cursor.x += f *
    /// letterSpace` in glyph units before the character is placed; the line aligned by the cursor's end).
    package var animatorTrackingAsThorVG = false
    /// A centred or right-aligned line is aligned by its width with the tracking after its last character, so it
    /// sits half a tracking step (a whole one) left of where After Effects puts it (ThorVG: `updateText` aligns by the
    /// cursor's end, each advance being the glyph's width plus the tracking).
    package var alignedWidthKeepsLastTracking = false
    /// A stroke-width animator sets a selected character's stroke width to its value times the selection instead of
    /// adding it to the document's width (ThorVG: `shape->strokeWidth(f * range->style.strokeWidth(…))`).
    package var textStrokeWidthAnimatorReplaces = false
    /// A repeater copy is rotated about the anchor before it is scaled (lottie-web's RepeaterModifier composes its
    /// accumulated rotation, scale and position matrices in that order); false: scaled, then rotated, as a transform
    /// is (After Effects, lottie-ios, lottie-android). The two differ only for a non-uniform scale with a rotation.
    package var repeaterRotatesBeforeScaling = false
    /// Stars and polygons (`"ty": "sr"`) with whole points only and roundness handles a quarter of the arc between
    /// points (lottie-web); false: a fractional star point grows in, handles as After Effects draws them.
    package var starsAsLottieWeb = false
    /// A luma track matte (`"tt"` 3, 4) takes the luma of the source's colour where it has any alpha, ignoring the
    /// alpha (rlottie: VBitmap's luma of the unpremultiplied colour); false: the luma of the source over black.
    package var lumaIgnoresAlpha = false
    /// Repeater copy i has opacity lerp(start, end, (i + 1) / copies), so the first copy is already a step from the
    /// start opacity and the last reaches the end (ThorVG); false: i / (copies − 1), first at start, last at end.
    package var repeaterOpacityFromFirstStep = false
    /// Repeater copies stack with the last on top whatever the composite (`"m"`) says (rlottie draws copy 0 first
    /// and reads no `"m"`).
    package var repeaterLastCopyOnTop = false
    /// Stars and polygons as rlottie draws them: the rotation (`"r"`) applied twice, a polygon's first vertex
    /// π/2 degrees before the top (rlottie's Polystar::updatePath and VPath::addPolygon).
    package var starsAsRlottie = false
    /// Solid fill and stroke colours (`"fl"`, `"st"` `"c"`) cut down to whole 8-bit levels, not rounded (lottie-web).
    package var flooredColors = false
    /// Layers drawn offscreen (for their opacity or a matte) composed in rlottie's truncating 8-bit steps, each
    /// taking one level off the whole frame below it (``EightBitComposite``).
    package var eightBitComposites = false
    /// Gradients with one stop per colour stop, each with the opacity there, none past the last opacity stop
    /// (rlottie, ``StylePaints/rlottieStops(_:colorCount:)``).
    package var gradientOpacityAtColorStops = false
    /// A character with no glyph in the file's `"chars"` takes no space (ThorVG's `updateLocalFont` skips it
    /// without moving the cursor); false: a quarter em for a space, half an em for another character.
    package var missingGlyphsTakeNoSpace = false
    /// Masks read and chained as ThorVG does (``SceneBuilder/thorvgMasks(_:)``).
    package var invertedMasksAsThorVG = false
    /// Layer styles (`"sy"`: the drop shadow) drawn; false: left out (lottie-web, lottie-android).
    package var layerStyles = true
    /// A layer without `"ip"`, `"op"` or `"st"` is never drawn (lottie-web: its in-range test compares NaN).
    package var untimedLayersHidden = false
    /// How an inverted mask (`"inv"`) is drawn.
    package var maskInversion = MaskInversion.complement
    /// Every mask of a layer, whatever its mode, is one path filled nonzero, as one canvas `clip()` (lottie-web's
    /// canvas renderer); false: masks combine one by one by their modes.
    package var masksAsOneClip = false
    /// Mask opacity (`"o"`) applied; false: every mask at full opacity.
    package var maskOpacity = true
    /// Mask expansion (`"x"`) applied; false: masks unexpanded.
    package var maskExpansion = true
    /// Mask feather (`"f"`) applied; false: hard edges.
    package var maskFeather = true
    /// Camera layers (ty 13) project 3-D layers; false: the layers are drawn flat (orthographic), as without one.
    package var camera = true
    /// Layer motion blur (`"mb"`) drawn; false: the layer at the frame's time only.
    package var motionBlur = true
    /// Blend modes drawn; nil: all of them. Others are drawn normal.
    package var blendModes: Set<LayerBlendMode>? = nil
    /// Blend modes drawn with another formula (ThorVG: soft light squared, HSL hue and saturation).
    package var blendFormulas: [LayerBlendMode: BlendMode] = [:]
    /// Gradient opacity stops away from the colour stops applied; false: such a gradient is drawn opaque.
    package var gradientOpacityStopsApart = true
    /// Characters without a glyph in `"chars"` drawn from font files; false: they are not drawn.
    package var textFromFonts = true
    /// A track matte's source without `"td"` (the layer above a `"tt"` layer) drawn as a layer of its own as well.
    package var unflaggedMatteSourcesDrawn = false
    /// A track matte whose source lacks `"td"` masks its layer away entirely (lottie-web SVG: the mask refers to an
    /// element that only `"td"` layers get); other modes than alpha and luma keep the matte.
    package var unflaggedMatteHides = false
    /// A track-matted layer shows only within its own geometry's bounding box in its composition's space (no stroke
    /// widths, masks or clips), grown by a tenth of its size on every side (lottie-web SVG: the `<mask>` of a matte
    /// keeps SVG's default region, objectBoundingBox from -10 % over 120 %).
    package var matteRegionIsBoundingBox = false
    /// Whether a layer is still drawn at its out point (`"op"`).
    package var outPoint = OutPointRule.exclusive
    /// Nothing is drawn at all: the player refuses the file (lottie-web's SVG and canvas renderers throw on a
    /// camera layer).
    package var drawsNothing = false

    /// Everything the file describes.
    package static let full = DrawRules()

    /// Whether effect type `ty` is drawn.
    @inline(__always) package func draws(effect ty: EffectKind) -> Bool { effects?.contains(ty) ?? true }

    /// How keyframed transforms move (``spatialMotion``, ``easingFirstDimensionOnly``).
    package var motion: Motion {
        Motion(
            spatial: spatialMotion, firstDimensionEasing: easingFirstDimensionOnly,
            linearWhenCollinear: spatialLinearWhenCollinear, orientBetweenKeysOnly: autoOrientBetweenKeysOnly)
    }
    /// Auto-orient (`"ao"`) turns a layer only strictly between its position's first and last keyframes, and never
    /// for a position split into x and y (rlottie: `KeyFrames::angle` is 0 outside them, and a split position has
    /// no path to follow).
    package var autoOrientBetweenKeysOnly = false
    /// A spatial curve whose control points are collinear with its ends (within lottie-ios's tolerance) moves in a
    /// straight line by the eased progress (lottie-ios's Main Thread engine, MathKit.swift).
    package var spatialLinearWhenCollinear = false

    /// Whether blend mode `bm` is drawn (else the layer is drawn normal).
    @inline(__always) package func draws(blendMode bm: LayerBlendMode) -> Bool { blendModes?.contains(bm) ?? true }

    /// The mode mask `mode` is drawn with.
    @inline(__always) package func drawn(_ mode: MaskMode) -> MaskMode { maskModeMap[mode] ?? mode }

    /// Every mode but add (and none) drawn as add, as lottie-web's canvas renderer and masks that know only add do.
    package static let allAsAdd: [MaskMode: MaskMode] = [
        .subtract: .add, .intersect: .add, .lighten: .add, .darken: .add, .difference: .add,
    ]
    /// Lighten, darken and difference drawn as add (lottie-web SVG, lottie-android).
    package static let extraModesAsAdd: [MaskMode: MaskMode] = [.lighten: .add, .darken: .add, .difference: .add]
}

/// How a position moves along a spatial bezier between keyframes (`"to"`, `"ti"`).
package enum SpatialMotion: Sendable, Equatable {
    /// At a speed even along the curve: the eased progress is a share of its length (After Effects, lottie-web,
    /// lottie-android, lottie-ios's Main Thread engine).
    case arcLength
    /// The eased progress is the curve's own parameter, faster where the control points are far apart (Core
    /// Animation's CAKeyframeAnimation along a path, as lottie-ios's Core Animation engine draws positions).
    case curveParameter
}

/// How keyframed values move between keyframes: along spatial curves, and with which easing per dimension.
package struct Motion: Sendable, Equatable {
    /// How positions move along spatial beziers.
    package var spatial = SpatialMotion.arcLength
    /// Every dimension eases with the first dimension's handles.
    package var firstDimensionEasing = false
    /// A spatial curve whose control points lie on the line between its ends moves in a straight line.
    package var linearWhenCollinear = false
    /// Auto-orient only strictly between the position's first and last keyframes, never for a split position.
    package var orientBetweenKeysOnly = false
    /// After Effects' motion.
    package static let standard = Motion()
}

/// Whether a layer is drawn at the frame of its out point (`"op"`).
package enum OutPointRule: Sendable, Equatable {
    /// Drawn from its in point up to, not including, its out point (After Effects, lottie-web, lottie-android).
    case exclusive
    /// Drawn at its out point too, at every frame (lottie-ios's Main Thread engine: `isInRangeOrEqual`).
    case inclusive
    /// Drawn at its out point only at the animation's last frame, the root composition's out point (lottie-ios's
    /// Core Animation engine keeps a layer whose out point is the animation's end visible to the end).
    case inclusiveAtEnd
}

/// How a player draws an inverted mask.
package enum MaskInversion: Sendable, Equatable {
    /// Everything the path does not cover (After Effects).
    case complement
    /// The root composition's frame rectangle, drawn clockwise in the layer's space, then the path, filled nonzero:
    /// only a counter-clockwise path cuts a hole (lottie-web SVG, mask.js `createLayerSolidPath`).
    case frameInLayerSpace
    /// The same rectangle in the space of the composition that holds the layer (lottie-web canvas, CVMaskElement).
    case frameInCompSpace
}

/// How a radial gradient's radius follows from its centre (`"s"`) and a point on its edge (`"e"`).
package enum RadialRadius: Sendable, Equatable {
    /// The distance between the two (After Effects, lottie-web, lottie-ios, lottie-android, rlottie).
    case distance
    /// The larger of the two sides plus 0.375 of the smaller one, a quick stand-in for the distance that is up to
    /// 6 % longer (ThorVG: LottieGradient::fill, `r = (w > h) ? (w + 0.375f * h) : (h + 0.375f * w)`).
    case thorvgEstimate

    /// The radius for the gradient from `s` to `e`.
    package func radius(from s: Point, to e: Point) -> Double {
        switch self {
        case .distance: return (e - s).length
        case .thorvgEstimate:
            let w = abs(e.x - s.x), h = abs(e.y - s.y)
            return w > h ? w + 0.375 * h : h + 0.375 * w
        }
    }
}
