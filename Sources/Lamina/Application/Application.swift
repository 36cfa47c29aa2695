import Dispatch
import Foundation
import QuartzCore
package import Wayland

/// The connection to the compositor and the main loop that windows run in.
///
/// The main loop is Dispatch's main queue with a read source on the display's socket, so
/// `async` code and the main actor interleave with Wayland events. Changes to layers open an
/// implicit `CATransaction` that is committed at the end of the main queue's current turn.
@MainActor
public final class Application {
    /// What the application bound from its current connection (CompositorBindings.swift); a
    /// new one after reconnecting (Application+Reconnection.swift).
    var bindings: CompositorBindings
    /// The connection (the package's tests reach it; apps do not see Wayland's types).
    package var connection: WaylandConnection { bindings.connection }
    /// The compositor's globals.
    package var globals: WaylandGlobals { bindings.globals }
    var compositor: WlCompositor { bindings.compositor }
    var shell: XdgShell { bindings.shell }
    var shm: WlShm { bindings.shm }
    var decorations: ZxdgDecorationManagerV1? { bindings.decorations }
    var presentation: PresentationTiming? { bindings.presentation }
    var viewporter: WpViewporter? { bindings.viewporter }
    var fractionalScale: WpFractionalScaleManagerV1? { bindings.fractionalScale }
    var cursorShapes: WpCursorShapeManagerV1? { bindings.cursorShapes }
    var activation: XdgActivationV1? { bindings.activation }
    var textInputManager: ZwpTextInputManagerV3? { bindings.textInputManager }
    var dataDeviceManager: WlDataDeviceManager? { bindings.dataDeviceManager }
    var primarySelectionManager: ZwpPrimarySelectionDeviceManagerV1? { bindings.primarySelectionManager }
    var pointerGestures: ZwpPointerGesturesV1? { bindings.pointerGestures }
    private var pasteboardStorage: Pasteboard?
    private var primarySelectionStorage: Pasteboard?
    /// The drag this application started last, kept while it goes on.
    var activeDrag: DraggingSession?
    /// What follows the drags over the windows, by each seat's clipboard data device.
    var dropTargets: [ObjectIdentifier: DropTargetTracker] = [:]
    private var seats: [UInt32: SeatInput] = [:]
    private(set) var windows: [Window] = []
    /// The popups shown, in the order they were shown.
    private(set) var popups: [Popup] = []
    /// Publishes the windows to assistive technologies while one is present
    /// (Accessibility/AccessibilityBridge.swift).
    private(set) lazy var accessibility = AccessibilityBridge(application: self)
    /// The applications not closed yet, oldest first (`UIAccessibility.post` reaches them
    /// all); held weakly, so an application let go of without `close()` still goes away.
    static var open: [Application] { openApplications.compactMap(\.application) }
    private static var openApplications: [WeakApplication] = []
    private struct WeakApplication {
        weak var application: Application?
    }
    /// The seat and serial of the user's latest button press (or touch), for popup grabs.
    var lastUserInput: (seat: WlSeat, serial: UInt32)? {
        didSet {
            // What the app owned before a reconnection is offered again with the first input
            // event on the new connection (setting a selection needs one's serial).
            guard lastUserInput != nil else { return }
            pasteboardStorage?.offerAgainAfterReconnecting()
            primarySelectionStorage?.offerAgainAfterReconnecting()
        }
    }
    let outputScales = OutputScales()
    /// Pastes and drops being read through the current connection (they end when it closes).
    let pipeReads = PipeReadsInProgress()
    private var readSource: DispatchSourceRead?
    private var flushScheduled = false
    /// Whether the application outlives its compositor, and its progress while it waits for
    /// one (Application+Reconnection.swift).
    var reconnection: ReconnectionState

    /// The object told of what happens to the application's connection (reconnecting after
    /// the compositor went away). Default nil. Held weakly.
    public weak var delegate: (any ApplicationDelegate)?

    /// Called once when the connection fails (the compositor exited or sent a protocol
    /// error) — with ``reconnectsToCompositor``, only when no compositor came back in time.
    /// Afterwards the application closes (``close()``) and ``run()`` throws the
    /// error: the app decides what comes next — exit with a status, or connect again.
    /// Default: print the error to standard error (the library never exits on its own).
    public var onFatalError: (LaminaError) -> Void = { error in
        FileHandle.standardError.write(Data("lamina: \(error)\n".utf8))
    }

    /// Called when input has a problem the application runs through: a keymap from the
    /// compositor that cannot be used, a cursor the theme lacks. Default: print it to
    /// standard error.
    public var onInputError: (InputError) -> Void = { error in
        FileHandle.standardError.write(Data("lamina: \(error)\n".utf8))
    }

    /// Connects to the compositor named by `WAYLAND_DISPLAY` (or `socket`: a name in
    /// `XDG_RUNTIME_DIR` or an absolute path) and binds what windows need.
    ///
    /// Throws ``LaminaError/cannotConnect(socket:reason:)`` when no compositor listens there,
    /// ``LaminaError/unsupportedCompositor(_:)`` when it lacks what windows need.
    public convenience init(socket: String? = nil) throws(LaminaError) {
        do {
            try self.init(connectingTo: socket)
        } catch {
            throw LaminaError(error)
        }
    }

    private init(connectingTo socket: String?) throws(WaylandError) {
        bindings = try CompositorBindings(socket: socket)
        reconnection = ReconnectionState(requestedByEnvironment: ReconnectionState.isRequestedByEnvironment)
        try adoptBindings()
        // Drops can reach windows only through the clipboard's data devices: made at once.
        if dataDeviceManager != nil { _ = pasteboard }
        outputScales.onChange = { [weak self] in
            guard let self else { return }
            for window in windows { window.outputScaleChanged() }
            for popup in popups { popup.shown?.presenter.outputScaleChanged() }
        }
        try connection.roundtrip()
        startReading()
        Application.openApplications.append(WeakApplication(application: self))
        accessibility.start()
    }

    /// Follows the seats and outputs of the current bindings (at start, and after reconnecting).
    func adoptBindings() throws(WaylandError) {
        for global in globals.globals.values.sorted(by: { $0.name < $1.name }) where global.interface == WlSeat.interfaceName {
            try addSeat(global)
        }
        for global in globals.globals.values { outputScales.add(global, from: globals) }
        globals.onGlobalAdded = { [weak self] global in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.outputScales.add(global, from: self.globals)
                if global.interface == WlSeat.interfaceName { try? self.addSeat(global) }
            }
        }
        globals.onGlobalRemoved = { [weak self] global in
            MainActor.assumeIsolated {
                self?.outputScales.remove(global)
                self?.seats.removeValue(forKey: global.name)?.invalidate()
                self?.pasteboardStorage?.removeSeat(name: global.name)
                self?.primarySelectionStorage?.removeSeat(name: global.name)
            }
        }
    }

    /// Lets go of the seats and outputs of the current bindings, resetting input: held
    /// buttons are released, touches and a drag this application started are cancelled, and
    /// the pasteboards forget their devices.
    func releaseBindings() {
        globals.onGlobalAdded = nil
        globals.onGlobalRemoved = nil
        for (name, seat) in seats {
            seat.invalidate()
            pasteboardStorage?.removeSeat(name: name)
            primarySelectionStorage?.removeSeat(name: name)
        }
        seats.removeAll()
        for global in globals.globals.values { outputScales.remove(global) }
        activeDrag?.connectionClosed()
        activeDrag = nil
        lastUserInput = nil
    }

    private func addSeat(_ global: WaylandGlobals.Global) throws(WaylandError) {
        guard let bound = try globals.bind(WlSeat.self, global: global) else { return }
        seats[global.name] = SeatInput(seat: Seat(seat: bound), name: global.name, application: self)
        pasteboardStorage?.addSeat(bound, name: global.name)
        primarySelectionStorage?.addSeat(bound, name: global.name)
    }

    /// The desktop's clipboard, as the compositor shares it between applications (created on
    /// first use).
    public var pasteboard: Pasteboard {
        if let pasteboardStorage { return pasteboardStorage }
        let pasteboard = makePasteboard(
            dataDeviceManager.map(PasteboardKind.clipboard),
            deviceAdded: { [unowned self] device in self.followDrags(on: device) },
            deviceRemoved: { [unowned self] device in self.stopFollowingDrags(on: device) })
        pasteboardStorage = pasteboard
        return pasteboard
    }

    /// The desktop's primary selection — the text a user selected last, pasted with the middle
    /// button — where the compositor offers it (`zwp_primary_selection_device_manager_v1`;
    /// otherwise setting it throws ``PasteboardError/unavailable`` and it stays empty). Created
    /// on first use. AppKit has no such pasteboard.
    public var primarySelection: Pasteboard {
        if let primarySelectionStorage { return primarySelectionStorage }
        let pasteboard = makePasteboard(primarySelectionManager.map(PasteboardKind.primarySelection))
        primarySelectionStorage = pasteboard
        return pasteboard
    }

    private func makePasteboard(
        _ kind: PasteboardKind?, deviceAdded: ((any SelectionDevice) -> Void)? = nil,
        deviceRemoved: ((any SelectionDevice) -> Void)? = nil
    ) -> Pasteboard {
        let pasteboard = Pasteboard(application: self, kind: kind, deviceAdded: deviceAdded, deviceRemoved: deviceRemoved)
        for (name, seat) in seats.sorted(by: { $0.key < $1.key }) { pasteboard.addSeat(seat.seat.seat, name: name) }
        scheduleFlush()
        return pasteboard
    }

    /// Sends one or more requests and flushes them at the end of the turn; a failure means
    /// the connection broke, which is reported.
    func send(_ requests: () throws -> Void) {
        do {
            try requests()
            scheduleFlush()
        } catch let error as WaylandError {
            fail(error)
        } catch {
            fail(.invalidValue("\(error)"))
        }
    }

    /// A window's focused layer changed: each seat's input method follows it.
    func textInputFocusDidChange(in window: Window) {
        for seat in seats.values { seat.textInput?.update() }
    }

    /// The scale windows and cursors are drawn at: the largest output scale (1…8).
    var outputScale: Int { outputScales.maximum }

    func register(_ window: Window) {
        windows.append(window)
        accessibility.setNeedsUpdate()
        CADisplayLink.windowOpened(window)
    }

    func unregister(_ window: Window) {
        windows.removeAll { $0 === window }
        accessibility.setNeedsUpdate()
    }

    func register(_ popup: Popup) {
        popups.append(popup)
        accessibility.setNeedsUpdate()
    }

    func unregister(_ popup: Popup) {
        popups.removeAll { $0 === popup }
        accessibility.setNeedsUpdate()
    }

    /// What is under a still pointer on `surface` changed: the seats whose pointer is there
    /// show its cursor.
    func pointerTargetChanged(on surface: InputSurface) {
        for seat in seats.values { seat.pointerTargetChanged(on: surface) }
    }

    /// `popup` closed: a seat whose pointer was over it has it over the popup's parent now,
    /// at the same place on screen (`popupFrame` is the popup's frame in the parent's content
    /// coordinates), though the compositor tells only at the pointer's next motion.
    func popupClosed(_ popup: Popup, frame popupFrame: CGRect, parent: PopupParent) {
        for seat in seats.values { seat.surfaceClosed(popup, frame: popupFrame, parent: parent) }
    }

    /// The window or popup whose surface has this protocol ID.
    func inputSurface(withID surfaceID: UInt32) -> InputSurface? {
        windows.first { $0.surfaceID == surfaceID } ?? popups.first { $0.surfaceID == surfaceID }
    }

    // MARK: - Main loop

    func startReading() {
        let source = DispatchSource.makeReadSource(fileDescriptor: connection.fileDescriptor, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.readEvents() }
        }
        // libdispatch must stop watching the socket before it is closed (its number may be
        // reused at once by another connection): the connection lives until the cancel handler.
        let connection = connection
        source.setCancelHandler { withExtendedLifetime(connection) {} }
        source.resume()
        readSource = source
    }

    /// Stops watching the current connection's socket.
    func stopReading() {
        readSource?.cancel()
        readSource = nil
    }

    private func readEvents() {
        do {
            try connection.readAndDispatch()
            try connection.flush()
        } catch {
            fail(error)
        }
    }

    /// Dispatches events another thread read for the main queue (a window's render thread
    /// reads whatever the compositor sent while it waits for its own events).
    func dispatchPendingEvents() {
        do {
            try connection.dispatchPending()
            try connection.flush()
        } catch {
            fail(error)
        }
    }

    /// The pasteboards use the current bindings' device managers (after reconnecting).
    func pasteboardConnectionChanged() {
        pasteboardStorage?.connectionChanged(to: dataDeviceManager.map(PasteboardKind.clipboard))
        primarySelectionStorage?.connectionChanged(to: primarySelectionManager.map(PasteboardKind.primarySelection))
    }

    /// Sends buffered requests at the end of this turn of the main queue.
    func scheduleFlush() {
        guard !flushScheduled else { return }
        flushScheduled = true
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                self.flushScheduled = false
                do throws(WaylandError) { try self.connection.flush() } catch { self.fail(error) }
            }
        }
    }

    func fail(_ error: WaylandError) {
        // Reported once: the main loop and each window's render thread all see a broken
        // connection.
        guard !hasFailed, !isClosed, !isReconnecting else { return }
        if reconnectsToCompositor, Self.isCompositorGone(error) {
            beginReconnecting(after: error)
            return
        }
        failPermanently(LaminaError(error))
    }

    /// Ends the application with `failure`: ``run()`` throws it once ``onFatalError`` heard it.
    func failPermanently(_ failure: LaminaError) {
        guard !hasFailed, !isClosed else { return }
        hasFailed = true
        stopReading()
        pipeReads.endAll(with: .connectionFailed(failure))
        // `run()` ends with the error, also when the handler closes the application itself.
        runOutcome = .failure(failure)
        onFatalError(failure)
        if !isClosed { close() }
    }

    private var hasFailed = false
    /// Set by ``close()``: a connection the application let go of is not reported broken.
    private(set) var isClosed = false

    /// Stops reading from the compositor and disconnects once the last window is gone; the
    /// fatal-error handler is not called afterwards.
    public func close() {
        defer { endRun() }
        isClosed = true
        cancelReconnecting()
        accessibility.stop()
        Application.openApplications.removeAll { $0.application == nil || $0.application === self }
        stopReading()
        for popup in popups.reversed() { popup.close() }
        for window in windows { window.stopRendering() }
        windows.removeAll()
        for seat in seats.values { seat.invalidate() }
    }

    /// Runs the application until it closes: returns after ``close()``, and throws the error
    /// that broke the connection (after ``onFatalError`` heard it and the application
    /// closed). Returns (or throws) at once when the application closed (or failed) already.
    ///
    /// While it waits, the main queue serves Wayland events, `async` code on the main actor
    /// and the implicit `CATransaction` commits: call it from top-level code in `main.swift`
    /// or an `async` `main()` (a synchronous program can start it in a `Task` and call
    /// `dispatchMain()`). The process keeps running when it ends: the app decides whether to
    /// exit, and with which status.
    public func run() async throws(LaminaError) {
        if !isClosed {
            do { try connection.flush() } catch { fail(error) }
        }
        if !isClosed {
            let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, LaminaError>, Never>) in
                runWaiters.append(continuation)
            }
            try outcome.get()
        } else {
            try runOutcome.get()
        }
    }

    /// How ``run()`` ends: returns after ``close()``, throws after a failure.
    private var runOutcome: Result<Void, LaminaError> = .success(())
    /// The calls of ``run()`` waiting for the application to close.
    private var runWaiters: [CheckedContinuation<Result<Void, LaminaError>, Never>] = []

    /// Ends the waiting calls of ``run()`` once the application closed.
    private func endRun() {
        guard isClosed else { return }
        let waiters = runWaiters
        runWaiters.removeAll()
        for waiter in waiters { waiter.resume(returning: runOutcome) }
    }
}
