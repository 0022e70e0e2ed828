#!/usr/bin/env python3
"""bench_compare.py - same-run speed comparison of lottie-render with ThorVG and rlottie.

  scripts/bench_compare.py FILE.json [...] [--size 512x512] [--rounds 3] [--tool .build/release/lottie-render]
                           [--markdown]

For every file and round: `lottie-render bench FILE --json` pinned to one CPU, then ../shared/tools/reftime.py
(ThorVG and rlottie, pinned to one CPU too). Rounds alternate between the engines so that a slow spell of a noisy
machine hits all of them; each figure reported is the best round's (render: mean ms per frame over every frame
and pass; load: median of the tool's repeated loads). Ratios are lottie-render / the faster engine.

Expressions: rlottie evaluates none and ThorVG only a subset, so a file with expressions is timed against them with
`--expressions off` (issue 33's rule); its time with expressions on is reported apart ("expr." columns).

Engines that cannot draw a file: ../shared/tools/capabilities.py lists the features each engine leaves out (with the
evidence). An engine that leaves out a feature the file uses is marked "*" in the table, and a second ratio
("ours / faster capable") compares with the engines that draw the whole file only ("-" when neither does). The
first ratio always takes both engines, whatever they draw.

Needs ../shared/tools (install-refs.sh --no-web installs the engines).
"""

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get("SHARED", os.path.join(HERE, "..", "..", "shared"))
ENGINES = ["thorvg", "rlottie"]


def ours(tool, path, size, expressions_off=False):
    cmd = ["taskset", "-c", "0", tool, "bench", path, "--size", size, "--json"]
    if expressions_off:
        cmd += ["--expressions", "off"]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    d = json.loads(out.strip().splitlines()[-1])
    return {"render": d["render_ms_mean"], "load": d["load_ms"], "parse": d["parse_ms"]}, d.get("expressions", 0)


def refs(path, size):
    tmp = "/tmp/bench_compare_ref.json"
    subprocess.run([sys.executable, os.path.join(SHARED, "tools", "reftime.py"), path, "--engines",
                    ",".join(ENGINES), "--size", size, "--json", tmp],
                   check=True, capture_output=True, text=True)
    with open(tmp) as f:
        return {r["engine"]: {"render": r["ms_per_frame"], "load": r["parse_ms"]} for r in json.load(f)}


def incapable(path, expressions_off):
    """Engines of ENGINES that leave out a feature the file uses, with those features (not expressions when the
    file is timed with them off)."""
    sys.path.insert(0, os.path.join(SHARED, "tools"))
    try:
        import capabilities
    except ImportError:
        return {}
    tags = capabilities.file_features(path)
    if expressions_off:
        tags = {t for t in tags if t != "expressions" and not t.startswith("expressions:")}
    return {e: capabilities.missing(e, tags) for e in ENGINES if capabilities.missing(e, tags)}


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
        with_expressions = None
        for _ in range(a.rounds):
            mine, expressions = ours(a.tool, path, a.size)
            results = {}
            if expressions:
                results["expressions"] = mine
                mine, _ = ours(a.tool, path, a.size, expressions_off=True)
            results["lottie-render"] = mine
            results.update(refs(path, a.size))
            for engine, r in results.items():
                for k, v in r.items():
                    key = (engine, k)
                    best[key] = min(best.get(key, v), v)
        missing = incapable(path, ("expressions", "render") in best)
        fast_render = min(best.get((e, "render"), 1e9) for e in ENGINES)
        capable = [best[(e, "render")] for e in ENGINES if e not in missing and (e, "render") in best]
        r = {
            "file": os.path.relpath(path, os.path.join(SHARED, "corpus")) if SHARED in path else path,
            "ours": best[("lottie-render", "render")], "thorvg": best.get(("thorvg", "render")),
            "rlottie": best.get(("rlottie", "render")), "ratio": best[("lottie-render", "render")] / fast_render,
            "ratio_capable": best[("lottie-render", "render")] / min(capable) if capable else None,
            "load": best[("lottie-render", "load")], "parse": best[("lottie-render", "parse")],
            "rlottie_load": best.get(("rlottie", "load")), "thorvg_load": best.get(("thorvg", "load")),
            "expressions_off": ("expressions", "render") in best,
            "render_with_expressions": best.get(("expressions", "render")),
            "load_with_expressions": best.get(("expressions", "load")),
            "engines_missing_features": missing,
        }
        r["load_ratio"] = r["load"] / r["rlottie_load"] if r["rlottie_load"] else None
        rows.append(r)
        sys.stderr.write("%s done\n" % r["file"])
    if a.markdown:
        print("| file | lottie-render | ThorVG | rlottie | ours / faster | ours / faster capable | load (parse) |"
              " rlottie load | ThorVG load | ours / rlottie | expr. render | expr. load |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")

        def num(v, fmt):
            return fmt % v if v is not None else "-"

        for r in rows:
            mark = {e: "*" if e in r["engines_missing_features"] else "" for e in ENGINES}
            print("| %s%s | %.3f | %.3f%s | %.3f%s | %.2f | %s | %.2f (%.2f) | %.2f | %.2f | %.2f | %s | %s |" % (
                r["file"], " (expr. off)" if r["expressions_off"] else "", r["ours"], r["thorvg"], mark["thorvg"],
                r["rlottie"], mark["rlottie"], r["ratio"], num(r["ratio_capable"], "%.2f"), r["load"], r["parse"],
                r["rlottie_load"], r["thorvg_load"], r["load_ratio"], num(r["render_with_expressions"], "%.3f"),
                num(r["load_with_expressions"], "%.2f")))
        if any(r["engines_missing_features"] for r in rows):
            print()
        for r in rows:
            for e, m in sorted(r["engines_missing_features"].items()):
                print("- %s: %s does not draw %s" % (r["file"], e, ", ".join(m)))
    else:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
