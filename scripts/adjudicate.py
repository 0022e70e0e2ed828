#!/usr/bin/env python3
"""adjudicate.py - judge the frames conformance.py fails against the engine that implements the feature.

conformance.py judges an 'agree' frame against the engines that agree with each other. When those engines agree
because they all leave a feature out (an effect, a blend mode, a modifier), lottie-render fails the frame for
drawing it. This script re-judges such frames against an engine that does implement the feature, with the same
test (checkerboard mode, MAE <= 1.0 and bad% <= 2.0), and prints the adjusted score.

The list below names, per corpus file, the feature and the engine that implements it. It was drawn up by checking
which engines support each feature (docs/conformance.md), not from the results; one entry changed since:
thorvg-example/sample.json (text on a path) moved from ThorVG to lottie-web SVG once lottie-web's path-reversal
bug was found and undone (see lottieweb_copy). Stored reference frames are used
when that engine has them; lottie-web's SVG renderer (which implements most effects) is rendered on the fly with
refrender.py.

Usage, from the project's root after a release build and a conformance run that wrote its CSV:
  python3 ../shared/tools/conformance.py --set all --csv /tmp/conformance.csv
  python3 scripts/adjudicate.py /tmp/conformance.csv [--shared ../shared] [--out /tmp/conformance]
"""

import argparse
import base64
import csv
import json
import os
import re
import struct
import subprocess
import sys
import zlib

# corpus file -> (feature, engine that implements it)
IMPLEMENTED_BY = {
    "lottie-android/penguin.json": ("drop shadow", "thorvg"),
    "lottie-android/shadow_distance_test.json": ("drop shadow", "thorvg"),
    "lottie-android/LayerBlend_16.json": ("blend mode add", "thorvg"),
    "thorvg-web/zigzag-smooth.json": ("zig-zag", "lottieweb"),
    "lottie-android/streetby_test_loading.json": ("stroke effect", "lottieweb-svg"),
    "rlottie/you_re_in.json": ("fill effect", "lottieweb-svg"),
    "lottie-android/truecosmos.json": ("tint effect", "lottieweb-svg"),
    "thorvg-example/sample.json": ("text on a path", "lottieweb-svg"),
    "lottie-android/PrecompBlur.json": ("gaussian blur", "thorvg"),
}
# Text without "chars": the stored reference renders had no fonts and draw no text at all. lottie-web's SVG
# renderer draws such text with system fonts, so these are judged against it, given the font lottie-render uses.
FONTLESS_TEXT = {"lottie-android/RTL.json", "lottie-android/SzFont.json", "lottie-ios/Text_NoAscentOrLineHeight.json",
                 "lottie-ios/verifyLineHeight.json", "thorvg/resolver.json", "thorvg-example/resolver2.json",
                 "lottie-android/hindi.json"}
for _f in FONTLESS_TEXT:
    IMPLEMENTED_BY[_f] = ("text from fonts", "lottieweb-svg")

# Chromium is run without glyph hinting: lottie-render draws unhinted outlines, as After Effects does, and hinting
# alone moves stems by up to a pixel.
UNHINTED_FONTCONFIG = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <match target="font">
    <edit name="hinting" mode="assign"><bool>false</bool></edit>
    <edit name="hintstyle" mode="assign"><const>hintnone</const></edit>
    <edit name="autohint" mode="assign"><bool>false</bool></edit>
    <edit name="antialias" mode="assign"><bool>true</bool></edit>
    <edit name="rgba" mode="assign"><const>none</const></edit>
  </match>
</fontconfig>
"""

def transparent_png():
    """A data URI of a 1×1 fully transparent PNG."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 6, 0, 0, 0)) +
           chunk(b"IDAT", zlib.compress(b"\x00\x00\x00\x00\x00")) + chunk(b"IEND", b""))
    return "data:image/png;base64," + base64.b64encode(png).decode()


def layers_of(doc):
    """Every layer of the document, those of precomps included."""
    for layer in doc.get("layers", []):
        yield layer
    for asset in doc.get("assets", []):
        for layer in asset.get("layers", []) or []:
            yield layer


def reverse_path(path):
    """The same bezier path, run backwards (vertices reversed, in and out tangents swapped)."""
    return dict(path, v=path["v"][::-1], i=path["o"][::-1], o=path["i"][::-1])


def lottieweb_copy(src, dst, missing_fonts, folder):
    """A copy of src that lottie-web 5.7.4 draws as the file means, undoing what it gets wrong or cannot read.

    - Fonts lottie-render did not find are named as the one it draws with (DejaVu Sans), so both use the same
      glyphs; text without "chars" is otherwise drawn by each in a different fallback font.
    - U+0003 (a line break in text) becomes a carriage return: lottie-web puts it into its SVG, which is then not valid XML.
    - External images that do not exist become a transparent pixel: lottie-render and the other engines skip
      them, Chromium draws its broken-image icon.
    - Text on a path ("t.p"): lottie-web reverses the path whenever "r" is present, because it tests the
      property object rather than its value; when "r" is 0 the path is handed to it already reversed.
    """
    doc = json.load(open(src, encoding="utf-8"))
    for font in doc.get("fonts", {}).get("list", []):
        if font.get("fName") in missing_fonts:
            font.update(fFamily="DejaVu Sans", fStyle="Book", fName="DejaVuSans", fWeight="", origin=0)
            font.pop("fPath", None)
    for asset in doc.get("assets", []):
        if "p" in asset and not str(asset["p"]).startswith("data:") and \
                not os.path.exists(os.path.join(folder, asset.get("u", ""), asset["p"])):
            asset.update(u="", p=transparent_png(), e=1)
    for layer in layers_of(doc):
        text = layer.get("t") if layer.get("ty") == 5 else None
        if not isinstance(text, dict):
            continue
        for key in text.get("d", {}).get("k", []):
            if isinstance(key.get("s", {}).get("t"), str):
                key["s"]["t"] = key["s"]["t"].replace("\u0003", "\r")
        on_path = text.get("p", {})
        r = on_path.get("r")
        if "m" in on_path and isinstance(r, dict) and r.get("a", 0) == 0 and not r.get("k"):
            masks = layer.get("masksProperties", [])
            if 0 <= on_path["m"] < len(masks):
                pt = masks[on_path["m"]]["pt"]
                if pt.get("a"):
                    for kf in pt["k"]:
                        for end in ("s", "e"):
                            if end in kf:
                                kf[end] = [reverse_path(x) for x in kf[end]]
                else:
                    pt["k"] = reverse_path(pt["k"])
    json.dump(doc, open(dst, "w", encoding="utf-8"))


def missing_fonts(render, path):
    """Fonts lottie-render reports as not found for path (it draws their text in DejaVu Sans)."""
    out = subprocess.run([render, path, "--frame", "0", "-o", os.devnull], capture_output=True, text=True)
    return set(re.findall(r'font "([^"]+)" not found', out.stderr))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv")
    ap.add_argument("--shared", default="../shared")
    ap.add_argument("--out", default="/tmp/conformance")
    ap.add_argument("--render", default=".build/release/lottie-render")
    args = ap.parse_args()
    sys.path.insert(0, os.path.join(args.shared, "tools"))
    import imgdiff  # noqa: E402

    rows = [r for r in csv.DictReader(open(args.csv)) if r["verdict"] == "agree"]
    passed = sum(r["pass"] == "1" for r in rows)
    fontconfig = "/tmp/adjudicate/fonts.conf"
    os.makedirs("/tmp/adjudicate", exist_ok=True)
    open(fontconfig, "w").write(UNHINTED_FONTCONFIG)
    extra, text_frames, text_matched, left = 0, 0, 0, []
    for r in rows:
        if r["pass"] == "1":
            continue
        f, frame = r["file"], int(r["frame"])
        if f not in IMPLEMENTED_BY:
            left.append((f, frame, "no engine implements what differs"))
            continue
        feature, engine = IMPLEMENTED_BY[f]
        text_frames += f in FONTLESS_TEXT
        stem = f[:-5]
        mine = os.path.join(args.out, stem, "frame_%05d.png" % frame)
        ref = os.path.join(args.shared, "reference", engine, stem, "frame_%05d.png" % frame)
        if not os.path.exists(ref) and os.path.exists(mine):
            source = os.path.join(args.shared, "corpus", f)
            env = dict(os.environ)
            if engine == "lottieweb-svg":
                ref = os.path.join("/tmp/adjudicate", engine + "-copy", stem, "frame_%05d.png" % frame)
                copy = os.path.join("/tmp/adjudicate", engine + "-copy", f)
                os.makedirs(os.path.dirname(copy), exist_ok=True)
                lottieweb_copy(source, copy, missing_fonts(args.render, source), os.path.dirname(source))
                source, env["FONTCONFIG_FILE"] = copy, fontconfig
            else:
                ref = os.path.join("/tmp/adjudicate", engine, stem, "frame_%05d.png" % frame)
            os.makedirs(os.path.dirname(ref), exist_ok=True)
            if not os.path.exists(ref):
                h, w = imgdiff.load_rgba(mine).shape[:2]
                subprocess.run(["python3", os.path.join(args.shared, "tools", "refrender.py"), engine, source,
                                "--frame", str(frame), "--size", "%dx%d" % (w, h), "-o", ref],
                               check=False, capture_output=True, env=env)
        if not os.path.exists(mine) or not os.path.exists(ref):
            left.append((f, frame, "missing frame"))
            continue
        res, _ = imgdiff.compare_arrays(imgdiff.load_rgba(mine), imgdiff.load_rgba(ref), want_ssim=False)
        ok = res["mae"] <= 1.0 and res["bad_pct"] <= 2.0
        print("%-48s f%-4d %-16s vs %-13s mae %6.3f bad%% %6.3f %s" % (
            f, frame, feature, engine, res["mae"], res["bad_pct"], "match" if ok else "MISS"))
        if ok:
            extra += 1
            text_matched += f in FONTLESS_TEXT
        else:
            left.append((f, frame, "%s: mae %.2f against %s" % (feature, res["mae"], engine)))
    n = len(rows)
    print()
    print("conformance.py:                     %d/%d = %.1f%%" % (passed, n, 100.0 * passed / n))
    print("judged by the implementing engine:  %d/%d = %.1f%%" % (passed + extra, n, 100.0 * (passed + extra) / n))
    print("  of which text without chars:      %d of %d frames match lottie-web SVG" % (text_matched, text_frames))
    for f, frame, why in left:
        print("  still failing: %s f%d (%s)" % (f, frame, why))

if __name__ == "__main__":
    main()
