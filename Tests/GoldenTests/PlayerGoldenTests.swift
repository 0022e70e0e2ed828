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

    /// Sample, frame, and the players whose rules change it. Both web profiles floor colours to 8-bit levels
    /// (`player_color_levels`), so they also change every sample with a colour between two levels: effects_shadow_blur,
    /// effects_stroke, player_matte_missing_ind and matte_luma as web as well as their own rule's players.
    static let rules: [(sample: String, frame: Double, changedFor: Set<Player>)] = [
        // Mobile players ignore expressions; lottie-web's loopIn reads another time before a first key not at 0
        // (keys at 30…40; frame 20 is before them).
        ("expr_loops", 20, all),
        // An undeclared assignment: lottie-web's strict mode throws, mobile players ignore the expression.
        ("player_expr_strict", 0, all),
        // Tint, fill, tritone: lottie-web SVG draws them as its SVG filters compute them; its canvas renderer and
        // the mobile players do not draw them.
        ("effects_color", 20, all),
        // Drop shadow and gaussian blur: lottie-ios draws the shadow only, lottie-web canvas neither.
        ("effects_shadow_blur", 20, [.web, .webCanvas, .ios, .iosMainThread]),
        ("effects_stroke", 20, all),
        // A blur of several colours: lottie-web SVG blurs in linear RGB, its canvas and lottie-ios not at all.
        ("effects_blur_edges", 20, [.web, .webCanvas, .ios, .iosMainThread]),
        // Merge paths: only lottie-android draws them, and only when the app enables them.
        ("merge_paths", 20, all),
        // Lighten, darken, difference masks; mask opacity and expansion; an inverted intersection (see the sample).
        ("player_masks", 20, all),
        // Inverted masks by winding, and one clip path for all masks (lottie-web canvas).
        ("player_mask_winding", 20, web),
        ("mask_feather", 20, all),
        ("motion_blur", 20, all),
        // lottie-web refuses a file with a camera; the mobile players draw its 3-D layers flat.
        ("camera_perspective", 20, all),
        // An image layer whose refId names no asset: lottie-web fails while loading and draws nothing.
        ("player_image_unknown", 20, web),
        // A layer without "ip" and "st": lottie-web never shows it.
        ("player_untimed_layer", 20, web),
        // lottie-web canvas takes a matte's source by "ind" (and draws one without td as a layer as well); SVG
        // hides a layer whose source lacks td.
        ("player_matte_by_ind", 20, web),
        // No layer of the matted layer's "ind" minus one: lottie-web canvas fails, the frame is blank.
        ("player_matte_missing_ind", 20, web),
        // A luma matte: lottie-web canvas fails while loading (loadLumaCanvas is not a function), nothing drawn.
        ("matte_luma", 20, web),
        // Blend modes add (16) and hard mix (17): lottie-web draws them normal.
        ("player_blend_add", 20, web),
        // Opacity stops apart from the colour stops: lottie-web canvas draws the gradient opaque.
        ("gradient_linear", 20, [.webCanvas]),
        // Text without glyphs in "chars": lottie-web canvas draws none of it; SVG puts its second line 1 lower.
        ("text_font", 20, web),
        // Two lines of glyphs from "chars": lottie-web puts every line after the first 1 unit lower.
        ("text_chars", 20, web),
        // A track matte whose source lacks "td": lottie-web SVG draws the source and hides the matted layer; its
        // canvas renderer draws the source as a layer as well as through the matte.
        ("player_matte_no_td", 20, web),
        // An image of another shape than its asset: lottie-web crops it to cover the box, mobile stretches it.
        ("image_fit", 20, web),
        // A repeater rotating and scaling unevenly: lottie-web rotates each copy before it scales it.
        ("player_repeater_order", 20, web),
        // Stars: lottie-web floors the point count and rounds corners with handles a quarter of the arc between
        // points.
        ("polystar_points", 20, web),
        ("polystar_roundness", 20, web),
        // Colours between two 8-bit levels: lottie-web floors them.
        ("player_color_levels", 20, web),
        // A drop shadow layer style: lottie-ios draws it, lottie-web and lottie-android do not read "sy".
        ("player_layer_style", 20, web.union([.android])),
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
        #expect(anim.warnings.contains { $0.contains("camera layer") && $0.contains("nothing is drawn") })
        anim.draw(as: .full)
        #expect(!anim.warnings.contains { $0.contains("camera layer") })
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
