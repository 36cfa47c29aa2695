import Foundation
import QuartzCore
internal import Wayland

// Starting a drag from a window (DraggingSession.swift).
extension Window {
    /// Starts dragging `items` (data by type) from this window, allowing `operations`, with
    /// `icon` drawn under the pointer while it moves (its top-left corner at the pointer; its
    /// bounds' size, 1…1024 points, is the icon's; its frame is set to that size at the
    /// origin). Must be called while handling a pointer press in the window — the compositor
    /// asks for its serial — and the drag follows that press's button until it is released.
    /// Default operations: copy. A drag started while another is going on replaces it (the
    /// other is cancelled).
    ///
    /// ```swift
    /// window.onPointerEvent = { event in
    ///     guard case .pressed = event.kind, event.layer === chip else { return }
    ///     let session = try? window.beginDraggingSession(items: [.string: Data(title.utf8)], icon: chipIcon)
    ///     session?.onEvent = { print($0) }
    /// }
    /// ```
    @discardableResult
    public func beginDraggingSession(
        items: [Pasteboard.PasteboardType: Data], operations: DragOperation = .copy, icon: CALayer? = nil
    ) throws(DragError) -> DraggingSession {
        guard !isClosed else { throw .windowClosed }
        var iconSize: (width: Int, height: Int)?
        if let icon {
            let size = icon.bounds.size
            guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1,
                size.width <= 1024, size.height <= 1024
            else { throw .invalidIcon(width: Double(size.width), height: Double(size.height)) }
            iconSize = (Int(size.width.rounded(.up)), Int(size.height.rounded(.up)))
        }
        if let error = application.errorWhileReconnecting { throw .connectionFailed(error) }
        guard let manager = application.dataDeviceManager else { throw .unavailable }
        guard let press = application.lastUserInput else { throw .noPointerPress }
        guard let device = application.pasteboard.dataDevice(for: press.seat) else { throw .unavailable }
        let offered = OfferedItems(items)
        do {
            let source = try DataSource(manager: manager, mimeTypes: offered.mimeTypes)
            try source.setActions(operations.dndAction)
            let session = DraggingSession(
                application: application, source: source, items: offered, allowedOperations: operations)
            var iconSurface: WlSurface?
            if iconSize != nil { iconSurface = try application.compositor.createSurface() }
            try device.startDrag(source, origin: toplevel.surface, icon: iconSurface, serial: press.serial)
            if let icon, let iconSize, let iconSurface { try session.showIcon(icon, size: iconSize, on: iconSurface) }
            application.activeDrag = session
            application.scheduleFlush()
            return session
        } catch {
            throw .connectionFailed(LaminaError(error))
        }
    }
}
