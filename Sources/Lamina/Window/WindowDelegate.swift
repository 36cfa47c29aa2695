import QuartzCore

/// The object a window tells of what happens to it: requests to close, closing, resizing, a
/// new backing scale, frames shown and measured, and keyboard focus.
///
/// Every method has a default that does nothing (``windowShouldClose(_:)``: returns `true`),
/// so an adopter implements only what it needs. A window holds its delegate weakly; set it
/// with ``Window/delegate``. The window's `on…` closures (``Window/onClose``,
/// ``Window/onFrameDisplayed``, ``Window/onFrameTiming``, ``Window/onInputTiming``,
/// ``Window/onKeyFocusChanged``) are told of the same events, each just after the
/// delegate.
///
/// All methods are called on the main actor.
@MainActor
public protocol WindowDelegate: AnyObject {
    /// Asked when the compositor (or the user, through it or the close button of Lamina's
    /// title bar) asks the window to close. Return `true` to close it (``Window/close()``),
    /// `false` to keep it open. Default: `true`.
    ///
    /// A window without a delegate stays open: only ``Window/onClose`` hears of the request.
    func windowShouldClose(_ window: Window) -> Bool
    /// Called when the window is about to close, before its frames stop and its surface
    /// goes away (the app's ``Window/close()`` or an accepted close request).
    func windowWillClose(_ window: Window)
    /// Called once the window closed: its surface is gone from the screen. The process keeps
    /// running; a library does not exit on its own.
    func windowDidClose(_ window: Window)
    /// Called after the window's size (``Window/size``) changed, once the root layer follows
    /// it and its layout ran.
    func windowDidResize(_ window: Window)
    /// Called after the window's ``Window/backingScaleFactor`` changed (the window moved to
    /// an output of another scale, or the compositor prefers another one).
    func windowDidChangeBackingProperties(_ window: Window)
    /// Called after each frame callback that follows a committed frame: the frame is on
    /// screen or about to be. ``Window/statistics`` counts it.
    func windowDidDisplayFrame(_ window: Window)
    /// Lamina: called with each frame's record once it is complete: when the compositor
    /// said whether the frame was presented or, without `wp_presentation`, when its frame
    /// callback came back. ``Window/frameTimings`` keeps the latest ones.
    func window(_ window: Window, didCompleteFrame timing: FrameTiming)
    /// Lamina: called with each pointer and key event's record once it is complete: at once
    /// for an event whose handlers changed nothing, else with the frame that first showed
    /// the change. ``Window/inputTimings`` keeps the latest ones.
    func window(_ window: Window, didCompleteInput timing: InputTiming)
    /// Called when the window gains the keyboard focus (``Window/isKeyWindow`` is then true).
    func windowDidBecomeKey(_ window: Window)
    /// Called when the window loses the keyboard focus (``Window/isKeyWindow`` is then false).
    func windowDidResignKey(_ window: Window)
}

extension WindowDelegate {
    public func windowShouldClose(_ window: Window) -> Bool { true }
    public func windowWillClose(_ window: Window) {}
    public func windowDidClose(_ window: Window) {}
    public func windowDidResize(_ window: Window) {}
    public func windowDidChangeBackingProperties(_ window: Window) {}
    public func windowDidDisplayFrame(_ window: Window) {}
    public func window(_ window: Window, didCompleteFrame timing: FrameTiming) {}
    public func window(_ window: Window, didCompleteInput timing: InputTiming) {}
    public func windowDidBecomeKey(_ window: Window) {}
    public func windowDidResignKey(_ window: Window) {}
}
