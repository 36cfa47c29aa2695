internal import Wayland

// Drops into the application's windows: each seat's clipboard data device reports the drags
// over them to a tracker of its own (DropTargetTracker.swift).
extension Application {
    /// Follows the drags `device` reports (a clipboard data device; others have none).
    func followDrags(on device: any SelectionDevice) {
        guard let device = device as? DataDevice else { return }
        let tracker = DropTargetTracker(application: self)
        device.onDragEvent = { event in MainActor.assumeIsolated { tracker.handle(event) } }
        dropTargets[ObjectIdentifier(device)] = tracker
    }

    /// `device` goes (its seat went away, or the connection closed): a drag over a window
    /// ends, and the layer it was over hears it exited.
    func stopFollowingDrags(on device: any SelectionDevice) {
        guard let device = device as? DataDevice else { return }
        device.onDragEvent = nil
        dropTargets.removeValue(forKey: ObjectIdentifier(device))?.deviceRemoved()
    }
}
