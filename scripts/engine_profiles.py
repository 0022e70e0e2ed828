#!/usr/bin/env python3
"""Scores a player profile against an engine's own frames in ../shared/reference (issue 32).

    python3 scripts/engine_profiles.py --engine thorvg --player dotlottie [--shared ../shared] [-j 2] [--out DIR]

Renders every frame that ENGINE drew of the corpus with `lottie-render --player PLAYER` at the reference's size
and scores it as conformance does (imgdiff.compare_arrays: MAE <= 1.0 and bad <= 2 %). Prints the figure and
the misses grouped by file; writes results.tsv into --out. Files whose expressions call random() or wiggle() are
counted apart with --skip-random (ThorVG's random numbers are its own).
"""
import argparse, csv, json, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

ap = argparse.ArgumentParser()
ap.add_argument("--engine", required=True, choices=["thorvg", "rlottie", "lottieweb", "lottieweb-svg"])
ap.add_argument("--player", required=True)
ap.add_argument("--shared", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared"))
ap.add_argument("--bin", default=os.path.join(os.path.dirname(__file__), "..", ".build", "release", "lottie-render"))
ap.add_argument("--out", default="/tmp/engine-profiles")
ap.add_argument("-j", type=int, default=2)
ap.add_argument("--only", help="substring of the file names to score")
ap.add_argument("--skip-random", action="store_true")
args = ap.parse_args()
sys.path.insert(0, os.path.join(args.shared, "tools"))
import imgdiff  # noqa: E402

REF = os.path.join(args.shared, "reference")
CORPUS = os.path.join(args.shared, "corpus")
rows = list(csv.DictReader(open(os.path.join(REF, "INDEX.tsv")), delimiter="\t"))


def uses_random(path):
    try:
        text = open(path, encoding="utf-8", errors="replace").read()
    except OSError:
        return False
    return "random(" in text or "wiggle(" in text or "gaussRandom(" in text


jobs = []
skipped = 0
for r in rows:
    stem = r["file"][:-5] if r["file"].endswith(".json") else r["file"]
    if args.only and args.only not in r["file"]:
        continue
    ref = os.path.join(REF, args.engine, stem, "frame_%05d.png" % int(r["frame"]))
    if not os.path.exists(ref):
        continue
    if args.skip_random and uses_random(os.path.join(CORPUS, r["file"])):
        skipped += 1
        continue
    jobs.append((r, stem, ref))


def run(job):
    r, stem, ref = job
    out = os.path.join(args.out, args.player, stem, "frame_%05d.png" % int(r["frame"]))
    os.makedirs(os.path.dirname(out), exist_ok=True)
    want = imgdiff.load_rgba(ref)
    cmd = [args.bin, os.path.join(CORPUS, r["file"]), "--player", args.player, "--frame", r["frame"],
           "--size", "%dx%d" % (want.shape[1], want.shape[0]), "-o", out, "--quiet"]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return (r["file"], r["frame"], False, None, None, "timeout")
    if p.returncode != 0 or not os.path.exists(out):
        return (r["file"], r["frame"], False, None, None, (p.stderr or "").strip().splitlines()[-1:] or "error")
    m, _ = imgdiff.compare_arrays(imgdiff.load_rgba(out), want, want_ssim=False)
    ok = m["mae"] <= 1.0 and m["bad_pct"] <= 2.0
    return (r["file"], r["frame"], ok, m["mae"], m["bad_pct"], "")


with ThreadPoolExecutor(args.j) as ex:
    res = list(ex.map(run, jobs))
ok = sum(1 for x in res if x[2])
os.makedirs(args.out, exist_ok=True)
with open(os.path.join(args.out, "results-%s-%s.tsv" % (args.player, args.engine)), "w") as f:
    w = csv.writer(f, delimiter="\t")
    w.writerow(["file", "frame", "pass", "mae", "bad_pct", "error"])
    for x in res:
        w.writerow([x[0], x[1], int(x[2]), "" if x[3] is None else "%.3f" % x[3],
                    "" if x[4] is None else "%.3f" % x[4], x[5]])
print("--player %s vs %s: %d/%d = %.1f %%%s" % (args.player, args.engine, ok, len(res), 100.0 * ok / max(1, len(res)),
      " (%d frames of files with random/wiggle left out)" % skipped if skipped else ""))
by_file = {}
for x in res:
    if not x[2]:
        by_file.setdefault(x[0], []).append(x)
for fname in sorted(by_file, key=lambda k: -len(by_file[k])):
    xs = by_file[fname]
    print("  %-60s %d miss  %s" % (fname, len(xs), " ".join(
        "%s:%s" % (x[1], "%.1f/%.0f%%" % (x[3], x[4]) if x[3] is not None else x[5]) for x in xs)))
