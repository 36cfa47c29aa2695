import QuartzCore

// Menus close when the user presses elsewhere in the application. During a grab the
// compositor dismisses a menu for a press on another client's surface, but sends presses on
// the application's own surfaces to the application (an "owner-events" grab): those close
// the menus here, as toolkits do.
extension Application {
    /// A button press (or touch) landed on `surface`: every grabbing popup that is neither
    /// `surface` nor one of its parent popups is dismissed, newest first (``Popup/onDismiss``
    /// is called). Returns whether the press should not be delivered: it landed outside every
    /// popup and only closed menus.
    func dismissGrabbingPopups(forPressOn surface: InputSurface) -> Bool {
        var kept: [Popup] = []
        var candidate = surface as? Popup
        while let popup = candidate {
            kept.append(popup)
            candidate = popup.shown?.parent as? Popup
        }
        let dismissed = popups.reversed().filter { popup in popup.grabsInput && !kept.contains { $0 === popup } }
        for popup in dismissed where popup.isShown { popup.dismissed() }
        return !dismissed.isEmpty && kept.isEmpty
    }
}
