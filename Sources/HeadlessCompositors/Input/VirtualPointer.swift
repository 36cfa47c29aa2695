import Foundation
import Glibc
import Wayland

/// A pointer device driven by the test, through `zwlr_virtual_pointer_v1` (sway).
///
/// Positions are in output pixels, which equal a full-size tiled window's surface
/// coordinates. Creating the pointer gives the seat its pointer capability; clients need a
/// moment to bind `wl_pointer` before motion reaches them (`init` waits `settle` seconds).
///
/// It moves, presses buttons and scrolls — by wheel steps (``wheel(steps:horizontalSteps:distancePerStep:)``)
/// or continuously, as fingers on a touchpad do (``scroll(vertical:horizontal:source:)``, then
/// ``stopScrolling(vertical:horizontal:)``). Touchpad gestures (swipe, pinch, hold) cannot be
/// injected: no protocol of sway 1.7 carries them (LaminaTesting's `ScriptedCompositor` sends
/// them in-process). Each call returns once the compositor has the events; the client they go
/// to gets them when its main thread runs.
///
/// ```swift
/// let pointer = try VirtualPointer(compositor: sway)
/// try pointer.move(toX: 300, y: 200)
/// try pointer.wheel(steps: 3)               // three detents down: 45 surface units
/// try pointer.scroll(vertical: -12.5)       // a finger's continuous scroll up
/// try pointer.stopScrolling()               // the fingers left the touchpad
/// ```
public final class VirtualPointer {
    /// The Linux input code of the left button.
    public static let leftButton: UInt32 = 0x110
    /// The Linux input code of the right button.
    public static let rightButton: UInt32 = 0x111
    /// The Linux input code of the middle button.
    public static let middleButton: UInt32 = 0x112
    /// The distance one wheel detent scrolls, in surface units, as libinput reports a
    /// mouse wheel's click (15).
    public static let wheelStepDistance: Double = 15

    /// The kind of device a continuous scroll comes from (`wl_pointer.axis_source`).
    public enum ScrollSource: Sendable {
        /// Fingers on a touchpad: the scroll ends with ``VirtualPointer/stopScrolling(vertical:horizontal:)``.
        case finger
        /// A continuous device such as a trackpoint or a button held to scroll.
        case continuous
    }

    private let connection: WaylandConnection
    private let globals: WaylandGlobals
    private let manager: ZwlrVirtualPointerManagerV1
    private let pointer: ZwlrVirtualPointerV1
    private let extent: (width: UInt32, height: UInt32)

    /// Connects to `compositor` and creates the device.
    public convenience init(compositor: HeadlessCompositor, settle: Double = 0.3) throws {
        try self.init(socket: compositor.socketPath, width: compositor.width, height: compositor.height, settle: settle)
    }

    /// Connects to the compositor at `socket` (name or absolute path) whose output is
    /// `width × height`, and creates the device.
    public init(socket: String, width: Int, height: Int, settle: Double = 0.3) throws {
        connection = try WaylandConnection(name: socket)
        globals = try WaylandGlobals(connection: connection)
        guard let manager = try globals.bind(ZwlrVirtualPointerManagerV1.self) else {
            throw CompositorError("the compositor does not offer zwlr_virtual_pointer_manager_v1 (sway does; weston does not)")
        }
        self.manager = manager
        pointer = try manager.createVirtualPointer(seat: nil)
        extent = (UInt32(width), UInt32(height))
        try connection.roundtrip()
        Thread.sleep(forTimeInterval: settle)
    }

    /// The time events are stamped with: `CLOCK_MONOTONIC` in milliseconds (its low 32 bits),
    /// as compositors stamp the events of real devices.
    private var now: UInt32 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt32(truncatingIfNeeded: Int64(time.tv_sec) &* 1000 &+ Int64(time.tv_nsec / 1_000_000))
    }

    /// Moves to `(x, y)` in output pixels.
    public func move(toX x: Int, y: Int) throws {
        guard x >= 0, y >= 0, UInt32(x) < extent.width, UInt32(y) < extent.height else {
            throw CompositorError("(\(x), \(y)) is outside the \(extent.width)×\(extent.height) output")
        }
        try pointer.motionAbsolute(time: now, x: UInt32(x), y: UInt32(y), xExtent: extent.width, yExtent: extent.height)
        try pointer.frame()
        try connection.roundtrip()
    }

    /// Presses or releases a button.
    public func button(_ code: UInt32 = VirtualPointer.leftButton, pressed: Bool) throws {
        try pointer.button(time: now, button: code, state: pressed ? .pressed : .released)
        try pointer.frame()
        try connection.roundtrip()
    }

    /// Scrolls by mouse-wheel detents: `steps` down (negative: up) and `horizontalSteps`
    /// right (negative: left), in one `wl_pointer` frame. Each step scrolls
    /// `distancePerStep` surface units (default ``wheelStepDistance``), so the client gets
    /// `wl_pointer.axis` values of `steps × distancePerStep` with `axis_discrete` steps of
    /// `steps` (`axis_source` wheel). Throws for no steps, a step distance that is not a
    /// positive finite number, or more than 1000 steps at once.
    public func wheel(steps: Int, horizontalSteps: Int = 0, distancePerStep: Double = VirtualPointer.wheelStepDistance) throws {
        guard steps != 0 || horizontalSteps != 0 else { throw CompositorError("a wheel scroll needs at least one step") }
        guard abs(steps) <= 1000, abs(horizontalSteps) <= 1000 else {
            throw CompositorError("a wheel scroll of \(steps), \(horizontalSteps) steps is more than 1000 at once")
        }
        guard distancePerStep.isFinite, distancePerStep > 0 else {
            throw CompositorError("a wheel step's distance must be a positive finite number, not \(distancePerStep)")
        }
        let time = now
        for (axis, count) in [(WlPointer.Axis.verticalScroll, steps), (.horizontalScroll, horizontalSteps)] where count != 0 {
            try pointer.axisDiscrete(time: time, axis: axis, value: Double(count) * distancePerStep, discrete: Int32(count))
            // wlroots applies a source to the axis of the request before it: one per axis.
            try pointer.axisSource(axisSource: .wheel)
        }
        try pointer.frame()
        try connection.roundtrip()
    }

    /// Scrolls continuously by `vertical` (positive: down) and `horizontal` (positive: right)
    /// surface units in one `wl_pointer` frame, as fingers on a touchpad (`source` default) or
    /// another continuous device do. A scroll of several frames is several calls; fingers end
    /// theirs with ``stopScrolling(vertical:horizontal:)``. Throws for a value that is not
    /// finite or for no movement at all.
    public func scroll(vertical: Double, horizontal: Double = 0, source: ScrollSource = .finger) throws {
        guard vertical.isFinite, horizontal.isFinite else {
            throw CompositorError("a scroll must be by finite amounts, not \(vertical), \(horizontal)")
        }
        guard vertical != 0 || horizontal != 0 else {
            throw CompositorError("a scroll of 0, 0 sends nothing (stopScrolling() ends a scroll)")
        }
        let time = now
        let axisSource: WlPointer.AxisSource = source == .finger ? .finger : .continuous
        // wlroots applies a source to the axis of the request before it: one per axis (an axis
        // without one would be a wheel's, and sway 1.7 aborts on two sources in a frame).
        for (axis, value) in [(WlPointer.Axis.verticalScroll, vertical), (.horizontalScroll, horizontal)] where value != 0 {
            try pointer.axis(time: time, axis: axis, value: value)
            try pointer.axisSource(axisSource: axisSource)
        }
        try pointer.frame()
        try connection.roundtrip()
    }

    /// Ends a finger scroll along the axes named (`wl_pointer.axis_stop`): the fingers left
    /// the touchpad, so the client may start its own deceleration.
    public func stopScrolling(vertical: Bool = true, horizontal: Bool = false) throws {
        guard vertical || horizontal else { throw CompositorError("stopScrolling() needs an axis to stop") }
        let time = now
        for (axis, stops) in [(WlPointer.Axis.verticalScroll, vertical), (.horizontalScroll, horizontal)] where stops {
            try pointer.axisStop(time: time, axis: axis)
            try pointer.axisSource(axisSource: .finger)
        }
        try pointer.frame()
        try connection.roundtrip()
    }

    /// Moves to `(x, y)` and clicks the left button.
    public func click(atX x: Int, y: Int) throws {
        try move(toX: x, y: y)
        try button(pressed: true)
        try button(pressed: false)
    }

    deinit {
        pointer.destroy()
        manager.destroy()
        try? connection.flush()
    }
}
