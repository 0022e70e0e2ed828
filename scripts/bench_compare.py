#!/usr/bin/env python3
"""bench_compare.py - same-run speed comparison of lottie-render with ThorVG and rlottie.

  scripts/bench_compare.py FILE.json [...] [--size 512x512] [--rounds 3] [--tool .build/release/lottie-render]
                           [--markdown]

For every file and round: `lottie-render bench FILE --json` pinned to one CPU, then ../shared/tools/reftime.py
(ThorVG and rlottie, pinned to one CPU too). Rounds alternate between the engines so that a slow spell of a noisy
machine hits all of them; each figure reported is the best round's (render: mean ms per frame over every frame
and pass; load: median of the tool's repeated loads). Ratios are lottie-render / the faster engine.

Needs ../shared/tools (install-refs.sh --no-web installs the engines).
"""

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get("SHARED", os.path.join(HERE, "..", "..", "shared"))


def ours(tool, path, size):
    out = subprocess.run(["taskset", "-c", "0", tool, "bench", path, "--size", size, "--json"],
                         check=True, capture_output=True, text=True).stdout
    d = json.loads(out.strip().splitlines()[-1])
    return {"render": d["render_ms_mean"], "load": d["load_ms"], "parse": d["parse_ms"]}


def refs(path, size):
    tmp = "/tmp/bench_compare_ref.json"
    subprocess.run([sys.executable, os.path.join(SHARED, "tools", "reftime.py"), path, "--engines",
                    "thorvg,rlottie", "--size", size, "--json", tmp],
                   check=True, capture_output=True, text=True)
    with open(tmp) as f:
        return {r["engine"]: {"render": r["ms_per_frame"], "load": r["parse_ms"]} for r in json.load(f)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--size", default="512x512")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--tool", default=os.path.join(HERE, "..", ".build", "release", "lottie-render"))
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args()
    rows = []
    for path in a.files:
        best = {}
        for _ in range(a.rounds):
            results = {"lottie-render": ours(a.tool, path, a.size)}
            results.update(refs(path, a.size))
            for engine, r in results.items():
                for k, v in r.items():
                    key = (engine, k)
                    best[key] = min(best.get(key, v), v)
        fast_render = min(best.get(("thorvg", "render"), 1e9), best.get(("rlottie", "render"), 1e9))
        rows.append({
            "file": os.path.relpath(path, os.path.join(SHARED, "corpus")) if SHARED in path else path,
            "ours": best[("lottie-render", "render")], "thorvg": best.get(("thorvg", "render")),
            "rlottie": best.get(("rlottie", "render")), "ratio": best[("lottie-render", "render")] / fast_render,
            "load": best[("lottie-render", "load")], "parse": best[("lottie-render", "parse")],
            "rlottie_load": best.get(("rlottie", "load")), "thorvg_load": best.get(("thorvg", "load")),
        })
        r = rows[-1]
        r["load_ratio"] = r["load"] / r["rlottie_load"] if r["rlottie_load"] else None
        sys.stderr.write("%s done\n" % r["file"])
    if a.markdown:
        print("| file | lottie-render | ThorVG | rlottie | ours / faster | load (parse) | rlottie load | ThorVG load |"
              " ours / rlottie |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for r in rows:
            print("| %s | %.3f | %.3f | %.3f | %.2f | %.2f (%.2f) | %.2f | %.2f | %.2f |" % (
                r["file"], r["ours"], r["thorvg"], r["rlottie"], r["ratio"], r["load"], r["parse"],
                r["rlottie_load"], r["thorvg_load"], r["load_ratio"]))
    else:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
