import Foundation
import QuartzCore
internal import Wayland

/// A drag this application started (``Window/beginDraggingSession(items:operations:icon:)``),
/// like AppKit's `NSDraggingSession`: the compositor moves it with the pointer, over any
/// application's windows, until the user drops or cancels it; what happens is reported
/// through ``onEvent``. The data is sent to the destination through a pipe from a background
/// queue.
@MainActor
public final class DraggingSession {
    /// What happened to the drag, as the compositor reports it to the source.
    public enum Event: Equatable, Sendable {
        /// A destination under the pointer takes the data as this type; nil when the one
        /// under the pointer takes none (`wl_data_source.target`).
        case targetAccepted(Pasteboard.PasteboardType?)
        /// The compositor chose this operation from the source's and the destination's
        /// (`wl_data_source.action`).
        case operationChanged(DragOperation)
        /// The user dropped on a destination that takes the data; it is reading it
        /// (`dnd_drop_performed`).
        case dropPerformed
        /// The destination read the data: the drag is over, with this operation (after a
        /// move, delete the data) (`dnd_finished`).
        case finished(DragOperation)
        /// The drag is over without a transfer: dropped where nothing takes it, refused,
        /// cancelled by the user, or replaced by another drag (`cancelled`).
        case cancelled
    }

    /// Called for each event of the drag, in the order the compositor sent them. Default nil.
    public var onEvent: ((Event) -> Void)?
    /// The events so far, in order.
    public private(set) var events: [Event] = []
    /// The operation the compositor chose last (empty before it chose one).
    public private(set) var operation: DragOperation = .none
    /// Whether the drag is over (``Event/finished(_:)`` or ``Event/cancelled`` came).
    public private(set) var isOver = false
    /// The operations the source allows.
    public let allowedOperations: DragOperation

    private let source: DataSource
    private let items: OfferedItems
    private var icon: (surface: WlSurface, presenter: LayerSurfacePresenter)?
    private unowned let application: Application
    /// How long a write waits for the destination, in seconds.
    private let timeout: Double = 10

    init(application: Application, source: DataSource, items: OfferedItems, allowedOperations: DragOperation) {
        self.application = application
        self.source = source
        self.items = items
        self.allowedOperations = allowedOperations
        source.onSend = { [weak self] mimeType, descriptor in
            MainActor.assumeIsolated {
                if let self {
                    self.items.send(mimeType, to: descriptor, timeout: self.timeout)
                } else {
                    _ = OwnedFileDescriptor(adopting: descriptor)  // closing the pipe tells the reader
                }
            }
        }
        source.onCancelled = { [weak self] in MainActor.assumeIsolated { self?.report(.cancelled) } }
        source.onDragEvent = { [weak self] event in MainActor.assumeIsolated { self?.sourceEvent(event) } }
    }

    /// Shows `layer` as the drag's icon on `surface` (which the drag was started with).
    func showIcon(_ layer: CALayer, size: (width: Int, height: Int), on surface: WlSurface) throws(WaylandError) {
        let presenter = try LayerSurfacePresenter(application: application, surface: surface, root: layer, background: nil)
        icon = (surface, presenter)
        presenter.configure(width: size.width, height: size.height) {
            layer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        }
    }

    private func sourceEvent(_ event: WlDataSource.Event) {
        switch event {
        case .target(let mimeType):
            report(.targetAccepted(mimeType.map(Pasteboard.PasteboardType.init(rawValue:))))
        case .action(let action):
            if action.rawValue & ~7 != 0 || action.rawValue.nonzeroBitCount > 1 {
                application.onInputError(.dragAndDrop("the compositor chose drag action \(action.rawValue), not one of copy, move, ask"))
            }
            operation = DragOperation(action)
            report(.operationChanged(operation))
        case .dndDropPerformed:
            report(.dropPerformed)
        case .dndFinished:
            report(.finished(operation))
        case .send, .cancelled:
            break  // handled by the source
        }
    }

    private func report(_ event: Event) {
        guard !isOver else {
            return application.onInputError(.dragAndDrop("the compositor sent \(event) for a drag that is over"))
        }
        events.append(event)
        switch event {
        case .finished, .cancelled: end()
        default: break
        }
        onEvent?(event)
    }

    /// The application's connection closed: a drag not over yet is cancelled.
    func connectionClosed() {
        guard !isOver else { return }
        report(.cancelled)
    }

    /// The drag is over: its icon stops drawing and its source is destroyed. The icon's surface
    /// is destroyed with its last reference, which the render thread holds until it has stopped.
    private func end() {
        isOver = true
        if let icon {
            icon.presenter.stop()
            self.icon = nil
        }
        source.destroy()
        application.scheduleFlush()
    }
}

import Glibc
