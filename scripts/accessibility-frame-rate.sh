#!/usr/bin/env bash
# The frame rate of frame-timing's eased 1,000-layer scene on headless sway with an assistive
# technology present, without and then with an AT-SPI client (pyatspi, Orca's library)
# walking the whole accessible tree 10 times a second (a walk starts every 100 ms, or at
# once when the last one took longer), reading each accessible's name, role, children and
# extents. A reference run with no assistive technology comes first.
#
# The client runs as CLIENT says: `cached` (the default) runs GLib's main loop as Orca does,
# where libatspi keeps what the application's org.a11y.atspi.Cache told it (names, roles,
# children) and asks the application only for extents; `uncached` walks from a plain loop,
# where libatspi asks the application for every property of every accessible. Everything runs on a private session bus with at-spi2-core's accessibility bus
# (dbus-daemon, at-spi-bus-launcher), stopped by the PIDs started here.
#
#     swift build -c release --product frame-timing
#     scripts/accessibility-frame-rate.sh [SECONDS] [LAYERS] [CLIENT]    # defaults: 20, 1000, cached
#
# Prints frame-timing's summary line for each run with the CPU time its threads used (the
# main thread's first), the client's walk figures, and the ratio of the frame rates with and
# without the client (the goal: at least 0.95). On a machine with few cores the client,
# dbus-daemon and the bridge's threads compete with the render thread for them.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
[ "$seconds" -ge 8 ] 2>/dev/null || { echo "SECONDS must be a whole number, at least 8" >&2; exit 2; }
layers=${2:-1000}
client=${3:-cached}
case "$client" in cached|uncached) ;; *) echo "CLIENT must be cached or uncached" >&2; exit 2 ;; esac
tool=.build/release/frame-timing
[ -x "$tool" ] || { echo "build it first: swift build -c release --product frame-timing" >&2; exit 2; }
for needed in dbus-daemon gdbus python3 /usr/libexec/at-spi-bus-launcher; do
    command -v "$needed" >/dev/null 2>&1 || { echo "$needed is missing: run scripts/setup-debian.sh" >&2; exit 2; }
done

dir=$(mktemp -d /tmp/lamina-a11y-rate.XXXXXX)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$dir"
}
trap cleanup EXIT

export DBUS_SESSION_BUS_ADDRESS="unix:path=$dir/bus"
unset AT_SPI_BUS_ADDRESS NO_AT_BRIDGE
dbus-daemon --session --nofork --address="$DBUS_SESSION_BUS_ADDRESS" >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 100); do [ -S "$dir/bus" ] && break; sleep 0.05; done
XDG_RUNTIME_DIR="$dir" /usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 100); do
    gdbus call --session --dest org.a11y.Bus --object-path /org/a11y/bus --method org.a11y.Bus.GetAddress \
        >/dev/null 2>&1 && break
    sleep 0.1
done

enable() {
    gdbus call --session --dest org.a11y.Bus --object-path /org/a11y/bus \
        --method org.freedesktop.DBus.Properties.Set org.a11y.Status IsEnabled "<$1>" >/dev/null
}

# CPU ticks (1/100 s) each thread of process $1 has used, as "tid:name ticks" words.
thread_ticks() {
    for task in /proc/"$1"/task/*; do
        printf '%s:%s %s\n' "${task##*/}" "$(tr ' ' _ <"$task/comm")" "$(awk '{print $14 + $15}' "$task/stat")"
    done 2>/dev/null | LC_ALL=C sort
}

# Runs the scene; prints its summary line, then the CPU seconds its threads used over a
# window of SECONDS - 4 seconds in the middle of the run (the main thread is the one whose
# id is the process's).
measure() {
    "$tool" --headless sway --scene eased --layers "$layers" --seconds "$seconds" --quiet >"$dir/run.txt" 2>&1 &
    local app=$!
    sleep 3
    thread_ticks "$app" >"$dir/before.txt"
    sleep $((seconds - 4))
    thread_ticks "$app" >"$dir/after.txt"
    wait "$app" || true
    grep -E '^frames ' "$dir/run.txt" | tail -1
    LC_ALL=C join "$dir/before.txt" "$dir/after.txt" 2>/dev/null | awk -v main="$app" '
        { split($1, id, ":"); used = ($3 - $2) / 100
          if (id[1] == main) { printf "    main thread %.2f s CPU", used }
          else if (used >= 0.05) { others = others sprintf(", %s %.2f s", id[2] "(" id[1] ")", used) } }
        END { print others }'
}

cat >"$dir/walker.py" <<'PYTHON'
import signal, statistics, sys, time
import pyatspi
from gi.repository import GLib

app_name, out, mode = sys.argv[1], sys.argv[2], sys.argv[3]
walks, nodes, durations = 0, 0, []

def walk(accessible):
    count = 1
    accessible.name
    accessible.getRole()
    accessible.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    for index in range(accessible.childCount):
        child = accessible.getChildAtIndex(index)
        if child is not None:
            count += walk(child)
    return count

def application():
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is not None and app.name == app_name and app.childCount > 0:
            return app
    return None

def report():
    with open(out, "w") as f:
        median = statistics.median(durations) * 1000 if durations else float("nan")
        f.write("client (%s): %d walks of the whole tree (last %d accessibles), median walk %.0f ms\n" % (mode, walks, nodes, median))

def walk_once():
    global walks, nodes
    started = time.monotonic()
    app = application()
    if app is not None:
        try:
            for index in range(app.childCount):
                nodes = walk(app.getChildAtIndex(index))
            walks += 1
            durations.append(time.monotonic() - started)
        except Exception:
            pass  # the app went away mid-walk
    return max(0, 0.1 - (time.monotonic() - started))

if mode == "cached":
    def tick():
        GLib.timeout_add(int(walk_once() * 1000), tick)
        return False
    def stop():
        report()
        pyatspi.Registry.stop()
        return False
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, stop)
    GLib.idle_add(tick)
    pyatspi.Registry.start()
else:
    def finish(*_):
        report()
        sys.exit(0)
    signal.signal(signal.SIGTERM, finish)
    while True:
        time.sleep(walk_once())
PYTHON

echo "frame-timing --scene eased --layers $layers, $seconds s each, headless sway"
enable false
echo "no assistive technology:   $(measure)"
enable true
without=$(measure)
echo "assistive technology, no client:  $without"
PYTHONNOUSERSITE=1 /usr/bin/python3 "$dir/walker.py" frame-timing "$dir/client.txt" "$client" &
walker=$!
pids+=($walker)
with=$(measure)
kill -TERM "$walker" 2>/dev/null || true
wait "$walker" 2>/dev/null || true
echo "assistive technology, client walking 10×/s: $with"
cat "$dir/client.txt" 2>/dev/null || echo "client: wrote no figures"
fps() { grep -oE 'fps [0-9.]+' <<<"$1" | head -1 | cut -d' ' -f2; }
awk -v a="$(fps "$with")" -v b="$(fps "$without")" 'BEGIN { printf "fps with client / without: %.3f (goal ≥ 0.95)\n", a / b }'
