/// A seat's primary selection device (`zwp_primary_selection_device_v1`): the text a user
/// selected last, in any application, pasted with the middle button.
public final class PrimarySelectionDevice: SelectionDevice {
    /// The device.
    public let device: ZwpPrimarySelectionDeviceV1
    /// The primary selection's current content, nil when it is empty (or not known yet).
    public private(set) var selection: DataOffer?
    /// Called when the primary selection's content changed.
    public var onSelectionChanged: ((DataOffer?) -> Void)?
    /// Offers announced and not yet made the selection.
    private var announced: [DataOffer] = []

    /// Creates `seat`'s primary selection device.
    public init(manager: ZwpPrimarySelectionDeviceManagerV1, seat: WlSeat) throws(WaylandError) {
        device = try manager.getDevice(seat: seat)
        device.onEvent = { [weak self] event in self?.handle(event) }
    }

    private func handle(_ event: ZwpPrimarySelectionDeviceV1.Event) {
        switch event {
        case .dataOffer(let offer):
            announced.append(DataOffer(primarySelectionOffer: offer))
        case .selection(let offer):
            let new = offer.flatMap { offer in announced.firstIndex { $0.proxy === offer }.map { announced.remove(at: $0) } }
            if let old = selection, old !== new { old.destroy() }
            selection = new
            onSelectionChanged?(new)
        }
    }

    /// Makes `source` (a primary selection source) the primary selection; nil empties it.
    public func setSelection(_ source: DataSource?, serial: UInt32) throws(WaylandError) {
        if let source, source.primarySelectionSource == nil {
            throw .invalidValue("a clipboard or drag source cannot be the primary selection")
        }
        try device.setSelection(source: source?.primarySelectionSource, serial: serial)
    }
}
