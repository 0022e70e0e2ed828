#!/usr/bin/env python3
"""Seed corpora for the libFuzzer targets (`make fuzz`), written under .build-fuzz/seeds/ (never into the repository).

    python3 scripts/fuzz_seeds.py [--shared ../shared] [--out .build-fuzz/seeds]

- animation: samples/*.json, a gzip (.tgs) and a zip (.lottie) of one sample, and the corpus files when
  ../shared/corpus is present (files over 1 MB are left out: libFuzzer's -max_len would cut them anyway);
- image: the images embedded in those files as data URIs, the corpus's image files, and GIF/WebP/PNG/JPEG
  frames of samples/clouds.json written by the tool itself when it is built;
- expression: every expression text ("x") of those files;
- api: parameter streams for the public API target (fixed patterns and seeded random bytes).
"""
import argparse, base64, glob, gzip, io, json, os, subprocess, zipfile, hashlib

def walk(v, out):
    if isinstance(v, dict):
        x = v.get("x")
        if isinstance(x, str) and x.strip():
            out["expression"].append(x.encode())
        p = v.get("p")
        if isinstance(p, str) and p.startswith("data:image/") and ";base64," in p:
            try:
                out["image"].append(base64.b64decode(p.split(",", 1)[1], validate=False))
            except Exception:
                pass
        for w in v.values():
            walk(w, out)
    elif isinstance(v, list):
        for w in v:
            walk(w, out)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", default="../shared")
    ap.add_argument("--out", default=".build-fuzz/seeds")
    ap.add_argument("--tool", default=".build/release/lottie-render")
    a = ap.parse_args()
    seeds = {"animation": [], "image": [], "expression": [], "api": []}
    # api: parameter streams (APIFuzz.swift reads them byte by byte); a few fixed patterns and seeded noise.
    import random
    rng = random.Random(1)
    seeds["api"] += [bytes(64), bytes([255]) * 64, bytes(range(256))]
    seeds["api"] += [bytes(rng.randrange(256) for _ in range(rng.randrange(16, 200))) for _ in range(40)]
    files = sorted(glob.glob("samples/*.json"))
    files += sorted(glob.glob(os.path.join(a.shared, "corpus", "**", "*.json"), recursive=True))
    for f in files:
        data = open(f, "rb").read()
        try:
            doc = json.loads(data)
        except Exception:
            continue
        if len(data) <= 1 << 20:
            seeds["animation"].append(data)
        walk(doc, seeds)
    sample = open("samples/shapes_rect_ellipse.json", "rb").read()
    seeds["animation"].append(gzip.compress(sample, mtime=0))
    z = io.BytesIO()
    with zipfile.ZipFile(z, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("manifest.json", json.dumps({"animations": [{"id": "a"}]}))
        zf.writestr("animations/a.json", sample)
    seeds["animation"].append(z.getvalue())
    for ext in ("png", "jpg", "jpeg", "webp", "gif"):
        for f in glob.glob(os.path.join(a.shared, "corpus", "**", "*." + ext), recursive=True):
            seeds["image"].append(open(f, "rb").read())
    if os.path.exists(a.tool):
        tmp = os.path.join(a.out, "tmp")
        os.makedirs(tmp, exist_ok=True)
        for fmt in ("gif", "webp", "png"):
            path = os.path.join(tmp, "clouds." + fmt)
            subprocess.run([a.tool, "samples/clouds.json", "--size", "32x32", "--frames", "0:2", "--format", fmt,
                            "-o", path if fmt != "png" else tmp + "/"], capture_output=True)
        for f in glob.glob(tmp + "/*"):
            seeds["image"].append(open(f, "rb").read())
            os.remove(f)
        os.rmdir(tmp)
    for name, items in seeds.items():
        d = os.path.join(a.out, name)
        os.makedirs(d, exist_ok=True)
        for b in items:
            open(os.path.join(d, hashlib.sha1(b).hexdigest()), "wb").write(b)
        print(f"{name}: {len(set(items))} seeds in {d}")

main()
