import Dispatch
import Foundation
import QuartzCore

/// The main thread's side of the accessibility bridge, one per ``Application``: while an
/// assistive technology is present it publishes a snapshot of the app's windows after each
/// commit that changed them (coalesced to one per turn of the main queue), and runs the
/// actions and focus changes the bridge thread asks for.
///
/// Without an assistive technology it does nothing on the main thread: a commit costs one
/// check of ``isPublishing``. The bridge thread (``ATSPIServer``) watches the session bus
/// for one; set `NO_AT_BRIDGE=1` (as for GTK) to keep it from starting at all.
@MainActor
final class AccessibilityBridge {
    /// Whether an assistive technology is present and snapshots are published.
    private(set) var isPublishing = false
    /// Snapshots published so far (tests read it).
    private(set) var publishedSnapshots = 0
    private unowned let application: Application
    /// The bridge thread's side (nil with `NO_AT_BRIDGE=1`).
    private let server: ATSPIServer?
    private var isStarted = false
    /// Whether a publication is scheduled for the end of this turn of the main queue.
    private var isPublicationScheduled = false
    /// The layers behind the last snapshot's nodes (for actions and focus).
    private var layers: [(id: UInt64, layer: CALayer)] = []
    /// The last snapshot published.
    private(set) var lastSnapshot: AccessibilitySnapshot?

    init(application: Application) {
        self.application = application
        guard ProcessInfo.processInfo.environment["NO_AT_BRIDGE"] != "1" else {
            server = nil
            return
        }
        // The requests reach the bridge through a box filled in below (`self` is not
        // complete until `server` is set).
        let target = BridgeTarget()
        let requests = ATSPIServer.Requests(
            setPublishing: { publishing in
                DispatchQueue.main.async { MainActor.assumeIsolated { target.bridge?.setPublishing(publishing) } }
            },
            perform: { id, action in
                DispatchQueue.main.async { MainActor.assumeIsolated { target.bridge?.perform(action, on: id) } }
            },
            focus: { id in
                DispatchQueue.main.async { MainActor.assumeIsolated { target.bridge?.focus(id) } }
            })
        server = ATSPIServer(requests: requests)
        target.bridge = self
    }

    deinit {
        server?.stop()
    }

    /// Starts the bridge thread (once).
    func start() {
        guard !isStarted else { return }
        isStarted = true
        server?.start()
    }

    /// Stops the bridge thread (the application closes).
    func stop() {
        server?.stop()
        setPublishing(false)
    }

    /// A displayed tree committed, a window opened or closed, or the focus moved: publish a
    /// new snapshot at the end of this turn (only while an assistive technology is present).
    func setNeedsUpdate() {
        guard isPublishing, !isPublicationScheduled else { return }
        isPublicationScheduled = true
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                self.isPublicationScheduled = false
                self.publish()
            }
        }
    }

    /// Sends an announcement, if an assistive technology is present.
    func announce(_ text: String) {
        guard isPublishing else { return }
        server?.announce(text)
    }

    /// Moves the focus to `layer` (a screen change or layout change naming it) and publishes.
    func moveFocus(to layer: CALayer) {
        for window in application.windows where Self.layer(layer, isIn: window.rootLayer) {
            window.focusedLayer = layer
        }
        setNeedsUpdate()
    }

    private func setPublishing(_ publishing: Bool) {
        guard publishing != isPublishing else { return }
        isPublishing = publishing
        if publishing {
            publish()
        } else {
            layers = []
            lastSnapshot = nil
        }
    }

    /// Makes and sends the snapshot of every window and popup.
    private func publish() {
        guard isPublishing, let server else { return }
        let snapshot = makeSnapshot()
        guard snapshot != lastSnapshot else { return }
        lastSnapshot = snapshot
        publishedSnapshots += 1
        server.publish(snapshot)
    }

    /// The snapshot of the application's windows (frames named by their titles) and popups
    /// (menus when they grab the input, else tooltips).
    func makeSnapshot() -> AccessibilitySnapshot {
        var builder = AccessibilitySnapshotBuilder(
            applicationName: Self.applicationName, expectedCount: lastSnapshot?.nodes.count ?? 0)
        for window in application.windows {
            let focused = window.focusedLayer === window.rootLayer ? nil : window.focusedLayer
            builder.addTopLevel(
                root: window.frame.root, role: .frame, name: window.title, size: window.size,
                states: window.isKeyWindow ? [.active, .resizable] : [.resizable], focusedLayer: focused)
        }
        for popup in application.popups {
            // A menu is a popup for, a tooltip describes, the element it was shown next to
            // (or the nearest one holding it; else its parent window or menu). Parents come
            // first in the list, so their nodes are in the snapshot already.
            var relations: [ATSPIRelation] = []
            if let parent = popup.shown?.parent,
                let target = builder.nearestNode(of: popup.shown?.anchorLayer, under: parent.popupSurfaceRoot)
                    ?? builder.nearestNode(of: parent.popupSurfaceRoot, under: parent.popupSurfaceRoot)
            {
                relations = [ATSPIRelation(kind: popup.grabsInput ? .popupFor : .tooltipFor, targets: [target])]
            }
            builder.addTopLevel(
                root: popup.surfaceRoot, role: popup.grabsInput ? .popupMenu : .toolTip, name: "",
                size: popup.frame.size, states: popup.grabsInput ? [.active] : [], focusedLayer: nil, relations: relations)
        }
        layers = builder.layers
        return builder.snapshot
    }

    /// The application's name: the executable's.
    static var applicationName: String { ProcessInfo.processInfo.processName }

    private func perform(_ action: AccessibilitySnapshot.Action, on id: UInt64) {
        guard let layer = layer(id) else { return }
        switch action {
        case .activate: _ = layer.accessibilityActivate()
        case .increment: layer.accessibilityIncrement()
        case .decrement: layer.accessibilityDecrement()
        }
        setNeedsUpdate()
    }

    private func focus(_ id: UInt64) {
        guard let layer = layer(id) else { return }
        moveFocus(to: layer)
    }

    /// The layer behind node `id` of the last snapshot.
    private func layer(_ id: UInt64) -> CALayer? {
        layers.first { $0.id == id }?.layer
    }

    private static func layer(_ layer: CALayer, isIn root: CALayer) -> Bool {
        var current: CALayer? = layer
        while let candidate = current {
            if candidate === root { return true }
            current = candidate.superlayer
        }
        return false
    }
}

/// The bridge the bridge thread's requests go to, once it exists; held weakly.
@MainActor
private final class BridgeTarget: Sendable {
    weak var bridge: AccessibilityBridge?
}
