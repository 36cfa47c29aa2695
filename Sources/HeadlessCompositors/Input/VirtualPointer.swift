import Foundation
import Glibc
import Wayland

/// A pointer device driven by the test, through `zwlr_virtual_pointer_v1` (sway).
///
/// Positions are in output pixels, which equal a full-size tiled window's surface
/// coordinates. Creating the pointer gives the seat its pointer capability; clients need a
/// moment to bind `wl_pointer` before motion reaches them (`init` waits `settle` seconds).
public final class VirtualPointer {
    /// The Linux input code of the left button.
    public static let leftButton: UInt32 = 0x110

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
