/// Data this client offers to others through the compositor (`wl_data_source`): the MIME
/// types, announced once, and the data written on request.
public final class DataSource {
    /// The source object.
    public let source: WlDataSource
    /// The MIME types offered.
    public let mimeTypes: [String]
    /// Called when a client asks for the data as a MIME type: write it to the descriptor (the
    /// write end of a pipe), then close it. The descriptor is the handler's.
    public var onSend: ((String, Int32) -> Void)?
    /// Called when the source is no longer used (another source replaced it): destroy it.
    public var onCancelled: (() -> Void)?

    /// Creates a source offering `mimeTypes`.
    public init(manager: WlDataDeviceManager, mimeTypes: [String]) throws(WaylandError) {
        source = try manager.createDataSource()
        self.mimeTypes = mimeTypes
        for mimeType in mimeTypes { try source.offer(mimeType: mimeType) }
        source.onEvent = { [weak self] event in
            switch event {
            case .send(let mimeType, let fd):
                let descriptor = OwnedFileDescriptor(adopting: fd)
                if let handler = self?.onSend { handler(mimeType, descriptor.release()) }
            case .cancelled:
                self?.onCancelled?()
            default:
                break
            }
        }
    }

    /// Destroys the source.
    public func destroy() {
        source.destroy()
    }
}

import Glibc
