/// A seat's data device (`wl_data_device`): the clipboard's content as the compositor offers
/// it to this client (when it has the keyboard focus), and setting it.
///
/// Offers made for drag and drop are destroyed when the drag leaves (dragging into Lamina's
/// windows is not supported yet).
public final class DataDevice {
    /// The device.
    public let device: WlDataDevice
    /// The clipboard's current content, nil when it is empty (or not known yet).
    public private(set) var selection: DataOffer?
    /// Called when the clipboard's content changed.
    public var onSelectionChanged: ((DataOffer?) -> Void)?
    /// Offers announced and not yet placed (as the selection or a drag's).
    private var announced: [DataOffer] = []
    private var dragOffer: DataOffer?

    /// Creates `seat`'s data device.
    public init(manager: WlDataDeviceManager, seat: WlSeat) throws(WaylandError) {
        device = try manager.getDataDevice(seat: seat)
        device.onEvent = { [weak self] event in self?.handle(event) }
    }

    private func handle(_ event: WlDataDevice.Event) {
        switch event {
        case .dataOffer(let offer):
            announced.append(DataOffer(offer: offer))
        case .selection(let offer):
            let new = offer.flatMap { take($0) }
            if let old = selection, old !== new { old.destroy() }
            selection = new
            onSelectionChanged?(new)
        case .enter(_, _, _, _, let offer):
            dragOffer?.destroy()
            dragOffer = offer.flatMap { take($0) }
        case .leave, .drop:
            dragOffer?.destroy()
            dragOffer = nil
        case .motion:
            break
        }
    }

    /// The wrapper announced for `offer`, no longer pending.
    private func take(_ offer: WlDataOffer) -> DataOffer? {
        guard let index = announced.firstIndex(where: { $0.offer === offer }) else { return nil }
        return announced.remove(at: index)
    }

    /// Makes `source` the clipboard's content (nil empties it); `serial` is that of the user's
    /// input event that asked for it.
    public func setSelection(_ source: DataSource?, serial: UInt32) throws(WaylandError) {
        try device.setSelection(source: source?.source, serial: serial)
    }
}
