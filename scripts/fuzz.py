#!/usr/bin/env python3
"""Mutation fuzzing of lottie-render: swaps numbers in Lottie files for extreme values and renders the result.

Expressions ("x") are mutated too: cut, spliced with hostile or odd snippets (endless loops, huge allocations,
out-of-range keys and layers, extreme numbers), and planted on properties that had none.

Every run must end with exit 0 (rendered) or 2 (invalid input, one line naming the JSON path); anything else
(a trap, a signal, a time-out) is a crash, and the mutated file is kept for reproduction.

    python3 scripts/fuzz.py [--cases 200] [--seed 1] [--bin .build/release/lottie-render] [DIR_OR_FILE ...]

Default inputs: samples/*.json. Crashing cases are written to /tmp/lottie-fuzz/.
"""
import argparse, glob, json, os, random, subprocess, sys, time

EXTREMES = [1e300, -1e300, 1e-300, 0, -1, 1e9, -1e9, 2147483648, 9.3e18, 0.5, 1e15]


SNIPPETS = [
    "while(true){}", "for(;;){try{for(;;){}}catch(e){}}", "var a=[];while(1)a.push(a);", "Array(1e9).join('x')",
    "'x'.repeat(1e9)", "(function f(){return f()})()", "thisComp.layer(99999)", "thisComp.layer('nope').position",
    "valueAtTime(1e300)", "valueAtTime(NaN)", "loopOut('pingpong', -5)", "loopIn('offset', 1e9)",
    "loopOutDuration('cycle', 1e-300)", "wiggle(1e9, 1e300, 1e9)", "createPath(null)", "key(0)", "key(1e9)",
    "nearestKey(-1e300)", "effect(undefined)(null)", "content(0)(0)", "thisLayer(1e9)", "toComp([1e300,NaN])",
    "fromComp(null)", "thisProperty.propertyGroup(99)", "seedRandom(NaN,true);random([1,2],[3])", "noise([1e300])",
    "this.constructor.constructor('return this')()", "Object.defineProperty(Array.prototype,'0',{get:function(){while(1){}}})",
    "Duktape", "new Proxy({}, {get:function(){while(1){}}})", "eval('while(1){}')", "$bm_rt = [1,2,3,'x']",
    "$bm_rt = {v:[[0,0]],i:null,o:[],c:1}", "$bm_rt = createPath([[0,0],[1e308,1e308]])", "posterizeTime(0)",
    "linear(time, 0, 0, 1, 2)", "ease()", "$bm_rt = Symbol()", "throw 5",
]


def mutate_expression(src, rng):
    """Cuts the source, splices a snippet in, or swaps its numbers for extremes."""
    r = rng.random()
    if r < 0.3 and src:
        return src[:rng.randrange(len(src))]
    if r < 0.8:
        at = rng.randrange(len(src) + 1)
        return src[:at] + ";" + rng.choice(SNIPPETS) + ";" + src[at:]
    return "".join(str(rng.choice(EXTREMES)) if c.isdigit() and rng.random() < 0.5 else c for c in src)


def mutate(o, rate, rng):
    if isinstance(o, dict):
        o = dict(o)
        if isinstance(o.get("x"), str) and rng.random() < max(rate * 10, 0.3):
            o["x"] = mutate_expression(o["x"], rng)
        elif "k" in o and "x" not in o and rng.random() < rate:
            o["x"] = "var $bm_rt;\n" + rng.choice(SNIPPETS) + ";\n$bm_rt = value;"
        return {k: (v if k == "x" else mutate(v, rate, rng)) for k, v in o.items()}
    if isinstance(o, list):
        return [mutate(v, rate, rng) for v in o]
    if isinstance(o, (int, float)) and not isinstance(o, bool) and rng.random() < rate:
        return rng.choice(EXTREMES)
    return o


def main():
    root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("inputs", nargs="*")
    ap.add_argument("--cases", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bin", default=os.path.join(root, ".build/release/lottie-render"))
    ap.add_argument("--out", default="/tmp/lottie-fuzz")
    a = ap.parse_args()
    files = []
    for i in a.inputs or [os.path.join(root, "samples")]:
        files += sorted(glob.glob(os.path.join(i, "**/*.json"), recursive=True)) if os.path.isdir(i) else [i]
    files = [f for f in files if os.path.getsize(f) < 1_000_000]
    rng = random.Random(a.seed)
    os.makedirs(a.out, exist_ok=True)
    crashes = 0
    slowest = (0.0, "")
    for n in range(a.cases):
        src = rng.choice(files)
        try:
            doc = json.load(open(src))
        except (OSError, ValueError):
            continue
        case = os.path.join(a.out, "case_%d_%d.json" % (a.seed, n))
        with open(case, "w") as f:
            json.dump(mutate(doc, rng.choice([0.01, 0.05, 0.2]), rng), f)
        frame = str(rng.choice([0, 5, 17.5]))
        try:
            started = time.monotonic()
            r = subprocess.run([a.bin, case, "--frame", frame, "--size", "128x128", "--quiet", "-o", case + ".png"],
                               capture_output=True, timeout=60)
            code = r.returncode
            slowest = max(slowest, (time.monotonic() - started, case))
        except subprocess.TimeoutExpired:
            code = "time-out"
        if code in (0, 2):
            for p in (case, case + ".png"):
                if os.path.exists(p):
                    os.remove(p)
            continue
        crashes += 1
        print("CRASH %s: %s (from %s, frame %s)" % (code, case, src, frame), flush=True)
    print("%d cases, %d crashes; slowest case %.2f s (%s)" % (a.cases, crashes, slowest[0], slowest[1]))
    sys.exit(1 if crashes else 0)


if __name__ == "__main__":
    main()
