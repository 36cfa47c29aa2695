#!/usr/bin/env python3
"""Runs the fidelity harness's runner on lottie-ios's samples and summarizes the results.

Usage: run_samples.py --binary PATH --lottie DIR --out DIR [--timeout S] [--jobs N]
                      [--color-space NAME] [SAMPLE ...]

Each sample (a .json under Tests/Samples with Core Animation snapshot images) runs in its own
process with a timeout, so a slow or crashing sample costs only its own frames. Writes
OUT/results.jsonl (one line per frame), OUT/summary.md (the table printed) and OUT/diffs/
(each differing frame, Lamina | Apple).
"""
import argparse
import concurrent.futures
import fnmatch
import json
import os
import re
import statistics
import subprocess
import sys
import time

PREFIX = "testCoreAnimationRenderingEngine."
FEATURES = ["gradients", "radial gradients", "masks", "keyframe paths", "compositingFilter", "images", "text"]


def find_samples(lottie):
    """{sample name: [reference image paths]} for every snapshot image of the engine; the
    name is None-mapped to its JSON's existence by the caller."""
    samples_dir = os.path.join(lottie, "Tests", "Samples")
    snapshots_dir = os.path.join(lottie, "Tests", "__Snapshots__", "SnapshotTests")
    references = sorted(f for f in os.listdir(snapshots_dir) if f.startswith(PREFIX) and f.endswith(".png"))
    names = []
    for root, _, files in os.walk(samples_dir):
        for file in files:
            if file.endswith(".json"):
                names.append(os.path.relpath(os.path.join(root, file), samples_dir)[: -len(".json")])
    by_sample = {}
    claimed = set()
    # Longest names first, so "a-b" does not claim "a-b-c"'s images.
    for name in sorted(names, key=len, reverse=True):
        start = PREFIX + name.replace("/", "-") + "-"
        mine = [r for r in references if r.startswith(start) and r not in claimed
                and re.fullmatch(r"(\d+|Frame-\d+)\.png", r[len(start):])]
        if mine:
            claimed.update(mine)
            by_sample[name] = [os.path.join(snapshots_dir, r) for r in mine]
    unclaimed = [r for r in references if r not in claimed]
    return samples_dir, by_sample, unclaimed


def run_sample(binary, samples_dir, name, references, diffs, timeout, color_space):
    """The runner's result lines for one sample; a timeout or crash gives error lines."""
    started = time.monotonic()
    try:
        completed = subprocess.run(
            [binary, "--samples", samples_dir, "--sample", name, "--diffs", diffs,
             "--color-space", color_space] + references,
            capture_output=True, timeout=timeout, text=True)
        stdout, problem = completed.stdout, None
        if completed.returncode not in (0, 1):
            problem = f"exit status {completed.returncode}: " + " | ".join(completed.stderr.strip().splitlines()[-3:])
    except subprocess.TimeoutExpired as expired:
        stdout = expired.stdout.decode() if isinstance(expired.stdout, bytes) else (expired.stdout or "")
        problem = f"timed out after {timeout} s"
    results = []
    for line in stdout.splitlines():
        try:
            results.append(json.loads(line))
        except json.JSONDecodeError:
            pass
    done = {r["reference"] for r in results}
    for reference in references:
        if os.path.basename(reference) not in done:
            results.append({"sample": name, "reference": os.path.basename(reference),
                            "error": problem or "no result"})
    return name, results, time.monotonic() - started


def rate(frames):
    matched = sum(1 for f in frames if f.get("match"))
    return matched, len(frames)


def percent(matched, total):
    return f"{matched}/{total} ({100 * matched / total:.0f}%)" if total else "0/0"


def summarize(results, unclaimed, missing_json):
    frames = results
    rendered = [f for f in frames if "share" in f]
    lines = ["# Fidelity: lottie-ios's Core Animation engine on Lamina against Apple's renders", ""]
    lines.append("A frame matches when at least 98.5% of its pixels are within 8/255 in every channel.")
    lines.append("")
    lines.append("| frames | matching | median share within 8/255 |")
    lines.append("|---|---|---|")

    def row(label, subset):
        shares = [f["share"] for f in subset if "share" in f]
        median = f"{statistics.median(shares):.4f}" if shares else "-"
        lines.append(f"| {label} | {percent(*rate(subset))} | {median} |")

    row("all", frames)
    plain = [f for f in rendered
             if not ({"text", "images"} & set(f.get("features", []))) and not f.get("appleBlank")]
    row("no text, no images, Apple's not blank", plain)
    lines.append("")
    lines.append("| feature (frames using it) | with it | without it |")
    lines.append("|---|---|---|")
    for feature in FEATURES:
        with_it = [f for f in rendered if feature in f.get("features", [])]
        without = [f for f in rendered if feature not in f.get("features", [])]
        lines.append(f"| {feature} | {percent(*rate(with_it))} | {percent(*rate(without))} |")
    errors = [f for f in frames if "error" in f]
    lines.append("")
    lines.append(f"Rendered {len(rendered)} of {len(frames)} frames; blank where Apple's is not: "
                 f"{sum(1 for f in rendered if f.get('oursBlank') and not f.get('appleBlank'))}.")
    if errors:
        by_error = {}
        for f in errors:
            by_error.setdefault(f["sample"], f["error"])
        lines.append(f"Not rendered ({len(errors)} frames, counted as not matching):")
        for sample, error in sorted(by_error.items()):
            lines.append(f"- {sample}: {error[:200]}")
    if missing_json:
        lines.append(f"Snapshot images whose sample JSON is not in the checkout (not counted): {len(missing_json)}.")
    if unclaimed:
        lines.append(f"Other snapshot images (.lottie/.lot samples, not counted): {len(unclaimed)}.")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--lottie", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--color-space", default="extendedSRGB")
    parser.add_argument("samples", nargs="*")
    args = parser.parse_args()

    samples_dir, by_sample, unclaimed = find_samples(args.lottie)
    # The images no JSON sample claimed: those of .lottie/.lot samples, and those of samples
    # whose JSON is missing from the checkout (a mirror lacking a blob).
    lottie_like = set()
    for root, _, files in os.walk(samples_dir):
        for file in files:
            if file.endswith((".lottie", ".lot")):
                lottie_like.add(PREFIX + os.path.relpath(os.path.join(root, file), samples_dir).rsplit(".", 1)[0].replace("/", "-") + "-")
    missing_json = [r for r in unclaimed if not any(r.startswith(p) for p in lottie_like)]
    unclaimed = [r for r in unclaimed if r not in missing_json]

    selected = sorted(by_sample)
    if args.samples:
        selected = [n for n in selected if any(fnmatch.fnmatchcase(n, p) for p in args.samples)]
        if not selected:
            sys.exit("run_samples.py: no sample matches " + " ".join(args.samples))
    diffs = os.path.join(args.out, "diffs")
    os.makedirs(diffs, exist_ok=True)
    for old in os.listdir(diffs):
        if any(old.startswith(n.replace("/", "-") + "-") for n in selected):
            os.remove(os.path.join(diffs, old))

    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(run_sample, args.binary, samples_dir, n, by_sample[n], diffs, args.timeout, args.color_space)
                   for n in selected]
        for index, future in enumerate(concurrent.futures.as_completed(futures), 1):
            name, sample_results, seconds = future.result()
            results.extend(sample_results)
            matched, total = rate(sample_results)
            failed = [r["error"] for r in sample_results if "error" in r]
            note = f"  ({failed[0][:80]})" if failed else ""
            print(f"[{index}/{len(selected)}] {name}: {matched}/{total} in {seconds:.1f} s{note}", flush=True)

    results.sort(key=lambda r: (r["sample"], r["reference"]))
    with open(os.path.join(args.out, "results.jsonl"), "w") as file:
        for r in results:
            file.write(json.dumps(r, sort_keys=True) + "\n")
    summary = summarize(results, unclaimed if not args.samples else [], missing_json if not args.samples else [])
    with open(os.path.join(args.out, "summary.md"), "w") as file:
        file.write(summary)
    print()
    print(summary, end="")
    print(f"\nResults: {os.path.join(args.out, 'results.jsonl')}; differing frames: {diffs}")


if __name__ == "__main__":
    main()
