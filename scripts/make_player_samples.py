#!/usr/bin/env python3
"""Writes the player-rule samples (samples/player_*.json): features that some players leave out or draw another
way, one per file, for the --player goldens (Tests/GoldenTests/PlayerGoldenTests.swift). Original work of this
project; run from the root:
    python3 scripts/make_player_samples.py
"""
import base64, importlib.util, json, os

spec = importlib.util.spec_from_file_location("ms", os.path.join(os.path.dirname(os.path.abspath(__file__)), "make_samples.py"))
ms = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ms)
static, kf, shape_layer, comp, fill, rect, ellipse, group, stroke = (
    ms.static, ms.kf, ms.shape_layer, ms.comp, ms.fill, ms.rect, ms.ellipse, ms.group, ms.stroke)


SAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "samples")


def square_path(x0, y0, x1, y1):
    return {"a": 0, "k": {"i": [[0, 0]] * 4, "o": [[0, 0]] * 4, "v": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], "c": True}}


def mask(mode, box, o=100, x=0):
    return {"inv": False, "mode": mode, "pt": square_path(*box), "o": static(o), "x": static(x)}


def samples():
    s = {}
    # Mask modes most players do not have (lighten, darken, difference), a half-opaque mask, an expanded one and an
    # inverted intersection.
    # Each layer is a full-width bar masked by two overlapping squares.
    layers = []
    for i, (m2, o, x) in enumerate([("l", 100, 0), ("d", 100, 0), ("f", 100, 0), ("a", 50, 0), ("a", 100, 8),
                                    ("i-inv", 100, 0)]):
        y = 10 + 38 * i
        layer = shape_layer("masks %s o%d x%d" % (m2, o, x),
                            [group([rect((100, y + 14), (200, 28)), fill((0.2, 0.5, 0.9))])], ind=i + 1)
        layer["hasMask"] = True
        second = mask(m2[0], (60, y + 4, 150, y + 24), o=o, x=x)
        second["inv"] = m2.endswith("-inv")
        layer["masksProperties"] = [mask("a", (20, y, 90, y + 28)), second]
        layers.append(layer)
    s["player_masks"] = comp("player_masks", layers, h=240)

    # Inverted masks as lottie-web draws them: the frame rectangle, clockwise, then the path, filled nonzero. Rows:
    # an inverted clockwise square (lottie-web: no hole), an inverted counter-clockwise one (a hole), two add masks
    # of opposite winding (lottie-web canvas: one clip path, a hole where they overlap), and a moved, half-size
    # layer reaching past the frame with an inverted counter-clockwise square (SVG: the frame in the layer's space;
    # canvas: in the composition's).
    layers = []
    rows = [("inv-cw", [dict(inv=True, box=(60, 14, 120, 34))]),
            ("inv-ccw", [dict(inv=True, box=(60, 14, 120, 34), ccw=True)]),
            ("add-cw-ccw", [dict(box=(20, 10, 110, 38)), dict(box=(80, 14, 170, 34), ccw=True)])]
    for i, (name, ms_) in enumerate(rows):
        y = 10 + 46 * i
        layer = shape_layer("mask " + name, [group([rect((100, y + 14), (200, 28)), fill((0.2, 0.5, 0.9))])],
                            ind=i + 1)
        layer["hasMask"] = True
        layer["masksProperties"] = []
        for m in ms_:
            x0, y0, x1, y1 = m["box"]
            mk = mask("a", (x0, y0 - 10 + y, x1, y1 - 10 + y))
            mk["inv"] = m.get("inv", False)
            if m.get("ccw"):
                mk["pt"]["k"]["v"].reverse()
            layer["masksProperties"].append(mk)
        layers.append(layer)
    # Layer space: a bar from x -100 to 300 at y 170…226, drawn at half size from (100, 70): x 50…250, y 155…183;
    # the frame in its space ends at x 200, y 200 (on screen: starts at x 100, ends at y 170).
    moved = shape_layer("mask inv-ccw moved", [group([rect((100, 198), (400, 56)), fill((0.9, 0.4, 0.2))])],
                        ind=4, p=[100, 70], s=[50, 50])
    hole = mask("a", (40, 180, 160, 216))
    hole["inv"] = True
    hole["pt"]["k"]["v"].reverse()
    moved["hasMask"] = True
    moved["masksProperties"] = [hole]
    layers.append(moved)
    s["player_mask_winding"] = comp("player_mask_winding", layers)

    # An image layer whose refId names no asset: lottie-web throws while it builds the layers, nothing is drawn;
    # the other players draw the rest.
    img = {"ddd": 0, "ind": 1, "ty": 2, "nm": "image of no asset", "refId": "no_such_asset", "sr": 1,
           "ks": ms.ks(), "ao": 0, "ip": 0, "op": 60, "st": 0, "bm": 0}
    card = shape_layer("card", [group([rect((100, 100), (120, 120), r=12), fill((0.1, 0.6, 0.3))])], ind=2)
    s["player_image_unknown"] = comp("player_image_unknown", [img, card])

    # A layer without "ip" and "st" (as some Telegram stickers have): lottie-web's in-range test compares NaN and
    # never shows it.
    untimed = shape_layer("no ip, no st", [group([ellipse((100, 80), (100, 100)), fill((0.9, 0.5, 0.1))])], ind=1)
    del untimed["ip"], untimed["st"]
    timed = shape_layer("timed", [group([rect((100, 150), (160, 40)), fill((0.1, 0.6, 0.3))])], ind=2)
    s["player_untimed_layer"] = comp("player_untimed_layer", [untimed, timed])

    # lottie-web canvas takes a track matte's source by "ind" (tp, else the layer's own ind minus one), not by
    # place, and draws a source without td as a layer as well. Here the layer above (ind 7) is what After Effects
    # uses; canvas uses the ellipse (ind 2) and draws both.
    above = shape_layer("above, ind 7", [group([rect((100, 70), (180, 60)), fill((0.2, 0.4, 0.9))])], ind=7)
    matted = shape_layer("matted, ind 3", [group([rect((100, 100), (200, 200)), fill((0.1, 0.6, 0.3))])], ind=3)
    matted["tt"] = 1
    by_ind = shape_layer("ind 2", [group([ellipse((100, 140), (90, 90)), fill((0.9, 0.5, 0.1))])], ind=2)
    s["player_matte_by_ind"] = comp("player_matte_by_ind", [above, matted, by_ind])
    # A track matte with no layer of the matted layer's ind minus one: lottie-web canvas throws in the middle of
    # the frame, which stays blank.
    src = shape_layer("source, td, ind 10", [group([ellipse((100, 100), (120, 120)), fill((1, 1, 1))])], ind=10)
    src["td"] = 1
    user = shape_layer("matted, ind 20", [group([rect((100, 100), (160, 80)), fill((0.1, 0.6, 0.3))])], ind=20)
    user["tt"] = 1
    back = shape_layer("backdrop", [group([rect((100, 170), (200, 60)), fill((0.3, 0.3, 0.8))])], ind=30)
    s["player_matte_missing_ind"] = comp("player_matte_missing_ind", [src, user, back])

    # Blend modes past 15: add (16) and hard mix (17) over a gradient-like backdrop of two solids.
    base = shape_layer("backdrop", [group([rect((100, 100), (200, 200)), fill((0.4, 0.2, 0.6))])], ind=3)
    add = shape_layer("add", [group([ellipse((70, 100), (90, 90)), fill((0.5, 0.6, 0.1))])], ind=1)
    add["bm"] = 16
    hard = shape_layer("hard mix", [group([ellipse((130, 100), (90, 90)), fill((0.7, 0.3, 0.5))])], ind=2)
    hard["bm"] = 17
    s["player_blend_add"] = comp("player_blend_add", [add, hard, base])

    # An expression that assigns a name it never declares: After Effects (sloppy mode) rotates the square by 30°;
    # lottie-web (strict mode) throws, and the expression's catch gives the property's own value.
    sq = shape_layer("square", [group([rect((0, 0), (80, 80)), fill((0.9, 0.4, 0.1))])], ind=1, p=(100, 100))
    sq["ks"]["r"] = {"a": 0, "k": 0, "x": "var $bm_rt;\ntry {\n    turn = 30, $bm_rt = $bm_sum(value, turn);\n} catch (e) {\n    $bm_rt = value;\n}"}
    s["player_expr_strict"] = comp("player_expr_strict", [sq])
    # A track matte whose source (the layer above) lacks "td": After Effects and the mobile players use it as the
    # matte; lottie-web SVG draws the source as a layer and the matted layer not at all.
    src = shape_layer("matte source, no td", [group([ellipse((100, 100), (120, 120)), fill((1, 1, 1))])], ind=1)
    user = shape_layer("matted", [group([rect((100, 100), (160, 60)), fill((0.1, 0.6, 0.3))])], ind=2)
    user["tt"] = 1
    back = shape_layer("backdrop", [group([rect((100, 170), (200, 60)), fill((0.3, 0.3, 0.8))])], ind=3)
    s["player_matte_no_td"] = comp("player_matte_no_td", [src, user, back])
    # A repeater that rotates and scales unevenly: After Effects and the mobile players scale each copy, then rotate
    # it (the copies fan out as the same bar, longer each time); lottie-web rotates, then scales, so the copies lean
    # ever closer to the horizontal.
    bar = group([rect((20, 0), (40, 10)), fill((0.2, 0.5, 0.9)),
                 {"ty": "rp", "c": static(4), "o": static(0), "m": 1, "nm": "Repeater",
                  "tr": {"ty": "tr", "p": static([0, 30]), "a": static([0, 0]), "s": static([140, 100]),
                         "r": static(30), "so": static(100), "eo": static(60)}}])
    s["player_repeater_order"] = comp("player_repeater_order", [shape_layer("bars", [bar], ind=1, p=(40, 40))])
    # Values lottie-ios's Core Animation engine cannot animate, so it shows their first keyframe throughout
    # (exactlyOneKeyframe): a repeater whose copies grow from 1 to 5, and a stroke whose dashes lengthen from 4 to 30
    # while the offset (animated there too) moves.
    dots = group([ellipse((20, 50), (24, 24)), fill((0.85, 0.3, 0.2)),
                  {"ty": "rp", "c": kf([(0, 1), (40, 5)]), "o": static(0), "m": 1, "nm": "Repeater",
                   "tr": {"ty": "tr", "p": static([38, 0]), "a": static([0, 0]), "s": static([100, 100]),
                          "r": static(0), "so": static(100), "eo": static(100)}}])
    dashed = group([ellipse((100, 135), (110, 110)),
                    stroke((0.1, 0.4, 0.7), 8, lc=1, d=[{"n": "d", "nm": "dash", "v": kf([(0, 4), (40, 30)])},
                                                      {"n": "g", "nm": "gap", "v": static(10)},
                                                      {"n": "o", "nm": "offset", "v": kf([(0, 0), (59, 60)])}])])
    s["player_core_animation_values"] = comp(
        "player_core_animation_values", [shape_layer("dots", [dots], ind=1), shape_layer("ring", [dashed], ind=2)])
    # Fill and stroke colours between two 8-bit levels (0.345 × 255 = 87.975): After Effects and the mobile players
    # round to 88, lottie-web floors to 87.
    tiles = [group([rect((50 + 100 * (i % 2), 50 + 100 * (i // 2)), (96, 96)), fill(c),
                    {"ty": "st", "c": static(list(c2) + [1]), "o": static(100), "w": static(6), "lc": 2, "lj": 2,
                     "nm": "Stroke"}])
             for i, (c, c2) in enumerate([((0.345, 0.839, 0.439), (0.999, 0.5, 0.2)),
                                          ((0.2, 0.4, 0.6), (0.1, 0.1, 0.1)),
                                          ((0.9999, 0.0039, 0.5), (0.3, 0.7, 0.9)),
                                          ((0.5, 0.5, 0.5), (0.0039, 0.996, 0.0039))])]
    s["player_color_levels"] = comp("player_color_levels", [shape_layer("tiles", tiles, ind=1)])
    # A drop shadow layer style ("sy", After Effects' Layer Styles), shadow below (angle 90): lottie-ios draws it;
    # lottie-web and lottie-android read no "sy".
    card = shape_layer("card", [group([rect((100, 90), (110, 80)), fill((0.29, 0.57, 1.0))])], ind=1)
    card["sy"] = [{"ty": 1, "nm": "Drop Shadow", "c": static([0, 0, 0, 1]), "o": static(80), "a": static(90),
                   "s": static(10), "d": static(8), "ch": static(0), "bm": static(5), "no": static(0),
                   "lc": static(1)}]
    s["player_layer_style"] = comp("player_layer_style", [card])

    # A layer whose out point (20) is the frame drawn: lottie-ios's Main Thread engine still draws it there
    # (isInRangeOrEqual); its Core Animation engine only at the animation's last frame; the others not.
    early = shape_layer("ends at 20", [group([rect((70, 100), (80, 80)), fill((0.9, 0.3, 0.2))])], ind=1)
    early["op"] = 20
    late = shape_layer("stays", [group([rect((130, 100), (80, 80)), fill((0.2, 0.4, 0.8))])], ind=2)
    s["player_out_point"] = comp("player_out_point", [early, late])
    # A trimmed path with a fill and a stroke: lottie-ios's Core Animation engine trims the stroke only.
    trimmed = group([ellipse((100, 100), (120, 120)), fill((0.2, 0.6, 0.4)),
                     stroke((0.2, 0.2, 0.4), 8),
                     {"ty": "tm", "s": static(0), "e": static(40), "o": static(0), "m": 1, "nm": "Trim"}])
    s["player_trim_fill"] = comp("player_trim_fill", [shape_layer("trimmed", [trimmed], ind=1)])
    # A position moving along a strongly curved spatial bezier: lottie-ios's Core Animation engine follows the
    # curve's parameter, the others its length.
    dot = shape_layer("dot", [group([ellipse((0, 0), (30, 30)), fill((0.8, 0.2, 0.4))])], ind=1)
    dot["ks"]["p"] = {"a": 1, "k": [
        {"t": 0, "s": [30, 160], "e": [170, 160], "to": [0, -180], "ti": [-60, 0],
         "o": {"x": 0.333, "y": 0.333}, "i": {"x": 0.667, "y": 0.667}},
        {"t": 40, "s": [170, 160]}]}
    s["player_spatial_curve"] = comp("player_spatial_curve", [dot])
    # A repeater of three copies (no rotation): lottie-ios's Main Thread engine skips repeaters.
    copies = group([rect((30, 100), (30, 60)), fill((0.2, 0.4, 0.8)),
                    {"ty": "rp", "c": static(3), "o": static(0), "m": 1, "nm": "Repeater",
                     "tr": {"ty": "tr", "p": static([50, 0]), "a": static([0, 0]), "s": static([100, 100]),
                            "r": static(0), "so": static(100), "eo": static(100)}}])
    s["player_repeater"] = comp("player_repeater", [shape_layer("copies", [copies], ind=1)])
    # Gradients: a linear one across saturated colours (lottie-ios's Core Animation snapshots blend in Generic RGB)
    # and a radial one with a highlight (neither lottie-ios engine moves the focal point).
    def gfill(ty, stops, start, end, h=0, a=0):
        g = {"ty": "gf", "o": static(100), "r": 1, "t": ty, "s": static(start), "e": static(end), "nm": "Gradient",
             "g": {"p": len(stops) // 4, "k": static(stops)}}
        if ty == 2:
            g["h"] = static(h)
            g["a"] = static(a)
        return g
    lin = group([rect((100, 50), (180, 80)), gfill(1, [0, 1, 0, 0, 1, 0, 0.2, 1], [10, 50], [190, 50])])
    rad = group([rect((100, 150), (180, 80)),
                 gfill(2, [0, 1, 1, 0.2, 1, 0.6, 0, 0.4], [100, 150], [180, 150], h=60, a=30)])
    s["player_gradients_ios"] = comp("player_gradients_ios", [shape_layer("gradients", [lin, rad], ind=1)])
    # A 10×10 image drawn 16× larger: lottie-ios magnifies through Core Graphics, with steeper weights between
    # neighbouring pixels than bilinear.
    def tile(x, y):
        return (255, 102, 0, 255) if (x // 2 + y // 2) % 2 == 0 else (0, 51, 204, 255)
    uri = "data:image/png;base64," + base64.b64encode(ms.png(10, 10, tile)).decode()
    pic = {"ddd": 0, "ind": 1, "ty": 2, "nm": "tiles", "refId": "tiles", "sr": 1,
           "ks": {"o": static(100), "r": static(0), "p": static([100, 100, 0]), "a": static([5, 5, 0]),
                  "s": static([1600, 1600, 100])}, "ao": 0, "ip": 0, "op": 60, "st": 0, "bm": 0}
    s["player_image_magnified"] = comp("player_image_magnified", [pic],
                                       assets=[{"id": "tiles", "w": 10, "h": 10, "u": "", "p": uri, "e": 1}])
    # A fill whose opacity holds at 0 from the first frame until frame 30, then fades in: lottie-ios's Core Animation
    # engine drops a hold run of one keyframe, so the square shows at full opacity while it should be hidden.
    held = group([rect((100, 100), (100, 100)),
                  {"ty": "fl", "c": static([0.2, 0.4, 0.8, 1]), "r": 1, "nm": "Fill",
                   "o": {"a": 1, "k": [{"t": 0, "s": [0], "h": 1}, {"t": 30, "s": [0], "o": {"x": [0.33], "y": [0]},
                                        "i": {"x": [0.67], "y": [1]}}, {"t": 50, "s": [100]}]}}])
    s["player_hold_segment"] = comp("player_hold_segment", [shape_layer("held", [held], ind=1)])
    # A translucent gradient fill over a fill over a stroke, one ellipse: lottie-ios's Core Animation engine splits
    # the group at each fill (shapeRenderGroups) and the stroke joins both render groups, so it is drawn twice: its
    # inner half shows through the gradient.
    glaze = gfill(1, [0, 1, 1, 1, 1, 1, 1, 1, 0, 0.2, 1, 0.1], [30, 30], [170, 170])
    glaze["g"]["p"] = 2  # two colour stops, then two opacity stops
    layered = group([ellipse((100, 100), (140, 140)), glaze,
                     {"ty": "fl", "c": static([0.2, 0.2, 0.2, 1]), "o": static(90), "r": 1, "nm": "Fill"},
                     {"ty": "st", "c": static([1, 0.4, 0, 1]), "o": static(100), "w": static(12), "lc": 2,
                      "lj": 2, "nm": "Stroke"}])
    s["player_render_groups"] = comp("player_render_groups", [shape_layer("layered", [layered], ind=1)])
    # A trimmed curve whose parameter runs unevenly along it: lottie-ios's Core Animation engine cuts at the
    # parameter of the cut's share of the curve's length (strokeStart/strokeEnd), its Main Thread engine likewise but
    # moves on while short by a point or more (CurveVertex.trimCurve); the others cut by arc length.
    curve = {"ty": "sh", "nm": "Curve", "ks": static({"c": False, "v": [[20, 170], [180, 30]], "i": [[0, 0], [-150, 130]],
                                                      "o": [[0, 0], [0, 0]]})}
    swoosh = group([curve, stroke((0.2, 0.4, 0.8), 10),
                    {"ty": "tm", "s": static(30), "e": static(75), "o": static(0), "m": 1, "nm": "Trim"}])
    s["player_trim_curve"] = comp("player_trim_curve", [shape_layer("swoosh", [swoosh], ind=1)])
    # Track mattes over a box covering the frame: a ring whose stroke reaches far past its path, a line tilted by
    # half a degree, and a level line. lottie-web SVG keeps SVG's default mask region, the matted layer's geometric
    # bounding box grown by 10 % on each side: the ring's outer stroke is cut square, the tilted line nearly vanishes
    # and the level one (a box of no height) is not drawn.
    cover = shape_layer("cover", [group([rect((100, 100), (200, 200)), fill((1, 1, 1))])], ind=1)
    cover["td"] = 1
    ring = shape_layer("ring", [group([ellipse((60, 60), (60, 60)), stroke((0.8, 0.2, 0.4), 30)])], ind=2)
    ring["tt"] = 1
    cover2 = dict(cover, ind=3, nm="cover 2")

    def matted_line(name, colour, ind, y, angle):
        line = {"ty": "sh", "nm": "Line", "ks": static({"c": False, "v": [[-60, 0], [60, 0]], "i": [[0, 0], [0, 0]],
                                                       "o": [[0, 0], [0, 0]]})}
        layer = shape_layer(name, [group([line, stroke(colour, 6)])], ind=ind)
        layer["ks"]["p"] = static([130, y, 0])
        if angle:
            layer["ks"]["r"] = static(angle)
        layer["tt"] = 1
        return layer
    tilted = matted_line("tilted line", (0.2, 0.4, 0.8), 4, 140, 0.5)
    cover3 = dict(cover, ind=5, nm="cover 3")
    level = matted_line("level line", (0.2, 0.6, 0.2), 6, 175, 0)
    s["player_matte_region"] = comp("player_matte_region", [cover, ring, cover2, tilted, cover3, level])
    s.update(engine_samples())
    s.update(thorvg_samples())
    return s


def engine_samples():
    """Samples of the dotLottie (ThorVG) and Telegram (rlottie) rules. Colours are whole 8-bit levels (multiples of
    0.2), so rlottie's truncated colours change nothing but the rule's own feature."""
    s = {}
    blue, orange = (0.2, 0.4, 0.8), (1, 0.6, 0.2)
    # A luma matte whose source is white at 40 % opacity: its luma over black is 0.4; rlottie takes the luma of the
    # colour alone, 1, and shows the matted layer in full.
    src = shape_layer("luma source", [group([ellipse((100, 100), (140, 140)), fill((1, 1, 1), o=40)])], ind=1)
    src["td"] = 1
    matted = shape_layer("matted", [group([rect((100, 100), (160, 160)), fill((0.2, 0.4, 0.8))])], ind=2)
    matted["tt"] = 3
    s["player_luma_alpha"] = comp("player_luma_alpha", [src, matted])
    # An auto-oriented arrow at the start of its curved path (frame 0, its first keyframe): it points along the
    # path; rlottie adds no angle at or outside the keyframes.
    arrow = shape_layer("arrow", [group([{"ty": "sh", "ks": {"a": 0, "k": ms.path([[-20, -10], [20, 0], [-20, 10]])}},
                                         fill((0.2, 0.4, 0.8))])], ind=1)
    arrow["ao"] = 1
    arrow["ks"]["p"] = {"a": 1, "k": [{"t": 0, "s": [40, 160, 0], "to": [20, -80, 0], "ti": [-40, 0, 0],
                                       "i": {"x": 0.5, "y": 1}, "o": {"x": 0.5, "y": 0}},
                                      {"t": 15, "s": [160, 60, 0]}]}
    s["player_auto_orient"] = comp("player_auto_orient", [arrow])
    # Path modifiers: pucker/bloat, zig zag, offset path, twist and round corners on five squares. ThorVG drops zig
    # zag and twist, rlottie every one but round corners.
    mods = [{"ty": "pb", "a": static(-40), "nm": "Pucker"},
            {"ty": "zz", "s": static(6), "r": static(4), "pt": static(1), "nm": "Zig Zag"},
            {"ty": "op", "a": static(6), "lj": 1, "ml": static(4), "nm": "Offset"},
            {"ty": "tw", "a": static(60), "c": static([0, 0]), "nm": "Twist"},
            {"ty": "rd", "r": static(12), "nm": "Round"}]
    items = []
    for i, m in enumerate(mods):
        x, y = 40 + 60 * (i % 3), 50 + 90 * (i // 3)
        if m["ty"] == "tw":
            m = dict(m, c=static([x, y]))  # twisted about the square's centre
        items.append(group([rect((x, y), (40, 40)), m, fill(blue if i % 2 else orange)]))
    s["player_modifiers"] = comp("player_modifiers", [shape_layer("modifiers", items, ind=1)])
    # Soft light, hue, saturation, colour and luminosity over a backdrop: ThorVG's software engine computes soft
    # light as (1 − 2s)·d² + 2·s·d and the other four in the HSL model.
    layers = []
    for i, bm in enumerate([9, 12, 13, 14, 15]):
        top = shape_layer("bm %d" % bm, [group([rect((20 + 40 * i, 100), (32, 160)), fill((1, 0.4, 0.2))])],
                          ind=i + 1)
        top["bm"] = bm
        layers.append(top)
    back = [group([rect((100, 60), (200, 80)), fill((0.2, 0.6, 0.4))]),
            group([rect((100, 140), (200, 80)), fill((0.4, 0.2, 0.8))])]
    layers.append(shape_layer("backdrop", back, ind=6))
    s["player_blend_formulas"] = comp("player_blend_formulas", layers)
    # A mask of mode none: rlottie's mask starts empty and none adds nothing, so the layer is not drawn.
    bar = shape_layer("mask none", [group([rect((100, 100), (160, 80)), fill(blue)])], ind=1)
    bar["hasMask"] = True
    bar["masksProperties"] = [mask("n", (40, 70, 120, 130))]
    s["player_mask_none"] = comp("player_mask_none", [bar])
    # A position whose last keyframe has an easing ("i", "o"), as some tools write it: rlottie keeps no end for it
    # and shows the default (0, 0) after the first keyframe.
    moving = shape_layer("eased last key", [group([rect((0, 0), (60, 60)), fill(orange)])], ind=1)
    ease = {"i": {"x": [0.6], "y": [1]}, "o": {"x": [0.4], "y": [0]}}
    moving["ks"]["p"] = {"a": 1, "k": [dict({"t": 0, "s": [50, 100, 0]}, **ease),
                                       dict({"t": 40, "s": [150, 100, 0]}, **ease)]}
    s["player_last_key_eased"] = comp("player_last_key_eased", [moving])
    # A precomp starting at frame 0.5 whose child moves linearly: rlottie gives the child the whole frame
    # int(frame - int(st)), not frame - st.
    child = shape_layer("child", [group([rect((0, 0), (40, 40)), fill(blue)])], ind=1)
    child["ks"]["p"] = {"a": 1, "k": [{"t": 0, "s": [20, 100, 0], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}},
                                      {"t": 59, "s": [180, 100, 0]}]}
    pre = {"ddd": 0, "ind": 1, "ty": 0, "nm": "late precomp", "refId": "late", "sr": 1, "w": 200, "h": 200,
           "ks": ms.ks(), "ao": 0, "ip": 0, "op": 60, "st": 0.5, "bm": 0}
    s["player_precomp_frames"] = comp("player_precomp_frames", [pre], assets=[{"id": "late", "layers": [child]}])

    def picture(ref, p):
        return {"ddd": 0, "ind": 1, "ty": 2, "nm": ref, "refId": ref, "sr": 1,
                "ks": {"o": static(100), "r": static(0), "p": static([p[0], p[1], 0]), "a": static([20, 20, 0]),
                       "s": static([200, 200, 100])}, "ao": 0, "ip": 0, "op": 60, "st": 0, "bm": 0}

    def tile(x, y):
        return (255, 102, 0, 255) if (x // 5 + y // 5) % 2 == 0 else (51, 102, 204, 255)
    png = ms.png(40, 40, tile)
    # An image marked embedded ("e": 1) whose "p" names a file: rlottie decodes "p" as base64 and draws nothing.
    os.makedirs(os.path.join(SAMPLES, "player_image_files"), exist_ok=True)
    with open(os.path.join(SAMPLES, "player_image_files", "tiles.png"), "wb") as f:
        f.write(png)
    s["player_image_marked_embedded"] = comp(
        "player_image_marked_embedded", [picture("tiles", (100, 100))],
        assets=[{"id": "tiles", "w": 40, "h": 40, "u": "player_image_files/", "p": "tiles.png", "e": 1}])
    # A WebP image: rlottie decodes images with stb_image, which reads no WebP.
    import io
    from PIL import Image
    im = Image.frombytes("RGBA", (40, 40), bytes(c for y in range(40) for x in range(40) for c in tile(x, y)))
    buf = io.BytesIO()
    im.save(buf, "WEBP", lossless=True)
    s["player_image_webp"] = comp(
        "player_image_webp", [picture("tiles", (100, 100))],
        assets=[{"id": "tiles", "w": 40, "h": 40, "u": "",
                 "p": "data:image/webp;base64," + base64.b64encode(buf.getvalue()).decode(), "e": 1}])
    # A data URI without "e": 1: ThorVG reads "p" as a file path and draws nothing.
    s["player_image_unmarked_data"] = comp(
        "player_image_unmarked_data", [picture("tiles", (100, 100))],
        assets=[{"id": "tiles", "w": 40, "h": 40, "u": "",
                 "p": "data:image/png;base64," + base64.b64encode(png).decode()}])
    # One 1-px-lined image drawn twice: at 0.3× (the players smooth it, sample a mip level, average 2 × 2 blocks or
    # pick single pixels) and at 1.2×, rotated (bilinear, Core Graphics' steeper weights, or nearest pixels).
    def lines(x, y):
        return (30, 30, 90, 255) if x % 4 == 0 or y % 5 == 0 else (250, 220, 120, 255)
    lined = "data:image/png;base64," + base64.b64encode(ms.png(80, 80, lines)).decode()

    def placed(ind, p, scale, r):
        return {"ddd": 0, "ind": ind, "ty": 2, "nm": "lines %d" % ind, "refId": "lines", "sr": 1,
                "ks": {"o": static(100), "r": static(r), "p": static([p[0], p[1], 0]), "a": static([40, 40, 0]),
                       "s": static([scale, scale, 100])}, "ao": 0, "ip": 0, "op": 60, "st": 0, "bm": 0}
    # Twelve translucent squares (shape layers at 60 %), each on its own layer, over a background, then a square
    # matted by a circle: rlottie draws each offscreen and blends it back over the whole frame in truncating 8-bit
    # steps, so the background loses a level per layer (12 levels) and the squares and the matted one come out darker.
    squares = [shape_layer("square %d" % k, [group([rect((20 + 32 * (k % 6), 40 + 40 * (k // 6)), (24, 24)),
                                                     fill((0.2, 0.4, 0.8))])], ind=k + 3, o=60) for k in range(12)]
    circle = shape_layer("circle", [group([ellipse((100, 160), (50, 50)), fill((1, 1, 1))])], ind=1)
    circle["td"] = 1
    matted = shape_layer("matted", [group([rect((100, 160), (60, 60)), fill((0.2, 0.6, 0.4))])], ind=2)
    matted["tt"] = 1
    backdrop = shape_layer("backdrop", [group([rect((100, 100), (200, 200)), fill((1, 0.8, 0.6))])], ind=20)
    s["player_eight_bit"] = comp("player_eight_bit", [circle, matted] + squares + [backdrop])
    # Key order, which rlottie's parser depends on: a group whose items have their keys in alphabetical order ("ty"
    # last: rlottie reads an item from its "ty" on, so the group has no items), and a layer rotated by 30° whose
    # "ddd" is missing (rlottie reads its transform as 3-D and ignores "r"); a plain square beside them.
    def sorted_keys(o):
        if isinstance(o, dict):
            return {k: sorted_keys(o[k]) for k in sorted(o)}
        return [sorted_keys(v) for v in o] if isinstance(o, list) else o
    alphabetical = shape_layer("keys in alphabetical order",
                               [sorted_keys(group([rect((50, 60), (50, 50)), fill((0.2, 0.4, 0.8))]))], ind=1)
    turned = shape_layer("no ddd", [group([rect((0, 0), (50, 50)), fill((1, 0.6, 0.2))])], ind=2, p=(150, 60), r=30)
    del turned["ddd"]
    plain = shape_layer("plain", [group([rect((100, 150), (50, 50)), fill((0.2, 0.6, 0.4))])], ind=3)
    s["player_key_order"] = comp("player_key_order", [alphabetical, turned, plain])
    # A gradient of two colours with opacity stops between and before the last colour (0.5 → 20 %, 0.7 → 100 %):
    # rlottie keeps one stop per colour with the opacity there, 0 past the last opacity stop, so the right end
    # fades out and the dip in the middle is gone.
    grad = {"ty": "gf", "o": static(100), "r": 1, "t": 1, "s": static([20, 0]), "e": static([180, 0]),
            "nm": "Gradient", "g": {"p": 2, "k": static([0, 0.2, 0.4, 0.8, 1, 1, 0.6, 0.2,
                                                          0, 1, 0.5, 0.2, 0.7, 1])}}
    s["player_gradient_opacity"] = comp("player_gradient_opacity", [
        shape_layer("gradient", [group([rect((100, 100), (160, 120)), grad])], ind=1)])
    # A fill colour bound to a slot ("sid"): the slot's orange replaces the file's blue, except in rlottie, which
    # reads no slots.
    slotted = shape_layer("slotted", [group([rect((100, 100), (120, 120)), fill((0.2, 0.4, 0.8))])], ind=1)
    slotted["shapes"][0]["it"][1]["c"]["sid"] = "accent"
    doc = comp("player_slots", [slotted])
    doc["slots"] = {"accent": {"p": {"a": 0, "k": [1, 0.6, 0.2, 1]}}}
    s["player_slots"] = doc
    # Data footage (a "t": 3 asset shown by a ty 15 layer) read by expressions, through footage(name) and through
    # the data layer's ("Data")("Outline") groups: ThorVG's bindings have neither, so the expressions fail and the
    # square keeps its own position and rotation.
    os.makedirs(os.path.join(SAMPLES, "player_data"), exist_ok=True)
    with open(os.path.join(SAMPLES, "player_data", "weather.json"), "w") as f:
        json.dump({"x": 150, "angle": 30}, f)
        f.write("\n")
    footage = {"id": "weather", "u": "player_data/", "p": "weather.json", "e": 0, "t": 3}
    data_layer = {"ddd": 0, "ind": 2, "ty": 15, "nm": "weather.json", "refId": "weather", "sr": 1, "ip": 0,
                  "op": 60, "st": 0, "ks": ms.ks()}
    reader = shape_layer("reads the data", [group([rect((0, 0), (60, 60)), fill((0.2, 0.4, 0.8))])], ind=1,
                         p=(60, 100))
    reader["ks"]["p"]["x"] = "var $bm_rt; $bm_rt = [footage('weather.json').sourceData.x, 100];"
    reader["ks"]["r"]["x"] = ("var $bm_rt; $bm_rt = thisComp.layer('weather.json')('Data')('Outline')('angle');")
    s["player_expr_data"] = comp("player_expr_data", [reader, data_layer], assets=[footage])
    # Two masks on each of four squares, as ThorVG chains them: subtract then add (ThorVG masks the layer by 1 − the
    # union), an inverted add then a subtract, an inverted intersect then an add, and an inverted subtract whose
    # "inv" comes after "mode" (ThorVG loses the inversion).
    def masked(ind, x, y, pair):
        sq = shape_layer("masks %d" % ind, [group([rect((x, y), (70, 70)), fill((0.2, 0.4, 0.8))])], ind=ind)
        sq["hasMask"] = True
        sq["masksProperties"] = pair
        return sq
    def inverted(m, before=True):
        m = dict(m, inv=True)
        return m if before else {k: m[k] for k in ["mode", "inv", "pt", "o", "x"]}
    chains = [
        masked(1, 50, 50, [mask("s", (20, 20, 60, 60)), mask("a", (40, 40, 85, 85))]),
        masked(2, 150, 50, [inverted(mask("a", (120, 20, 160, 60))), mask("s", (140, 40, 185, 85))]),
        masked(3, 50, 150, [inverted(mask("i", (20, 120, 60, 160))), mask("a", (40, 140, 85, 185))]),
        masked(4, 150, 150, [inverted(mask("s", (120, 120, 160, 160)), before=False), mask("a", (140, 140, 185, 185))]),
    ]
    s["player_mask_chain"] = comp("player_mask_chain", chains)
    s["player_image_sampling"] = comp(
        "player_image_sampling", [placed(1, (45, 45), 30, 0), placed(2, (120, 120), 120, 25)],
        assets=[{"id": "lines", "w": 80, "h": 80, "u": "", "p": lined, "e": 1}])
    return s


def thorvg_samples():
    """Samples of ThorVG rules found in session 20: its radial radius, repeated paths filled apart, one effect that
    skips the layer's masks, and its keyframe functions in expressions. Colours are whole 8-bit levels."""
    s = {}
    # A radial gradient from (40, 100) to (140, 137.5): ThorVG's radius is 100 + 0.375 · 37.5 = 114.1, not the
    # distance 106.8, so its rings are wider.
    radial = {"ty": "gf", "o": static(100), "r": 1, "t": 2, "s": static([40, 100]), "e": static([140, 137.5]),
              "h": static(0), "a": static(0), "nm": "Radial",
              "g": {"p": 3, "k": static([0, 1, 0.6, 0.2, 0.5, 0.2, 0.4, 0.8, 1, 1, 1, 1])}}
    s["player_radial_radius"] = comp("player_radial_radius", [
        shape_layer("radial", [group([rect((100, 100), (180, 180)), radial])], ind=1)])
    # A ring (an outer square and an inner one drawn the other way: a hole, filled nonzero) under a repeater of two
    # copies: ThorVG fills every repeated path on its own, so the holes fill in.
    ring = {"ty": "sh", "ks": {"a": 0, "k": ms.path([[-40, -40], [40, -40], [40, 40], [-40, 40]])}}
    hole = {"ty": "sh", "ks": {"a": 0, "k": ms.path([[-20, -20], [-20, 20], [20, 20], [20, -20]])}}
    repeater = {"ty": "rp", "c": static(2), "o": static(0), "m": 1, "nm": "Repeater",
                "tr": {"ty": "tr", "p": static([70, 40]), "a": static([0, 0]), "s": static([100, 100]),
                       "r": static(0), "so": static(100), "eo": static(100)}}
    s["player_repeater_holes"] = comp("player_repeater_holes", [
        shape_layer("rings", [group([ring, hole, fill((0.2, 0.4, 0.8))]), repeater], ind=1, p=(60, 60))])
    # Two masked squares with a fill effect: the left one has only that effect, which ThorVG draws straight onto
    # the canvas past the mask (the whole square, recoloured); the right one also has a blur, so ThorVG masks it.
    fill_fx = {"ty": 21, "nm": "Fill", "np": 9, "mn": "ADBE Fill", "ix": 1, "en": 1, "ef": [
        {"ty": 10, "nm": "Fill Mask", "mn": "ADBE Fill-0001", "ix": 1, "v": static(0)},
        {"ty": 7, "nm": "All Masks", "mn": "ADBE Fill-0007", "ix": 2, "v": static(0)},
        {"ty": 2, "nm": "Color", "mn": "ADBE Fill-0002", "ix": 3, "v": static([1, 0.6, 0.2, 1])},
        {"ty": 7, "nm": "Invert", "mn": "ADBE Fill-0006", "ix": 4, "v": static(0)},
        {"ty": 0, "nm": "Horizontal Feather", "mn": "ADBE Fill-0003", "ix": 5, "v": static(0)},
        {"ty": 0, "nm": "Vertical Feather", "mn": "ADBE Fill-0004", "ix": 6, "v": static(0)},
        {"ty": 0, "nm": "Opacity", "mn": "ADBE Fill-0005", "ix": 7, "v": static(1)}]}
    blur_fx = {"ty": 29, "nm": "Gaussian Blur", "np": 5, "mn": "ADBE Gaussian Blur 2", "ix": 2, "en": 1, "ef": [
        {"ty": 0, "nm": "Blurriness", "mn": "ADBE Gaussian Blur 2-0001", "ix": 1, "v": static(4)},
        {"ty": 7, "nm": "Blur Dimensions", "mn": "ADBE Gaussian Blur 2-0002", "ix": 2, "v": static(1)},
        {"ty": 7, "nm": "Repeat Edge Pixels", "mn": "ADBE Gaussian Blur 2-0003", "ix": 3, "v": static(0)}]}
    def masked(ind, x, effects):
        sq = shape_layer("masked %d" % ind, [group([rect((x, 100), (80, 160)), fill((0.2, 0.4, 0.8))])], ind=ind)
        sq["hasMask"] = True
        sq["masksProperties"] = [mask("a", (x - 30, 60, x + 30, 140))]
        sq["ef"] = effects
        return sq
    s["player_single_effect"] = comp("player_single_effect", [masked(1, 55, [fill_fx]), masked(2, 145, [fill_fx, blur_fx])])
    # Keyframe functions in an expression on a position keyed at frames 0, 20 and 40: key(1).time, the nearest
    # key's index and the velocity. ThorVG counts keys from 0 (key(1) is the second), answers the nearest index from
    # 0, and takes the mean velocity of the segment ending at the nearest key.
    mover = shape_layer("keys", [group([rect((0, 0), (30, 30)), fill((0.2, 0.4, 0.8))])], ind=1)
    mover["ks"]["p"] = kf([(0, [40, 60, 0]), (20, [160, 60, 0]), (40, [40, 60, 0])])
    mover["ks"]["p"]["x"] = ("var $bm_rt; var v = velocityAtTime(time); "
                             "$bm_rt = [value[0] + v[0] / 10, 60 + key(1).time * 60 + nearestKey(time).index * 20];")
    s["player_expr_keys"] = comp("player_expr_keys", [mover])
    # Expressions on six squares turned 10°, as ThorVG's bindings run them: a number property's value is an object
    # there, so `value + 35` is text (read back as 0) and `value * 3` NaN (the square is not drawn); its sum() reads
    # element 0; linear() with three arguments takes them as t, tMin and tMax (0); $bm_neg is not bound, and
    # calling thisLayer throws (both keep the own value).
    exprs = ["value + 35", "value * 3", "sum(value, 35)", "linear(time, 0, 45)", "$bm_neg(value)",
             "thisLayer('ADBE Transform Group')('ADBE Rotate Z') + 35"]
    squares = []
    for i, e in enumerate(exprs):
        sq = shape_layer("r%d" % (i + 1), [group([rect((0, 0), (36, 36)), fill((0.2, 0.4, 0.8))])], ind=i + 1,
                         p=(40 + 60 * (i % 3), 60 + 80 * (i // 3)), r=10)
        sq["ks"]["r"]["x"] = "var $bm_rt; $bm_rt = %s;" % e
        squares.append(sq)
    s["player_expr_values"] = comp("player_expr_values", squares)
    return s


def text_animator_sample():
    """Glyphs from text_chars (Blocky, this project's own), two animators: lottie-ios's Core Animation engine draws
    none, its Main Thread engine only the last (its opacity as the fill alpha of a whole-number range)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "samples", "text_chars.json")
    doc = json.load(open(path))
    doc["nm"] = "player_text_animators"
    t = doc["layers"][0]["t"]
    first = t["d"]["k"][1]["s"]
    first.pop("sc", None); first.pop("sw", None); first.pop("of", None)
    first["fc"] = [0.2, 0.2, 0.6]
    t["d"]["k"] = [{"s": first, "t": 0}]
    sel = lambda s, e: {"t": 0, "xe": static(0), "ne": static(0), "a": static(100), "b": 1, "rn": 0, "sh": 1,
                        "sm": static(0), "s": static(s), "e": static(e), "r": 1}
    t["a"] = [{"nm": "colour", "s": sel(0, 50), "a": {"fc": static([1, 0.2, 0])}},
              {"nm": "fade", "s": sel(40, 100), "a": {"o": static(30)}}]
    return doc


def text_chars_base(name, keep_stroke=False):
    """text_chars.json (Blocky glyphs, this project's own) renamed `name`: the document, its text layer and the
    style of its second text document (without the stroke unless `keep_stroke`)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "samples", "text_chars.json")
    doc = json.load(open(path))
    doc["nm"] = name
    layer = doc["layers"][0]
    style = layer["t"]["d"]["k"][1]["s"]
    if not keep_stroke:
        for k in ("sc", "sw", "of"):
            style.pop(k, None)
    return doc, layer, style


def text_tracking_sample():
    """Glyphs from text_chars (Blocky, this project's own), tracked by a range selector whose end sweeps 0 → 100 %:
    lottie-web and ThorVG read an animator's tracking as a distance in the text's units (the document's "tr" is in
    thousandths of an em), before each selected character; a left-aligned line's first character takes none, a
    centred line moves back by half of it."""
    doc, base, first = text_chars_base("text_tracking_range")
    sweep = {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.33], "y": [0]}, "i": {"x": [0.67], "y": [1]}},
                           {"t": 40, "s": [100]}]}
    sel = {"t": 0, "xe": static(0), "ne": static(0), "a": static(100), "b": 1, "rn": 0, "sh": 1, "sm": static(0),
           "s": static(0), "e": sweep, "o": static(0), "r": 1}
    layers = []
    for ind, (j, y, colour) in enumerate([(0, 70, [0.2, 0.2, 0.6]), (2, 140, [0.6, 0.2, 0.2])], start=1):
        layer = json.loads(json.dumps(base))
        layer["ind"], layer["nm"] = ind, "tracked %s" % ("left" if j == 0 else "centred")
        d = dict(first, s=24, j=j, fc=colour, tr=0)
        layer["t"]["d"]["k"] = [{"s": d, "t": 0}]
        layer["t"]["a"] = [{"nm": "spread", "s": sel, "a": {"t": static(6)}}]
        layer["ks"]["p"] = static([20 if j == 0 else 100, y, 0])
        layers.append(layer)
    doc["layers"] = layers
    return doc


def text_align_tracking_sample():
    """Glyphs from text_chars (Blocky), tracked 200 (thousandths of an em), one line centred and one right-aligned
    on a guide: After Effects (and lottie-web) align a line by its width without the tracking after its last
    character; ThorVG aligns by where the cursor ends, that tracking included."""
    doc, base, first = text_chars_base("player_text_align_tracking")
    layers = [shape_layer("guide", [group([rect((100, 100), (2, 200)), fill((0.6, 0.6, 0.6))])], ind=3)]
    for ind, (j, y, colour) in enumerate([(2, 80, [0.2, 0.2, 0.6]), (1, 140, [0.6, 0.2, 0.2])], start=1):
        layer = json.loads(json.dumps(base))
        layer["ind"], layer["nm"] = ind, "centred" if j == 2 else "right-aligned"
        layer["t"]["d"]["k"] = [{"s": dict(first, t="TOIL", s=28, j=j, fc=colour, tr=200), "t": 0}]
        layer["t"]["a"] = []
        layer["ks"]["p"] = static([100, y, 0])
        layers.insert(ind - 1, layer)
    doc["layers"] = layers
    return doc


def text_stroke_width_sample():
    """Glyphs from text_chars (Blocky) stroked 2 wide, with a stroke-width animator of 3 on the first half:
    After Effects and lottie-web add it (5 there), ThorVG sets the width to it (3)."""
    doc, layer, first = text_chars_base("player_text_stroke_width", keep_stroke=True)
    layer["t"]["d"]["k"] = [{"s": dict(first, t="TOIL", s=40, j=2, tr=0, fc=[0.8, 0.8, 0.4], sc=[0.2, 0.2, 0.6],
                                      sw=2, of=True), "t": 0}]
    sel = {"t": 0, "xe": static(0), "ne": static(0), "a": static(100), "b": 1, "rn": 0, "sh": 1, "sm": static(0),
           "s": static(0), "e": static(50), "o": static(0), "r": 1}
    layer["t"]["a"] = [{"nm": "thicker", "s": sel, "a": {"sw": static(3)}}]
    layer["ks"]["p"] = static([100, 110, 0])
    return doc


def font_origin_sample():
    """text_chars's glyphs, its font marked as loaded from a URL ("origin": 3): ThorVG draws such text from the font
    only (glyph mode needs origin 0), so a player without the font draws none of it."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "samples", "text_chars.json")
    doc = json.load(open(path))
    doc["nm"] = "player_font_origin"
    for f in doc["fonts"]["list"]:
        f["origin"] = 3
        f["fPath"] = "https://example.invalid/blocky.ttf"
    return doc


def missing_glyph_sample():
    """text_chars's glyphs (L, O, T, I, E and space) set as "LOT-TIE": the hyphen has no glyph in "chars". ThorVG
    skips it without moving on (no gap); the other players leave half an em, or draw it from a font."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "samples", "text_chars.json")
    doc = json.load(open(path))
    doc["nm"] = "player_missing_glyphs"
    t = doc["layers"][0]["t"]
    first = t["d"]["k"][0]["s"]
    first["t"] = "LOT-TIE"
    first["j"] = 0
    t["d"]["k"] = [{"s": first, "t": 0}]
    return doc


def main():
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "samples")
    all_samples = samples()
    all_samples["player_text_animators"] = text_animator_sample()
    all_samples["player_font_origin"] = font_origin_sample()
    all_samples["text_tracking_range"] = text_tracking_sample()
    all_samples["player_text_align_tracking"] = text_align_tracking_sample()
    all_samples["player_text_stroke_width"] = text_stroke_width_sample()
    all_samples["player_missing_glyphs"] = missing_glyph_sample()
    for name, doc in all_samples.items():
        with open(os.path.join(out, name + ".json"), "w") as f:
            json.dump(doc, f, separators=(",", ":"))
            f.write("\n")
    print("wrote %d samples" % len(all_samples))


if __name__ == "__main__":
    main()
