import Glibc

/// Data another client (or this one) offers through the compositor — the clipboard's content
/// — as the MIME types it can be had in (`wl_data_offer`).
public final class DataOffer {
    /// The offer object.
    public let offer: WlDataOffer
    /// The MIME types offered, in the order the source listed them.
    public private(set) var mimeTypes: [String] = []

    /// Follows the MIME types `offer` announces.
    public init(offer: WlDataOffer) {
        self.offer = offer
        offer.onEvent = { [weak self] event in
            guard let self, case .offer(let mimeType) = event, !mimeTypes.contains(mimeType) else { return }
            mimeTypes.append(mimeType)
        }
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
        try offer.receive(mimeType: mimeType, fd: pipe.writeEnd.rawValue)
        return pipe.takeReadEnd().release()
    }

    /// Destroys the offer (it is no longer the selection).
    public func destroy() {
        offer.destroy()
    }
}
