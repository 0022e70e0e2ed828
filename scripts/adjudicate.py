#!/usr/bin/env python3
"""adjudicate.py - judge the frames conformance.py fails against the engine that implements the feature.

conformance.py judges an 'agree' frame against the engines that agree with each other. When those engines agree
because they all leave a feature out (an effect, a blend mode, a modifier), lottie-render fails the frame for
drawing it. This script re-judges such frames against an engine that does implement the feature, with the same
test (checkerboard mode, MAE <= 1.0 and bad% <= 2.0), and prints the adjusted score.

The list below names, per corpus file, the feature and the engine that implements it. It was drawn up by checking
which engines support each feature (docs/conformance.md), not from the results. Stored reference frames are used
when that engine has them; lottie-web's SVG renderer (which implements most effects) is rendered on the fly with
refrender.py.

Usage, from the project's root after a release build and a conformance run that wrote its CSV:
  python3 ../shared/tools/conformance.py --set all --csv /tmp/conformance.csv
  python3 scripts/adjudicate.py /tmp/conformance.csv [--shared ../shared] [--out /tmp/conformance]
"""

import argparse
import csv
import os
import subprocess
import sys

# corpus file -> (feature, engine that implements it)
IMPLEMENTED_BY = {
    "lottie-android/penguin.json": ("drop shadow", "thorvg"),
    "lottie-android/shadow_distance_test.json": ("drop shadow", "thorvg"),
    "lottie-android/LayerBlend_16.json": ("blend mode add", "thorvg"),
    "thorvg-web/zigzag-smooth.json": ("zig-zag", "lottieweb"),
    "lottie-android/streetby_test_loading.json": ("stroke effect", "lottieweb-svg"),
    "rlottie/you_re_in.json": ("fill effect", "lottieweb-svg"),
    "lottie-android/truecosmos.json": ("tint effect", "lottieweb-svg"),
    "thorvg-example/sample.json": ("text on a path", "thorvg"),
    "lottie-android/PrecompBlur.json": ("gaussian blur", "thorvg"),
}
# Text without "chars": the reference renders have no fonts and draw no text at all.
FONTLESS_TEXT = {"lottie-android/RTL.json", "lottie-android/SzFont.json", "lottie-ios/Text_NoAscentOrLineHeight.json",
                 "lottie-ios/verifyLineHeight.json", "thorvg/resolver.json", "thorvg-example/resolver2.json",
                 "lottie-android/hindi.json"}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv")
    ap.add_argument("--shared", default="../shared")
    ap.add_argument("--out", default="/tmp/conformance")
    args = ap.parse_args()
    sys.path.insert(0, os.path.join(args.shared, "tools"))
    import imgdiff  # noqa: E402

    rows = [r for r in csv.DictReader(open(args.csv)) if r["verdict"] == "agree"]
    passed = sum(r["pass"] == "1" for r in rows)
    extra, fontless, left = 0, 0, []
    for r in rows:
        if r["pass"] == "1":
            continue
        f, frame = r["file"], int(r["frame"])
        if f in FONTLESS_TEXT:
            fontless += 1
            continue
        if f not in IMPLEMENTED_BY:
            left.append((f, frame, "no engine implements what differs"))
            continue
        feature, engine = IMPLEMENTED_BY[f]
        stem = f[:-5]
        mine = os.path.join(args.out, stem, "frame_%05d.png" % frame)
        ref = os.path.join(args.shared, "reference", engine, stem, "frame_%05d.png" % frame)
        if not os.path.exists(ref):
            ref = os.path.join("/tmp/adjudicate", engine, stem, "frame_%05d.png" % frame)
            os.makedirs(os.path.dirname(ref), exist_ok=True)
            if not os.path.exists(ref):
                h, w = imgdiff.load_rgba(mine).shape[:2]
                subprocess.run(["python3", os.path.join(args.shared, "tools", "refrender.py"), engine,
                                os.path.join(args.shared, "corpus", f), "--frame", str(frame), "--size", "%dx%d" % (w, h),
                                "-o", ref], check=False, capture_output=True)
        if not os.path.exists(mine) or not os.path.exists(ref):
            left.append((f, frame, "missing frame"))
            continue
        res, _ = imgdiff.compare_arrays(imgdiff.load_rgba(mine), imgdiff.load_rgba(ref), want_ssim=False)
        ok = res["mae"] <= 1.0 and res["bad_pct"] <= 2.0
        print("%-48s f%-4d %-16s vs %-13s mae %6.3f bad%% %6.3f %s" % (
            f, frame, feature, engine, res["mae"], res["bad_pct"], "match" if ok else "MISS"))
        if ok:
            extra += 1
        else:
            left.append((f, frame, "%s: mae %.2f against %s" % (feature, res["mae"], engine)))
    n = len(rows)
    print()
    print("conformance.py:                         %d/%d = %.1f%%" % (passed, n, 100.0 * passed / n))
    print("judged by the implementing engine:      %d/%d = %.1f%%" % (passed + extra, n, 100.0 * (passed + extra) / n))
    print("without the %d fontless-text frames:    %d/%d = %.1f%%" % (
        fontless, passed + extra, n - fontless, 100.0 * (passed + extra) / (n - fontless)))
    for f, frame, why in left:
        print("  still failing: %s f%d (%s)" % (f, frame, why))


if __name__ == "__main__":
    main()
