/// Data this client offers to others through the compositor (`wl_data_source` for the
/// clipboard and drags, `zwp_primary_selection_source_v1` for the primary selection): the
/// MIME types, announced once, and the data written on request.
public final class DataSource {
    /// The clipboard's or drag's source object; nil for a primary selection's.
    public let source: WlDataSource?
    /// The primary selection's source object; nil for the clipboard's or a drag's.
    public let primarySelectionSource: ZwpPrimarySelectionSourceV1?
    /// The MIME types offered.
    public let mimeTypes: [String]
    /// Called when a client asks for the data as a MIME type: write it to the descriptor (the
    /// write end of a pipe), then close it. The descriptor is the handler's.
    public var onSend: ((String, Int32) -> Void)?
    /// Called when the source is no longer used (another source replaced it, or a drag was
    /// refused or cancelled): destroy it.
    public var onCancelled: (() -> Void)?
    /// For a drag: the other events of the source (`target`, `action`, `dnd_drop_performed`,
    /// `dnd_finished`).
    public var onDragEvent: ((WlDataSource.Event) -> Void)?

    /// Creates a clipboard or drag source offering `mimeTypes`.
    public init(manager: WlDataDeviceManager, mimeTypes: [String]) throws(WaylandError) {
        let source = try manager.createDataSource()
        self.source = source
        primarySelectionSource = nil
        self.mimeTypes = mimeTypes
        for mimeType in mimeTypes { try source.offer(mimeType: mimeType) }
        source.onEvent = { [weak self] event in
            switch event {
            case .send(let mimeType, let fd): DataSource.send(mimeType, fd, to: self)
            case .cancelled: self?.onCancelled?()
            default: self?.onDragEvent?(event)
            }
        }
    }

    /// Creates a primary selection source offering `mimeTypes`.
    public init(primarySelectionManager manager: ZwpPrimarySelectionDeviceManagerV1, mimeTypes: [String]) throws(WaylandError) {
        let source = try manager.createSource()
        self.source = nil
        primarySelectionSource = source
        self.mimeTypes = mimeTypes
        for mimeType in mimeTypes { try source.offer(mimeType: mimeType) }
        source.onEvent = { [weak self] event in
            switch event {
            case .send(let mimeType, let fd): DataSource.send(mimeType, fd, to: self)
            case .cancelled: self?.onCancelled?()
            }
        }
    }

    /// For a drag: the actions the source allows (`wl_data_source.set_actions`, version 3).
    public func setActions(_ actions: WlDataDeviceManager.DndAction) throws(WaylandError) {
        guard let source, source.version >= 3 else { return }
        try source.setActions(dndActions: actions)
    }

    /// Hands a request for the data to `source`'s handler; the descriptor is closed when there
    /// is none (or the source is gone).
    private static func send(_ mimeType: String, _ fd: Int32, to source: DataSource?) {
        let descriptor = OwnedFileDescriptor(adopting: fd)
        if let handler = source?.onSend { handler(mimeType, descriptor.release()) }
    }

    /// Destroys the source.
    public func destroy() {
        source?.destroy()
        primarySelectionSource?.destroy()
    }
}

import Glibc
