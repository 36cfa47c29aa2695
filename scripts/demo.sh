#!/usr/bin/env bash
# Sets the machine up and runs examples/window-demo. With no WAYLAND_DISPLAY it starts an
# embedded headless sway and writes a screenshot (the path is printed). Extra arguments go to
# the demo (see --help).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-debian.sh
if ! command -v swift >/dev/null 2>&1; then export PATH="/opt/swift/usr/bin:$PATH"; fi
swift build --product window-demo
exec .build/debug/window-demo "$@"
