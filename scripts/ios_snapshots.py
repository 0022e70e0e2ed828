#!/usr/bin/env python3
"""ios_snapshots.py - score --player ios / ios-main-thread against lottie-ios's own rendered snapshots.

lottie-ios keeps the frames its snapshot tests render in its repository: Tests/__Snapshots__/SnapshotTests/ holds
`testCoreAnimationRenderingEngine.NAME-P.png` and `testMainThreadRenderingEngine.NAME-P.png` for the samples of
Tests/Samples/ (NAME is the sample's path without extension, `/` turned into `-`; P is 0, 25, 50, 75 or 100 %
progress, frame `ip + P/100 * (op - ip)`; a few samples list frames instead: `NAME-Frame-F.png`). The snapshots are
drawn at 2x scale, at most 500 pt on the long side, on a transparent background (Tests/SnapshotTests.swift,
`snapshotSize`).

This script reads a local lottie-ios checkout whose path you give (nothing is downloaded), renders every snapshot's
frame with the matching profile at the snapshot's pixel size, with the samples' fonts (`--fonts
Tests/Samples/Fonts`), and scores it as conformance.py does: MAE <= 1.0 and bad <= 2 % (pixels with a channel off
by more than 16), both images over the same checkerboard. Samples that Tests/SnapshotConfiguration.swift gives
custom value, text, image or font providers or a viewport are left out (their snapshots show what the app changed,
not the file); those with only a `.precision` (or another engine choice) are kept.

Writes into --out:
  table.md             one row a sample and engine: frames matching, worst MAE and bad %
  results.tsv          one row a frame
  montages/ENGINE/     for every miss: ours | lottie-ios | heat map
  renders/ENGINE/      our frames

Usage, from the project's root after `make build`:
  python3 scripts/ios_snapshots.py --lottie-ios PATH/TO/lottie-ios [--engine ca|main|both] [-j N]
                                   [--only SUBSTRING] [--out /tmp/ios-snapshots] [--no-montages]
Needs numpy and Pillow (`pip install numpy pillow`).
"""

import argparse
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from PIL import Image

MAX_MAE, MAX_BAD, TOL = 1.0, 2.0, 16
ENGINES = {"ca": ("testCoreAnimationRenderingEngine", "ios"), "main": ("testMainThreadRenderingEngine", "ios-main-thread")}
# Options of SnapshotConfiguration that change what is drawn: such samples are left out.
CUSTOM = ("customValueProviders", "customImageProvider", "customTextProvider", "customFontProvider",
          "customViewportFrame")
SAMPLE_EXT = (".json", ".lottie", ".lot")


def custom_samples(config_path):
    """Names of samples whose configuration in `customMapping` draws something other than the file."""
    text = open(config_path, encoding="utf-8").read()
    start = text.index("customMapping")
    body = text[start:text.index("\n  ]\n", start)]
    out, key, val = set(), None, []
    for line in body.splitlines()[1:] + ['    "":']:
        m = re.match(r'^    "([^"]*)":(.*)$', line)
        if m:
            if key is not None and any(c in "".join(val) for c in CUSTOM):
                out.add(key)
            key, val = m.group(1), [m.group(2)]
        elif key is not None:
            val.append(line.split("//")[0])
    return out


def frames_of(name, snaps_dir, prefix):
    """(label, kind, value) for each snapshot of a sample: kind 'progress' (P %) or 'frame' (an absolute frame)."""
    flat = name.replace("/", "-")
    out = []
    for p in (0, 25, 50, 75, 100):
        if os.path.exists(os.path.join(snaps_dir, "%s.%s-%d.png" % (prefix, flat, p))):
            out.append(("%d" % p, "progress", p / 100.0))
    pat = re.compile(re.escape("%s.%s-Frame-" % (prefix, flat)) + r"(\d+)\.png$")
    for f in sorted(os.listdir(snaps_dir)):
        m = pat.match(f)
        if m:
            out.append(("Frame-" + m.group(1), "frame", None))
    return out


def load_rgba(path):
    im = Image.open(path)
    return np.asarray(im if im.mode == "RGBA" else im.convert("RGBA"), dtype=np.uint8)


def over_checker(rgba):
    h, w = rgba.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    board = np.where(((yy // 8) + (xx // 8)) % 2 == 0, 96.0, 160.0)[..., None]
    a = rgba[..., 3:4].astype(np.float64) / 255.0
    return np.rint(rgba[..., :3].astype(np.float64) * a + board * (1.0 - a))


def score(mine, want):
    x, y = over_checker(mine), over_checker(want)
    d = np.abs(x - y)
    per_px = d.max(axis=2)
    return float(d.mean()), float((per_px > TOL).mean() * 100.0), per_px


def montage(mine, want, per_px):
    t = np.clip(per_px / 64.0, 0.0, 1.0)[..., None]
    heat = np.rint(np.concatenate([t * 255, np.clip(t * 2 - 1, 0, 1) * 255, np.zeros_like(t)], axis=2))
    gap = np.full((mine.shape[0], 4, 3), 255.0)
    return Image.fromarray(np.concatenate([over_checker(mine), gap, over_checker(want), gap, heat], axis=1)
                           .astype(np.uint8))


def info(tool, path):
    p = subprocess.run([tool, "info", "--json", path], capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        return None, (p.stderr or p.stdout).strip().splitlines()[-1:]
    j = json.loads(p.stdout)
    return j, None


def job(args, sample, engine, label, kind, value, meta, fonts):
    prefix, player = ENGINES[engine]
    flat = sample["name"].replace("/", "-")
    ref = os.path.join(args.snaps, "%s.%s-%s.png" % (prefix, flat, label))
    want = load_rgba(ref)
    h, w = want.shape[:2]
    row = {"sample": sample["name"], "engine": engine, "snapshot": label, "frame": "", "mae": "", "bad_pct": "",
           "pass": False, "error": ""}
    if meta is None:
        row["error"] = sample["error"]
        return row
    ip, op = meta["ip"], meta["op"]
    frame = (value * (op - ip)) if kind == "progress" else float(label.split("-")[1]) - ip
    row["frame"] = "%g" % (ip + frame)
    out = os.path.join(args.out, "renders", engine, "%s-%s.png" % (flat, label))
    os.makedirs(os.path.dirname(out), exist_ok=True)
    # lottie-ios sizes the view in points (the long side at most 500) and draws at 2x from the top-left corner;
    # the PNG rounds the fractional size up. Render at that exact scale and pad or crop at the top-left.
    cw, ch = meta["width"], meta["height"]
    scale = 2 * (min(cw, 500) / cw if cw > ch else min(ch, 500) / ch)
    cmd = [args.bin, sample["path"], "--player", player, "--frame", repr(frame), "--scale", repr(scale),
           "-o", out, "--quiet"] + fonts
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        row["error"] = "timeout"
        return row
    if p.returncode != 0 or not os.path.exists(out):
        row["error"] = "exit %d: %s" % (p.returncode, (p.stderr or "").strip().splitlines()[-1:])
        return row
    mine = load_rgba(out)
    if abs(mine.shape[0] - h) <= 1 and abs(mine.shape[1] - w) <= 1:
        fitted = np.zeros_like(want)
        fitted[:min(h, mine.shape[0]), :min(w, mine.shape[1])] = mine[:h, :w]
        mine = fitted
    if mine.shape != want.shape:
        row["error"] = "size %dx%d, snapshot %dx%d" % (mine.shape[1], mine.shape[0], w, h)
        return row
    mae, bad, per_px = score(mine, want)
    row.update(mae=round(mae, 3), bad_pct=round(bad, 3), **{"pass": mae <= MAX_MAE and bad <= MAX_BAD})
    if not row["pass"] and args.montages:
        m = os.path.join(args.out, "montages", engine, "%s-%s.png" % (flat, label))
        os.makedirs(os.path.dirname(m), exist_ok=True)
        montage(mine, want, per_px).save(m)
    return row


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lottie-ios", required=True, help="a local checkout of airbnb/lottie-ios")
    ap.add_argument("--bin", default=".build/release/lottie-render")
    ap.add_argument("--engine", choices=["ca", "main", "both"], default="both")
    ap.add_argument("--out", default="/tmp/ios-snapshots")
    ap.add_argument("--only", help="samples whose name contains this")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--no-montages", dest="montages", action="store_false")
    ap.add_argument("--no-fonts", dest="fonts", action="store_false", help="do not pass --fonts Tests/Samples/Fonts")
    args = ap.parse_args(argv)
    tests = os.path.join(args.lottie_ios, "Tests")
    samples_dir = os.path.join(tests, "Samples")
    args.snaps = os.path.join(tests, "__Snapshots__", "SnapshotTests")
    skip = custom_samples(os.path.join(tests, "SnapshotConfiguration.swift"))
    fonts = ["--fonts", os.path.join(samples_dir, "Fonts")] if args.fonts else []

    samples = []
    for root, dirs, files in os.walk(samples_dir):
        dirs[:] = sorted(d for d in dirs if d not in ("Fonts", "Images"))
        for f in sorted(files):
            if f.endswith(SAMPLE_EXT):
                path = os.path.join(root, f)
                name = os.path.relpath(path, samples_dir).rsplit(".", 1)[0]
                if name in skip or (args.only and args.only not in name):
                    continue
                samples.append({"name": name, "path": path, "error": ""})

    engines = ["ca", "main"] if args.engine == "both" else [args.engine]
    jobs = []
    metas = {}
    for s in samples:
        meta, err = info(args.bin, s["path"])
        metas[s["name"]] = meta
        s["error"] = "info failed: %s" % err if meta is None else ""
        for e in engines:
            for label, kind, value in frames_of(s["name"], args.snaps, ENGINES[e][0]):
                jobs.append((s, e, label, kind, value, meta))
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        rows = list(pool.map(lambda j: job(args, *j, fonts), jobs))

    os.makedirs(args.out, exist_ok=True)
    cols = ["sample", "engine", "snapshot", "frame", "pass", "mae", "bad_pct", "error"]
    with open(os.path.join(args.out, "results.tsv"), "w") as f:
        f.write("\t".join(cols) + "\n")
        for r in rows:
            f.write("\t".join(str(r[c]) for c in cols) + "\n")
    lines = ["| sample | engine | frames matching | worst MAE | worst bad % | misses |", "| --- | --- | ---: | ---: | ---: | --- |"]
    for e in engines:
        for s in samples:
            rs = [r for r in rows if r["sample"] == s["name"] and r["engine"] == e]
            if not rs:
                continue
            ok = sum(r["pass"] for r in rs)
            maes = [r["mae"] for r in rs if r["mae"] != ""]
            bads = [r["bad_pct"] for r in rs if r["bad_pct"] != ""]
            miss = ", ".join(r["snapshot"] + (" (%s)" % r["error"] if r["error"] else "") for r in rs if not r["pass"])
            lines.append("| %s | %s | %d/%d | %s | %s | %s |" % (s["name"], e, ok, len(rs), max(maes) if maes else "—",
                                                                max(bads) if bads else "—", miss))
    with open(os.path.join(args.out, "table.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    for e in engines:
        rs = [r for r in rows if r["engine"] == e]
        ok = sum(r["pass"] for r in rs)
        names = sorted({r["sample"] for r in rs})
        full = sum(all(r["pass"] for r in rs if r["sample"] == n) for n in names)
        print("%s (--player %s): %d/%d frames = %.1f %%; %d/%d samples match on every frame" % (
            ENGINES[e][0], ENGINES[e][1], ok, len(rs), 100.0 * ok / max(1, len(rs)), full, len(names)))
    print("left out (custom providers or viewport): %d samples; table in %s" % (len(skip), os.path.join(args.out, "table.md")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
