import CWaylandServer

extension ScriptedCompositor {
    /// Adds a `wl_output` global with `scale` (any value), as when a monitor is plugged in, with
    /// the configured mode; returns its index (`removeOutput(_:)`, `enterOutput(_:)` take it).
    /// Clients that bind it get its name `SCRIPTED-<index + 1>`.
    @discardableResult
    public func addOutput(scale: Int32 = 1) -> Int {
        perform { [unowned self] in
            let index = nextOutputIndex
            nextOutputIndex += 1
            addedOutputScales[index] = scale
            addGlobal("wl_output", version: 4, outputIndex: index)
            return index
        }
    }

    /// Sends every `wl_seat` new capabilities, as when the last mouse is unplugged or a
    /// keyboard plugged in; seats bound later get them too. The client creates and releases
    /// its `wl_pointer` and `wl_keyboard` to follow them.
    public func setSeatCapabilities(pointer: Bool, keyboard: Bool) {
        perform { [unowned self] in
            let capabilities: UInt32 = (pointer ? 1 : 0) | (keyboard ? 2 : 0)
            seatCapabilities = capabilities
            for seat in alive("wl_seat") { post(seat, "capabilities", [.uint(capabilities)]) }
        }
    }

    /// Releases the held buffer at `index` of those held, oldest attached first (0: the one
    /// held longest), so a test can release buffers in any order; does nothing when fewer are
    /// held.
    public func releaseBuffer(at index: Int) {
        perform { [unowned self] in
            guard index >= 0, index < heldBuffers.count else { return }
            release(heldBuffers[index])
        }
    }

    /// How many objects of `interface` (e.g. `wl_buffer`, `wl_shm_pool`, `wl_callback`,
    /// `wl_pointer`) the clients have now: created and not destroyed.
    public func liveObjectCount(_ interface: String) -> Int {
        perform { [unowned self] in alive(interface).count }
    }
}
