/// A seat's data device (`wl_data_device`): the clipboard's content as the compositor offers
/// it to this client (when it has the keyboard focus), setting it, and drag and drop — drags
/// this client starts and drags over its surfaces.
public final class DataDevice: SelectionDevice {
    /// A drag over one of this client's surfaces, as the compositor reports it.
    public enum DragEvent {
        /// The drag entered `surface` at (`x`, `y`) in surface coordinates, offering `offer`
        /// (nil when the drag carries no data: a drag within its source client). The offer is
        /// the handler's to destroy.
        case entered(serial: UInt32, surface: WlSurface?, x: Double, y: Double, offer: DataOffer?)
        /// The drag moved to (`x`, `y`) on the surface it entered.
        case moved(time: UInt32, x: Double, y: Double)
        /// The drag left the surface (or was cancelled).
        case left
        /// The user dropped on the surface.
        case dropped
        /// The compositor sent something the protocol does not allow; described.
        case invalid(String)
    }

    /// The device.
    public let device: WlDataDevice
    /// The clipboard's current content, nil when it is empty (or not known yet).
    public private(set) var selection: DataOffer?
    /// Called when the clipboard's content changed.
    public var onSelectionChanged: ((DataOffer?) -> Void)?
    /// Called for drags over this client's surfaces. Default nil: their offers are destroyed
    /// (drops are refused).
    public var onDragEvent: ((DragEvent) -> Void)?
    /// Offers announced and not yet placed (as the selection or a drag's).
    private var announced: [DataOffer] = []

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
        case .enter(let serial, let surface, let x, let y, let proxy):
            let offer = proxy.flatMap { take($0) }
            if proxy != nil, offer == nil {
                onDragEvent?(.invalid("a drag entered with an offer that was not announced"))
            }
            guard let onDragEvent else {
                offer?.destroy()
                return
            }
            onDragEvent(.entered(serial: serial, surface: surface, x: x, y: y, offer: offer))
        case .motion(let time, let x, let y):
            onDragEvent?(.moved(time: time, x: x, y: y))
        case .leave:
            onDragEvent?(.left)
        case .drop:
            onDragEvent?(.dropped)
        }
    }

    /// The wrapper announced for `offer`, no longer pending.
    private func take(_ offer: WlDataOffer) -> DataOffer? {
        guard let index = announced.firstIndex(where: { $0.proxy === offer }) else { return nil }
        return announced.remove(at: index)
    }

    /// Makes `source` the clipboard's content (nil empties it); `serial` is that of the user's
    /// input event that asked for it.
    public func setSelection(_ source: DataSource?, serial: UInt32) throws(WaylandError) {
        if let source, source.source == nil {
            throw .invalidValue("a primary selection source cannot be the clipboard")
        }
        try device.setSelection(source: source?.source, serial: serial)
    }

    /// Starts a drag of `source`'s data from `origin`, showing `icon` (a surface without a
    /// role; nil for none) under the pointer. `serial` is that of the press that began it.
    public func startDrag(_ source: DataSource, origin: WlSurface, icon: WlSurface?, serial: UInt32) throws(WaylandError) {
        guard let wlSource = source.source else {
            throw .invalidValue("a primary selection source cannot be dragged")
        }
        try device.startDrag(source: wlSource, origin: origin, icon: icon, serial: serial)
    }
}
