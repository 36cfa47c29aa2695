import QuartzCore

// Popups shown next to a window's layers.
extension Window {
    /// Shows `popup` next to `rect`, a rectangle in `layer`'s coordinates (`layer` is in the
    /// window's tree: its root layer or a descendant), placed by the popup's ``Popup/placement``
    /// and ``Popup/contentSize``. The rectangle is rounded out to whole points and kept inside
    /// the window (a point — a click's location — becomes a 1×1 rectangle).
    ///
    /// `grabsInput` makes a menu: the compositor sends it the keyboard and dismisses it when
    /// the user clicks elsewhere (reported by ``Popup/onDismiss``). A grab must answer a user's
    /// button press: call this while handling one (the latest press's serial is used); it
    /// throws ``PopupError/noInputEventToGrabWith`` before any press. Default false (a
    /// tooltip, a popover that does not take the input).
    public func showPopup(
        _ popup: Popup, relativeTo rect: CGRect, of layer: CALayer, grabsInput: Bool = false
    ) throws(PopupError) {
        try popup.show(parent: self, relativeTo: rect, of: layer, grabsInput: grabsInput)
    }

    /// The popups shown with this window as their parent, oldest first (their own submenus
    /// are in their ``Popup/popups``).
    public var popups: [Popup] {
        application.popups.filter { $0.shown?.parent === self }
    }

    /// Closes the window's popups, newest first (each closes its submenus first).
    func closePopups() {
        for popup in popups.reversed() { popup.close() }
    }
}
