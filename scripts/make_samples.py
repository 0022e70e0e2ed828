#!/usr/bin/env python3
"""Writes the project's authored sample animations into samples/ (one feature per file).

All samples are original work of this project (see samples/README.md). Run from the repository root:
    python3 scripts/make_samples.py
"""
import base64, json, math, os, struct, zlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "samples")


def png(w, h, pixel):
    """A straight-alpha RGBA PNG from pixel(x, y) -> (r, g, b, a)."""
    raw = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(w)) for y in range(h))
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def cloud_pixel(x, y):
    # Three overlapping soft discs: white with anti-aliased edges.
    a = 0.0
    for cx, cy, r in ((30, 30, 18), (50, 22, 20), (70, 30, 16)):
        d = math.hypot(x + 0.5 - cx, y + 0.5 - cy)
        a = max(a, min(1.0, max(0.0, r - d + 0.5)))
    a = max(a, 1.0 if (14 <= x < 84 and 30 <= y < 46) else 0.0)
    return (255, 255, 255, int(round(a * 255)))


def static(v):
    return {"a": 0, "k": v}


def tr(p=(0, 0), a=(0, 0), s=(100, 100), r=0, o=100):
    return {"ty": "tr", "p": static(list(p)), "a": static(list(a)), "s": static(list(s)), "r": static(r),
            "o": static(o), "sk": static(0), "sa": static(0)}


def ks(p=(0, 0), a=(0, 0), s=(100, 100), r=0, o=100):
    return {"o": o if isinstance(o, dict) else static(o), "r": r if isinstance(r, dict) else static(r),
            "p": p if isinstance(p, dict) else static(list(p) + [0]),
            "a": static(list(a) + [0]), "s": s if isinstance(s, dict) else static(list(s) + [100])}


def kf(frames, easing=((0.667, 1), (0.333, 0)), hold=False):
    """Modern keyframes from [(t, value), ...]."""
    out = []
    for t, v in frames[:-1]:
        k = {"t": t, "s": v if isinstance(v, list) else [v],
             "i": {"x": [easing[0][0]], "y": [easing[0][1]]}, "o": {"x": [easing[1][0]], "y": [easing[1][1]]}}
        if hold:
            k["h"] = 1
        out.append(k)
    t, v = frames[-1]
    out.append({"t": t, "s": v if isinstance(v, list) else [v]})
    return {"a": 1, "k": out}


def shape_layer(name, shapes, ind=1, **kw):
    layer = {"ddd": 0, "ind": ind, "ty": 4, "nm": name, "sr": 1, "ks": ks(**kw), "ao": 0, "shapes": shapes,
             "ip": 0, "op": 60, "st": 0, "bm": 0}
    return layer


def comp(name, layers, w=200, h=200, op=60, fr=30, assets=None, v="5.7.4"):
    return {"v": v, "fr": fr, "ip": 0, "op": op, "w": w, "h": h, "nm": name, "ddd": 0,
            "assets": assets or [], "layers": layers, "markers": []}


def fill(c, o=100, r=1):
    return {"ty": "fl", "c": static(list(c) + [1]), "o": static(o), "r": r, "nm": "Fill"}


def stroke(c, w, lc=2, lj=2, o=100, d=None):
    s = {"ty": "st", "c": static(list(c) + [1]), "o": static(o), "w": static(w), "lc": lc, "lj": lj, "ml": 4,
         "nm": "Stroke"}
    if d:
        s["d"] = d
    return s


def rect(p, s, r=0):
    return {"ty": "rc", "p": static(list(p)), "s": static(list(s)), "r": static(r), "d": 1}


def ellipse(p, s):
    return {"ty": "el", "p": static(list(p)), "s": static(list(s)), "d": 1}


def group(items, **kw):
    return {"ty": "gr", "it": items + [tr(**kw)], "nm": "Group"}


def path(vs, closed=True, ins=None, outs=None):
    n = len(vs)
    return {"i": ins or [[0, 0]] * n, "o": outs or [[0, 0]] * n, "v": vs, "c": closed}


def samples():
    s = {}
    cloud = png(96, 48, cloud_pixel)
    uri = "data:image/png;base64," + base64.b64encode(cloud).decode()
    # Legacy (Bodymovin 5.4) keyframes with "e" end values and a closing {t} record, spatial tangents,
    # per-dimension easing arrays and a fractional frame rate, like files shipped from servers.
    legacy_o = {"a": 1, "k": [
        {"i": {"x": [0.833], "y": [0.833]}, "o": {"x": [0.167], "y": [0.167]}, "t": 0, "s": [0], "e": [100]},
        {"i": {"x": [0.833], "y": [0.833]}, "o": {"x": [0.167], "y": [0.167]}, "t": 10, "s": [100], "e": [100]},
        {"i": {"x": [0.833], "y": [0.833]}, "o": {"x": [0.167], "y": [0.167]}, "t": 48, "s": [100], "e": [0]},
        {"t": 59.0000024031193}]}
    legacy_p = {"a": 1, "k": [
        {"i": {"x": 0.833, "y": 0.833}, "o": {"x": 0.167, "y": 0.167}, "t": 0, "s": [-40, 120, 0],
         "e": [296, 96, 0], "to": [50, -30, 0], "ti": [-50, 10, 0]},
        {"t": 59.0000024031193}]}
    sky = shape_layer("Sky", [group([rect((128, 128), (256, 256)), fill((0.35, 0.6, 0.9))])], ind=2)
    s["clouds"] = comp("Clouds", [
        {"ddd": 0, "ind": 1, "ty": 2, "nm": "cloud", "refId": "image_0", "sr": 1,
         "ks": {"o": legacy_o, "r": static(0), "p": legacy_p, "a": static([48, 24, 0]), "s": static([120, 100, 100])},
         "ao": 0, "ip": 0, "op": 60.0000024438501, "st": 0, "bm": 0},
        dict(sky, op=60.0000024438501)],
        w=256, h=256, op=60.0000024438501, fr=29.9700012207031, v="5.4.2",
        assets=[{"id": "image_0", "w": 96, "h": 48, "u": "", "p": uri, "e": 1}])
    s["shapes_rect_ellipse"] = comp("Rect and ellipse", [shape_layer("Shapes", [
        group([rect((70, 70), (90, 70), 16), fill((0.9, 0.3, 0.2))]),
        group([ellipse((130, 130), (100, 60)), fill((0.2, 0.5, 0.9))])])])
    s["polystar"] = comp("Polystar", [shape_layer("Stars", [
        group([{"ty": "sr", "sy": 1, "d": 1, "pt": static(5), "p": static([60, 100]), "r": kf([(0, 0), (59, 72)]),
                "or": static(45), "ir": static(20), "os": static(0), "is": static(0)}, fill((1, 0.8, 0.1))]),
        group([{"ty": "sr", "sy": 2, "d": 1, "pt": static(6), "p": static([145, 100]), "r": static(0),
                "or": static(40), "os": static(0)}, fill((0.3, 0.8, 0.4))])])])
    s["path_morph"] = comp("Path morph", [shape_layer("Morph", [group([
        {"ty": "sh", "ks": {"a": 1, "k": [
            {"t": 0, "s": [path([[40, 40], [160, 40], [160, 160], [40, 160]])],
             "i": {"x": 0.5, "y": 1}, "o": {"x": 0.5, "y": 0}},
            {"t": 59, "s": [path([[100, 20], [180, 100], [100, 180], [20, 100]],
                                 ins=[[-40, 0], [0, -40], [40, 0], [0, 40]],
                                 outs=[[40, 0], [0, 40], [-40, 0], [0, -40]])]}]}},
        fill((0.6, 0.2, 0.8))])])])
    s["stroke_caps_joins"] = comp("Strokes", [shape_layer("Strokes", [
        group([{"ty": "sh", "ks": static(path([[30, 60], [100, 30], [170, 60]], closed=False))},
               stroke((0.1, 0.1, 0.1), 14, lc=1, lj=1)]),
        group([{"ty": "sh", "ks": static(path([[30, 110], [100, 80], [170, 110]], closed=False))},
               stroke((0.8, 0.2, 0.2), 14, lc=2, lj=2)]),
        group([{"ty": "sh", "ks": static(path([[30, 160], [100, 130], [170, 160]], closed=False))},
               stroke((0.2, 0.4, 0.8), 14, lc=3, lj=3)])])])
    s["stroke_dashes"] = comp("Dashes", [shape_layer("Dashes", [group([
        ellipse((100, 100), (140, 140)),
        stroke((0.1, 0.5, 0.3), 8, lc=2, d=[{"n": "d", "nm": "dash", "v": static(20)},
                                          {"n": "g", "nm": "gap", "v": static(10)},
                                          {"n": "o", "nm": "offset", "v": kf([(0, 0), (59, 60)])}])])])])
    s["gradient_linear"] = comp("Linear gradient", [shape_layer("Gradient", [group([
        rect((100, 100), (160, 160), 20),
        {"ty": "gf", "t": 1, "o": static(100), "r": 1, "s": static([20, 20]), "e": static([180, 180]),
         "g": {"p": 3, "k": static([0, 1, 0, 0, 0.5, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0.4])}}])])])
    s["gradient_radial"] = comp("Radial gradient", [shape_layer("Gradient", [group([
        ellipse((100, 100), (170, 170)),
        {"ty": "gf", "t": 2, "o": static(100), "r": 1, "s": static([100, 100]), "e": static([185, 100]),
         "h": static(40), "a": static(45), "g": {"p": 2, "k": static([0, 1, 1, 1, 1, 0.1, 0.2, 0.6])}}])])])
    # Hard steps: coincident colour stops give bands, coincident opacity stops a sharp fade (animated position).
    bands = [0, 0.9, 0.2, 0.2, 0.33, 0.9, 0.2, 0.2, 0.33, 0.95, 0.8, 0.2, 0.67, 0.95, 0.8, 0.2, 0.67, 0.2, 0.5, 0.9,
             1, 0.2, 0.9, 0.9]
    s["gradient_hard_stops"] = comp("Gradient hard stops", [shape_layer("Bands", [
        group([rect((100, 60), (170, 80)),
               {"ty": "gf", "t": 1, "o": static(100), "r": 1, "s": static([15, 0]), "e": static([185, 0]),
                "g": {"p": 6, "k": static(bands)}}]),
        group([rect((100, 150), (170, 80)),
               {"ty": "gf", "t": 1, "o": static(100), "r": 1, "s": static([15, 0]), "e": static([185, 0]),
                "g": {"p": 2, "k": kf([(0, [0, 0.1, 0.3, 0.8, 1, 0.1, 0.7, 0.5, 0, 1, 0.2, 1, 0.2, 0.25, 1, 0.25]),
                                        (59, [0, 0.1, 0.3, 0.8, 1, 0.1, 0.7, 0.5, 0, 1, 0.8, 1, 0.8, 0.25, 1, 0.25])])}}])])])
    s["trim_paths"] = comp("Trim", [shape_layer("Trim", [group([
        ellipse((100, 100), (140, 140)), stroke((0.9, 0.4, 0.1), 12, lc=2),
        {"ty": "tm", "s": kf([(0, 0), (59, 40)]), "e": kf([(0, 10), (59, 100)]), "o": static(30), "m": 1}])])])
    mask = lambda mode, pts, inv=False: {"inv": inv, "mode": mode, "pt": static(path(pts)), "o": static(100),
                                          "x": static(0)}
    sq = lambda x0, y0, x1, y1: [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
    masked = shape_layer("Masked", [group([rect((100, 100), (180, 180)), fill((0.2, 0.6, 0.5))])])
    masked["hasMask"] = True
    masked["masksProperties"] = [mask("a", sq(20, 20, 140, 140)), mask("s", sq(60, 60, 100, 100)),
                                 mask("a", sq(120, 120, 180, 180))]
    s["mask_modes"] = comp("Masks", [masked])
    matte_src = shape_layer("Matte", [group([ellipse((100, 100), (150, 150)), fill((1, 1, 1))])], ind=1)
    matte_src["td"] = 1
    matted = shape_layer("Content", [group([rect((100, 100), (200, 40)), fill((0.9, 0.2, 0.3))]),
                                     group([rect((100, 100), (40, 200)), fill((0.2, 0.3, 0.9))])], ind=2)
    matted["tt"] = 1
    s["matte_alpha"] = comp("Alpha matte", [matte_src, matted])
    luma_src = shape_layer("Luma", [group([rect((100, 100), (200, 200)),
                                           {"ty": "gf", "t": 1, "o": static(100), "r": 1, "s": static([0, 0]),
                                            "e": static([200, 0]), "g": {"p": 2, "k": static([0, 0, 0, 0, 1, 1, 1, 1])}}])],
                           ind=1)
    luma_src["td"] = 1
    luma_c = shape_layer("Content", [group([ellipse((100, 100), (180, 180)), fill((0.1, 0.4, 0.9))])], ind=2)
    luma_c["tt"] = 3
    s["matte_luma"] = comp("Luma matte", [luma_src, luma_c])
    inner = [shape_layer("Spinner", [group([rect((0, 0), (60, 60), 8), fill((0.95, 0.5, 0.1))])],
                         p=(50, 50), r=kf([(0, 0), (30, 180)]))]
    s["precomp_timeremap"] = comp("Precomp", [
        {"ddd": 0, "ind": 1, "ty": 0, "nm": "Remapped", "refId": "comp_0", "sr": 1, "ks": ks(p=(60, 60), a=(50, 50)),
         "ao": 0, "w": 100, "h": 100, "ip": 0, "op": 60, "st": 0, "bm": 0,
         "tm": {"a": 1, "k": [{"t": 0, "s": [0], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}},
                              {"t": 59, "s": [0.5]}]}},
        {"ddd": 0, "ind": 2, "ty": 0, "nm": "Shifted", "refId": "comp_0", "sr": 1, "ks": ks(p=(140, 140), a=(50, 50)),
         "ao": 0, "w": 100, "h": 100, "ip": 0, "op": 60, "st": 15, "bm": 0}],
        assets=[{"id": "comp_0", "layers": inner}])
    parent = shape_layer("Parent", [group([rect((0, 0), (40, 40)), fill((0.2, 0.2, 0.2))])], ind=1,
                         p=(100, 100), r=kf([(0, 0), (59, 90)]), s=kf([(0, [100, 100, 100]), (59, [60, 60, 100])]))
    child = shape_layer("Child", [group([ellipse((0, 0), (30, 30)), fill((0.9, 0.1, 0.4))])], ind=2, p=(70, 0))
    child["parent"] = 1
    s["parenting"] = comp("Parenting", [child, parent])
    s["hold_keyframes"] = comp("Hold", [shape_layer("Hold", [group([rect((0, 0), (50, 50)), fill((0.1, 0.6, 0.9))])],
                                                    p={"a": 1, "k": [{"t": 0, "s": [50, 50, 0], "h": 1},
                                                                     {"t": 20, "s": [150, 50, 0], "h": 1},
                                                                     {"t": 40, "s": [150, 150, 0]}]})])
    s["group_opacity"] = comp("Group opacity", [shape_layer("Overlap", [
        group([rect((80, 100), (100, 100)), fill((0.9, 0.2, 0.2)), ], o=100),
        group([group([rect((70, 100), (80, 80)), fill((0.2, 0.2, 0.9))]),
               group([rect((130, 100), (80, 80)), fill((0.2, 0.8, 0.2))])], o=50)])])
    ring = {"ty": "sh", "ks": static(path([[30, 30], [170, 30], [170, 170], [30, 170]]))}
    hole = {"ty": "sh", "ks": static(path([[70, 70], [130, 70], [130, 130], [70, 130]]))}
    s["fill_evenodd"] = comp("Even-odd", [shape_layer("EvenOdd", [group([ring, hole, fill((0.5, 0.3, 0.1), r=2)])])])
    s["solid_layer"] = comp("Solid", [{"ddd": 0, "ind": 1, "ty": 1, "nm": "Solid", "sc": "#3366cc", "sw": 120, "sh": 80,
                                      "sr": 1, "ks": ks(p=(100, 100), a=(60, 40), r=kf([(0, 0), (59, 45)])),
                                      "ao": 0, "ip": 0, "op": 60, "st": 0, "bm": 0}])
    # --- Issue 3 features ---
    # Blend modes: three discs over a two-tone backdrop, each disc layer with its own "bm".
    backdrop = shape_layer("Backdrop", [group([rect((100, 60), (200, 120)), fill((0.95, 0.85, 0.3))]),
                                        group([rect((100, 160), (200, 80)), fill((0.15, 0.3, 0.6))])], ind=9)
    discs = []
    for k, (bm, x, c) in enumerate([(1, 40, (0.9, 0.3, 0.3)), (2, 100, (0.3, 0.6, 0.9)), (10, 160, (0.4, 0.9, 0.4))]):
        d = shape_layer("Disc %d" % bm, [group([ellipse((x, 110), (70, 150)), fill(c)])], ind=k + 1)
        d["bm"] = bm
        discs.append(d)
    s["blend_modes"] = comp("Blend modes", discs + [backdrop])
    s["blend_modes_nonseparable"] = comp("Non-separable blend modes", [
        dict(shape_layer("Hue", [group([ellipse((60, 100), (90, 160)), fill((0.1, 0.8, 0.3))])], ind=1), bm=12),
        dict(shape_layer("Luminosity", [group([ellipse((140, 100), (90, 160)), fill((0.9, 0.9, 0.9))])], ind=2), bm=15),
        shape_layer("Backdrop", [group([rect((100, 100), (200, 200)),
                                        {"ty": "gf", "t": 1, "o": static(100), "r": 1, "s": static([0, 0]),
                                         "e": static([200, 200]),
                                         "g": {"p": 2, "k": static([0, 0.9, 0.2, 0.1, 1, 0.2, 0.3, 0.9])}}])], ind=3)])
    # Slots: the fill colour's "sid" takes its animated value from "slots".
    slotted = comp("Slots", [shape_layer("Themed", [group([rect((100, 100), (120, 120), 12),
        {"ty": "fl", "c": {"a": 0, "k": [0.5, 0.5, 0.5, 1], "sid": "brand"}, "o": static(100), "r": 1}])])])
    slotted["slots"] = {"brand": {"p": kf([(0, [0.9, 0.2, 0.3, 1]), (59, [0.2, 0.4, 0.9, 1])])}}
    s["slots"] = slotted
    # Text from "chars": three blocky glyphs drawn by this project, size 100 units, advance 60. Like exported glyphs,
    # each is one group of paths without a transform item (lottie-web draws nothing for a glyph group with one).
    def glyph(ch, rects):
        items = [{"ty": "sh", "ks": static(path([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]))} for x0, y0, x1, y1 in rects]
        return {"ch": ch, "size": 100, "style": "Regular", "w": 60, "fFamily": "Blocky",
                "data": {"shapes": [{"ty": "gr", "it": items}]}}
    chars = [glyph("L", [(5, -70, 20, 0), (5, -15, 50, 0)]), glyph("O", [(5, -70, 50, -55), (5, -15, 50, 0),
             (5, -70, 20, 0), (35, -70, 50, 0)]), glyph("T", [(0, -70, 55, -55), (20, -70, 35, 0)]),
             glyph("I", [(20, -70, 35, 0)]), glyph("E", [(5, -70, 20, 0), (5, -70, 50, -55), (5, -42, 42, -28),
             (5, -15, 50, 0)]), glyph(" ", [])]
    fonts = {"list": [{"fName": "Blocky-Regular", "fFamily": "Blocky", "fStyle": "Regular", "ascent": 70}]}
    def text_layer(doc_keys, animators=None, ind=1, p=(20, 90)):
        return {"ddd": 0, "ind": ind, "ty": 5, "nm": "Text", "sr": 1, "ks": ks(p=p), "ao": 0, "ip": 0, "op": 60, "st": 0,
                "bm": 0, "t": {"d": {"k": doc_keys}, "p": {}, "m": {"g": 1, "a": static([0, 0])}, "a": animators or []}}
    base_doc = {"s": 36, "f": "Blocky-Regular", "t": "LOT\rTOIL", "j": 0, "tr": 50, "lh": 44, "ls": 0,
                "fc": [0.15, 0.2, 0.5], "sc": [0.95, 0.6, 0.1], "sw": 2, "of": True}
    t = comp("Text from chars", [text_layer([{"s": base_doc, "t": 0},
                                             {"s": dict(base_doc, t="LOTTIE", j=2, fc=[0.6, 0.1, 0.2]), "t": 30}],
                                            p=(100, 90))])
    t["chars"] = chars; t["fonts"] = fonts
    s["text_chars"] = t
    anim = [{"nm": "Animator", "s": {"t": 0, "s": kf([(0, 0), (59, 100)]), "e": static(100), "o": static(0), "r": 1,
                                     "b": 1, "sh": 1, "a": static(100)},
             "a": {"p": static([0, -30]), "r": static(20), "o": static(30), "fc": static([0.9, 0.2, 0.2, 1])}}]
    ta = comp("Text animator", [text_layer([{"s": dict(base_doc, t="LOTTIE", sw=0), "t": 0}], anim, p=(10, 120))])
    ta["chars"] = chars; ta["fonts"] = fonts
    s["text_animator"] = ta
    # Small caps and a word-based selector (ramp up) over two words.
    words = [{"nm": "Words", "s": {"t": 0, "s": static(0), "e": static(100), "o": kf([(0, -100), (59, 100)]), "r": 1,
                                   "b": 3, "sh": 2, "a": static(100)},
              "a": {"p": static([0, -25]), "fc": static([0.9, 0.5, 0.1, 1])}}]
    tw = comp("Text words and small caps", [text_layer([{"s": dict(base_doc, t="Lot tie", sw=0, ca=2, j=2), "t": 0}],
                                                       words, p=(100, 120))])
    tw["chars"] = chars; tw["fonts"] = fonts
    s["text_words_smallcaps"] = tw
    # Text on a path: left-aligned along an arc (first margin animated past the end, where the text continues
    # along the end tangent); centred on a reversed circle (wrapping around); right-aligned with a last margin and
    # upright characters; and forced alignment between both margins.
    def on_path(name, ind, text, size, j, vs, ins, outs, closed, f=static(0), l=static(0), perp=1, rev=0, force=0):
        layer = text_layer([{"s": dict(base_doc, t=text, s=size, j=j, tr=0, sw=0), "t": 0}], ind=ind, p=(0, 0))
        layer["nm"] = name
        layer["hasMask"] = True
        layer["masksProperties"] = [{"inv": False, "mode": "n", "pt": static(path(vs, closed, ins, outs)),
                                     "o": static(100), "x": static(0), "nm": "Path"}]
        layer["t"]["p"] = {"m": 0, "f": f, "l": l, "a": static(force), "p": static(perp), "r": static(rev)}
        return layer
    k = 40 * 0.5523
    tp = comp("Text on a path", [
        on_path("Arc, left", 1, "LOTTIE", 20, 0, [[20, 75], [180, 75]], [[0, 0], [-50, -60]], [[50, -60], [0, 0]], False,
                f=kf([(0, 0), (59, 200)])),
        on_path("Circle, centred, reversed", 2, "TOTE", 18, 2,
                [[100, 95], [140, 135], [100, 175], [60, 135]],
                [[-k, 0], [0, -k], [k, 0], [0, k]], [[k, 0], [0, k], [-k, 0], [0, -k]], True,
                f=kf([(0, 0), (59, 250)]), rev=1),
        on_path("Wave, right, upright", 3, "LIT", 16, 1, [[10, 192], [190, 192]], [[0, 0], [-60, -20]],
                [[60, 20], [0, 0]], False, l=static(-10), perp=0),
        on_path("Forced", 4, "LOT", 16, 0, [[30, 22], [170, 22]], [[0, 0], [0, 0]], [[0, 0], [0, 0]], False,
                f=static(10), l=static(10), force=1)])
    tp["chars"] = chars; tp["fonts"] = fonts
    s["text_on_path"] = tp
    # Polystar roundness: a star with outer and inner roundness, a polygon with animated roundness.
    s["polystar_roundness"] = comp("Polystar roundness", [shape_layer("Rounded stars", [
        group([{"ty": "sr", "sy": 1, "d": 1, "pt": static(5), "p": static([60, 100]), "r": static(0), "or": static(45),
                "ir": static(20), "os": static(60), "is": static(30)}, fill((0.9, 0.5, 0.1))]),
        group([{"ty": "sr", "sy": 2, "d": 1, "pt": static(6), "p": static([145, 100]), "r": static(0), "or": static(45),
                "os": kf([(0, 0), (59, 100)])}, fill((0.2, 0.5, 0.9))])])])
    # Fractional point counts: a star growing from 3 to 7 points (and a rounded one, reversed), a polygon
    # counting from 3 to 7 (whole points only).
    s["polystar_points"] = comp("Polystar points", [shape_layer("Counting stars", [
        group([{"ty": "sr", "sy": 1, "d": 1, "pt": kf([(0, 3), (59, 7)]), "p": static([55, 60]), "r": static(0),
                "or": static(42), "ir": static(20), "os": static(0), "is": static(0)}, fill((0.95, 0.7, 0.1))]),
        group([{"ty": "sr", "sy": 1, "d": 3, "pt": kf([(0, 3), (59, 7)]), "p": static([145, 60]), "r": static(0),
                "or": static(42), "ir": static(20), "os": static(50), "is": static(20)}, fill((0.9, 0.3, 0.4))]),
        group([{"ty": "sr", "sy": 2, "d": 1, "pt": kf([(0, 3), (59, 7)]), "p": static([100, 150]), "r": static(0),
                "or": static(40), "os": static(0)}, fill((0.2, 0.6, 0.9))])])])
    # Repeater: five copies of a rounded square, rotating, fading out, the first copy on top.
    s["repeater"] = comp("Repeater", [shape_layer("Repeater", [group([
        rect((60, 100), (30, 30), 6), fill((0.2, 0.5, 0.9)), stroke((1, 1, 1), 2),
        {"ty": "rp", "c": static(5), "o": static(0), "m": 1,
         "tr": {"ty": "tr", "p": static([22, 0]), "a": static([0, 0]), "s": static([90, 90]), "r": kf([(0, 0), (59, 30)]),
                "so": static(100), "eo": static(30)}}])])])
    s["round_corners"] = comp("Round corners", [shape_layer("Rounded", [group([
        {"ty": "sr", "sy": 1, "d": 1, "pt": static(5), "p": static([100, 100]), "r": static(0), "or": static(80),
         "ir": static(35), "os": static(0), "is": static(0)},
        {"ty": "rd", "r": kf([(0, 0), (59, 20)])}, fill((0.9, 0.5, 0.1))])])])
    s["pucker_bloat"] = comp("Pucker and bloat", [shape_layer("PB", [
        group([rect((60, 100), (70, 70)), {"ty": "pb", "a": static(-40)}, fill((0.6, 0.2, 0.8))]),
        group([rect((140, 100), (70, 70)), {"ty": "pb", "a": kf([(0, 0), (59, 60)])}, fill((0.2, 0.7, 0.5))])])])
    s["zigzag"] = comp("Zig-zag", [shape_layer("ZZ", [
        group([ellipse((100, 100), (120, 120)), {"ty": "zz", "s": static(8), "r": static(6), "pt": static(1)},
               stroke((0.1, 0.3, 0.7), 3)]),
        group([rect((100, 100), (170, 170)), {"ty": "zz", "s": kf([(0, 2), (59, 8)]), "r": static(3), "pt": static(2)},
               stroke((0.8, 0.2, 0.3), 3)])])])
    s["offset_path"] = comp("Offset path", [shape_layer("Offset", [
        group([rect((100, 100), (80, 80)), {"ty": "op", "a": kf([(0, 0), (59, 20)]), "lj": 2, "ml": static(4)},
               fill((0.2, 0.6, 0.9))]),
        group([rect((100, 100), (80, 80)), stroke((0.1, 0.1, 0.1), 2)])])])
    s["twist"] = comp("Twist", [shape_layer("Twist", [group([
        rect((100, 100), (140, 30)), {"ty": "tw", "a": kf([(0, 0), (59, 90)]), "c": static([100, 100])},
        fill((0.9, 0.3, 0.4))])])])
    # Layer effects ("ef"): each parameter is {"ty": …, "nm": …, "v": property}.
    def eff(ty, name, params):
        return {"ty": ty, "nm": name, "en": 1, "ef": [{"ty": 0, "nm": n, "v": v} for n, v in params]}
    tile = lambda name, x, c, effects, ind: dict(shape_layer(name, [group([rect((x, 100), (60, 60), 8), fill(c)]),
                                                                  group([ellipse((x, 100), (30, 30)), fill((1, 1, 1))])],
                                                           ind=ind), ef=effects)
    # Levels with per-channel curves (Pro Levels: composite, then red, green, blue and alpha, by parameter name).
    def levels(extra):
        # The exporter's layout: channel menu, histogram, then for RGB, Red, Green, Blue and Alpha a group marker
        # (ty 6), five sliders and a closing marker (lottie-web reads the sliders by index, we read them by name).
        names = ["Input Black", "Input White", "Gamma", "Output Black", "Output White"]
        ps = [{"ty": 7, "nm": "Channel:", "v": static(1)}, {"ty": 6, "nm": "Histogram", "v": 0}]
        for ch in ["RGB", "Red", "Green", "Blue", "Alpha"]:
            ps.append({"ty": 6, "nm": ch, "v": 0})
            for n, v in zip(names, [0, 1, 1, 0, 1]):
                nm = n if ch == "RGB" else "%s %s" % (ch, n)
                ps.append({"ty": 0, "nm": nm, "v": extra.get((ch, n), static(v))})
            ps.append({"ty": 6, "nm": ch, "v": 0})
        ps += [{"ty": 7, "nm": "Clip To Output Black", "v": static(1)}, {"ty": 7, "nm": "Clip To Output White", "v": static(1)}]
        return {"ty": 24, "nm": "Levels", "en": 1, "ef": ps}
    s["effects_color"] = comp("Colour effects", [
        tile("Fill", 40, (0.9, 0.3, 0.2), [eff(21, "Fill", [("Fill Mask", static(0)), ("All Masks", static(0)),
             ("Color", static([0.2, 0.7, 0.3, 1])), ("Invert", static(0)), ("H Feather", static(0)),
             ("V Feather", static(0)), ("Opacity", kf([(0, 0), (59, 1)]))])], 1),
        tile("Tint", 100, (0.9, 0.5, 0.2), [eff(20, "Tint", [("Black", static([0.1, 0.1, 0.5, 1])),
             ("White", static([1, 0.9, 0.6, 1])), ("Amount", static(100))])], 2),
        tile("Tritone", 160, (0.3, 0.6, 0.9), [eff(23, "Tritone", [("Highlights", static([1, 1, 0.8, 1])),
             ("Midtones", static([0.8, 0.3, 0.4, 1])), ("Shadows", static([0.1, 0, 0.2, 1])), ("Blend", static(0))])], 3)])
    s["effects_shadow_blur"] = comp("Drop shadow and blur", [
        tile("Shadow", 60, (0.2, 0.5, 0.9), [eff(25, "Drop Shadow", [("Color", static([0, 0, 0, 1])),
             ("Opacity", static(160)), ("Direction", kf([(0, 135), (59, 225)])), ("Distance", static(10)),
             ("Softness", static(12)), ("Shadow Only", static(0))])], 1),
        tile("Blur", 140, (0.9, 0.4, 0.3), [eff(29, "Gaussian Blur", [("Blurriness", kf([(0, 0), (59, 20)])),
             ("Dimensions", static(1)), ("Repeat Edge Pixels", static(0))])], 2)])
    # Gaussian blur of a precomp that fills its frame, with "Repeat Edge Pixels" on (left) and off (right): on,
    # the edges stay opaque and the blur stops at the layer's bounds; off, the edges fade into transparency.
    stripes = [group([ellipse((50, 100), (70, 70)), fill((0.85, 0.2, 0.3))])]
    for i in range(6):
        stripes.append(group([rect((50, 17 + 34 * i), (100, 14)), fill((0.2, 0.4, 0.8))]))
    stripes.append(group([rect((50, 100), (100, 200)), fill((0.95, 0.85, 0.3))]))      # the first shape is on top
    pattern = [shape_layer("Pattern", stripes)]
    def blurred(name, ind, x, repeat):
        return {"ddd": 0, "ind": ind, "ty": 0, "nm": name, "refId": "pattern", "sr": 1, "ks": ks(p=(x, 0)),
                "ao": 0, "w": 100, "h": 200, "ip": 0, "op": 60, "st": 0, "bm": 0,
                "ef": [eff(29, "Gaussian Blur", [("Blurriness", kf([(0, 0), (59, 30)])), ("Blur Dimensions", static(1)),
                                                 ("Repeat Edge Pixels", static(repeat))])]}
    s["effects_blur_edges"] = comp("Blur edges", [blurred("Repeat edges", 1, 0, 1), blurred("Transparent edges", 2, 100, 0)],
                                   assets=[{"id": "pattern", "w": 100, "h": 200, "layers": pattern}])
    # Set Matte: diagonal stripes masked by the alpha of a moving circle (left), and dots masked by the inverted
    # luminance of a gradient (right). Both source layers stay visible, as in After Effects.
    def set_matte(source, use, invert=0):
        names = [("Take Matte From Layer", 10, source), ("Use For Matte", 7, use), ("Invert Matte", 7, invert),
                 ("If Layer Sizes Differ", 7, 1), ("Composite Matte with Original", 7, 1), ("Premultiply Matte Layer", 7, 1)]
        return {"ty": 28, "nm": "Set Matte", "en": 1, "ef": [{"ty": t, "nm": n, "v": static(v)} for n, t, v in names]}
    bars = [group([rect((x, 100), (8, 300)), fill((0.15, 0.15, 0.2))]) for x in range(-100, 300, 20)]
    stripes = shape_layer("Stripes", [group(bars, p=(100, 100), a=(100, 100), r=45)], ind=1)
    stripes["ef"] = [set_matte(2, 4)]
    circle = shape_layer("Circle", [group([ellipse((0, 0), (90, 90)), fill((0.95, 0.75, 0.2))])], ind=2,
                         p=kf([(0, [55, 70, 0]), (59, [55, 130, 0])]))
    dots = shape_layer("Dots", [group([ellipse((x, y), (10, 10)) for x in range(115, 200, 16) for y in range(20, 190, 16)]
                                      + [fill((0.2, 0.5, 0.9))])], ind=3)
    dots["ef"] = [set_matte(4, 5, 1)]
    ramp = shape_layer("Ramp", [group([rect((155, 100), (80, 170)),
                                       {"ty": "gf", "t": 1, "o": static(100), "r": 1, "s": static([115, 0]),
                                        "e": static([195, 0]), "g": {"p": 2, "k": kf([(0, [0, 0, 0, 0, 1, 1, 1, 1]),
                                                                                       (59, [0, 1, 1, 1, 1, 0, 0, 0])])}}])],
                       ind=4)
    s["effects_set_matte"] = comp("Set Matte", [stripes, circle, dots, ramp])
    feathered = shape_layer("Feathered", [group([rect((100, 100), (180, 180)), fill((0.9, 0.4, 0.1))])])
    feathered["hasMask"] = True
    feathered["masksProperties"] = [{"inv": False, "mode": "a", "pt": static(path(sq(50, 50, 150, 150))), "o": static(100),
                                     "x": static(0), "f": kf([(0, [0, 0]), (59, [40, 40])])}]
    s["mask_feather"] = comp("Mask feather", [feathered])
    # Text without "chars": outlines come from the font file (DejaVu Sans through fontconfig and FreeType).
    tf = comp("Text from a font", [text_layer([{"s": {"s": 28, "f": "DejaVuSans", "t": "Lottie\rrender", "j": 2,
                                                     "tr": 0, "lh": 34, "ls": 0, "fc": [0.1, 0.3, 0.6]}, "t": 0}],
                                             [{"nm": "Animator", "s": {"t": 0, "s": static(0), "e": kf([(0, 0), (59, 100)]),
                                                                       "o": static(0), "r": 1, "b": 1, "sh": 1,
                                                                       "a": static(100)},
                                               "a": {"fc": static([0.9, 0.3, 0.1, 1])}}], p=(100, 90))])
    tf["fonts"] = {"list": [{"fName": "DejaVuSans", "fFamily": "DejaVu Sans", "fStyle": "Book", "ascent": 75}]}
    s["text_font"] = tf
    # Shaping and bidirectional text: Arabic joining, Hebrew and English mixed on a right-to-left line, a ligature,
    # Devanagari (not in DejaVu Sans: drawn from the font fontconfig finds for it, FreeSans from fonts-freefont-ttf),
    # and a right-to-left paragraph wrapped in a box; a per-character animator runs across the shaped text.
    def doc(text, size, j, **kw):
        return dict({"s": size, "f": "DejaVuSans", "t": text, "j": j, "tr": 0, "lh": size * 1.25, "ls": 0,
                     "fc": [0.1, 0.1, 0.2]}, **kw)
    shaping = [
        text_layer([{"s": doc("مرحبا بالعالم", 22, 1), "t": 0}], ind=1, p=(190, 30)),
        text_layer([{"s": doc("abc שלום 123 עולם", 18, 1), "t": 0}], ind=2, p=(190, 62)),
        text_layer([{"s": doc("office flow नमस्ते दुनिया", 18, 0), "t": 0}],
                   [{"nm": "Animator", "s": {"t": 0, "s": static(0), "e": kf([(0, 0), (59, 100)]), "o": static(0),
                                             "r": 1, "b": 1, "sh": 1, "a": static(100)},
                     "a": {"fc": static([0.8, 0.2, 0.1, 1])}}], ind=3, p=(10, 96)),
        text_layer([{"s": doc("لكل فرد الحق في الحياة والحرية وفي الأمان على شخصه", 16, 1, sz=[180, 80], ps=[0, 0]),
                     "t": 0}], ind=4, p=(10, 120)),
    ]
    sh = comp("Shaping and bidirectional text", shaping)
    sh["fonts"] = {"list": [{"fName": "DejaVuSans", "fFamily": "DejaVu Sans", "fStyle": "Book", "ascent": 75}]}
    s["text_shaping"] = sh
    # 3-D layers: X and Y rotation and orientation, drawn without a camera (orthographic).
    l3 = []
    for k, (key, x) in enumerate([("rx", 50), ("ry", 100), ("or", 150)]):
        lay = shape_layer("3D " + key, [group([rect((0, 0), (40, 60), 4), fill((0.3 + 0.3 * k, 0.4, 0.8 - 0.3 * k))])],
                          ind=k + 1, p=(x, 100))
        lay["ddd"] = 1
        lay["ks"]["rx"] = kf([(0, 0), (59, 160)]) if key == "rx" else static(0)
        lay["ks"]["ry"] = kf([(0, 0), (59, 160)]) if key == "ry" else static(0)
        lay["ks"]["rz"] = static(0)
        lay["ks"]["or"] = static([30, 45, 0]) if key == "or" else static([0, 0, 0])
        l3.append(lay)
    s3 = comp("3-D layers", l3)
    s3["ddd"] = 1
    s["layer_3d"] = s3
    # Camera layers (ty 13) with perspective: a two-node camera moving around its point of interest, 3-D layers at
    # different depths (one masked, one stroked), and a 2-D layer the camera does not affect.
    def layer3(name, shapes, ind, p, **kw):
        lay = shape_layer(name, shapes, ind=ind, p=(0, 0))
        lay["ddd"] = 1
        lay["ks"]["p"] = p if isinstance(p, dict) else static(list(p))
        for key in ("rx", "ry", "rz"):
            lay["ks"][key] = kw.get(key, static(0))
        lay["ks"]["or"] = kw.get("orient", static([0, 0, 0]))
        lay["ks"].pop("r", None)
        return lay
    cam = {"ddd": 1, "ind": 1, "ty": 13, "nm": "Camera", "sr": 1, "ip": 0, "op": 60, "st": 0, "pe": static(260),
           "ks": {"p": kf([(0, [100, 100, -260]), (59, [190, 40, -200])]), "a": static([100, 100, 0]),
                  "or": static([0, 0, 0]), "rx": static(0), "ry": static(0), "rz": static(0), "o": static(100)}}
    floor = layer3("Floor", [group([rect((0, 0), (160, 160)), fill((0.25, 0.55, 0.35)), stroke((0.1, 0.2, 0.1), 3)])],
                   2, (100, 150, 40), rx=static(90))
    back = layer3("Back", [group([ellipse((0, 0), (90, 90)), fill((0.85, 0.35, 0.2))])], 3, (100, 90, 120))
    back["masksProperties"] = [{"inv": False, "mode": "s", "pt": static({"c": True, "v": [[-10, -50], [50, -50], [50, 10], [-10, 10]],
                               "i": [[0, 0]] * 4, "o": [[0, 0]] * 4}), "o": static(100), "x": static(0), "nm": "Mask"}]
    front = layer3("Front", [group([rect((0, 0), (50, 50), 6), fill((0.2, 0.4, 0.9)), stroke((1, 1, 1), 4)])],
                   4, (80, 100, -40), ry=kf([(0, 0), (59, 90)]))
    flat = shape_layer("2-D badge", [group([rect((0, 0), (30, 14), 4), fill((0.1, 0.1, 0.1))])], ind=5, p=(25, 15))
    camc = comp("Camera", [flat, cam, front, back, floor])
    camc["ddd"] = 1
    s["camera_perspective"] = camc
    # A one-node camera (no point of interest) parented to a turning null: it orbits and looks along its own axis.
    rig = {"ddd": 1, "ind": 1, "ty": 3, "nm": "Rig", "sr": 1, "ip": 0, "op": 60, "st": 0,
           "ks": {"p": static([100, 100, 0]), "a": static([0, 0, 0]), "s": static([100, 100, 100]), "o": static(100),
                  "or": static([0, 0, 0]), "rx": static(0), "ry": kf([(0, -30), (59, 30)]), "rz": kf([(0, 0), (59, 20)])}}
    cam1 = {"ddd": 1, "ind": 2, "ty": 13, "nm": "Camera", "sr": 1, "ip": 0, "op": 60, "st": 0, "parent": 1,
            "pe": kf([(0, 300), (59, 200)]),
            "ks": {"p": static([0, 0, -300]), "or": static([0, 0, 0]), "rx": static(0), "ry": static(0), "rz": static(0),
                   "o": static(100)}}
    cards = [layer3("Card %d" % k, [group([rect((0, 0), (50, 70), 5), fill((0.2 + 0.3 * k, 0.5, 0.9 - 0.3 * k))])],
                    3 + k, (60 + 40 * k, 100, -60 + 60 * k)) for k in range(3)]
    orbit = comp("Camera orbit", [rig, cam1] + cards)
    orbit["ddd"] = 1
    s["camera_orbit"] = orbit
    # Merge paths: the five modes on the same pair of overlapping shapes (a square and a circle).
    mm = []
    for k, mode in enumerate([1, 2, 3, 4, 5]):
        x, y = 40 + (k % 3) * 60, 50 + (k // 3) * 90
        mm.append(group([rect((x - 6, y - 6), (34, 34)), ellipse((x + 8, y + 8), (34, 34)), {"ty": "mm", "mm": mode},
                         fill((0.2 + 0.15 * k, 0.4, 0.8 - 0.12 * k)), stroke((0.1, 0.1, 0.1), 1.5)]))
    s["merge_paths"] = comp("Merge paths", [shape_layer("Merge", mm)])
    s["effects_levels_huesat"] = comp("Levels and hue/saturation", [
        tile("Levels", 60, (0.5, 0.4, 0.6), [levels({("RGB", "Input Black"): static(0.2), ("RGB", "Input White"): static(0.8),
                                                     ("RGB", "Gamma"): kf([(0, 1), (59, 2)])})], 1),
        tile("HueSat", 140, (0.9, 0.3, 0.2), [eff(19, "Hue/Saturation", [("Channel Control", static(1)),
             ("Master Hue", kf([(0, 0), (59, 180)])), ("Master Saturation", static(-30)), ("Master Lightness", static(10))])], 2)])
    s["effects_levels_channels"] = comp("Levels per channel", [
        tile("Red gamma", 40, (0.5, 0.5, 0.5), [levels({("Red", "Gamma"): kf([(0, 1), (59, 3)])})], 1),
        tile("Blue output", 100, (0.5, 0.5, 0.5), [levels({("Blue", "Output Black"): static(0.6),
                                                          ("Green", "Input White"): static(0.7)})], 2),
        tile("Alpha", 160, (0.2, 0.4, 0.8), [levels({("Alpha", "Output White"): kf([(0, 1), (59, 0.3)])})], 3)])
    # Stroke effect: paints along mask paths (mode "n", so they do not mask), cut by start and end.
    def mask(vs, mode="n"):
        return {"inv": False, "mode": mode, "o": static(100), "x": static(0), "nm": "Mask",
                "pt": static({"c": True, "v": vs, "i": [[0, 0]] * len(vs), "o": [[0, 0]] * len(vs)})}
    def stroke_eff(path, all_masks, seq, color, size, start, end, spacing, style, opacity=static(1)):
        return eff(22, "Stroke", [("Path", static(path)), ("All Masks", static(all_masks)),
                   ("Stroke Sequentially", static(seq)), ("Color", static(color)), ("Brush Size", static(size)),
                   ("Brush Hardness", static(1)), ("Opacity", opacity), ("Start", start), ("End", end),
                   ("Spacing", static(spacing)), ("Paint Style", static(style))])
    tri = [[20, 70], [60, 20], [100, 70]]
    sq = [[20, 80], [100, 80], [100, 120], [20, 120]]
    paint = shape_layer("On original", [group([rect((60, 60), (60, 60), 6), fill((0.95, 0.8, 0.3))])], ind=1)
    paint["masksProperties"] = [mask(tri), mask(sq)]
    paint["hasMask"] = True
    paint["ef"] = [stroke_eff(1, 0, 0, [0.8, 0.2, 0.2, 1], 3, static(0), kf([(0, 0), (59, 100)]), 15, 1)]
    dots = shape_layer("On transparent, dots, sequential", [group([rect((60, 60), (60, 60)), fill((0.2, 0.6, 0.9))])],
                       ind=2, p=(90, 0))
    dots["masksProperties"] = [mask(tri), mask(sq)]
    dots["hasMask"] = True
    dots["ef"] = [stroke_eff(1, 1, 1, [0.1, 0.3, 0.7, 1], 2.5, kf([(0, 0), (59, 40)]), static(90), 150, 2)]
    reveal = shape_layer("Reveal original", [group([rect((100, 160), (180, 50)), fill((0.3, 0.7, 0.4))])], ind=3)
    reveal["masksProperties"] = [mask([[20, 160], [180, 160]])]
    reveal["masksProperties"][0]["pt"]["k"]["c"] = False
    reveal["hasMask"] = True
    reveal["ef"] = [stroke_eff(1, 0, 0, [1, 1, 1, 1], 12, static(0), kf([(0, 10), (59, 100)]), 15, 3,
                               opacity=static(0.8))]
    s["effects_stroke"] = comp("Stroke effect", [paint, dots, reveal])
    # Motion blur: a fast square with "mb" on, under the composition's shutter settings.
    fast = shape_layer("Fast", [group([rect((0, 0), (30, 30)), fill((0.9, 0.2, 0.4))])], ind=1,
                       p=kf([(0, [30, 100, 0]), (59, [170, 100, 0])], easing=((1, 1), (0, 0))), r=kf([(0, 0), (59, 2000)]))
    fast["mb"] = True
    mb = comp("Motion blur", [fast])
    mb["mb"] = {"sa": 180, "sp": -90, "spf": 8, "asl": 8}
    s["motion_blur"] = mb

    # Images whose pixel size differs from the size their asset declares: a @2x image (128x128 pixels in a
    # 64x64 box) and a wide image (64x32 pixels in a 64x64 box), each drawn twice, one copy turning.
    def badge_pixel(size):
        def px(x, y):
            u, v = (x + 0.5) / size[0], (y + 0.5) / size[1]
            d = math.hypot(u - 0.5, v - 0.5)
            ring = int(d * 10) % 2
            c = (230, 90, 40) if ring else (250, 220, 90)
            if abs(u - v) < 0.04:
                c = (40, 60, 160)
            return c + (255,) if d < 0.5 else (80, 150, 200, 255)
        return px
    hi = png(128, 128, badge_pixel((128, 128)))
    wide = png(64, 32, badge_pixel((64, 32)))
    def img_layer(name, ind, ref, p, r=static(0)):
        return {"ddd": 0, "ind": ind, "ty": 2, "nm": name, "refId": ref, "sr": 1,
                "ks": {"o": static(100), "r": r, "p": static(list(p) + [0]), "a": static([32, 32, 0]),
                       "s": static([100, 100, 100])},
                "ao": 0, "ip": 0, "op": 60, "st": 0, "bm": 0}
    turn = kf([(0, 0), (59, 90)])
    s["image_fit"] = comp("Image fit", [
        img_layer("2x", 1, "hi", (55, 55)), img_layer("2x turning", 2, "hi", (145, 55), turn),
        img_layer("wide", 3, "wide", (55, 145)), img_layer("wide turning", 4, "wide", (145, 145), turn)],
        assets=[{"id": "hi", "w": 64, "h": 64, "u": "", "p": "data:image/png;base64," + base64.b64encode(hi).decode(), "e": 1},
                {"id": "wide", "w": 64, "h": 64, "u": "", "p": "data:image/png;base64," + base64.b64encode(wide).decode(), "e": 1}])
    return s


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, doc in samples().items():
        with open(os.path.join(OUT, name + ".json"), "w") as f:
            json.dump(doc, f, separators=(",", ":"))
            f.write("\n")
    print("wrote %d samples to %s" % (len(samples()), os.path.normpath(OUT)))


if __name__ == "__main__":
    main()
