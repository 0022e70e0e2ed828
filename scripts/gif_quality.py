#!/usr/bin/env python3
"""GIF quality, size and time: lottie-render's encoder against ImageMagick's `convert` on the same frames.

For each file: render the frames to PNG (lottie-render), build a GIF with lottie-render and with ImageMagick from
those PNGs, decode both with Pillow (which applies disposal), and compare every source frame (composited over
white) with the GIF frame shown at its start time (also over white). Two modes:
  transparent: GIFs keep transparency (ours: white matte; ImageMagick: -dispose background);
  opaque:      both flattened onto white (--background white; ImageMagick -background white -alpha remove).
Prints a Markdown table. Usage: scripts/gif_quality.py FILE… [--size 256x256]
"""
import argparse, glob, json, math, os, subprocess, sys, tempfile, time
from PIL import Image
import numpy as np

TOOL = os.path.abspath(".build/release/lottie-render")


def over_white(im):
    a = np.asarray(im.convert("RGBA"), dtype=np.float64)
    al = a[..., 3:4] / 255
    return a[..., :3] * al + 255 * (1 - al)


def gif_frames(path):
    im = Image.open(path)
    frames, delays = [], []
    for i in range(getattr(im, "n_frames", 1)):
        im.seek(i)
        frames.append(over_white(im))
        delays.append(round(im.info.get("duration", 0) / 10))
    return frames, delays


def expand(frames, delays, expected):
    """Source frame k -> decoded frame, undoing the merge of identical consecutive frames (each decoded delay is a
    sum of consecutive expected delays). Falls back to 1:1 when the delays are not such a merge."""
    out, j = [], 0
    for f, d in zip(frames, delays):
        s = 0
        while j < len(expected) and s < d:
            s += expected[j]; j += 1; out.append(f)
    return out if len(out) == len(expected) else frames


def psnr(a, b):
    mse = np.mean((a - b) ** 2)
    return 99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse)


def measure(src, size, mode, work):
    frames_dir = os.path.join(work, "frames")
    subprocess.run([TOOL, src, "-o", frames_dir, "--size", size, "--quiet"] + (["--background", "white"] if mode == "opaque" else []), check=True)
    info = json.loads(subprocess.run([TOOL, "info", src, "--json"], capture_output=True, text=True).stdout)
    fr = info["fps"]
    pngs = sorted(glob.glob(frames_dir + "/*.png"))
    ours = os.path.join(work, "ours.gif")
    t0 = time.time()
    subprocess.run([TOOL, src, "-o", ours, "--size", size, "--quiet", "-j", "1"] + (["--background", "white"] if mode == "opaque" else []), check=True)
    t_ours = time.time() - t0
    im = os.path.join(work, "im.gif")
    # ImageMagick's delay is in 1/100 s; use the nearest whole value (it cannot do cumulative rounding).
    delay = str(round(100 / fr))
    args = ["convert", "-delay", delay, "-loop", "0"]
    args += ["-dispose", "background"] if mode == "transparent" else ["-background", "white", "-alpha", "remove", "-alpha", "off"]
    t0 = time.time()
    subprocess.run(args + pngs + [im], check=True)
    t_im = time.time() - t0
    src_frames = [over_white(Image.open(p)) for p in pngs]
    out = {}
    n = len(src_frames)
    ends = [min((k + 1) / fr, info["duration_s"]) for k in range(n)]
    ends[-1] = info["duration_s"]
    cum = [round(e * 100) for e in ends]
    expected = [cum[0]] + [cum[k] - cum[k - 1] for k in range(1, n)]
    for name, path in (("ours", ours), ("im", im)):
        g, delays = gif_frames(path)
        shown = expand(g, delays, expected) if name == "ours" else g
        vals = [psnr(s, shown[min(k, len(shown) - 1)]) for k, s in enumerate(src_frames)]
        out[name] = (sum(vals) / len(vals), min(vals), os.path.getsize(path), sum(delays) * 10)
    out["true"] = round(info["duration_s"] * 1000)
    return out, t_ours, t_im, len(pngs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--size", default="256x256")
    a = ap.parse_args()
    print("| file | mode | frames | PSNR ours (mean / min) | PSNR ImageMagick | size ours | size ImageMagick | duration ours / IM / true | time ours (render+encode) | time ImageMagick (encode) |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for f in a.files:
        for mode in ("transparent", "opaque"):
            with tempfile.TemporaryDirectory() as work:
                r, to, ti, n = measure(f, a.size, mode, work)
                print(f"| {os.path.basename(f)} | {mode} | {n} | {r['ours'][0]:.1f} / {r['ours'][1]:.1f} dB | "
                      f"{r['im'][0]:.1f} / {r['im'][1]:.1f} dB | {r['ours'][2]/1024:.0f} KiB | {r['im'][2]/1024:.0f} KiB | "
                      f"{r['ours'][3]} / {r['im'][3]} / {r['true']} ms | {to:.2f} s | {ti:.2f} s |")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
