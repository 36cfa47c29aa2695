import Foundation
import QuartzCore
internal import Wayland

/// One seat's input, routed to the application's windows: pointer frames (with the cursor
/// shown over the hovered layer) and keyboard events (with key repeat).
@MainActor
final class SeatInput {
    let seat: Seat
    /// The seat's registry name.
    let name: UInt32
    private unowned let application: Application
    private var pointerFocus: (surface: InputSurface, location: CGPoint)?
    private var enterSerial: UInt32 = 0
    private var pointerCursor: PointerCursor?
    /// The pointer's cursor-shape device, where the compositor offers cursor shapes.
    var shapeDevice: CursorShapeDevice?
    /// The seat's input method, where the compositor offers text input.
    private(set) var textInput: TextInputSession?
    private var shownCursor: Cursor?
    private var keyboardFocus: InputSurface?
    private let repeater = KeyRepeater()
    /// Touch points and touchpad gestures (SeatTouchInput.swift).
    private let touchInput: SeatTouchInput
    /// Buttons whose press only closed menus: their releases are not delivered either.
    private var swallowedButtons: Set<UInt32> = []
    /// The finger scroll under way, which gives scroll events their phase.
    private var scrollSequence = ScrollSequence()
    /// The time of the latest pointer event (the compositor's milliseconds).
    private var lastPointerTime: UInt32 = 0

    init(seat: Seat, name: UInt32, application: Application) {
        self.seat = seat
        self.name = name
        self.application = application
        touchInput = SeatTouchInput(seat: seat, application: application)
        touchInput.pointerLocation = { [weak self] in self?.pointerFocus }
        touchInput.updateGestures(manager: application.pointerGestures)
        seat.onCapabilitiesChanged = { [weak self, weak application] _ in
            MainActor.assumeIsolated { self?.touchInput.updateGestures(manager: application?.pointerGestures) }
        }
        seat.onPointerFrame = { [weak self] frame in
            MainActor.assumeIsolated { self?.route(frame) }
        }
        seat.onKeyboardEvent = { [weak self] event in
            MainActor.assumeIsolated { self?.route(event) }
        }
        if let manager = application.textInputManager {
            do {
                textInput = try TextInputSession(manager: manager, seat: seat.seat, application: application)
            } catch {
                application.fail(error)
            }
        }
    }

    /// Whether a held key is repeating (for tests).
    var isRepeatingKey: Bool { repeater.isRepeating }

    // MARK: - Pointer

    private func route(_ frame: PointerFrame) {
        if let surfaceID = frame.enteredSurfaceID {
            scrollSequence = ScrollSequence()  // a scroll begun elsewhere does not go on here
            if let window = application.inputSurface(withID: surfaceID) {
                pointerFocus = (window, pointerFocus?.location ?? .zero)
                enterSerial = frame.enterSerial
                shownCursor = nil  // the compositor forgets our cursor when the pointer leaves
            } else {
                pointerFocus = nil
            }
        }
        guard var focus = pointerFocus else { return }
        lastPointerTime = frame.time
        if let position = frame.position {
            focus.location = CGPoint(x: position.x, y: position.y)
            pointerFocus = focus
        }
        let window = focus.surface
        let location = focus.location
        let wlSeat = seat.seat
        func deliver(_ kind: PointerEvent.Kind, serial: UInt32 = 0, scrolling: PointerEvent.Scrolling = .init()) {
            window.routePointer(kind, at: location, serial: serial, time: frame.time, seat: wlSeat, scrolling: scrolling)
        }
        if frame.enteredSurfaceID != nil { deliver(.entered, serial: frame.enterSerial) }
        if frame.position != nil && frame.enteredSurfaceID == nil { deliver(.moved) }
        for button in frame.buttons {
            if button.isPressed {
                application.lastUserInput = (wlSeat, button.serial)
                if application.dismissGrabbingPopups(forPressOn: window) {
                    swallowedButtons.insert(button.code)
                    continue
                }
            } else if swallowedButtons.remove(button.code) != nil {
                continue
            }
            let kind: PointerEvent.Kind = button.isPressed ? .pressed(button: button.code) : .released(button: button.code)
            deliver(kind, serial: button.serial)
        }
        if let scrolling = scrollSequence.event(for: frame.scrolling) {
            deliver(.scrolled(vertical: frame.scroll.vertical, horizontal: frame.scroll.horizontal), scrolling: scrolling)
        }
        if frame.left {
            // A finger scroll whose end will not come here is cancelled.
            if let cancelled = scrollSequence.cancel() { deliver(.scrolled(vertical: 0, horizontal: 0), scrolling: cancelled) }
            deliver(.exited)
            pointerFocus = nil
            shownCursor = nil
            return
        }
        updateCursor(for: window)
    }

    /// What is under the still pointer changed on `surface`: its cursor is shown when the
    /// pointer is there.
    func pointerTargetChanged(on surface: InputSurface) {
        guard let focus = pointerFocus, focus.surface === surface else { return }
        updateCursor(for: surface)
    }

    /// `surface` (a popup, of `frame` in `parent`'s content coordinates) closed: when the
    /// pointer was over it, it is over the parent now, at the same place on screen; the
    /// parent's hover and cursor follow as if the pointer had moved there.
    func surfaceClosed(_ surface: InputSurface, frame: CGRect, parent: PopupParent) {
        guard let focus = pointerFocus, focus.surface === surface else { return }
        pointerFocus = nil
        guard let parentSurface = parent as? InputSurface else { return }
        let contentPoint = CGPoint(x: frame.minX + focus.location.x, y: frame.minY + focus.location.y)
        let point = parent.popupSurfacePoint(ofContentPoint: contentPoint)
        let size = parent.popupSurfaceRoot.bounds.size
        guard point.x >= 0, point.y >= 0, point.x < size.width, point.y < size.height else { return }
        pointerFocus = (parentSurface, point)
        parentSurface.pointerReturned(atSurfacePoint: point)
    }

    /// Shows the cursor of what the pointer is over, when it changed.
    private func updateCursor(for window: InputSurface) {
        let wanted = window.currentCursor
        guard wanted != shownCursor, let pointer = seat.pointer else { return }
        do {
            if let manager = application.cursorShapes, try showCursorShape(wanted, on: pointer, serial: enterSerial, manager: manager) {
                shownCursor = wanted
                application.scheduleFlush()
                return
            }
            if pointerCursor == nil {
                pointerCursor = try PointerCursor(compositor: application.compositor, shm: application.shm)
            }
            guard let pointerCursor else { return }
            shownCursor = wanted
            if try pointerCursor.show(wanted.name, on: pointer, serial: enterSerial, scale: application.outputScale) == nil {
                application.onInputError(.cursorUnavailable(theme: pointerCursor.themeName, cursor: wanted.name))
            }
            application.scheduleFlush()
        } catch {
            application.fail(error)
        }
    }

    // MARK: - Keyboard

    private func route(_ event: KeyboardEvent) {
        switch event {
        case .entered(let surfaceID):
            keyboardFocus = application.inputSurface(withID: surfaceID)
            keyboardFocus?.setKeyFocus(true)
        case .left:
            repeater.stop()
            keyboardFocus?.setKeyFocus(false)
            keyboardFocus = nil
        case .key(let key, _):
            guard let window = keyboardFocus else { return }
            if key.isPressed {
                // A key press is the user's input too: copying or opening a menu answers it.
                application.lastUserInput = (seat.seat, key.serial)
                repeater.stop()
                window.deliverKey(.pressed, key, time: key.time)
                if key.repeats, let info = seat.keyboard?.repeatInfo {
                    repeater.start(key, info: info) { [weak self, weak window] time in
                        guard let self, let window, self.keyboardFocus === window else { return }
                        window.deliverKey(.repeated, key, time: time)
                    }
                }
            } else {
                if repeater.key?.keycode == key.keycode { repeater.stop() }
                window.deliverKey(.released, key, time: key.time)
            }
        case .modifiers:
            break
        case .repeatInfo(let info):
            if !info.isEnabled { repeater.stop() }
        case .keymapFailed(let error):
            application.onInputError(.keymap(InputError.KeymapFailure(error), seat: name))
        }
    }

    /// Stops timers when the seat goes away.
    func invalidate() {
        // The seat's input ends as if the pointer left: held buttons are released first.
        if let focus = pointerFocus {
            pointerFocus = nil
            for button in focus.surface.heldButtons.subtracting(swallowedButtons).sorted() {
                focus.surface.routePointer(.released(button: button), at: focus.location, serial: 0, time: lastPointerTime, seat: seat.seat, scrolling: .init())
            }
            focus.surface.routePointer(.exited, at: focus.location, serial: 0, time: lastPointerTime, seat: seat.seat, scrolling: .init())
        }
        swallowedButtons = []
        textInput?.invalidate()
        textInput = nil
        touchInput.invalidate()
        repeater.stop()
        keyboardFocus?.setKeyFocus(false)
        keyboardFocus = nil
    }
}
