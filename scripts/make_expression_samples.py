#!/usr/bin/env python3
"""Writes the expression samples (samples/expr_*.json): one After Effects expression feature per file, with
Bodymovin's own rewriting of operators ($bm_rt, $bm_sum, …). Original work of this project; run from the root:
    python3 scripts/make_expression_samples.py
"""
import importlib.util, json, os

spec = importlib.util.spec_from_file_location("ms", os.path.join(os.path.dirname(os.path.abspath(__file__)), "make_samples.py"))
ms = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ms)
static, kf, shape_layer, comp, fill, stroke, rect, ellipse, group, path = (
    ms.static, ms.kf, ms.shape_layer, ms.comp, ms.fill, ms.stroke, ms.rect, ms.ellipse, ms.group, ms.path)


def x(prop, source):
    """`prop` with the expression `source` (Bodymovin's form: it sets $bm_rt)."""
    p = dict(prop)
    p["x"] = "var $bm_rt;\n" + source
    return p


def bar(name, color, y, ind, expr_p=None, frames=((0, 30), (10, 80))):
    # A small square moving right over keyframes 0…10, then looping by `expr_p` (on position x via split).
    p = {"s": True, "x": kf([(t, v) for t, v in frames], easing=((1, 1), (0, 0))), "y": static(y)}
    if expr_p:
        p["x"] = x(p["x"], expr_p)
    layer = shape_layer(name, [group([rect((0, 0), (14, 14)), fill(color)])], ind=ind)
    layer["ks"]["p"] = p
    return layer


def slider(name, value, ix=1):
    return {"ty": 5, "nm": name, "mn": "ADBE Slider Control", "ix": ix, "en": 1,
            "ef": [{"ty": 0, "nm": "Slider", "mn": "ADBE Slider Control-0001", "ix": 1, "v": value}]}


def samples():
    s = {}
    # loopOut cycle / pingpong / offset / continue after the keyframes, loopIn cycle before them.
    colors = [(0.9, 0.3, 0.2), (0.2, 0.6, 0.9), (0.3, 0.8, 0.3), (0.9, 0.7, 0.1), (0.6, 0.3, 0.8)]
    loops = [("cycle", "$bm_rt = loopOut('cycle');"), ("pingpong", "$bm_rt = loopOut('pingpong');"),
             ("offset", "$bm_rt = $bm_div(loopOut('offset'), 1);"), ("continue", "$bm_rt = loopOut('continue');")]
    layers = [bar(n, colors[i], 30 + 35 * i, i + 1, e) for i, (n, e) in enumerate(loops)]
    late = bar("loopIn", colors[4], 170, 5, "$bm_rt = loopIn('cycle');", frames=((30, 30), (40, 80)))
    layers.append(late)
    s["expr_loops"] = comp("expr_loops", layers)

    # wiggle: deterministic, seeded by the property; two layers with the same settings wiggle differently.
    w1 = shape_layer("Wiggle A", [group([ellipse((0, 0), (30, 30)), fill((0.9, 0.4, 0.1))])], ind=1, p=(60, 100))
    w1["ks"]["p"] = x(w1["ks"]["p"], "$bm_rt = wiggle(2, 30);")
    w2 = shape_layer("Wiggle B", [group([ellipse((0, 0), (30, 30)), fill((0.1, 0.5, 0.9))])], ind=2, p=(140, 100))
    w2["ks"]["p"] = x(w2["ks"]["p"], "seedRandom(3, false);\n$bm_rt = wiggle(4, 20, 2, 0.5);")
    w2["ks"]["r"] = x(static(0), "$bm_rt = $bm_mul(random(-1, 1), 10);")
    s["expr_wiggle"] = comp("expr_wiggle", [w1, w2])

    # A slider-driven rig: a controller null's sliders set an arm's rotation and a hand's scale; the hand follows
    # the arm's tip through toComp, and its colour comes from a colour control.
    ctrl = {"ddd": 0, "ind": 1, "ty": 3, "nm": "Controller", "sr": 1, "ks": ms.ks(p=(0, 0)), "ao": 0,
            "ip": 0, "op": 60, "st": 0, "bm": 0,
            "ef": [slider("Angle", kf([(0, 0), (40, 120)])), slider("Size", static(60), ix=2),
                   {"ty": 5, "nm": "Tint", "mn": "ADBE Color Control", "ix": 3, "en": 1,
                    "ef": [{"ty": 2, "nm": "Color", "mn": "ADBE Color Control-0001", "ix": 1,
                            "v": static([0.2, 0.7, 0.4, 1])}]}]}
    arm = shape_layer("Arm", [group([rect((35, 0), (70, 10)), fill((0.3, 0.3, 0.35))])], ind=2, p=(60, 120))
    arm["ks"]["r"] = x(static(0), "$bm_rt = thisComp.layer('Controller').effect('Angle')('Slider');")
    hand = shape_layer("Hand", [group([ellipse((0, 0), (20, 20)), fill((0.9, 0.2, 0.2))])], ind=3)
    hand["ks"]["p"] = x(hand["ks"]["p"], "var a = thisComp.layer('Arm');\n$bm_rt = a.toComp([70, 0, 0]);")
    hand["ks"]["s"] = x(hand["ks"]["s"], "var s = thisComp.layer(1).effect('Size')(1);\n$bm_rt = [$bm_sum(s, 40), $bm_sum(s, 40)];")
    hand["shapes"][0]["it"][1]["c"] = x(static([1, 0, 0, 1]), "$bm_rt = thisComp.layer('Controller').effect('Tint')('Color');")
    s["expr_slider_rig"] = comp("expr_slider_rig", [ctrl, arm, hand])

    # valueAtTime: a follower trails the leader by 10 frames; linear() maps its x to the leader's opacity.
    lead = shape_layer("Leader", [group([rect((0, 0), (20, 20)), fill((0.9, 0.5, 0.1))])], ind=1,
                       p=kf([(0, [30, 70, 0]), (40, [170, 70, 0])]))
    lead["ks"]["o"] = x(static(100), "$bm_rt = linear(transform.position[0], 30, 170, 100, 30);")
    follow = shape_layer("Follower", [group([rect((0, 0), (20, 20)), fill((0.1, 0.5, 0.9))])], ind=2)
    follow["ks"]["p"] = x(follow["ks"]["p"],
                          "var p = thisComp.layer('Leader').transform.position.valueAtTime($bm_sub(time, 10 / 30));\n"
                          "$bm_rt = $bm_sum(p, [0, 60]);")
    s["expr_value_at_time"] = comp("expr_value_at_time", [lead, follow])

    # Path expressions: a copy of another layer's animated path, and a path built by createPath from the
    # source's points, moved along with pointOnPath.
    tri0 = path([[-40, 30], [0, -40], [40, 30]])
    tri1 = path([[-40, -30], [0, 40], [40, -30]])
    src = shape_layer("Source", [group([{"ty": "sh", "nm": "Path 1", "ks": kf([(0, [tri0]), (40, [tri1])])},
                                        stroke((0.2, 0.2, 0.2), 3)])], ind=1, p=(60, 100))
    src["shapes"][0]["nm"] = "Shape 1"
    copy = shape_layer("Copy", [group([{"ty": "sh", "nm": "Path 1", "ks": x(static(path([[0, 0], [1, 1]])),
                        "$bm_rt = thisComp.layer('Source').content('Shape 1').content('Path 1').path;")},
                        fill((0.2, 0.6, 0.9))])], ind=2, p=(140, 100))
    built = shape_layer("Built", [group([{"ty": "sh", "nm": "Path 1", "ks": x(static(path([[0, 0], [1, 1]])),
                         "var p = thisComp.layer('Source').content('Shape 1').content('Path 1').path;\n"
                         "var pts = p.points();\n"
                         "var c = p.pointOnPath(0.5);\n"
                         "$bm_rt = createPath([pts[0], c, pts[2]], [], [], true);")},
                         fill((0.9, 0.3, 0.3), o=60)])], ind=3, p=(60, 100))
    s["expr_path"] = comp("expr_path", [src, copy, built])

    # A path expression returning a plain object, as lottie-web's users write them: lottie-web copies it as one of
    # its own paths (ShapeProperty setVValue, shapePool.clone), so "i" and "o" are the control points' absolute
    # positions. A triangle whose control points sit on its vertices (straight sides), and one whose control points
    # are all at [0, 0] (its sides bow towards the layer's origin).
    tri = [[30, 40], [170, 40], [100, 170]]
    plain = shape_layer("Plain object", [group([{"ty": "sh", "nm": "Path 1", "ks": x(static(path([[0, 0], [1, 1]])),
                        "$bm_rt = {v: %s, i: %s, o: %s, c: true};" % (tri, tri, tri))},
                        fill((0.2, 0.4, 0.8))])], ind=1)
    bowed = shape_layer("Origin tangents", [group([{"ty": "sh", "nm": "Path 1", "ks": x(static(path([[0, 0], [1, 1]])),
                        "$bm_rt = {v: [[60, 70], [140, 70], [100, 140]], i: [[0, 0], [0, 0], [0, 0]], "
                        "o: [[0, 0], [0, 0], [0, 0]], c: true};")},
                        stroke((0.8, 0.2, 0.2), 4)])], ind=2)
    s["expr_path_object"] = comp("expr_path_object", [plain, bowed])

    # Points kept in a shape group and read back: a dot moving between two ellipses' positions
    # (content('Group').content('p0').position) with linear(), and a path through them as a plain object.
    marks = shape_layer("Marks", [{"ty": "gr", "nm": "Group", "it": [
        dict(ellipse((30, 40), (10, 10)), nm="p0"), dict(ellipse((170, 60), (10, 10)), nm="p1"),
        dict(ellipse((100, 170), (10, 10)), nm="p2"), fill((0.4, 0.4, 0.4)), ms.tr()]}], ind=1)
    read = "var g = thisComp.layer('Marks').content('Group');\n"
    dot = shape_layer("Dot", [group([ellipse((0, 0), (24, 24)), fill((0.8, 0.2, 0.4))])], ind=2)
    dot["ks"]["p"] = x(static([0, 0, 0]), read + "$bm_rt = linear(time, 0, 1.5, g.content('p0').position, "
                       "g.content('p1').position);")
    route = shape_layer("Route", [group([{"ty": "sh", "nm": "Path 1", "ks": x(static(path([[0, 0], [1, 1]])),
                        read + "var a = g.content('p0').position, b = g.content('p1').position, "
                        "c = g.content('p2').position;\n$bm_rt = {v: [a, b, c], i: [a, b, c], o: [a, b, c], c: false};")},
                        stroke((0.2, 0.6, 0.4), 3)])], ind=3)
    s["expr_group_points"] = comp("expr_group_points", [marks, dot, route])

    # `time` inside a precomp that starts half a second late: After Effects gives the precomp's own time (the dot
    # is half as far along as the one outside); ThorVG gives every expression the root composition's time.
    def runner(name, ind, y, color):
        layer = shape_layer(name, [group([ellipse((0, 0), (20, 20)), fill(color)])], ind=ind)
        layer["ks"]["p"] = x(static([0, y, 0]), "$bm_rt = [20 + time * 80, %d];" % y)
        return layer
    inside = runner("inside", 1, 120, (0.8, 0.2, 0.4))
    late = {"ddd": 0, "ind": 1, "ty": 0, "nm": "late precomp", "refId": "late", "sr": 1, "ip": 0, "op": 60,
            "st": 15, "w": 200, "h": 200, "bm": 0, "ks": ms.ks()}
    outside = runner("outside", 2, 70, (0.2, 0.4, 0.8))
    s["expr_precomp_time"] = comp("expr_precomp_time", [late, outside],
                                  assets=[{"id": "late", "layers": [dict(inside, ip=-100)]}])

    # Text expressions: a counter written from time, and a label copied from another layer's source text.
    def text_layer(name, ind, text, p, expr=None):
        d = {"k": [{"s": {"s": 28, "f": "DejaVuSans", "t": text, "j": 0, "tr": 0, "lh": 34, "ls": 0,
                          "fc": [0.15, 0.2, 0.5]}, "t": 0}]}
        if expr:
            d["x"] = "var $bm_rt;\n" + expr
        return {"ddd": 0, "ind": ind, "ty": 5, "nm": name, "sr": 1, "ks": ms.ks(p=p), "ao": 0, "ip": 0, "op": 60,
                "st": 0, "bm": 0, "t": {"d": d, "p": {}, "m": {"g": 1, "a": static([0, 0])}, "a": []}}
    counter = text_layer("Counter", 1, "0", (20, 60),
                         "$bm_rt = $bm_sum('Frame ', Math.round(time * 30)) + ' (' + value + ')';")
    label = text_layer("Label", 2, "Hello", (20, 120))
    echo = text_layer("Echo", 3, "?", (20, 170),
                      "$bm_rt = thisComp.layer('Label').text.sourceText.toUpperCase() + ' ' + text.sourceText.length;")
    t = comp("expr_text", [counter, label, echo])
    t["fonts"] = {"list": [{"fName": "DejaVuSans", "fFamily": "DejaVu Sans", "fStyle": "Book", "ascent": 75}]}
    s["expr_text"] = t
    return s


def main():
    for name, doc in samples().items():
        with open(os.path.join(ms.OUT, name + ".json"), "w") as f:
            json.dump(doc, f, separators=(",", ":"))
            f.write("\n")
    print("wrote %d expression samples to %s" % (len(samples()), os.path.normpath(ms.OUT)))


if __name__ == "__main__":
    main()
