# Counts a Wayland client's frame callbacks from its WAYLAND_DEBUG=client log (or from the
# compositor's WAYLAND_DEBUG=server log while it has that one client), the same way for
# every toolkit: a `wl_callback.done` event counts when its callback was made by
# `wl_surface.frame` (not `wl_display.sync`), and its line is within lines (from, to] of the
# log. Prints, for the surface with the most such frames:
#
#     FRAMES FIRST_MS LAST_MS SURFACE
#
# (the log's timestamps of the first and last counted `done`, in milliseconds), or
# `0 0 0 none` when there were none. Lines that are not protocol messages are ignored.
#
#     awk -v from=L0 -v to=L1 -f frame-callbacks.awk client.log
function stamp(line) {
    # "[1234567.890] ..." or "[ 123456.789] ..."
    sub(/^\[ */, "", line)
    sub(/\].*$/, "", line)
    return line + 0
}
/new id wl_callback@/ {
    id = $0
    sub(/^.*new id wl_callback@/, "", id)
    sub(/[^0-9].*$/, "", id)
    if ($0 ~ /wl_surface@[0-9]+\.frame\(/) {
        surface = $0
        sub(/^.*wl_surface@/, "", surface)
        sub(/\..*$/, "", surface)
        made[id] = surface
    } else {
        delete made[id]
    }
    next
}
# Received by a client's log; sent (" -> ") in a compositor's.
/^\[ *[0-9]+\.[0-9]+\] +(-> +)?wl_callback@[0-9]+\.done\(/ {
    id = $0
    sub(/^.*wl_callback@/, "", id)
    sub(/\..*$/, "", id)
    if (!(id in made)) next
    surface = made[id]
    delete made[id]
    if (NR <= from || NR > to) next
    time = stamp($0)
    # The stamp is a 32-bit count of microseconds shown in milliseconds: it wraps every
    # 4294967.296 ms.
    if (surface in last && time < last[surface]) time += 4294967.296
    if (!(surface in frames)) first[surface] = time
    frames[surface]++
    last[surface] = time
}
END {
    best = ""
    for (surface in frames) if (best == "" || frames[surface] > frames[best]) best = surface
    if (best == "") print "0 0 0 none"
    else printf "%d %.3f %.3f %s\n", frames[best], first[best], last[best], best
}
