#!/usr/bin/env python3
"""Peak memory of rendering every corpus file: each file's every frame at 512x512 to PNG files, one process per file,
its peak resident set read by wait4 (docs/robustness.md publishes the result).

    python3 scripts/corpus_rss.py [--shared ../shared] [--bin .build/release/lottie-render] [--size 512x512] [-j 2]
"""
import argparse, glob, os, shutil, statistics, subprocess, sys, tempfile, time

ap = argparse.ArgumentParser()
ap.add_argument("--shared", default="../shared")
ap.add_argument("--bin", default=".build/release/lottie-render")
ap.add_argument("--size", default="512x512")
ap.add_argument("-j", default="2")
a = ap.parse_args()
files = sorted(f for f in glob.glob(os.path.join(a.shared, "corpus", "**", "*.json"), recursive=True)
               if ".assets" not in f)
rows = []
for f in files:
    out = tempfile.mkdtemp(prefix="lr-rss-")
    start = time.time()
    p = subprocess.Popen([a.bin, f, "--size", a.size, "-j", a.j, "--quiet", "-o", out + "/"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.read().decode(errors="replace")
    _, status, usage = os.wait4(p.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    frames = len(os.listdir(out))
    shutil.rmtree(out)
    rows.append((f, code, usage.ru_maxrss / 1024, time.time() - start, frames, err.strip().splitlines()[-1:] ))
    print(f"{os.path.relpath(f, a.shared)}\t{code}\t{usage.ru_maxrss / 1024:.0f} MiB\t{time.time() - start:.1f} s\t{frames} frames",
          flush=True)
peaks = [r[2] for r in rows]
errors = [r for r in rows if r[1] != 0]
top = max(rows, key=lambda r: r[2])
print(f"\n{len(rows)} files, {sum(r[4] for r in rows)} frames, {len(errors)} errors; peak RSS median "
      f"{statistics.median(peaks):.0f} MiB, max {top[2]:.0f} MiB ({os.path.relpath(top[0], a.shared)})")
for r in errors:
    print("error:", r[0], r[1], r[5])
sys.exit(1 if errors else 0)
