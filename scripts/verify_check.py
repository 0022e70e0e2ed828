#!/usr/bin/env python3
"""Acceptance check for `lottie-render check` on a real animation (issue 5):

1. record baselines of FILE at every frame;
2. make two variants: one layer's first fill colour changed, and the same layer shifted by 2 px;
3. find where that layer is visible: frames whose render changes when the layer is hidden (via `diff`);
4. check each variant: it must fail on exactly those frames, with diff images in the report.

Usage: scripts/verify_check.py FILE LAYER_INDEX [--tool .build/release/lottie-render] [--work /tmp/verify-check]
"""
import argparse, copy, json, os, shutil, subprocess, sys


def first_fill(items):
    for it in items:
        # The first fill or stroke that shows (a zero-opacity fill changes nothing visible).
        if it.get("ty") in ("fl", "st") and it.get("o", {}).get("k") != 0:
            return it
        if it.get("ty") == "gr":
            f = first_fill(it.get("it", []))
            if f:
                return f
    return None


def shift(layer, dx):
    p = layer["ks"]["p"]
    if p.get("s"):  # split position
        x = p["x"]
        if x.get("a"):
            for k in x["k"]:
                for key in ("s", "e"):
                    if key in k: k[key][0] += dx
        else:
            x["k"] = (x["k"][0] if isinstance(x["k"], list) else x["k"]) + dx
        return
    if p.get("a"):
        for k in p["k"]:
            for key in ("s", "e"):
                if key in k: k[key][0] += dx
    else:
        p["k"][0] += dx


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file"); ap.add_argument("layer", type=int)
    ap.add_argument("--tool", default=".build/release/lottie-render")
    ap.add_argument("--work", default="/tmp/verify-check")
    a = ap.parse_args()
    tool = os.path.abspath(a.tool)
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work + "/anims")
    doc = json.load(open(a.file))
    name = "anim"
    src = f"{a.work}/anims/{name}.json"
    json.dump(doc, open(src, "w"))
    snaps = a.work + "/snaps"
    r = subprocess.run([tool, "check", src, "--baseline", snaps, "--every", "1", "--record-missing"], capture_output=True, text=True)
    print("record:", r.stdout.strip().splitlines()[-1])

    hidden = copy.deepcopy(doc); hidden["layers"][a.layer]["hd"] = True
    json.dump(hidden, open(a.work + "/hidden.json", "w"))
    d = subprocess.run([tool, "diff", src, a.work + "/hidden.json", "--json"], capture_output=True, text=True)
    frames = json.loads(d.stdout)["result"]["animations"][0]["frames"]
    visible = sorted(int(f["frame"]) for f in frames if f["status"] == "changed")
    print(f"layer {a.layer} ({doc['layers'][a.layer].get('nm')}) visible in {len(visible)} of {len(frames)} frames:",
          f"{visible[0]}–{visible[-1]}" if visible else "none")

    variants = {}
    v = copy.deepcopy(doc); fill = first_fill(v["layers"][a.layer].get("shapes", []))
    fill["c"] = {"a": 0, "k": [0.0, 0.8, 0.3, 1]}
    variants["colour"] = v
    v = copy.deepcopy(doc); shift(v["layers"][a.layer], 2); variants["shift2px"] = v
    ok = True
    for tag, v in variants.items():
        json.dump(v, open(src, "w"))
        rep = f"{a.work}/report-{tag}"
        r = subprocess.run([tool, "check", src, "--baseline", snaps, "--every", "1", "--json", "--report", rep],
                           capture_output=True, text=True)
        res = json.loads(r.stdout)["animations"][0]["frames"]
        failing = sorted(int(f["frame"]) for f in res if f["status"] == "changed")
        d = f"{rep}/{name}"
        diffs = [f for f in os.listdir(d) if f.endswith(".diff.png")] if os.path.isdir(d) else []
        same = failing == visible
        ok = ok and same and r.returncode == 1 and len(diffs) == len(failing)
        extra = sorted(set(failing) - set(visible)); missing = sorted(set(visible) - set(failing))
        print(f"{tag}: exit {r.returncode}, {len(failing)} failing frames, {len(diffs)} diff images, "
              f"{'exactly the visible frames' if same else f'extra {extra} missing {missing}'}")
    json.dump(doc, open(src, "w"))
    r = subprocess.run([tool, "check", src, "--baseline", snaps, "--every", "1", "-j", "1"], capture_output=True, text=True)
    print("restored, -j 1:", r.stdout.strip().splitlines()[-1], "exit", r.returncode)
    ok = ok and r.returncode == 0
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
