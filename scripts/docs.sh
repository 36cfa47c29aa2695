#!/usr/bin/env bash
# Builds the DocC documentation of every public module and fails on any DocC warning (a
# broken or ambiguous symbol link, an undocumented parameter, a topic that names nothing).
# The archives are written to .build/plugins/Swift-DocC/outputs/<Module>.doccarchive
# (git-ignored with the rest of .build). Needs Swift 6.1+ (it ships docc); installs the
# system packages the build needs first, as scripts/test.sh does.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-debian.sh || exit 1
if ! command -v swift >/dev/null 2>&1; then export PATH="/opt/swift/usr/bin:$PATH"; fi

modules=(QuartzCore CoreGraphics CoreImage CoreText ImageIO Lamina LaminaTesting Wayland)
targets=()
for module in "${modules[@]}"; do targets+=(--target "$module"); done
log=$(mktemp)
trap 'rm -f "$log"' EXIT

swift package generate-documentation "${targets[@]}" --warnings-as-errors >"$log" 2>&1
status=$?

# DocC's diagnostics with their source excerpts; the build's progress lines are left out.
diagnostics=$(grep -cE '(^|: )(warning|error):' "$log")
if [ "$status" -ne 0 ] || [ "$diagnostics" -ne 0 ]; then
    grep -E -A6 '(^|: )(warning|error):' "$log" || tail -30 "$log"
    echo "docs: FAILED: $diagnostics warnings or errors (exit status $status)" >&2
    exit 1
fi
grep -E '^Generated documentation archive at' "$log" || true
echo "docs: ${modules[*]}: no warnings"
