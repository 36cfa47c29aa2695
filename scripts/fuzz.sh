#!/usr/bin/env bash
# Fuzzes under AddressSanitizer, for several seeds: RandomMutationTests (random layer trees,
# properties, animations and clock jumps) and WindowRandomEventTests (the window path: random
# layer mutations in a window while the scripted compositor sends random configures, scales,
# pointer and keyboard events, seat capabilities, buffer releases and frame completions).
# Exits non-zero on any failure (a failed assertion, a trap, or an ASan report).
#
#   scripts/fuzz.sh                      # 5 seeds × 3000 steps, both paths
#   FUZZ_STEPS=20000 FUZZ_SEEDS="1 2 3" scripts/fuzz.sh
#   scripts/fuzz.sh --million            # 10⁶ steps per seed and path (hours; not for CI)
#   FUZZ_TESTS=WindowRandomEventTests scripts/fuzz.sh   # one path only
#   FUZZ_SCRATCH=.build-fuzz scripts/fuzz.sh --million  # a build of its own, so a long run
#                                                       # survives other sanitizer builds
#
# Builds go through /tmp/lamina-build.lock (one Swift build at a time on the machine).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH

STEPS=${FUZZ_STEPS:-3000}
while [ $# -gt 0 ]; do
    case "$1" in
        --million) STEPS=1000000; shift ;;
        --steps) STEPS="$2"; shift 2 ;;
        *) echo "fuzz: unknown argument $1 (use --million or --steps N)" >&2; exit 2 ;;
    esac
done
SEEDS=${FUZZ_SEEDS:-"1 2 3 4 5"}
TESTS=${FUZZ_TESTS:-"RandomMutationTests WindowRandomEventTests"}
LOCK=/tmp/lamina-build.lock
SCRATCH=${FUZZ_SCRATCH:-.build-asan}
# Memory errors only: LeakSanitizer also instruments the build-tool plugin (WaylandScanner),
# whose Foundation.Process leaks 32 bytes and would fail the build.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}

echo "fuzz: building with AddressSanitizer in $SCRATCH"
flock "$LOCK" swift build --build-tests --sanitize=address --scratch-path "$SCRATCH"

# The test bundle is run directly (not through `swift test`, which locks the build folder),
# so fuzz runs of different paths can share one build and run at the same time.
bundle="$(swift build --show-bin-path --sanitize=address --scratch-path "$SCRATCH")/LaminaPackageTests.xctest"
module_of() {
    case "$1" in
        WindowRandomEventTests) echo LaminaTests ;;
        RandomMutationTests) echo QuartzCoreTests ;;
        *) echo "fuzz: unknown test $1 (RandomMutationTests or WindowRandomEventTests)" >&2; return 1 ;;
    esac
}

status=0
for test in $TESTS; do
    module=$(module_of "$test")
    for seed in $SEEDS; do
        echo "fuzz: $test, seed $seed, $STEPS steps ($(date -u +%H:%M:%S))"
        # Tests run outside the build lock: they compile nothing.
        if ! LAMINA_FUZZ_SEED=$seed LAMINA_FUZZ_STEPS=$STEPS "$bundle" "$module.$test"; then
            echo "fuzz: FAILED $test with LAMINA_FUZZ_SEED=$seed LAMINA_FUZZ_STEPS=$STEPS" >&2
            status=1
        fi
    done
done
if [ "$status" -eq 0 ]; then echo "fuzz: all seeds passed ($(date -u +%H:%M:%S))"; fi
exit "$status"
