extension WpCursorShapeDeviceV1.Shape {
    /// The CSS cursor names of `wp_cursor_shape_device_v1.shape`, in the order of their values
    /// (1, 2, …): the protocol's entry names with `-` for `_`. The last two need version 2.
    static let cssNames = [
        "default", "context-menu", "help", "pointer", "progress", "wait", "cell", "crosshair", "text",
        "vertical-text", "alias", "copy", "move", "no-drop", "not-allowed", "grab", "grabbing", "e-resize",
        "n-resize", "ne-resize", "nw-resize", "s-resize", "se-resize", "sw-resize", "w-resize", "ew-resize",
        "ns-resize", "nesw-resize", "nwse-resize", "col-resize", "row-resize", "all-scroll", "zoom-in",
        "zoom-out", "dnd-ask", "all-resize",
    ]

    /// The shape of a CSS cursor name (`default`, `pointer`, `text`, `ew-resize`, …) that a
    /// shape device of `version` may set, or nil when the protocol has none by that name.
    public init?(cssName: String, version: UInt32) {
        guard let index = Self.cssNames.firstIndex(of: cssName) else { return nil }
        let value = UInt32(index + 1)
        guard value <= 34 || version >= 2 else { return nil }
        self.init(rawValue: value)
    }
}

/// The pointer's image set by name through `wp_cursor_shape_v1`, where the compositor offers
/// it: the compositor draws the cursor from its own theme, at its own scale, and no cursor
/// surface or theme needs to be loaded by the client.
public final class CursorShapeDevice {
    /// The pointer whose cursor this device sets.
    public let pointer: WlPointer
    private let device: WpCursorShapeDeviceV1

    /// The shape device of `pointer`, from the compositor's `manager`.
    public init(manager: WpCursorShapeManagerV1, pointer: WlPointer) throws(WaylandError) {
        self.pointer = pointer
        device = try manager.getPointer(pointer: pointer)
    }

    /// Shows the cursor with the CSS name `name` for the `wl_pointer.enter` with `serial`.
    /// Returns false, sending nothing, when the protocol has no shape by that name (show it
    /// from a cursor theme instead).
    public func show(_ name: String, serial: UInt32) throws(WaylandError) -> Bool {
        guard let shape = WpCursorShapeDeviceV1.Shape(cssName: name, version: device.version) else { return false }
        try device.setShape(serial: serial, shape: shape)
        return true
    }

    deinit { device.destroy() }
}
