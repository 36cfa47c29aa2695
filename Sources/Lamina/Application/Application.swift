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
    /// The connection (the package's tests reach it; apps do not see Wayland's types).
    package let connection: WaylandConnection
    /// The compositor's globals.
    package let globals: WaylandGlobals
    let compositor: WlCompositor
    let shell: XdgShell
    let shm: WlShm
    let decorations: ZxdgDecorationManagerV1?
    let presentation: PresentationTiming?
    /// Where offered: viewports and fractional scales, for windows on outputs with a
    /// fractional scale (both are needed).
    let viewporter: WpViewporter?
    let fractionalScale: WpFractionalScaleManagerV1?
    /// Where offered: cursors by name (`wp_cursor_shape_v1`) and window activation
    /// (`xdg_activation_v1`).
    let cursorShapes: WpCursorShapeManagerV1?
    let activation: XdgActivationV1?
    /// Where offered: input methods (`zwp_text_input_v3`).
    let textInputManager: ZwpTextInputManagerV3?
    /// Where offered: the clipboard and drag and drop.
    let dataDeviceManager: WlDataDeviceManager?
    private var pasteboardStorage: Pasteboard?
    /// Where offered: the primary selection.
    let primarySelectionManager: ZwpPrimarySelectionDeviceManagerV1?
    private var primarySelectionStorage: Pasteboard?
    /// The drag this application started last, kept while it goes on.
    var activeDrag: DraggingSession?
    /// Where offered: touchpad gestures (swipe, pinch, hold).
    let pointerGestures: ZwpPointerGesturesV1?
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
    var lastUserInput: (seat: WlSeat, serial: UInt32)?
    let outputScales = OutputScales()
    private var readSource: DispatchSourceRead?
    private var flushScheduled = false

    /// Called once when the connection fails (the compositor exited or sent a protocol
    /// error). Afterwards the application closes (``close()``) and ``run()`` throws the
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
        connection = try WaylandConnection(name: socket)
        globals = try WaylandGlobals(connection: connection)
        compositor = try globals.require(WlCompositor.self, minVersion: 4)
        shell = try XdgShell(globals: globals)
        shm = try globals.require(WlShm.self)
        decorations = try globals.bind(ZxdgDecorationManagerV1.self)
        presentation = try globals.bind(WpPresentation.self).map(PresentationTiming.init)
        viewporter = try globals.bind(WpViewporter.self)
        fractionalScale = try globals.bind(WpFractionalScaleManagerV1.self)
        cursorShapes = try globals.bind(WpCursorShapeManagerV1.self)
        activation = try globals.bind(XdgActivationV1.self)
        textInputManager = try globals.bind(ZwpTextInputManagerV3.self)
        pointerGestures = try globals.bind(ZwpPointerGesturesV1.self)
        dataDeviceManager = try globals.bind(WlDataDeviceManager.self)
        primarySelectionManager = try globals.bind(ZwpPrimarySelectionDeviceManagerV1.self)
        for global in globals.globals.values where global.interface == WlSeat.interfaceName {
            try addSeat(global)
        }
        for global in globals.globals.values { outputScales.add(global, from: globals) }
        // Drops can reach windows only through the clipboard's data devices: made at once.
        if dataDeviceManager != nil { _ = pasteboard }
        outputScales.onChange = { [weak self] in
            guard let self else { return }
            for window in windows { window.outputScaleChanged() }
            for popup in popups { popup.shown?.presenter.outputScaleChanged() }
        }
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
        try connection.roundtrip()
        startReading()
        Application.openApplications.append(WeakApplication(application: self))
        accessibility.start()
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
        let pasteboard = makePasteboard(dataDeviceManager.map(PasteboardKind.clipboard)) { [unowned self] device in
            self.followDrags(on: device)
        }
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

    private func makePasteboard(_ kind: PasteboardKind?, deviceAdded: ((any SelectionDevice) -> Void)? = nil) -> Pasteboard {
        let pasteboard = Pasteboard(application: self, kind: kind, deviceAdded: deviceAdded)
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

    private func startReading() {
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
        guard !hasFailed, !isClosed else { return }
        hasFailed = true
        readSource?.cancel()
        readSource = nil
        let failure = LaminaError(error)
        // `run()` ends with the error, also when the handler closes the application itself.
        runOutcome = .failure(failure)
        onFatalError(failure)
        if !isClosed { close() }
    }

    private var hasFailed = false
    /// Set by ``close()``: a connection the application let go of is not reported broken.
    private var isClosed = false

    /// Stops reading from the compositor and disconnects once the last window is gone; the
    /// fatal-error handler is not called afterwards.
    public func close() {
        defer { endRun() }
        isClosed = true
        accessibility.stop()
        Application.openApplications.removeAll { $0.application == nil || $0.application === self }
        readSource?.cancel()
        readSource = nil
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
