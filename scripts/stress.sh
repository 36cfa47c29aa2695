#!/usr/bin/env bash
# Runs the threading tests — the seeded stress tests, whose threads build, change, animate,
# commit and release layers at the same time as the main thread commits, evaluates, snapshots
# and hit-tests, and the other tests that use layers from several threads — under
# ThreadSanitizer and then under AddressSanitizer; the AddressSanitizer run also takes the
# trees ten thousand levels deep, whose walks must fit in a thread's stack with that
# sanitizer's frames, the largest (DeepTreeTests matches WindowDeepTreeTests as well). They
# take most of a sanitizer run's time, so ThreadSanitizer, which looks for races, leaves
# them out. Exits non-zero on any sanitizer report or test failure.
# Each sanitizer builds into its own scratch directory (.build-tsan, .build-asan), and only the
# test targets holding the tests it runs and what they need (LAMINA_TEST_TARGETS, Package.swift):
# not the examples, benchmarks and other tests, which would add minutes to a cold build.
# LAMINA_STRESS_SEED=N replays the stress tests with another seed.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1; then export PATH="/opt/swift/usr/bin:$PATH"; fi
threading='ThreadStressTests|RenderBandThreadTests|TransactionThreadTests|CATransactionTests|BackgroundLayerBuildingTests|BackgroundQueueLayerTests|UserCodeOutsideLocksTests|AssociatedObjectTests'
# The test targets those tests are in (LaminaTests holds WindowDeepTreeTests).
threading_targets=QuartzCoreTests,AppleStyleSwift5Tests,AppleStyleSwift6Tests
status=0
for sanitizer in thread address; do
  if [[ $sanitizer == thread ]]; then
    scratch=.build-tsan filter=$threading targets=$threading_targets
  else
    scratch=.build-asan filter="$threading|DeepTreeTests" targets="$threading_targets,LaminaTests"
  fi
  export LAMINA_TEST_TARGETS=$targets
  log=$(mktemp)
  # The build runs tools built with the sanitizer (the protocol scanner), whose leaks at exit
  # are no concern; keep going after a report, so one run lists them all.
  export TSAN_OPTIONS="halt_on_error=0 ${TSAN_OPTIONS:-}" ASAN_OPTIONS="detect_leaks=0 ${ASAN_OPTIONS:-}"
  if ! swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" >"$log" 2>&1; then
    grep -vE "warning: Cannot export local symbol" "$log" | tail -n 40
    rm -f "$log"
    status=1
    continue
  fi
  set +e
  swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" --filter "$filter" >"$log" 2>&1
  tests=$?
  set -e
  reports=$(grep -cE "WARNING: ThreadSanitizer|ERROR: AddressSanitizer" "$log" || true)
  summary=$(grep -E "Executed [0-9]+ tests?, with [0-9]+ failures?" "$log" | tail -n 1 | sed 's/^[[:space:]]*//')
  echo "stress ($sanitizer sanitizer): ${summary:-no test summary}; $reports sanitizer reports"
  if [[ $tests -ne 0 || $reports -ne 0 ]]; then
    grep -E -A 30 "WARNING: ThreadSanitizer|ERROR: AddressSanitizer|error:" "$log" | head -n 200
    status=1
  fi
  rm -f "$log"
done
exit "$status"
