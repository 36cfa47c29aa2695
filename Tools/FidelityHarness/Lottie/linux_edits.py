#!/usr/bin/env python3
"""The edits lottie-ios's Core Animation engine needs on Linux beyond lamina-port's.

Usage: linux_edits.py SOURCES   (the copied lottie sources, already through lamina-port)

Each edit names the files it applies to, what it looks for and why. An edit that finds
nothing to change fails the run: lottie changed, and the edit needs a look.
"""
import glob
import os
import re
import sys

# (why, files (glob under SOURCES, or "*" for every Swift file), pattern, replacement).
# Patterns are regular expressions (re.MULTILINE); the replacement may use \1 etc.
EDITS = [
    (
        "DotLottie (its error type with it) is not copied",
        "Private/Utility/Extensions/DataExtension.swift",
        r"throw DotLottieError\.assetNotFound\(name: assetName, bundle: bundle\)",
        "throw CocoaError(.fileReadNoSuchFile)",
    ),
    (
        "the dictionary-based decoder reads numbers with `as? Double`, which fails for "
        "JSONSerialization's integers on Linux: decode with Codable",
        "Public/Configuration/LottieConfiguration.swift",
        r"decodingStrategy: DecodingStrategy = \.dictionaryBased",
        "decodingStrategy: DecodingStrategy = .legacyCodable",
    ),
]

# Files the engine does not need that reference what is not copied (DotLottie).
REMOVED = [
    "Private/Utility/LottieAnimationSource.swift",
]


def files_for(sources, selector):
    every = sorted(glob.glob(os.path.join(sources, "**", "*.swift"), recursive=True))
    if selector == "*":
        return every
    if selector.startswith("*contains:"):
        needle = selector[len("*contains:"):]
        return [f for f in every if needle in open(f, encoding="utf-8").read()]
    return sorted(glob.glob(os.path.join(sources, selector)))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sources = sys.argv[1]
    failed = False
    for path in REMOVED:
        target = os.path.join(sources, path)
        if os.path.exists(target):
            os.remove(target)
            print(f"removed {path}")
        else:
            print(f"error: {path} is not there to remove")
            failed = True
    for why, selector, pattern, replacement in EDITS:
        total = 0
        for path in files_for(sources, selector):
            with open(path, encoding="utf-8") as file:
                text = file.read()
            new, count = re.subn(pattern, replacement, text, flags=re.MULTILINE)
            if count:
                with open(path, "w", encoding="utf-8") as file:
                    file.write(new)
                total += count
        if total == 0:
            print(f"error: no change for: {why} ({selector})")
            failed = True
        else:
            print(f"{total:4d} × {why}")
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
