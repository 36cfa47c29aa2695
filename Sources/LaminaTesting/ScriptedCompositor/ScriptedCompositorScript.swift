import CWaylandServer

extension ScriptedCompositor {
    /// `xdg_toplevel.state` values, for `configure(width:height:states:)`.
    public enum ToplevelState: UInt32, Sendable {
        /// Maximised.
        case maximized = 1
        /// Fullscreen.
        case fullscreen = 2
        /// Being resized interactively.
        case resizing = 3
        /// Focused.
        case activated = 4
        /// Tiled on the left.
        case tiledLeft = 5
        /// Tiled on the right.
        case tiledRight = 6
        /// Tiled at the top.
        case tiledTop = 7
        /// Tiled at the bottom.
        case tiledBottom = 8
    }

    /// Sends every toplevel a configure of `width × height` (any values, 0, negative and
    /// huge included) with `states`, followed by `xdg_surface.configure` with a new serial.
    public func configure(width: Int32, height: Int32, states: [ToplevelState] = [.activated]) {
        perform { [unowned self] in
            for xdgSurface in alive("xdg_surface") where xdgSurface.toplevel != nil {
                sendConfigure(to: xdgSurface, width: width, height: height, states: states.map(\.rawValue))
            }
        }
    }

    /// Sends every toplevel decoration object `zxdg_toplevel_decoration_v1.configure` with
    /// `mode` (1 client side, 2 server side, or any other value), unasked, then repeats each
    /// toplevel's last configure so the mode takes effect.
    public func sendDecorationMode(_ mode: UInt32) {
        perform { [unowned self] in
            for decoration in alive("zxdg_toplevel_decoration_v1") {
                post(decoration, "configure", [.uint(mode)])
                update { $0.decorationModesSent.append(mode) }
                if let xdgSurface = decoration.toplevel?.xdgSurface, xdgSurface.sentConfigure {
                    let last = xdgSurface.lastConfigure ?? (0, 0, [])
                    sendConfigure(to: xdgSurface, width: last.width, height: last.height, states: last.states)
                }
            }
        }
    }

    /// Sends every toplevel `xdg_toplevel.close`.
    public func close() {
        perform { [unowned self] in
            for toplevel in alive("xdg_toplevel") { post(toplevel, "close", []) }
        }
    }

    /// Answers every pending frame callback (`wl_callback.done`) and presentation feedback
    /// (`presented` or `discarded`, by default as configured). A presented frame's time is
    /// `presentedAt` (seconds on `CLOCK_MONOTONIC`, the clock the feedback names — a test's
    /// manual media clock reads it as media time; negative and non-finite values are sent as
    /// 0), or now when it is nil.
    public func completeFrame(_ outcome: PresentationOutcome? = nil, presentedAt: Double? = nil) {
        perform { [unowned self] in finishFrame(outcome ?? configuration.presentationResult, presentedAt: presentedAt) }
    }

    /// Stamps the input events sent from now on with `milliseconds` (any value, to test
    /// clients against compositors whose clock is not theirs); nil goes back to the default,
    /// milliseconds since the compositor started.
    public func setInputTimestamp(_ milliseconds: UInt32?) {
        perform { [unowned self] in inputTimestamp = milliseconds }
    }

    /// Releases every buffer the compositor holds (`wl_buffer.release`).
    public func releaseBuffers() {
        perform { [unowned self] in
            for buffer in heldBuffers { release(buffer) }
        }
    }

    /// Sends every bound `wl_output` a new scale (any value, 0 and huge included) and `done`.
    public func setOutputScale(_ scale: Int32) {
        perform { [unowned self] in
            for output in alive("wl_output") {
                if output.version >= 2 {
                    post(output, "scale", [.int(scale)])
                    post(output, "done", [])
                }
            }
        }
    }

    /// Sends output `index` (0 for the first) a new scale (any value) and `done`.
    public func setOutputScale(_ scale: Int32, output index: Int) {
        perform { [unowned self] in
            for output in alive("wl_output") where output.outputIndex == index && output.version >= 2 {
                post(output, "scale", [.int(scale)])
                post(output, "done", [])
            }
        }
    }

    /// Removes output `index`'s global (`wl_registry.global_remove`), as when a monitor is
    /// unplugged; surfaces on it are not told they left it, as some compositors do.
    public func removeOutput(_ index: Int) {
        perform { [unowned self] in
            guard let global = outputGlobals.removeValue(forKey: index) else { return }
            wl_global_remove(global)
        }
    }

    /// Tells every toplevel's surface it entered output `index` (`wl_surface.enter`).
    public func enterOutput(_ index: Int) {
        sendOutputEvent("enter", index)
    }

    /// Tells every toplevel's surface it left output `index` (`wl_surface.leave`).
    public func leaveOutput(_ index: Int) {
        sendOutputEvent("leave", index)
    }

    private func sendOutputEvent(_ name: String, _ index: Int) {
        perform { [unowned self] in
            for surface in alive("wl_surface") where surface.role != nil {
                for output in alive("wl_output") where output.client == surface.client && output.outputIndex == index {
                    post(surface, name, [.object(output)])
                }
            }
        }
    }

    /// Sends every `wp_fractional_scale_v1` a preferred scale of `numerator / 120` (any
    /// value, 0 and huge included).
    public func setPreferredFractionalScale(_ numerator: UInt32) {
        perform { [unowned self] in
            for fractional in alive("wp_fractional_scale_v1") { post(fractional, "preferred_scale", [.uint(numerator)]) }
        }
    }

    /// Sends `xdg_wm_base.ping` and returns its serial; the client's `pong` shows in
    /// `state.pongs`. A pong means the client has read everything sent before the ping.
    @discardableResult
    public func ping() -> UInt32 {
        perform { [unowned self] in
            let serial = nextSerial()
            for base in alive("xdg_wm_base") { post(base, "ping", [.uint(serial)]) }
            return serial
        }
    }

    /// Pings the client and waits until it answers; returns false on timeout. Everything the
    /// client did in answer to earlier events it read before the ping is in `state` then.
    public func roundtrip(timeout: Double = 10) async -> Bool {
        let serial = ping()
        return await waitUntil(timeout: timeout) { $0.pongs.contains(serial) }
    }

    // MARK: - Pointer

    /// The pointer enters the first toplevel's surface at (x, y), in surface coordinates.
    /// Returns the enter's serial (a `wl_pointer.set_cursor` answering it carries it).
    @discardableResult
    public func pointerEnter(x: Double, y: Double) -> UInt32 {
        let serial = perform { [unowned self] in
            pointerFocusSurface = nil
            return nextSerial()
        }
        sendPointer { [unowned self] pointer, surface in
            post(pointer, "enter", [.uint(serial), .object(surface), .fixed(x), .fixed(y)])
        }
        return serial
    }

    /// The pointer moves to (x, y) on the surface it is over.
    public func pointerMove(x: Double, y: Double) {
        sendPointer { [unowned self] pointer, _ in post(pointer, "motion", [.uint(inputMilliseconds), .fixed(x), .fixed(y)]) }
    }

    /// A button (a Linux input code; `BTN_LEFT` = 0x110) is pressed or released. Returns the
    /// event's serial (requests such as `xdg_toplevel.move` answering it carry it).
    @discardableResult
    public func pointerButton(_ code: UInt32 = 0x110, pressed: Bool) -> UInt32 {
        let serial = perform { [unowned self] in nextSerial() }
        sendPointer { [unowned self] pointer, _ in
            post(pointer, "button", [.uint(serial), .uint(inputMilliseconds), .uint(code), .uint(pressed ? 1 : 0)])
        }
        return serial
    }

    /// The kind of device a scroll comes from (`wl_pointer.axis_source`, with its wire values).
    public enum AxisSource: UInt32, Sendable {
        /// A wheel turned by detents.
        case wheel = 0
        /// Fingers on a touchpad.
        case finger = 1
        /// Another continuous device.
        case continuous = 2
        /// A wheel tilted sideways (pointer version 6 and later).
        case wheelTilt = 3
    }

    /// The pointer scrolls by these amounts in one frame (`wl_pointer.axis`, vertical then
    /// horizontal), as a `source` device does (`axis_source` first when given and the pointer
    /// is version 5 or later). `value120` gives wheel steps in 120ths of a detent, sent as the
    /// pointer's version carries them: `axis_value120` from version 8, `axis_discrete`
    /// (`value120 / 120`, when that is not 0) on versions 5 to 7. `inverted` sends
    /// `axis_relative_direction` inverted for each axis that scrolls (version 9).
    public func pointerScroll(
        vertical: Double = 0, horizontal: Double = 0, source: AxisSource? = nil,
        value120: (vertical: Int32, horizontal: Int32) = (0, 0), inverted: Bool = false
    ) {
        sendPointer { [unowned self] pointer, _ in
            if let source, pointer.version >= 5 { post(pointer, "axis_source", [.uint(source.rawValue)]) }
            for (axis, amount, steps) in [(UInt32(0), vertical, value120.vertical), (1, horizontal, value120.horizontal)] where amount != 0 {
                if steps != 0, pointer.version >= 8 {
                    post(pointer, "axis_value120", [.uint(axis), .int(steps)])
                } else if steps / 120 != 0, pointer.version >= 5 {
                    post(pointer, "axis_discrete", [.uint(axis), .int(steps / 120)])
                }
                if inverted, pointer.version >= 9 { post(pointer, "axis_relative_direction", [.uint(axis), .uint(1)]) }
                post(pointer, "axis", [.uint(inputMilliseconds), .uint(axis), .fixed(amount)])
            }
        }
    }

    /// The scroll ends along the axes named (`wl_pointer.axis_stop`, after an `axis_source`
    /// of `source` when given): the fingers left the touchpad. Sent to pointers of version
    /// 5 and later.
    public func pointerScrollStop(vertical: Bool = true, horizontal: Bool = false, source: AxisSource? = .finger) {
        sendPointer { [unowned self] pointer, _ in
            guard pointer.version >= 5 else { return }
            if let source { post(pointer, "axis_source", [.uint(source.rawValue)]) }
            if vertical { post(pointer, "axis_stop", [.uint(inputMilliseconds), .uint(0)]) }
            if horizontal { post(pointer, "axis_stop", [.uint(inputMilliseconds), .uint(1)]) }
        }
    }

    /// The pointer leaves the surface it is over.
    public func pointerLeave() {
        sendPointer { [unowned self] pointer, surface in post(pointer, "leave", [.uint(nextSerial()), .object(surface)]) }
    }

    /// Sends one pointer event to the pointers of the first toplevel's client, then a frame.
    private func sendPointer(_ body: @escaping (ServerResource, ServerResource) -> Void) {
        perform { [unowned self] in
            guard let surface = pointerFocusSurface.flatMap({ $0.isAlive ? $0 : nil })
                ?? alive("xdg_toplevel").first?.xdgSurface?.surface
            else { return }
            for pointer in alive("wl_pointer") where pointer.client == surface.client {
                body(pointer, surface)
                if pointer.version >= 5 { post(pointer, "frame", []) }
            }
        }
    }

    // MARK: - Failures

    /// Posts a protocol error on the first live object of `interface` (default
    /// `xdg_wm_base`), which ends that client's connection.
    public func postProtocolError(on interface: String = "xdg_wm_base", code: UInt32 = 0, message: String = "scripted protocol error") {
        perform { [unowned self] in
            guard let target = alive(interface).first else { return }
            lamina_server_post_error(target.raw, code, message)
        }
    }

    /// Disconnects every client at once, as a crashing compositor would.
    public func disconnectClients() {
        perform { [unowned self] in
            for client in clients { wl_client_destroy(client) }
        }
    }
}
