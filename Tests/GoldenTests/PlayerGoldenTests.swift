import Foundation
import LottieRender
import LottieRenderRaster
import LottieRenderTestSupport
import Testing

/// `--player` profiles: each rule of the table (`PlayerProfile`, sources in docs/players.md) against a one-feature
/// sample. For every sample and player, the frame must differ from the full render exactly for the players whose
/// rules leave that feature out; those frames are compared with goldens in samples/golden/players/, the others
/// must equal the full render.
@Suite struct PlayerGoldenTests {
    static let mobile: Set<Player> = [.ios, .iosMainThread, .android]
    static let web: Set<Player> = [.web, .webCanvas]
    static let all = web.union(mobile)

    /// Sample, frame, and the players whose rules change it. Telegram (rlottie) truncates fill and stroke colours to
    /// 8-bit levels, so it changes every sample with such a colour between two levels as well as those of its own
    /// rules (effects, blend modes, masks of mode none, text layers, modifiers); dotLottie (ThorVG) changes those
    /// whose feature ThorVG leaves out (merge paths, feather, motion blur, cameras, hard mix, fonts, layer styles).
    /// Both web profiles floor colours to 8-bit levels
    /// (`player_color_levels`), so they also change every sample with a colour between two levels: effects_shadow_blur,
    /// effects_stroke, player_matte_missing_ind and matte_luma as web as well as their own rule's players.
    static let rules: [(sample: String, frame: Double, changedFor: Set<Player>)] = [
        // Mobile players ignore expressions; lottie-web's loopIn reads another time before a first key not at 0
        // (keys at 30…40; frame 20 is before them).
        // ThorVG folds the frame from the first key with its own loop code (offset and continue keep t − first).
        ("expr_loops", 20, all.union([.dotlottie, .telegram])),
        // An undeclared assignment: lottie-web's strict mode throws, mobile players ignore the expression.
        ("player_expr_strict", 0, all.union([.telegram])),
        // Tint, fill, tritone: lottie-web SVG draws them as its SVG filters compute them; its canvas renderer and
        // the mobile players do not draw them.
        ("effects_color", 20, all.union([.telegram])),
        // Drop shadow and gaussian blur: lottie-ios draws the shadow only, lottie-web canvas neither.
        // ThorVG blurs with two box passes in bytes and draws the stroke effect as a mask of the layer.
        ("effects_shadow_blur", 20, [.web, .webCanvas, .ios, .iosMainThread, .dotlottie, .telegram]),
        ("effects_stroke", 20, all.union([.dotlottie, .telegram])),
        // A blur of several colours: lottie-web SVG blurs in linear RGB, its canvas and lottie-ios not at all.
        ("effects_blur_edges", 20, [.web, .webCanvas, .ios, .iosMainThread, .dotlottie, .telegram]),
        // Merge paths: only lottie-android draws them, and only when the app enables them.
        ("merge_paths", 20, all.union([.dotlottie, .telegram])),
        // Lighten, darken, difference masks; mask opacity and expansion; an inverted intersection (see the sample).
        ("player_masks", 20, all.union([.dotlottie, .telegram])),
        // Inverted masks by winding, and one clip path for all masks (lottie-web canvas).
        ("player_mask_winding", 20, web.union([.telegram])),
        ("mask_feather", 20, all.union([.dotlottie, .telegram])),
        ("motion_blur", 20, all.union([.dotlottie, .telegram])),
        // lottie-web refuses a file with a camera; the mobile players draw its 3-D layers flat.
        ("camera_perspective", 20, all.union([.dotlottie, .telegram])),
        // An image layer whose refId names no asset: lottie-web fails while loading and draws nothing.
        ("player_image_unknown", 20, web.union([.telegram])),
        // A layer without "ip" and "st": lottie-web never shows it.
        ("player_untimed_layer", 20, web.union([.telegram])),
        // lottie-web canvas takes a matte's source by "ind" (and draws one without td as a layer as well); SVG
        // hides a layer whose source lacks td.
        ("player_matte_by_ind", 20, web.union([.telegram])),
        // No layer of the matted layer's "ind" minus one: lottie-web canvas fails, the frame is blank.
        ("player_matte_missing_ind", 20, web.union([.telegram])),
        // A luma matte: lottie-web canvas fails while loading (loadLumaCanvas is not a function), nothing drawn.
        // Its gradient: lottie-ios's Core Animation engine blends in Generic RGB.
        ("matte_luma", 20, web.union([.ios, .telegram])),
        // Blend modes add (16) and hard mix (17): lottie-web and lottie-ios draw them normal, lottie-android hard
        // mix (no native mode).
        ("player_blend_add", 20, all.union([.dotlottie, .telegram])),
        // Opacity stops apart from the colour stops: lottie-web canvas draws the gradient opaque; lottie-ios's Core
        // Animation engine blends in Generic RGB.
        ("gradient_linear", 20, [.webCanvas, .ios, .telegram]),
        // Text without glyphs in "chars": lottie-web canvas draws none of it; SVG puts its second line 1 lower;
        // lottie-ios falls back to Helvetica (Nimbus Sans) for a font it does not have.
        ("text_font", 20, web.union([.ios, .iosMainThread, .dotlottie, .telegram])),
        // Two lines of glyphs from "chars": lottie-web puts every line after the first 1 unit lower; lottie-ios
        // strokes through CoreText (the width a percentage of the font size), and in Helvetica (Nimbus Sans): it
        // never reads "chars", which stand in only for fonts iOS ships; its Core Animation engine shows the first
        // of the two text keyframes throughout.
        ("text_chars", 20, web.union([.ios, .iosMainThread, .telegram])),
        // A track matte whose source lacks "td": lottie-web SVG draws the source and hides the matted layer; its
        // canvas renderer draws the source as a layer as well as through the matte.
        ("player_matte_no_td", 20, web.union([.telegram])),
        // Track mattes over a box covering the frame: lottie-web SVG keeps only the matted layer's geometric bounding
        // box grown by 10 % (SVG's default mask region): a wide stroke is cut square, a level line vanishes.
        // rlottie composites mattes in 8-bit steps.
        ("player_matte_region", 20, [.web, .telegram]),
        // An image of another shape than its asset: lottie-web crops it to cover the box, mobile stretches it.
        // lottie-ios magnifies it through Core Graphics, with steeper weights; ThorVG fits it from the top-left
        // corner, rlottie draws it at its pixel size.
        ("image_fit", 20, web.union([.ios, .iosMainThread, .dotlottie, .telegram])),
        // A repeater rotating and scaling unevenly: lottie-web rotates each copy before it scales it; lottie-ios's
        // Main Thread engine skips repeaters.
        // ThorVG fades the copies from the first step: copy i at (i + 1) / copies of the way to the end opacity.
        ("player_repeater_order", 20, web.union([.iosMainThread, .dotlottie, .telegram])),
        // Values lottie-ios's Core Animation engine cannot animate (exactlyOneKeyframe): a repeater's copies and a
        // stroke's dash lengths stay at their first keyframe; the Main Thread engine skips the repeater.
        ("player_core_animation_values", 30, web.union([.ios, .iosMainThread, .telegram])),
        // Stars: lottie-web floors the point count and rounds corners with handles a quarter of the arc between
        // points.
        ("polystar_points", 20, web.union([.telegram])),
        ("polystar_roundness", 20, web.union([.telegram])),
        // Colours between two 8-bit levels: lottie-web floors them.
        ("player_color_levels", 20, web.union([.telegram])),
        // A drop shadow layer style: lottie-ios draws it, lottie-web and lottie-android do not read "sy".
        ("player_layer_style", 20, web.union([.android, .dotlottie, .telegram])),
        // A layer at its out point: lottie-ios's Main Thread engine still draws it (isInRangeOrEqual).
        ("player_out_point", 20, [.iosMainThread, .telegram]),
        // A trimmed path with a fill: lottie-ios's Core Animation engine trims strokes only; both lottie-ios engines
        // cut the ellipse's curves at the parameter of the cut's share of their length.
        ("player_trim_fill", 20, [.ios, .iosMainThread]),
        // Two fills over a stroke: Core Animation splits the group at each fill and strokes the ellipse twice.
        ("player_render_groups", 0, [.ios]),
        // A trim on a curve whose parameter runs unevenly: both lottie-ios engines cut at the parameter of the cut's
        // share of its length, the Main Thread engine moving on while short by a point.
        ("player_trim_curve", 0, [.ios, .iosMainThread]),
        // A position along a curved spatial bezier: Core Animation follows the curve's parameter.
        ("player_spatial_curve", 20, [.ios]),
        // A repeater: lottie-ios's Main Thread engine skips it.
        ("player_repeater", 20, [.iosMainThread]),
        // Gradients: Core Animation blends in Generic RGB; neither lottie-ios engine moves a radial highlight.
        ("player_gradients_ios", 20, [.ios, .iosMainThread]),
        // Two text animators: Core Animation draws none, the Main Thread engine only the last.
        // ThorVG aligns the centred, tracked line with its last character's tracking.
        ("player_text_animators", 20, [.ios, .iosMainThread, .dotlottie, .telegram]),
        // An image magnified 16×: lottie-ios draws it through Core Graphics, with steeper weights.
        ("player_image_magnified", 20, [.ios, .iosMainThread, .dotlottie, .telegram]),
        // A hold run of one keyframe: Core Animation drops it, the fill shows at its default opacity.
        ("player_hold_segment", 20, [.ios]),
        // Soft light, hue, saturation, colour, luminosity: ThorVG's own formulas (HSL model); rlottie draws them
        // normal, lottie-android has no native mode for them, lottie-ios draws luminosity normal.
        ("player_blend_formulas", 20, [.ios, .iosMainThread, .android, .dotlottie, .telegram]),
        // A luma matte of a translucent source: rlottie ignores the source's alpha; lottie-web canvas refuses luma
        // mattes.
        ("player_luma_alpha", 20, [.webCanvas, .telegram]),
        // text_chars with its font marked as loaded from a URL: ThorVG draws no glyph of it (glyph mode needs a
        // local font); the others draw it as they draw text_chars.
        ("player_font_origin", 20, web.union([.ios, .iosMainThread, .dotlottie, .telegram])),
        // Auto-orient at the first keyframe: rlottie adds no angle there.
        ("player_auto_orient", 0, [.telegram]),
        // Path modifiers: ThorVG drops zig zag and twist, rlottie every one but round corners.
        ("player_modifiers", 20, [.dotlottie, .telegram]),
        // A mask of mode none: rlottie's mask comes out empty and hides the layer.
        ("player_mask_none", 20, [.telegram]),
        // A last keyframe with an easing: rlottie shows the default (0, 0) position after the first keyframe.
        ("player_last_key_eased", 20, [.telegram]),
        // A precomp starting at frame 0.5: rlottie gives its children whole frames.
        ("player_precomp_frames", 20, [.telegram]),
        // Images (lottie-ios magnifies them through Core Graphics, ThorVG and rlottie sample them with their own
        // filters): marked embedded but naming a file (rlottie draws nothing), WebP (rlottie cannot decode it), a
        // data URI without "e": 1 (ThorVG reads it as a path).
        ("player_image_marked_embedded", 20, [.ios, .iosMainThread, .dotlottie, .telegram]),
        ("player_image_webp", 20, [.ios, .iosMainThread, .dotlottie, .telegram]),
        ("player_image_unmarked_data", 20, [.ios, .iosMainThread, .dotlottie, .telegram]),
        // A lined image at 0.3× and, rotated, at 1.2×: ThorVG's 2 × 2 means and bilinear, rlottie's nearest pixels.
        ("player_image_sampling", 20, [.dotlottie, .telegram]),
        // Translucent shape layers and a matte: rlottie blends each back over the frame in truncating 8-bit steps.
        ("player_eight_bit", 20, [.telegram]),
        // Key order: items with "ty" last (rlottie reads none of their keys) and a rotated layer without "ddd".
        ("player_key_order", 20, [.telegram]),
        // Opacity stops between and before colour stops: rlottie keeps one stop per colour (premultiplied), lottie-web
        // canvas drops opacity stops away from colours, Core Animation blends gradients in Generic RGB.
        ("player_gradient_opacity", 20, [.webCanvas, .ios, .telegram]),
        // A colour bound to a slot ("sid"): rlottie reads no slots.
        ("player_slots", 20, [.telegram]),
        // A character with no glyph in "chars": ThorVG skips it without a gap; the others leave room or use a font.
        // Two masks per square, inverted and not: ThorVG chains them its own way; lottie-web and lottie-ios invert
        // masks otherwise.
        ("player_mask_chain", 20, web.union([.ios, .iosMainThread, .dotlottie])),
        ("player_missing_glyphs", 20, web.union([.ios, .iosMainThread, .dotlottie, .telegram])),
        // Expressions reading data footage: ThorVG's bindings have none, the mobile players and rlottie no
        // expressions.
        ("player_expr_data", 20, [.ios, .iosMainThread, .android, .dotlottie, .telegram]),
        // Path expressions returning plain objects and points read from shape groups: the mobile players and rlottie
        // run no expressions.
        ("expr_path_object", 20, [.ios, .iosMainThread, .android, .telegram]),
        // createPath: ThorVG binds none, so the path built with it keeps its own value. Both web profiles floor the
        // fill colours (0.9 is between two 8-bit levels).
        ("expr_path", 10, all.union([.dotlottie, .telegram])),
        // ThorVG's content() answers no ellipse, so the points cannot be read there.
        ("expr_group_points", 20, [.ios, .iosMainThread, .android, .dotlottie, .telegram]),
        // `time` in a precomp that starts late: ThorVG gives every expression the root composition's time.
        ("expr_precomp_time", 30, [.ios, .iosMainThread, .android, .dotlottie, .telegram]),
        // Tracking from a range selector: ThorVG counts it in hundredths of the font size and aligns the centred line
        // by its whole width; lottie-ios's Core Animation engine draws no animator, its Main Thread engine reads the
        // last one's tracking as the document's; rlottie draws no text.
        ("text_tracking_range", 20, [.ios, .iosMainThread, .dotlottie, .telegram]),
        // Tracked text, centred and right-aligned: ThorVG aligns the line with the tracking after its last character.
        ("player_text_align_tracking", 20, [.ios, .iosMainThread, .dotlottie, .telegram]),
        // A stroke-width animator: ThorVG sets the width to it, the others add it to the document's.
        ("player_text_stroke_width", 20, [.ios, .iosMainThread, .dotlottie, .telegram]),
        // A radial gradient on a slant: ThorVG's radius is max + 0.375 · min of the sides, not the distance; Core
        // Animation blends gradients in Generic RGB.
        ("player_radial_radius", 0, [.ios, .dotlottie]),
        // Rings under a repeater: ThorVG fills each repeated path on its own (no holes); lottie-ios's Main Thread
        // engine draws no repeater.
        ("player_repeater_holes", 0, [.iosMainThread, .dotlottie]),
        // A masked layer whose only effect is a fill: ThorVG draws it past its mask; lottie-web canvas, the mobile
        // players and rlottie draw no fill effect.
        ("player_single_effect", 0, [.webCanvas, .ios, .iosMainThread, .android, .dotlottie, .telegram]),
        // key(), nearestKey() and velocityAtTime(): ThorVG counts keys from 0 and takes a segment's mean velocity.
        ("player_expr_keys", 12, [.ios, .iosMainThread, .android, .dotlottie, .telegram]),
        // Values as objects, ThorVG's own helpers and what it does not bind (see the sample).
        ("player_expr_values", 0, [.ios, .iosMainThread, .android, .dotlottie, .telegram]),
    ]

    static func render(
        _ sample: String, _ frame: Double, as player: Player, androidMergePaths: Bool = false
    ) throws
        -> Pixmap
    {
        var anim = try LottieDocument(
            contentsOf: repoRoot.appendingPathComponent("samples/\(sample).json").path)
        anim.draw(as: player, androidMergePaths: androidMergePaths)
        return anim.render(frame: frame)
    }

    @Test(arguments: PlayerGoldenTests.rules.map(\.sample))
    func ruleChangesExactlyItsPlayers(_ sample: String) throws {
        guard let rule = PlayerGoldenTests.rules.first(where: { $0.sample == sample }) else { return }
        let full = try PlayerGoldenTests.render(sample, rule.frame, as: .full)
        for player in Player.allCases where player != .full {
            let pm = try PlayerGoldenTests.render(sample, rule.frame, as: player)
            let changed = pm != full
            #expect(changed == rule.changedFor.contains(player), "\(sample) as \(player.rawValue)")
            if rule.changedFor.contains(player) {
                try GoldenTests.check(
                    pm, golden: "samples/golden/players/\(sample)_\(player.rawValue)_f\(Int(rule.frame)).png",
                    label: "\(sample) as \(player.rawValue)")
            }
        }
    }

    /// lottie-ios's Core Animation engine keeps a layer whose out point is the animation's end visible at that last
    /// frame (progress 1); before the end it hides a layer at its out point, as After Effects does.
    @Test func coreAnimationDrawsLayersEndingAtTheLastFrame() throws {
        let full = try PlayerGoldenTests.render("player_out_point", 60, as: .full)
        #expect(full.pixels.allSatisfy { $0 == 0 })
        let ca = try PlayerGoldenTests.render("player_out_point", 60, as: .ios)
        let main = try PlayerGoldenTests.render("player_out_point", 60, as: .iosMainThread)
        #expect(!ca.pixels.allSatisfy { $0 == 0 } && ca == main)
        #expect(
            try PlayerGoldenTests.render("player_out_point", 20, as: .ios)
                == PlayerGoldenTests.render("player_out_point", 20, as: .full))
    }

    @Test func androidMergePathsDrawsMergePaths() throws {
        let full = try PlayerGoldenTests.render("merge_paths", 20, as: .full)
        #expect(try PlayerGoldenTests.render("merge_paths", 20, as: .android, androidMergePaths: true) == full)
        #expect(try PlayerGoldenTests.render("merge_paths", 20, as: .android) != full)
    }

    @Test func aCameraFileAsWebDrawsNothingAndSaysSo() throws {
        var anim = try LottieDocument(
            contentsOf: repoRoot.appendingPathComponent("samples/camera_perspective.json").path)
        anim.draw(as: .web)
        #expect(anim.render(frame: 20).pixels.allSatisfy { $0 == 0 })
        // What the player does with the whole file is a note, not a warning.
        #expect(anim.playerNotes.contains { $0.contains("camera layer") && $0.contains("nothing is drawn") })
        #expect(!anim.warnings.contains { $0.contains("camera layer") })
        anim.draw(as: .full)
        #expect(anim.playerNotes.isEmpty)
    }

    @Test func profilesSetExpressionsAndImageFit() throws {
        var anim = try LottieDocument(contentsOf: repoRoot.appendingPathComponent("samples/expr_loops.json").path)
        for (player, evaluates, fit) in [
            (Player.full, true, ImageFit.stretch), (.web, true, .cover), (.webCanvas, true, .cover),
            (.ios, false, .stretch), (.iosMainThread, false, .stretch), (.android, false, .stretch),
        ] {
            anim.draw(as: player)
            #expect(anim.player == player)
            #expect(anim.evaluatesExpressions == evaluates && anim.imageFit == fit, "\(player.rawValue)")
        }
    }
}
