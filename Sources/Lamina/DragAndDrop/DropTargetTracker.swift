import Foundation
import QuartzCore
internal import Wayland

/// Follows the drags one seat's data device reports over the application's windows: finds
/// the destination layer by hit-testing the presentation tree at each position, tells it the
/// drag entered, moved, left or dropped, negotiates the operations with the source through the
/// offer (`accept`, `set_actions`) and finishes a successful drop.
@MainActor
final class DropTargetTracker {
    private unowned let application: Application
    /// The drag over a window now: its offer, the serial of its `enter`, and the destination.
    private var drag: (info: DraggingInfo, serial: UInt32)?
    private var destination: (any DragDestinationHandling)?
    /// What was last said to the offer (so it is said once per change).
    private var answered: (mimeType: String?, operations: DragOperation)?
    /// A drop just ended the drag: the `leave` compositors send after it is expected.
    private var leaveAfterDrop = false
    /// The drag is over a surface of the application that takes no drops (a popup): its
    /// motions, leave and drop are ignored.
    private var overOtherSurface = false

    init(application: Application) {
        self.application = application
    }

    func handle(_ event: DataDevice.DragEvent) {
        switch event {
        case .entered(let serial, let surface, let x, let y, let offer):
            leaveAfterDrop = false
            overOtherSurface = false
            // An enter without a leave first: the previous drag is over.
            if drag != nil { end(dropped: false) }
            guard let surface, let window = application.windows.first(where: { $0.surfaceID == surface.objectID }) else {
                // Not a window (a popup): the drop is refused.
                offer?.destroy()
                overOtherSurface = true
                return
            }
            let info = DraggingInfo(window: window, location: window.contentLocation(of: CGPoint(x: x, y: y)), offer: offer)
            drag = (info, serial)
            answered = nil
            offer?.onActionsChanged = { [weak self] in MainActor.assumeIsolated { self?.actionsChanged() } }
            update()
        case .moved(_, let x, let y):
            guard let drag else {
                if overOtherSurface { return }
                return report("a drag moved over a window it had not entered")
            }
            drag.info.location = drag.info.window.contentLocation(of: CGPoint(x: x, y: y))
            update()
        case .left:
            if drag == nil, leaveAfterDrop || overOtherSurface {
                leaveAfterDrop = false
                overOtherSurface = false
                return
            }
            guard drag != nil else { return report("a drag left a window it had not entered") }
            end(dropped: false)
        case .dropped:
            if drag == nil, overOtherSurface {
                overOtherSurface = false
                leaveAfterDrop = true
                return
            }
            guard drag != nil else { return report("a drop came for a drag that had not entered a window") }
            end(dropped: true)
            leaveAfterDrop = true
        case .invalid(let message):
            report(message)
        }
    }

    /// The data device went (its seat, or the whole connection): a drag under way ends as if
    /// it left, and a drop being read ends with the read (the connection's error).
    func deviceRemoved() {
        leaveAfterDrop = false
        overOtherSurface = false
        end(dropped: false)
    }

    /// Hit-tests at the drag's position, moves the destination, and answers the offer.
    private func update() {
        guard let info = drag?.info else { return }
        var found: (any DragDestinationHandling)?
        info.window.withInputPresentationTime {
            var candidate = info.window.layer(at: info.location)
            while let layer = candidate, found == nil {
                found = layer as? any DragDestinationHandling
                candidate = layer.superlayer
            }
        }
        if let destination, let found, destination === found {
            info.acceptedOperations = found.draggingUpdated(info)
        } else {
            destination?.draggingExited(info)
            destination = found
            info.acceptedOperations = found?.draggingEntered(info) ?? .none
        }
        answerOffer()
    }

    /// Tells the source which type and operations the destination takes.
    private func answerOffer() {
        guard let drag, let offer = drag.info.offer else { return }
        let info = drag.info, serial = drag.serial
        let operations = info.acceptedOperations.intersection(info.sourceOperations)
        let mimeType = operations.isEmpty ? nil : offer.mimeTypes.first
        guard answered?.mimeType != mimeType || answered?.operations != operations else { return }
        answered = (mimeType, operations)
        application.send {
            try offer.accept(mimeType, serial: serial)
            try offer.setActions(operations.dndAction, preferred: operations.preferred.dndAction)
        }
    }

    private func actionsChanged() {
        guard let info = drag?.info else { return }
        let chosen = DragOperation(rawValue: info.offer?.selectedAction.rawValue ?? 0)
        if let offer = info.offer, offer.selectedAction.rawValue & ~7 != 0 || offer.sourceActions.rawValue & ~7 != 0 {
            report("the compositor named drag actions out of range (\(offer.sourceActions.rawValue), \(offer.selectedAction.rawValue))")
        }
        if chosen.rawValue.nonzeroBitCount > 1 {
            report("the compositor chose more than one drag action (\(chosen))")
        }
        // The source's actions can change during the drag: answer again.
        answerOffer()
    }

    /// The drag left, or was dropped: the destination hears it, and a drop it took is
    /// performed, then finished.
    private func end(dropped: Bool) {
        guard let info = drag?.info else { return }
        let target = destination
        drag = nil
        destination = nil
        answered = nil
        info.offer?.onActionsChanged = nil
        let taken = !info.acceptedOperations.intersection(info.sourceOperations).isEmpty
        guard dropped, let target, taken, let offer = info.offer else {
            target?.draggingExited(info)
            info.offer?.destroy()
            return
        }
        Task { @MainActor [application] in
            let succeeded = await target.performDragOperation(info)
            application.send {
                if succeeded, !info.operation.isEmpty { try offer.finish() }
                offer.destroy()
            }
        }
    }

    private func report(_ message: String) {
        application.onInputError(.dragAndDrop(message))
    }
}
