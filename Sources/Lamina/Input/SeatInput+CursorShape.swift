internal import Wayland

extension SeatInput {
    /// Shows `cursor` through the compositor's cursor shapes (`wp_cursor_shape_v1`), for the
    /// `wl_pointer.enter` with `serial`. Returns false when the protocol has no shape of that
    /// name: the caller shows it from the cursor theme instead.
    func showCursorShape(_ cursor: Cursor, on pointer: WlPointer, serial: UInt32, manager: WpCursorShapeManagerV1) throws(WaylandError) -> Bool {
        if shapeDevice?.pointer !== pointer {
            shapeDevice = try CursorShapeDevice(manager: manager, pointer: pointer)
        }
        return try shapeDevice?.show(cursor.name, serial: serial) ?? false
    }
}
