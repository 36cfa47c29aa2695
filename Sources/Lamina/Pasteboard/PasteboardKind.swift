internal import Wayland

/// Which of the desktop's selections a ``Pasteboard`` follows, with the compositor's manager
/// for it.
enum PasteboardKind {
    /// The clipboard: copy and paste (`wl_data_device_manager`).
    case clipboard(WlDataDeviceManager)
    /// The primary selection: the text selected last, pasted with the middle button
    /// (`zwp_primary_selection_device_manager_v1`).
    case primarySelection(ZwpPrimarySelectionDeviceManagerV1)

    /// `seat`'s device for this selection.
    func makeDevice(seat: WlSeat) throws(WaylandError) -> any SelectionDevice {
        switch self {
        case .clipboard(let manager): return try DataDevice(manager: manager, seat: seat)
        case .primarySelection(let manager): return try PrimarySelectionDevice(manager: manager, seat: seat)
        }
    }

    /// A source of this selection's kind offering `mimeTypes`.
    func makeSource(mimeTypes: [String]) throws(WaylandError) -> DataSource {
        switch self {
        case .clipboard(let manager): return try DataSource(manager: manager, mimeTypes: mimeTypes)
        case .primarySelection(let manager): return try DataSource(primarySelectionManager: manager, mimeTypes: mimeTypes)
        }
    }
}
