#!/usr/bin/env bash
# Soak: window-demo's scene animating without pause on headless weston (window-demo --soak),
# sampling the process's resident memory, the bytes malloc has in use, open file descriptors,
# the window's shm pools and its cached bitmap bytes (every 60 s, or every 10 s for runs of 20
# minutes or less). The first half of the run is warm-up; growth is measured over the second
# half (RSS and the heap as the least-squares slopes of their samples). Prints the samples,
# the heap's growth, then as its last line
#
#   soak: RSS +X MB/h, fds +F, pools +P, cached +C MB over S s
#
# and exits non-zero when RSS grows faster than 1 MB/h (beyond 0.5 MB of allocator noise over
# the second half; --noise-floor sets it), when file descriptors or pools end at a new high, or
# when the window did not animate. Not part of the default test run (scripts/test.sh runs a
# 4-minute one with a 2 MB floor, sampling every 2 s: the render threads' plain-layer caches
# fill for the first 90 s or so). The demo runs with glibc's mmap threshold fixed (below).
#
#   scripts/soak.sh                 # one hour
#   scripts/soak.sh --seconds 600   # ten minutes
#   scripts/soak.sh --seconds 120 --noise-floor 2
#   SOAK_CONFIGURATION=release scripts/soak.sh
#
# Builds go through /tmp/lamina-build.lock (one Swift build at a time on the machine).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1; then export PATH="/opt/swift/usr/bin:$PATH"; fi

SECONDS_TO_RUN=3600
INTERVAL=""
NOISE_FLOOR=""
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) SECONDS_TO_RUN="$2"; shift 2 ;;
        --interval) INTERVAL="$2"; shift 2 ;;
        --noise-floor) NOISE_FLOOR="$2"; shift 2 ;;
        *) echo "soak: unknown argument $1 (use --seconds S, --interval S, --noise-floor MB)" >&2; exit 2 ;;
    esac
done
CONFIGURATION=${SOAK_CONFIGURATION:-debug}
LOCK=/tmp/lamina-build.lock

flock "$LOCK" swift build -c "$CONFIGURATION" --product window-demo >&2
demo="$(swift build -c "$CONFIGURATION" --show-bin-path)/window-demo"

runtime=$(mktemp -d /tmp/lamina-soak.XXXXXX)
chmod 700 "$runtime"
socket=soak-weston
weston_pid=""
cleanup() {
    if [ -n "$weston_pid" ]; then kill "$weston_pid" 2>/dev/null || true; wait "$weston_pid" 2>/dev/null || true; fi
    rm -rf "$runtime"
}
trap cleanup EXIT
XDG_RUNTIME_DIR=$runtime weston --backend=headless-backend.so --width=1280 --height=720 \
    --socket=$socket --idle-time=0 >"$runtime/weston.log" 2>&1 &
weston_pid=$!
for _ in $(seq 100); do
    [ -S "$runtime/$socket" ] && break
    sleep 0.1
done
if [ ! -S "$runtime/$socket" ]; then
    cat "$runtime/weston.log" >&2
    echo "soak: weston did not start"
    exit 1
fi

arguments=(--soak "$SECONDS_TO_RUN")
if [ -n "$INTERVAL" ]; then arguments+=(--soak-interval "$INTERVAL"); fi
if [ -n "$NOISE_FLOOR" ]; then arguments+=(--soak-noise-floor "$NOISE_FLOOR"); fi
# glibc raises its mmap threshold each time a block above it is freed, after which blocks of
# that size come from the thread's arena: the render threads' freed shadow and group images
# (0.3–0.8 MB) then stay resident or go from one moment to the next, and anonymous memory
# wandered 14–23 MB around a flat heap. Fixed at its default (128 KiB), large blocks are
# mapped and unmapped as they are made and freed, and RSS follows what the process holds
# (±0.1 MB over a run's second half): growth is then a leak, not the allocator's weather.
set +e
GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072 \
    XDG_RUNTIME_DIR=$runtime WAYLAND_DISPLAY=$socket "$demo" "${arguments[@]}" 2> >(grep -v '^$' >&2)
status=$?
set -e
exit "$status"
