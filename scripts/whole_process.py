#!/usr/bin/env python3
"""whole_process.py - end to end: a PNG sequence of every frame, lottie-render against ThorVG and rlottie scripts.

  scripts/whole_process.py FILE.json [...] [--size 512x512] [--rounds 3] [--jobs 1] [--check]
                           [--tool .build/release/lottie-render] [--markdown]

What a user waits for when exporting an animation as PNG frames, from the command to the last file on disk:
- lottie-render: `lottie-render FILE --size WxH -o DIR/ -j JOBS` (process start, load, every frame rendered,
  encoded and written);
- ThorVG and rlottie: this script run as `--engine NAME` in a fresh Python process, which loads the file with the
  engine (../shared/tools/refrender.py's bindings), renders the same frames (N = 0, 1, … while ip + N < op),
  unpremultiplies each and writes it as PNG with Pillow at zlib level 6, libpng's default that lottie-render
  writes with (both filter each row adaptively).
Each figure is wall time in ms, the best of the rounds (rounds alternate between the engines). The engine scripts'
time includes the Python interpreter and imports, which a C program would not pay; "in script" gives their time
from the file read to the last PNG, without that start-up. Single-threaded unless --jobs says otherwise (the
engine scripts always run one thread, pinned like lottie-render with taskset when --jobs is 1).

With --check, the snapshot test instead: baselines are recorded once (`lottie-render check --update`, not timed),
then `lottie-render check FILES` (every file in one run, as CI runs it) is timed against scripts that load each
file with the engine, render the frames the baselines hold (0, 25, 50, 75 and 100 % of the last), decode each
baseline PNG with Pillow and compare it with the frame.

Needs ../shared/tools (install-refs.sh --no-web installs the engines) and Pillow.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get("SHARED", os.path.join(HERE, "..", "..", "shared"))
LEVEL = 6


def engine_imports():
    """refrender (numpy and the engines' bindings) and Pillow, imported inside an engine's process."""
    sys.path.insert(0, os.path.join(SHARED, "tools"))
    import numpy as np
    import refrender
    from PIL import Image
    return np, refrender, Image


def load_fitted(eng, refrender, path, size):
    """Loads `path` into `eng` fitted as lottie-render's --size fits it: the aspect ratio kept, the longer side filling."""
    W, H = (int(v) for v in size.split("x"))
    comp = refrender.Comp(path)
    s = min(W / comp.w, H / comp.h)
    eng.load(comp, max(1, round(comp.w * s)), max(1, round(comp.h * s)))
    return comp


def engine_run(name, path, size, out):
    """Runs inside the engine's own process: load, render every frame, write PNGs. Prints ms from file read on."""
    t0 = time.perf_counter()
    _, refrender, Image = engine_imports()
    t_imports = time.perf_counter()
    eng = refrender.make_engine(name)
    comp = load_fitted(eng, refrender, path, size)
    for i, n in enumerate(comp.native_frames()):
        rgba = eng.render(n)
        Image.fromarray(rgba, "RGBA").save(os.path.join(out, "frame_%05d.png" % i), compress_level=LEVEL)
    eng.close()
    t1 = time.perf_counter()
    print("%.3f %.3f" % ((t1 - t_imports) * 1000, (t_imports - t0) * 1000))


def frame_of(name):
    """The frame number of a baseline file name (frame_00012.png, frame_00012.500.png)."""
    return float(name[len("frame_"):-len(".png")])


def engine_check(name, paths, size, baselines):
    """Runs inside the engine's own process: every file's baseline frames rendered and compared with the PNGs."""
    t0 = time.perf_counter()
    np, refrender, Image = engine_imports()
    t_imports = time.perf_counter()
    eng = refrender.make_engine(name)
    frames = differing = 0
    for path in paths:
        load_fitted(eng, refrender, path, size)
        folder = os.path.join(baselines, os.path.splitext(os.path.abspath(path))[0].lstrip("/"))
        for f in sorted(os.listdir(folder)):
            if not (f.startswith("frame_") and f.endswith(".png")):
                continue
            rgba = eng.render(frame_of(f))
            want = np.asarray(Image.open(os.path.join(folder, f)).convert("RGBA"))
            frames += 1
            differing += int(want.shape != rgba.shape or not np.array_equal(want, rgba))
    eng.close()
    t1 = time.perf_counter()
    print("%.3f %.3f %d %d" % ((t1 - t_imports) * 1000, (t_imports - t0) * 1000, frames, differing))


def check_run(a):
    """The snapshot test of every file, timed; returns {engine: (ms, frames, in-script ms)}."""
    pin = ["taskset", "-c", "0"] if a.jobs == 1 else []
    d = tempfile.mkdtemp(prefix="whole_check_")
    try:
        base = os.path.join(d, "snapshots")
        common = ["check"] + [os.path.abspath(p) for p in a.files] + ["--baseline", base, "--root", "/",
                                                                      "--size", a.size, "--no-config"]
        subprocess.run([a.tool] + common + ["--update"], capture_output=True, check=False, cwd=d)
        frames = sum(len([f for f in fs if f.endswith(".png")]) for _, _, fs in os.walk(base))
        best = {}
        for _ in range(a.rounds):
            t, _ = timed(pin + [a.tool] + common + ["-j", str(a.jobs)], cwd=d)
            if "lottie-render" not in best or t < best["lottie-render"][0]:
                best["lottie-render"] = (t, frames, None)
            for name in ("thorvg", "rlottie"):
                t, out = timed(["taskset", "-c", "0", sys.executable, os.path.abspath(__file__), "--engine", name,
                                "--check-baseline", base, "--size", a.size] + a.files)
                inside = float(out.split()[0])
                if name not in best or t < best[name][0]:
                    best[name] = (t, int(out.split()[2]), inside)
        return best
    finally:
        shutil.rmtree(d, ignore_errors=True)


def timed(cmd, cwd=None):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
    t = (time.perf_counter() - t0) * 1000
    if r.returncode != 0:
        raise RuntimeError("%s failed: %s" % (" ".join(cmd), r.stderr[-500:]))
    return t, r.stdout


def one_round(a, path):
    results = {}
    pin = ["taskset", "-c", "0"] if a.jobs == 1 else []
    d = tempfile.mkdtemp(prefix="whole_")
    try:
        t, _ = timed(pin + [a.tool, path, "--size", a.size, "-o", d + "/", "-j", str(a.jobs), "--quiet"])
        results["lottie-render"] = (t, len(os.listdir(d)), None)
        for name in ("thorvg", "rlottie"):
            shutil.rmtree(d)
            os.mkdir(d)
            t, out = timed(["taskset", "-c", "0", sys.executable, os.path.abspath(__file__), "--engine", name,
                            path, "--size", a.size, "--out", d])
            inside = float(out.split()[0])
            results[name] = (t, len(os.listdir(d)), inside)
    finally:
        shutil.rmtree(d, ignore_errors=True)
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--size", default="512x512")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--tool", default=os.path.join(HERE, "..", ".build", "release", "lottie-render"))
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--check", action="store_true", help="time the snapshot test instead of a PNG sequence")
    ap.add_argument("--engine", help=argparse.SUPPRESS)
    ap.add_argument("--check-baseline", help=argparse.SUPPRESS)
    ap.add_argument("--out", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.engine and a.check_baseline:
        engine_check(a.engine, a.files, a.size, a.check_baseline)
        return
    if a.engine:
        engine_run(a.engine, a.files[0], a.size, a.out)
        return
    if a.check:
        best = check_run(a)
        ours, tvg, rl = best["lottie-render"], best["thorvg"], best["rlottie"]
        print("check of %d files, %d frames: lottie-render %.0f ms, ThorVG %.0f (%.0f in script), rlottie %.0f (%.0f); "
              "ours / faster %.2f (%.2f against the in-script time)" % (
                  len(a.files), ours[1], ours[0], tvg[0], tvg[2], rl[0], rl[2], ours[0] / min(tvg[0], rl[0]),
                  ours[0] / min(tvg[2], rl[2])))
        return
    rows = []
    for path in a.files:
        best = {}
        for _ in range(a.rounds):
            for engine, (t, count, inside) in one_round(a, path).items():
                old = best.get(engine)
                if old is None or t < old[0]:
                    best[engine] = (t, count, inside)
        rows.append((path, best))
    if a.markdown:
        print("| file | frames | lottie-render ms | ThorVG script ms (in script) | rlottie script ms (in script) "
              "| ours / faster script | ours / faster in script |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for path, best in rows:
        ours, tvg, rl = best["lottie-render"], best["thorvg"], best["rlottie"]
        if not (ours[1] == tvg[1] == rl[1]):
            print("warning: %s: frame counts differ: ours %d, ThorVG %d, rlottie %d" % (path, ours[1], tvg[1], rl[1]),
                  file=sys.stderr)
        name = os.path.relpath(path, os.path.join(SHARED, "corpus")) if "corpus" in path else path
        ratio = ours[0] / min(tvg[0], rl[0])
        ratio_in = ours[0] / min(tvg[2], rl[2])
        if a.markdown:
            print("| %s | %d | %.0f | %.0f (%.0f) | %.0f (%.0f) | %.2f | %.2f |" % (
                name, ours[1], ours[0], tvg[0], tvg[2], rl[0], rl[2], ratio, ratio_in))
        else:
            print("%s: %d frames; lottie-render %.0f ms, ThorVG %.0f (%.0f in script), rlottie %.0f (%.0f); "
                  "ours / faster %.2f (%.2f against the in-script time)" % (
                      name, ours[1], ours[0], tvg[0], tvg[2], rl[0], rl[2], ratio, ratio_in))


if __name__ == "__main__":
    main()
