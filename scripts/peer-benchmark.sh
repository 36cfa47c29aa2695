#!/usr/bin/env bash
# The peer benchmark: the same scene in Lamina, GTK 4 and Qt Quick, in real windows on one
# headless sway (1280×720, frame callbacks at ~60 Hz), run in turns. The scene: N rounded
# (radius 8), 1-pixel-bordered 64×64 items in translucent colours (alpha 0.8), each moving
# 40 points along x and back forever (0.5 s each way, ease-in-ease-out, starts staggered by
# up to 0.49 s), so every frame lands on sub-pixel positions:
#
#   Lamina     frame-timing --scene peer (examples/frame-timing, examples/scenes:
#              makePeerBenchmarkLayer), CABasicAnimations on position.x, release build
#   GTK 4      examples/peer-benchmark/gtk/peer-items.c: one widget snapshotting a rounded
#              clip, a colour and a border per item from a tick callback (GSK_RENDERER=cairo)
#   Qt Quick   examples/peer-benchmark/qt/PeerItems.qml: a Repeater of Rectangles with
#              NumberAnimations on x, run by Qt's qml tool (QT_QUICK_BACKEND=software)
#
# For each system and N it prints the frames per second counted from the client's own
# frame callbacks (the wl_callback.done events of its wl_surface.frame requests in its
# WAYLAND_DEBUG=client log, over the log's timestamps), the CPU time of all its threads per
# counted frame (/proc/PID/stat, utime + stime), the cores that is, its peak RSS (VmHWM),
# sway's CPU per frame, the cores every other process kept busy meanwhile (another build on
# a shared machine shows there; the table marks such figures), and how many log lines a
# frame took (libwayland's logging costs the client about 10 µs a line here:
# --count-on-server counts the same events in sway's WAYLAND_DEBUG=server log instead, so the
# clients run unlogged and sway pays for it); each window runs WARM-UP seconds before MEASURE
# seconds are counted. Then, for each system, it steps N (doubling past the largest N that
# held, then halving the gap) to find the most items held at ≥ 55 fps, in turns again. Last
# come a table in the form of Performance.md's and what was skipped.
#
#   scripts/peer-benchmark.sh                         # N = 100 1000 3000, then the search
#   scripts/peer-benchmark.sh --counts "100 1000" --no-search --measure 4
#   scripts/peer-benchmark.sh --systems lamina,qt
#
# Options: --counts "N …", --warm-up S (default 2), --measure S (default 6),
# --systems lamina,gtk,qt, --no-search, --no-install (use what is installed; a system whose
# packages are missing is skipped), --no-build (use .build/release/frame-timing as it is),
# --count-on-server, --wait-for-quiet S (before each measurement, wait up to S seconds for
# the other processes to keep fewer than 0.25 cores busy, and take a measurement they
# disturbed again, once; default 0: measure at once).
#
# It installs its own packages with apt-get (GTK 4's development files, Qt 6's qml tool,
# Wayland platform and Qt Quick modules; sway) when they are missing, as root; the C peer is
# built into a temporary directory, Lamina's part through /tmp/lamina-build.lock (one Swift
# build at a time on the machine; pass --no-build when you hold that lock yourself). Each
# client, and sway, is stopped by the PID started here. The whole run takes 4 to 5 minutes
# here. On a shared or busy machine, figures move:
# compare the systems within one run.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1 && [ -d /opt/swift/usr/bin ]; then export PATH="/opt/swift/usr/bin:$PATH"; fi

COUNTS="100 1000 3000"
WARM_UP=2
MEASURE=6
SYSTEMS="lamina,gtk,qt"
SEARCH=1
INSTALL=1
BUILD=1
COUNT_ON=client
QUIET_WAIT=0
BUSY_CORES=0.25
TARGET_FPS=55
usage="use --counts \"N …\", --warm-up S, --measure S, --systems lamina,gtk,qt, --no-search, --no-install, --no-build, --count-on-server, --wait-for-quiet S"
while [ $# -gt 0 ]; do
    case "$1" in
        --counts|--warm-up|--measure|--systems|--wait-for-quiet)
            [ $# -ge 2 ] || { echo "peer-benchmark: $1 needs a value ($usage)" >&2; exit 2; } ;;
    esac
    case "$1" in
        --counts) COUNTS="${2:-}"; shift 2 ;;
        --warm-up) WARM_UP="${2:-}"; shift 2 ;;
        --measure) MEASURE="${2:-}"; shift 2 ;;
        --systems) SYSTEMS="${2:-}"; shift 2 ;;
        --no-search) SEARCH=0; shift ;;
        --no-install) INSTALL=0; shift ;;
        --no-build) BUILD=0; shift ;;
        --count-on-server) COUNT_ON=server; shift ;;
        --wait-for-quiet) QUIET_WAIT="${2:-}"; shift 2 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "peer-benchmark: unknown argument $1 ($usage)" >&2; exit 2 ;;
    esac
done
whole() { [[ "$1" =~ ^[0-9]+$ ]]; }
whole "$WARM_UP" && [ "$WARM_UP" -le 60 ] || { echo "peer-benchmark: --warm-up must be 0...60 whole seconds" >&2; exit 2; }
whole "$MEASURE" && [ "$MEASURE" -ge 2 ] && [ "$MEASURE" -le 120 ] ||
    { echo "peer-benchmark: --measure must be 2...120 whole seconds" >&2; exit 2; }
whole "$QUIET_WAIT" && [ "$QUIET_WAIT" -le 3600 ] ||
    { echo "peer-benchmark: --wait-for-quiet must be 0...3600 whole seconds" >&2; exit 2; }
for n in $COUNTS; do
    whole "$n" && [ "$n" -ge 1 ] && [ "$n" -le 10000 ] ||
        { echo "peer-benchmark: each of --counts must be 1...10000, not $n" >&2; exit 2; }
done
[ -n "$COUNTS" ] || { echo "peer-benchmark: --counts is empty" >&2; exit 2; }
wanted=()
for system in ${SYSTEMS//,/ }; do
    case "$system" in
        lamina|gtk|qt) wanted+=("$system") ;;
        *) echo "peer-benchmark: unknown system $system (lamina, gtk, qt)" >&2; exit 2 ;;
    esac
done
[ ${#wanted[@]} -gt 0 ] || { echo "peer-benchmark: --systems names none" >&2; exit 2; }

HERE=examples/peer-benchmark
QML=/usr/lib/qt6/bin/qml
LAMINA_TOOL=.build/release/frame-timing
MAX_ITEMS=10000  # frame-timing's --layers limit, and the search's for every system
skipped=()
skip() { skipped+=("$1"); echo "peer-benchmark: skipping $1" >&2; }

dir=$(mktemp -d /tmp/peer-benchmark.XXXXXX)
chmod 700 "$dir"
client=""
sway_pid=""
cleanup() {
    if [ -n "$client" ]; then kill -KILL "$client" 2>/dev/null || true; wait "$client" 2>/dev/null || true; fi
    if [ -n "$sway_pid" ]; then kill -TERM "$sway_pid" 2>/dev/null || true; wait "$sway_pid" 2>/dev/null || true; fi
    rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- Packages -------------------------------------------------------------------------------
declare -A packages=(
    [sway]="sway"
    [gtk]="libgtk-4-dev gcc libc6-dev pkg-config"
    [qt]="qml-qt6 qt6-wayland qml6-module-qtquick qml6-module-qtquick-window qml6-module-qtqml qml6-module-qtqml-workerscript"
)
missing() {
    local package
    for package in $1; do
        dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q '^install ok installed$' || printf '%s ' "$package"
    done
}
updated=0
# Installs what `$1`'s packages lack; fails (status 1, with apt's last lines) when it cannot.
install_for() {
    local need
    need=$(missing "${packages[$1]}")
    [ -z "$need" ] && return 0
    if [ "$INSTALL" = 0 ]; then echo "peer-benchmark: $1 needs $need(--no-install)" >&2; return 1; fi
    if [ "$(id -u)" != 0 ]; then echo "peer-benchmark: $1 needs $need(install them as root)" >&2; return 1; fi
    echo "peer-benchmark: installing $need" >&2
    if [ "$updated" = 0 ]; then
        apt-get update -qq >"$dir/apt.log" 2>&1 || { tail -5 "$dir/apt.log" >&2; return 1; }
        updated=1
    fi
    # shellcheck disable=SC2086 # a list of package names
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $need >"$dir/apt.log" 2>&1 ||
        { tail -5 "$dir/apt.log" >&2; return 1; }
}
install_for sway || { echo "peer-benchmark: cannot run without sway" >&2; exit 1; }

# --- The systems ----------------------------------------------------------------------------
systems=()
for system in "${wanted[@]}"; do
    case "$system" in
        lamina)
            if [ "$BUILD" = 1 ]; then
                if ! command -v swift >/dev/null 2>&1; then
                    skip "lamina: no swift to build frame-timing with"; continue
                fi
                echo "peer-benchmark: building frame-timing (release)" >&2
                if ! flock /tmp/lamina-build.lock swift build -c release --product frame-timing >"$dir/build.log" 2>&1; then
                    tail -20 "$dir/build.log" >&2
                    skip "lamina: the release build of frame-timing failed"; continue
                fi
            fi
            [ -x "$LAMINA_TOOL" ] || { skip "lamina: $LAMINA_TOOL is not built"; continue; }
            ;;
        gtk)
            install_for gtk || { skip "gtk: its packages are missing"; continue; }
            if ! cc -O2 -Wall -o "$dir/peer-items-gtk" "$HERE/gtk/peer-items.c" \
                $(pkg-config --cflags --libs gtk4) -lm 2>"$dir/cc.log"; then
                cat "$dir/cc.log" >&2
                skip "gtk: peer-items.c did not compile"; continue
            fi
            ;;
        qt)
            install_for qt || { skip "qt: its packages are missing"; continue; }
            [ -x "$QML" ] || { skip "qt: $QML is missing"; continue; }
            ;;
    esac
    systems+=("$system")
done
[ ${#systems[@]} -gt 0 ] || { echo "peer-benchmark: no system left to measure (skipped: ${skipped[*]})" >&2; exit 1; }

# --- sway, headless -------------------------------------------------------------------------
# It refuses to run as root, but runs in a user namespace of its own.
runtime="$dir/runtime"
mkdir -m 700 "$runtime"
cat >"$dir/sway.config" <<'CONFIG'
output HEADLESS-1 resolution 1280x720
default_border none
xwayland disable
CONFIG
sway_command=(sway -c "$dir/sway.config")
[ "$(id -u)" = 0 ] && sway_command=(unshare --user "${sway_command[@]}")
sway_debug=()
[ "$COUNT_ON" = server ] && sway_debug=(WAYLAND_DEBUG=server)
env -u WAYLAND_DISPLAY -u DISPLAY -u SWAYSOCK XDG_RUNTIME_DIR="$runtime" WLR_BACKENDS=headless \
    WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman "${sway_debug[@]}" "${sway_command[@]}" >"$dir/sway.log" 2>&1 &
sway_pid=$!
socket=""
for _ in $(seq 200); do
    for candidate in "$runtime"/wayland-*; do
        [ -S "$candidate" ] && { socket=${candidate##*/}; break; }
    done
    [ -n "$socket" ] && break
    kill -0 "$sway_pid" 2>/dev/null || break
    sleep 0.05
done
if [ -z "$socket" ]; then
    echo "peer-benchmark: sway did not start:" >&2
    tail -20 "$dir/sway.log" >&2
    exit 1
fi
sway_version=$(sway --version 2>/dev/null | awk '{print $3}')

# --- Measuring ------------------------------------------------------------------------------
ticks_per_second=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
# Ticks every processor was busy (user, nice, system, irq, softirq, steal), all processes.
busy_ticks() { awk '/^cpu / {print $2 + $3 + $4 + $7 + $8 + $9; exit}' /proc/stat; }
lines() { wc -l <"$1"; }

# Waits (up to --wait-for-quiet seconds) until the processes on the machine other than sway
# keep fewer than BUSY_CORES cores busy over a second.
wait_for_quiet() {
    [ "$QUIET_WAIT" -gt 0 ] || return 0
    local waited=0 busy0 sway0 others
    while :; do
        busy0=$(busy_ticks); sway0=$(cpu_ticks "$sway_pid")
        sleep 1
        others=$(awk -v b=$(($(busy_ticks) - busy0 - $(cpu_ticks "$sway_pid") + sway0)) -v hz="$ticks_per_second" \
            'BEGIN { printf "%.2f", b / hz }')
        awk -v o="$others" -v limit="$BUSY_CORES" 'BEGIN { exit !(o < limit) }' && break
        waited=$((waited + 1))
        if [ "$waited" -ge "$QUIET_WAIT" ]; then
            echo "peer-benchmark: other processes still keep $others cores busy after $waited s: measuring anyway" >&2
            break
        fi
    done
    [ "$waited" -gt 0 ] && [ "$waited" -lt "$QUIET_WAIT" ] && echo "peer-benchmark: waited $waited s for a quiet machine" >&2
    return 0
}

# Starts system $1 with $2 items in the background; sets `client` to its PID.
start_client() {
    local log=$2
    local common=(env -u DISPLAY -u DBUS_SESSION_BUS_ADDRESS -u SWAYSOCK -u WAYLAND_DEBUG
        XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$socket" NO_AT_BRIDGE=1)
    [ "$COUNT_ON" = client ] && common+=(WAYLAND_DEBUG=client)
    case "$1" in
        lamina) "${common[@]}" "$LAMINA_TOOL" --scene peer --layers "$3" --seconds 600 --quiet >"$log" 2>&1 & ;;
        gtk) "${common[@]}" GDK_BACKEND=wayland GSK_RENDERER=cairo GTK_A11Y=none GSETTINGS_BACKEND=memory \
                "$dir/peer-items-gtk" "$3" >"$log" 2>&1 & ;;
        qt) "${common[@]}" QT_QPA_PLATFORM=wayland QT_QUICK_BACKEND=software QT_WAYLAND_DISABLE_WINDOWDECORATION=1 \
                "$QML" "$HERE/qt/PeerItems.qml" -- "$3" >"$log" 2>&1 & ;;
    esac
    client=$!
}

stop_client() {
    [ -n "$client" ] || return 0
    kill -TERM "$client" 2>/dev/null || true
    for _ in $(seq 40); do kill -0 "$client" 2>/dev/null || break; sleep 0.05; done
    kill -KILL "$client" 2>/dev/null || true
    wait "$client" 2>/dev/null || true
    client=""
}

# Measures system $1 with $2 items; sets `result` to "FPS CPU_MS CORES RSS_MB SWAY_MS
# LINES_PER_FRAME OTHERS" (OTHERS: the cores every other process on the machine kept busy
# meanwhile), or to "" after printing why it could not.
measure() {
    local system=$1 count=$2 log="$dir/$1-$2.log"
    # Where its frame callbacks are logged, and from which line on.
    local frames_log=$log begin=0
    if [ "$COUNT_ON" = server ]; then frames_log="$dir/sway.log"; begin=$(lines "$frames_log"); fi
    result=""
    wait_for_quiet
    : >"$log"
    start_client "$system" "$log" "$count"
    # Shown: the first frame callback answered (up to 60 s: Qt builds 10,000 items slowly).
    local shown=0
    for _ in $(seq 600); do
        if ! kill -0 "$client" 2>/dev/null; then break; fi
        if [ "$(awk -f "$HERE/frame-callbacks.awk" -v from="$begin" -v to=1e12 "$frames_log" | cut -d' ' -f1)" -gt 0 ]; then
            shown=1; break
        fi
        sleep 0.1
    done
    if [ "$shown" = 0 ]; then
        if kill -0 "$client" 2>/dev/null; then
            echo "peer-benchmark: $system with $count items showed no frame within 60 s; its last lines:" >&2
        else
            wait "$client" 2>/dev/null && status=0 || status=$?
            client=""
            echo "peer-benchmark: $system with $count items exited (status $status) before its first frame; its last lines:" >&2
        fi
        grep -v '^\[ *[0-9]*\.[0-9]*\]' "$log" | tail -8 | sed 's/^/    /' >&2
        stop_client
        kill -0 "$sway_pid" 2>/dev/null || { echo "peer-benchmark: sway is gone:" >&2; tail -10 "$dir/sway.log" >&2; exit 1; }
        return 0
    fi
    sleep "$WARM_UP"
    local from cpu0 sway0 busy0 start end to cpu1 sway1 busy1 rss
    from=$(lines "$frames_log"); cpu0=$(cpu_ticks "$client"); sway0=$(cpu_ticks "$sway_pid"); busy0=$(busy_ticks)
    start=$(date +%s.%N)
    sleep "$MEASURE"
    to=$(lines "$frames_log"); cpu1=$(cpu_ticks "$client"); sway1=$(cpu_ticks "$sway_pid"); busy1=$(busy_ticks)
    end=$(date +%s.%N)
    rss=$(awk '/^VmHWM:/ {print $2}' "/proc/$client/status" 2>/dev/null || true)
    if ! kill -0 "$client" 2>/dev/null; then
        echo "peer-benchmark: $system with $count items exited while measured; its last lines:" >&2
        grep -v '^\[ *[0-9]*\.[0-9]*\]' "$log" | tail -8 | sed 's/^/    /' >&2
        stop_client
        return 0
    fi
    stop_client
    local frames first last surface
    read -r frames first last surface < <(awk -f "$HERE/frame-callbacks.awk" -v from="$from" -v to="$to" "$frames_log")
    if [ "$frames" -lt 2 ]; then
        echo "peer-benchmark: $system with $count items: fewer than 2 frames while measured" >&2
        return 0
    fi
    result=$(awk -v frames="$frames" -v first="$first" -v last="$last" -v cpu=$((cpu1 - cpu0)) \
        -v sway=$((sway1 - sway0)) -v hz="$ticks_per_second" -v wall="$(awk -v a="$start" -v b="$end" 'BEGIN {print b - a}')" \
        -v rss="${rss:-0}" -v lines=$((to - from)) -v busy=$((busy1 - busy0)) 'BEGIN {
            fps = (frames - 1) / ((last - first) / 1000)
            others = (busy - cpu - sway) / hz / wall
            printf "%.1f %.1f %.2f %.0f %.1f %.0f %.2f", fps, cpu / hz * 1000 / frames, cpu / hz / wall, rss / 1024,
                sway / hz * 1000 / frames, lines / frames, others < 0 ? 0 : others }')
}

declare -A results
label() { case "$1" in lamina) echo "Lamina";; gtk) echo "GTK 4 cairo";; qt) echo "Qt Quick software";; esac; }
line() { # system count
    local r=${results[$1,$2]:-}
    if [ -z "$r" ]; then printf '%-18s %6d   failed (see above)\n' "$(label "$1")" "$2"; return; fi
    read -r fps cpu cores rss sway per others <<<"$r"
    printf '%-18s %6d   %5.1f fps   %6.1f ms CPU/frame (%.2f cores)   %4d MB peak RSS   sway %4.1f ms/frame   %3d log lines/frame   others %.2f cores\n' \
        "$(label "$1")" "$2" "$fps" "$cpu" "$cores" "$rss" "$sway" "$per" "$others"
}
busy() { # system count: whether other processes kept BUSY_CORES busy while it was measured
    local r=${results[$1,$2]:-}
    [ -n "$r" ] && awk -v o="${r##* }" -v limit="$BUSY_CORES" 'BEGIN { exit !(o >= limit) }'
}
run() { # system count: measures once (keeps the first result) and prints its line
    if [ -z "${results[$1,$2]+set}" ]; then
        measure "$1" "$2"
        results[$1,$2]=$result
        # With --wait-for-quiet, a measurement another process disturbed is taken again, once.
        if [ "$QUIET_WAIT" -gt 0 ] && busy "$1" "$2"; then
            line "$1" "$2"
            echo "peer-benchmark: other processes were busy during that measurement: measuring it again" >&2
            measure "$1" "$2"
            results[$1,$2]=$result
        fi
    fi
    line "$1" "$2"
}
holds() { # system count: whether it held TARGET_FPS
    local r=${results[$1,$2]:-}
    [ -n "$r" ] && awk -v fps="${r%% *}" -v target="$TARGET_FPS" 'BEGIN { exit !(fps >= target) }'
}

echo "peer benchmark: headless sway ${sway_version:-?} (pixman), 1280×720, $(nproc) cores; warm-up $WARM_UP s, measured $MEASURE s each"
echo "fps from each client's own frame callbacks (WAYLAND_DEBUG=$COUNT_ON: $([ "$COUNT_ON" = client ] && echo "the client's log" || echo "sway's log; the clients run unlogged")); CPU of all its threads per frame (/proc/PID/stat); peak RSS (VmHWM)"
echo "systems in turn: ${systems[*]}"
rotation=0
for count in $COUNTS; do
    # Each N starts with the next system, so no system is always first after a pause.
    for ((k = 0; k < ${#systems[@]}; k++)); do
        run "${systems[$(((k + rotation) % ${#systems[@]}))]}" "$count"
    done
    rotation=$((rotation + 1))
done

# --- The most items at ≥ TARGET_FPS ---------------------------------------------------------
declare -A low high best
step_of() { local n=$1; [ "$n" -ge 1000 ] && echo 100 || echo 50; }
round_to() { local n=$1 step; step=$(step_of "$n"); echo $(((n + step / 2) / step * step)); }
if [ "$SEARCH" = 1 ]; then
    echo
    echo "stepping N for the most items held at ≥ $TARGET_FPS fps (to within 5%, at least 50 items)"
    for system in "${systems[@]}"; do
        low[$system]=0; high[$system]=$((MAX_ITEMS + 1))
        for count in $COUNTS; do
            [ -n "${results[$system,$count]:-}" ] || continue
            if holds "$system" "$count"; then
                [ "$count" -gt "${low[$system]}" ] && low[$system]=$count
            fi
        done
        for count in $COUNTS; do
            [ -n "${results[$system,$count]:-}" ] || continue
            if ! holds "$system" "$count" && [ "$count" -gt "${low[$system]}" ] && [ "$count" -lt "${high[$system]}" ]; then
                high[$system]=$count
            fi
        done
    done
    while :; do
        stepped=0
        for system in "${systems[@]}"; do
            lo=${low[$system]} hi=${high[$system]}
            gap=$((lo / 20 > 50 ? lo / 20 : 50))
            [ $((hi - lo)) -le "$gap" ] && continue
            [ "$lo" -ge "$MAX_ITEMS" ] && continue
            if [ "$hi" -gt "$MAX_ITEMS" ]; then
                next=$((lo > 0 ? lo * 2 : 100))
                [ "$next" -gt "$MAX_ITEMS" ] && next=$MAX_ITEMS
            else
                next=$(round_to $(((lo + hi) / 2)))
                { [ "$next" -le "$lo" ] || [ "$next" -ge "$hi" ]; } && next=$(((lo + hi) / 2))
            fi
            run "$system" "$next"
            stepped=1
            if holds "$system" "$next"; then low[$system]=$next
            elif [ -n "${results[$system,$next]:-}" ]; then high[$system]=$next
            else high[$system]=$next; skip "$system: the search stopped at $next items (the run failed)"
            fi
        done
        [ "$stepped" = 1 ] || break
    done
fi

# --- Summary --------------------------------------------------------------------------------
mark() { busy "$1" "$2" && echo " †" || true; }
cell() { # system count
    local r=${results[$1,$2]:-}
    [ -n "$r" ] || { echo "failed"; return; }
    read -r fps cpu _ rss _ <<<"$r"
    echo "$fps / $cpu / $rss$(mark "$1" "$2")"
}
echo
header="| N |"; rule="|---|"
for system in "${systems[@]}"; do
    header+=" $(label "$system") fps / CPU ms per frame / RSS MB |"; rule+="---|"
done
echo "$header"; echo "$rule"
for count in $COUNTS; do
    row="| $count |"
    for system in "${systems[@]}"; do row+=" $(cell "$system" "$count") |"; done
    echo "$row"
done
if [ "$SEARCH" = 1 ]; then
    row="| most items at ≥ $TARGET_FPS fps |"
    for system in "${systems[@]}"; do
        lo=${low[$system]}
        if [ "$lo" -ge "$MAX_ITEMS" ]; then row+=" ≥ $MAX_ITEMS (the search's limit) |"
        elif [ "$lo" = 0 ]; then row+=" none of those tried |"
        else
            read -r _ _ cores _ <<<"${results[$system,$lo]}"
            hi=${high[$system]}
            decided=""
            { busy "$system" "$lo" || busy "$system" "$hi"; } && decided=" †"
            if [ "$hi" -gt "$MAX_ITEMS" ]; then row+=" $lo ($cores cores)$decided |"
            else row+=" $lo ($cores cores; $hi did not hold)$decided |"
            fi
        fi
    done
    echo "$row"
else
    skipped+=("the search for the most items at ≥ $TARGET_FPS fps (--no-search)")
fi
any_busy=0
for key in "${!results[@]}"; do busy "${key%,*}" "${key#*,}" && any_busy=1; done
[ "$any_busy" = 1 ] && echo "† other processes kept at least $BUSY_CORES cores busy during that measurement (or, in the last row, during the runs that decided it)"
echo
if [ ${#skipped[@]} -eq 0 ]; then
    echo "skipped: nothing"
else
    echo "skipped:"
    for item in "${skipped[@]}"; do echo "  - $item"; done
fi
