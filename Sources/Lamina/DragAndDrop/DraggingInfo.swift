import Foundation
import QuartzCore
internal import Wayland

/// A drag over a window as its destination layer sees it, like AppKit's `NSDraggingInfo`:
/// where it is, what it carries, which operations are allowed, and its data.
@MainActor
public final class DraggingInfo {
    /// The window the drag is over.
    public unowned let window: Window
    /// Where the drag is, in the window's content (root layer) coordinates.
    public internal(set) var location: CGPoint
    /// The types the drag carries, in the order the source offered them. Empty for a drag
    /// with no data.
    public var types: [Pasteboard.PasteboardType] {
        offer?.mimeTypes.map(Pasteboard.PasteboardType.init(rawValue:)) ?? []
    }
    /// The operations the source allows (copy when the compositor does not say).
    public var sourceOperations: DragOperation {
        guard let offer, offer.offer.map({ $0.version >= 3 }) ?? false else { return .copy }
        return DragOperation(offer.sourceActions)
    }
    /// The operation the compositor chose from the source's and the destination's; empty
    /// until it chose one.
    public var operation: DragOperation {
        guard let offer else { return .none }
        return DragOperation(offer.selectedAction)
    }
    /// The operations the destination layer took last.
    public internal(set) var acceptedOperations: DragOperation = .none
    /// The largest piece of data read from the drag. Default 64 MiB.
    public var maximumTransferSize = 64 << 20
    /// How long a read waits for the source, in seconds. Default 10.
    public var timeout: Double = 10

    let offer: DataOffer?

    init(window: Window, location: CGPoint, offer: DataOffer?) {
        self.window = window
        self.location = location
        self.offer = offer
    }

    /// Where the drag is in `layer`'s coordinates (a layer of the window's tree).
    public func location(in layer: CALayer) -> CGPoint {
        window.rootLayer.convert(location, to: layer)
    }

    /// The dragged data as `type`. Throws ``PasteboardError/typeNotAvailable(_:)`` when the
    /// drag carries no such type.
    public func data(forType type: Pasteboard.PasteboardType) async throws(PasteboardError) -> Data {
        guard let offer else { throw .typeNotAvailable(type.rawValue) }
        return try await offer.read(type, application: window.application, limit: maximumTransferSize, timeout: timeout)
    }

    /// The dragged text, or nil when the drag carries none (read under any of text's names).
    public func string() async throws(PasteboardError) -> String? {
        guard let type = offer?.textType else { return nil }
        return String(decoding: try await data(forType: type), as: UTF8.self)
    }
}
