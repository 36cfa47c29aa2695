#!/usr/bin/env bash
# Sets the machine up and runs every test: unit tests and the end-to-end tests against real
# headless sway and weston compositors. Exits non-zero if any test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-debian.sh
if ! command -v swift >/dev/null 2>&1; then export PATH="/opt/swift/usr/bin:$PATH"; fi
swift build --build-tests
swift test --skip-build
