import Foundation
import Glibc
internal import Wayland

/// Outliving the compositor: when the connection closes, the application keeps its windows
/// and their layer trees, waits for a compositor on the same socket and shows the windows
/// there again. Everything made from the old connection (CompositorBindings.swift) is let go
/// of; the trees are the state, Wayland objects only a view of them.
extension Application {
    /// Whether the application outlives its compositor: when the connection closes (the
    /// compositor exited, crashed or was restarted), the windows are kept — their layer trees,
    /// running animations and state — and shown again on the compositor that next listens
    /// on the same socket, if one comes within ``reconnectionTimeout``. A protocol error
    /// stays fatal (it is the app's own). The ``delegate`` hears each step. Default false,
    /// or true when the environment has `LAMINA_RECONNECT=1`.
    ///
    /// What is kept: windows (title, application ID, size, minimum and maximum sizes,
    /// decorations asked for, fullscreen or maximised), their trees and animations (which continue at the time they
    /// would have reached), display links, and what the app put on the pasteboards (offered
    /// again at the next input event). What is reset: popups are dismissed (``Popup/onDismiss``:
    /// a grab cannot outlive its connection), held buttons are released and the pointer
    /// leaves, keyboard focus is lost, touches and gestures are cancelled, and a text-input
    /// session ends. While the application is between compositors (``isReconnecting``),
    /// showing a popup, starting a drag or setting a selection fails with the error that
    /// ended the connection; a window opened meanwhile is shown when the compositor is back.
    public var reconnectsToCompositor: Bool {
        get { reconnection.isEnabled }
        set { reconnection.isEnabled = newValue }
    }

    /// How long the application waits for a compositor to come back before it gives up
    /// (``ApplicationDelegate/application(_:didFailToReconnectWith:)``, then ``run()`` throws).
    /// Default 10 seconds.
    public var reconnectionTimeout: TimeInterval {
        get { reconnection.timeout }
        set { reconnection.timeout = newValue.isFinite ? max(0, newValue) : 10 }
    }

    /// Whether the application is between compositors: the connection closed and no new
    /// one is made yet.
    public var isReconnecting: Bool { reconnection.startTime != nil }

    /// Lamina: how many times the application was shown again on a new compositor.
    public var reconnectionCount: Int { reconnection.completed }

    /// Whether a failure ends the connection without being the app's fault: the compositor
    /// went away. A protocol error, or a compositor refusing what the app asked, stays fatal.
    static func isCompositorGone(_ error: WaylandError) -> Bool {
        if case .connectionLost = error { return true }
        return false
    }

    /// The connection closed: windows stop drawing, popups are dismissed and input is reset;
    /// then new connections are tried until one works or the time allowed passes.
    func beginReconnecting(after error: WaylandError) {
        let failure = LaminaError(error)
        reconnection.startTime = monotonicNow()
        reconnection.lastError = failure
        reconnection.breakError = failure
        reconnection.delay = ReconnectionState.firstDelay
        letGoOfConnection()
        pipeReads.endAll(with: .connectionFailed(failure))
        delegate?.applicationWillReconnect(self, after: failure)
        attemptReconnection()
    }

    /// While the application is between compositors, the error that ended the connection:
    /// what asks for a compositor now (a popup, a drag, a selection) fails with it.
    var errorWhileReconnecting: LaminaError? { isReconnecting ? reconnection.breakError : nil }

    /// Stops everything that uses the current connection; the objects made from it go when
    /// the new bindings replace them. Nothing sent afterwards reaches the old connection —
    /// not what handlers of the reset below (a released button, a dismissed popup) ask for,
    /// nor what timers and render threads do before the new connection is there.
    private func letGoOfConnection() {
        connection.abandon()
        stopReading()
        for popup in popups.reversed() { popup.dismissed() }
        for window in windows { window.connectionWillClose() }
        releaseBindings()
    }

    /// Tries to connect once. The try never makes the main thread wait: it fails at once
    /// when nothing listens or accepts, and otherwise ends when the compositor answered, the
    /// connection failed, or it did not answer within ``ReconnectionState/answerTimeout``.
    private func attemptReconnection() {
        guard let start = reconnection.startTime, !isClosed else { return }
        let socket = connection.socket
        do {
            let attempt = try CompositorConnectionAttempt(socket: socket) { [weak self] outcome in
                self?.attemptEnded(outcome)
            }
            reconnection.attempt = attempt
        } catch {
            return attemptFailed(error)
        }
        // Not answered in time — or not before the time allowed for reconnecting ends.
        let deadline = min(ReconnectionState.answerTimeout, start + reconnection.timeout - monotonicNow())
        reconnection.attemptNumber += 1
        let number = reconnection.attemptNumber
        DispatchQueue.main.asyncAfter(deadline: .now() + max(0, deadline)) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.reconnection.attemptNumber == number, let attempt = self.reconnection.attempt else { return }
                attempt.cancel()
                self.reconnection.attempt = nil
                self.scheduleNextAttempt(
                    after: .connectionLost(
                        "the compositor at '\(socket)' accepted the connection but did not answer within \(ReconnectionState.answerTimeout) s"))
            }
        }
    }

    /// A try ended with the compositor's answer or the error that ended it.
    private func attemptEnded(_ outcome: Result<CompositorBindings, WaylandError>) {
        reconnection.attempt = nil
        reconnection.attemptNumber += 1
        do {
            try showWindows(on: outcome.get())
        } catch {
            attemptFailed(error)
        }
    }

    private func attemptFailed(_ error: WaylandError) {
        if case .protocolError = error {
            return giveUpReconnecting(LaminaError(error))
        }
        scheduleNextAttempt(after: LaminaError(error))
    }

    /// Schedules the next try (with backoff), or gives up once the time allowed passed.
    private func scheduleNextAttempt(after error: LaminaError) {
        guard let start = reconnection.startTime, !isClosed else { return }
        reconnection.lastError = error
        let elapsed = monotonicNow() - start
        guard elapsed < reconnection.timeout else {
            let socket = connection.socket
            return giveUpReconnecting(
                .connectionLost(
                    "the Wayland compositor went away and none came back at '\(socket)' within \(reconnection.timeout) s (last try: \(error))"))
        }
        let delay = min(reconnection.delay, reconnection.timeout - elapsed)
        reconnection.delay = min(reconnection.delay * 2, ReconnectionState.longestDelay)
        DispatchQueue.main.asyncAfter(deadline: .now() + max(0, delay)) { [weak self] in
            MainActor.assumeIsolated { self?.attemptReconnection() }
        }
    }

    /// Ends a try under way (the application closes).
    func cancelReconnecting() {
        reconnection.attempt?.cancel()
        reconnection.attempt = nil
        reconnection.startTime = nil
    }

    /// Adopts `bindings` and shows every open window on them. A new compositor that goes away
    /// while this happens sends the application back to waiting.
    private func showWindows(on bindings: CompositorBindings) throws(WaylandError) {
        self.bindings = bindings
        do {
            pasteboardConnectionChanged()
            try adoptBindings()
            for window in windows { try window.reconnect() }
            try connection.flush()
        } catch {
            letGoOfConnection()
            throw error
        }
        startReading()
        reconnection.startTime = nil
        reconnection.completed += 1
        delegate?.applicationDidReconnect(self)
    }

    /// No compositor came back: the application fails with `error`.
    private func giveUpReconnecting(_ error: LaminaError) {
        reconnection.startTime = nil
        delegate?.application(self, didFailToReconnectWith: error)
        failPermanently(error)
    }

    private func monotonicNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

/// The application's reconnection setting and, while it waits, its progress.
struct ReconnectionState {
    var isEnabled: Bool
    var timeout: TimeInterval = 10
    /// When the connection closed (monotonic seconds), while the application waits.
    var startTime: Double?
    /// The wait before the next try; it doubles up to ``longestDelay``.
    var delay = firstDelay
    /// What ended the connection, or the last try.
    var lastError: LaminaError?
    /// What ended the connection, while the application waits for a new one.
    var breakError: LaminaError?
    /// Reconnections made.
    var completed = 0
    /// The try under way: connected, waiting for the compositor's answer.
    var attempt: CompositorConnectionAttempt?
    /// Counts the tries, so a try's time limit ends only that try.
    var attemptNumber = 0

    static let firstDelay = 0.005
    /// Short, so a compositor that is back is found within a frame or a few: a try costs one
    /// `connect(2)` that fails.
    static let longestDelay = 0.05
    /// How long a new compositor may take to answer the first roundtrip.
    static let answerTimeout = 1.0

    init(requestedByEnvironment: Bool) {
        isEnabled = requestedByEnvironment
    }

    /// Whether the environment asks every application to reconnect (`LAMINA_RECONNECT=1`).
    static var isRequestedByEnvironment: Bool {
        ProcessInfo.processInfo.environment["LAMINA_RECONNECT"] == "1"
    }
}
