#!/usr/bin/env bash
# Fidelity harness: renders lottie-ios's snapshot frames with lottie's Core Animation engine
# compiled on Lamina, and compares each frame with Apple's render of it (lottie's own
# snapshot PNGs). See Tools/FidelityHarness/README.md.
#
#   Tools/FidelityHarness/lottie.sh --lottie DIR [--work DIR] [--out DIR] [--timeout S]
#                                   [--skip-build | --build-only] [--jobs N] [--color-space extendedSRGB|displayP3|sRGB]
#                                   [SAMPLE …]
#   Tools/FidelityHarness/lottie.sh --export-git-dir GITDIR --lottie DIR   (makes DIR first)
#
# SAMPLE: a sample's name under lottie's Tests/Samples without extension
# (e.g. Issues/issue_1403), or a shell pattern of names ('LottieFiles/*'). None: every sample.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
lottie="${LOTTIE_DIR:-/tmp/lottie-ios}"
work="/tmp/lottie-fidelity"
out=""
timeout_seconds=60
skip_build=0
build_only=0
git_dir=""
jobs=1
color_space=extendedSRGB
samples=()

while [[ $# -gt 0 ]]; do
    case "$1" in
        --lottie) lottie="$2"; shift 2 ;;
        --work) work="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --timeout) timeout_seconds="$2"; shift 2 ;;
        --skip-build) skip_build=1; shift ;;
        --build-only) build_only=1; shift ;;
        --export-git-dir) git_dir="$2"; shift 2 ;;
        --jobs) jobs="$2"; shift 2 ;;
        --color-space) color_space="$2"; shift 2 ;;
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "lottie.sh: unknown option $1" >&2; exit 2 ;;
        *) samples+=("$1"); shift ;;
    esac
done
out="${out:-$work/out}"
# The lock every build on this machine takes (HARNESS_BUILD_LOCK names another, e.g. when the
# caller already holds this one).
build_lock="${HARNESS_BUILD_LOCK:-/tmp/lamina-build.lock}"

case "$work" in
    "$repo"|"$repo"/*) echo "lottie.sh: the work folder must be outside the repository ($work)" >&2; exit 2 ;;
esac

# A bare git directory (such as a mirror) exported into a checkout, blob by blob: a mirror may
# lack a few large blobs, which are reported and skipped.
if [[ -n "$git_dir" ]]; then
    echo "== exporting $git_dir (HEAD) into $lottie"
    python3 "$here/Lottie/export_git_tree.py" "$git_dir" "$lottie"
fi

for needed in Sources/Private/CoreAnimation Tests/Samples Tests/__Snapshots__/SnapshotTests; do
    if [[ ! -d "$lottie/$needed" ]]; then
        echo "lottie.sh: $lottie is not a lottie-ios checkout (no $needed)" >&2
        exit 2
    fi
done

package="$work/package"
binary="$package/.build/release/lottie-fidelity"

if [[ $skip_build -eq 0 ]]; then
    echo "== copying lottie's Core Animation engine into $package"
    rm -rf "$package/Sources"
    mkdir -p "$package/Sources/Lottie" "$package/Sources/Runner"
    sed "s|@LAMINA@|$repo|" "$here/Lottie/Package.swift.in" > "$package/Package.swift"
    src="$lottie/Sources"
    # What the Core Animation engine needs (some of the main-thread engine's layers among
    # it), none of UIKit's views; DotLottie (zip archives) is left out.
    copied=(
        Private/CoreAnimation
        Private/Model
        Private/Utility
        Private/MainThread
        Private/RootAnimationLayer.swift
        Private/EmbeddedLibraries/LRUCache/LRUCache.swift
        Public/AnimationCache
        Public/Configuration
        Public/DynamicProperties
        Public/FontProvider
        Public/ImageProvider
        Public/Keyframes
        Public/Logging
        Public/Primitives
        Public/TextProvider
        Public/Animation/LottieAnimation.swift
        Public/Animation/LottieAnimationHelpers.swift
    )
    for item in "${copied[@]}"; do
        mkdir -p "$package/Sources/Lottie/$(dirname "$item")"
        cp -R "$src/$item" "$package/Sources/Lottie/$(dirname "$item")/"
    done
    rm -rf "$package/Sources/Lottie/Private/Model/DotLottie"
    cp "$here"/Lottie/Runner/*.swift "$package/Sources/Runner/"

    echo "== lamina-port (the porting guide's mechanical edits)"
    flock "$build_lock" swift build --package-path "$repo/Tools/LaminaPort" --product lamina-port >/dev/null
    port_bin="$(swift build --package-path "$repo/Tools/LaminaPort" --show-bin-path)/lamina-port"
    if ! "$port_bin" "$package/Sources/Lottie" > "$work/lamina-port.log"; then
        grep 'error:' "$work/lamina-port.log" >&2
        echo "lottie.sh: lamina-port failed; see $work/lamina-port.log" >&2
        exit 1
    fi
    echo "   $(tail -n 1 "$work/lamina-port.log") (log: $work/lamina-port.log)"

    echo "== the remaining Linux edits"
    python3 "$here/Lottie/linux_edits.py" "$package/Sources/Lottie"

    echo "== building (release, Swift 5 language mode; log: $work/build.log)"
    if ! flock "$build_lock" swift build -c release --package-path "$package" > "$work/build.log" 2>&1; then
        grep -E 'error:' "$work/build.log" | sort -u | head -40 >&2
        echo "lottie.sh: the build failed; see $work/build.log" >&2
        exit 1
    fi
    echo "   built; $(grep -c 'warning:' "$work/build.log" || true) compiler warnings (log: $work/build.log)"
fi

if [[ $build_only -eq 1 ]]; then
    exit 0
fi

if [[ ! -x "$binary" ]]; then
    echo "lottie.sh: no build at $binary (run without --skip-build first)" >&2
    exit 1
fi

echo "== rendering and comparing (timeout ${timeout_seconds}s per sample)"
python3 "$here/Lottie/run_samples.py" \
    --binary "$binary" --lottie "$lottie" --out "$out" --timeout "$timeout_seconds" --jobs "$jobs" \
    --color-space "$color_space" \
    "${samples[@]+"${samples[@]}"}"
