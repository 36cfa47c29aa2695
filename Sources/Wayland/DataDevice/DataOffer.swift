import Glibc

/// Data another client (or this one) offers through the compositor — the clipboard's or the
/// primary selection's content, or what is dragged over a surface — as the MIME types it can
/// be had in (`wl_data_offer`, `zwp_primary_selection_offer_v1`).
public final class DataOffer {
    /// The clipboard's or drag's offer object; nil for a primary selection's.
    public let offer: WlDataOffer?
    /// The MIME types offered, in the order the source listed them.
    public private(set) var mimeTypes: [String] = []
    /// For a drag: the actions the source allows (`source_actions`), empty until announced.
    public private(set) var sourceActions: WlDataDeviceManager.DndAction = []
    /// For a drag: the action the compositor chose from both sides' (`action`), empty until
    /// announced.
    public private(set) var selectedAction: WlDataDeviceManager.DndAction = []
    /// Called when the compositor announces the source's actions or chooses an action.
    public var onActionsChanged: (() -> Void)?
    /// The protocol object, whichever kind it is (for identity).
    let proxy: AnyObject
    private let requestTransfer: (String, Int32) throws(WaylandError) -> Void
    private let destroyProxy: () -> Void

    /// Follows the MIME types (and drag actions) `offer` announces.
    public init(offer: WlDataOffer) {
        self.offer = offer
        proxy = offer
        requestTransfer = { (mimeType: String, fd: Int32) throws(WaylandError) in try offer.receive(mimeType: mimeType, fd: fd) }
        destroyProxy = { offer.destroy() }
        offer.onEvent = { [weak self] event in
            guard let self else { return }
            switch event {
            case .offer(let mimeType): added(mimeType)
            case .sourceActions(let actions):
                sourceActions = actions
                onActionsChanged?()
            case .action(let action):
                selectedAction = action
                onActionsChanged?()
            }
        }
    }

    /// Follows the MIME types a primary selection's `offer` announces.
    public init(primarySelectionOffer offer: ZwpPrimarySelectionOfferV1) {
        self.offer = nil
        proxy = offer
        requestTransfer = { (mimeType: String, fd: Int32) throws(WaylandError) in try offer.receive(mimeType: mimeType, fd: fd) }
        destroyProxy = { offer.destroy() }
        offer.onEvent = { [weak self] event in
            guard case .offer(let mimeType) = event else { return }
            self?.added(mimeType)
        }
    }

    private func added(_ mimeType: String) {
        guard !mimeTypes.contains(mimeType) else { return }
        mimeTypes.append(mimeType)
    }

    /// Asks the source for the data as `mimeType`: returns the read end of a non-blocking,
    /// close-on-exec pipe that the source writes it to and closes. The caller reads it to its
    /// end and closes it. The request goes with the next flush.
    public func receive(_ mimeType: String) throws(WaylandError) -> Int32 {
        let pipe: NonBlockingPipe
        do {
            pipe = try NonBlockingPipe()
        } catch {
            throw WaylandError(error)
        }
        // libwayland duplicates the descriptor as the request is marshalled: the write end is
        // closed when this returns (or throws), so the source's close ends the transfer.
        try requestTransfer(mimeType, pipe.writeEnd.rawValue)
        return pipe.takeReadEnd().release()
    }

    /// For a drag: accepts the data as `mimeType` (nil: refuses it); `serial` is that of the
    /// drag's `enter`.
    public func accept(_ mimeType: String?, serial: UInt32) throws(WaylandError) {
        try offer?.accept(serial: serial, mimeType: mimeType)
    }

    /// For a drag: the actions this destination takes, and the one it prefers.
    public func setActions(_ actions: WlDataDeviceManager.DndAction, preferred: WlDataDeviceManager.DndAction) throws(WaylandError) {
        guard let offer, offer.version >= 3 else { return }
        try offer.setActions(dndActions: actions, preferredAction: preferred)
    }

    /// For a drag: tells the source the drop was handled (its data read).
    public func finish() throws(WaylandError) {
        guard let offer, offer.version >= 3 else { return }
        try offer.finish()
    }

    /// Destroys the offer (it is no longer the selection, or the drag left).
    public func destroy() {
        destroyProxy()
    }
}
