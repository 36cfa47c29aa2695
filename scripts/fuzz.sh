#!/usr/bin/env bash
# Runs RandomMutationTests with many steps and several seeds under AddressSanitizer.
# Exits non-zero on any failure (a failed assertion, a trap, or an ASan report).
#
#   scripts/fuzz.sh                      # 5 seeds × 3000 steps
#   FUZZ_STEPS=20000 FUZZ_SEEDS="1 2 3" scripts/fuzz.sh
#
# Builds go through /tmp/lamina-build.lock (one Swift build at a time on the machine).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH

STEPS=${FUZZ_STEPS:-3000}
SEEDS=${FUZZ_SEEDS:-"1 2 3 4 5"}
LOCK=/tmp/lamina-build.lock
SCRATCH=.build-asan
# Memory errors only: LeakSanitizer also instruments the build-tool plugin (WaylandScanner),
# whose Foundation.Process leaks 32 bytes and would fail the build.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}

echo "fuzz: building with AddressSanitizer in $SCRATCH"
flock "$LOCK" swift build --build-tests --sanitize=address --scratch-path "$SCRATCH"

status=0
for seed in $SEEDS; do
    echo "fuzz: seed $seed, $STEPS steps"
    if ! LAMINA_FUZZ_SEED=$seed LAMINA_FUZZ_STEPS=$STEPS \
        flock "$LOCK" swift test --skip-build --sanitize=address --scratch-path "$SCRATCH" \
        --filter RandomMutationTests; then
        echo "fuzz: FAILED with LAMINA_FUZZ_SEED=$seed LAMINA_FUZZ_STEPS=$STEPS" >&2
        status=1
    fi
done
if [ "$status" -eq 0 ]; then echo "fuzz: all seeds passed"; fi
exit "$status"
