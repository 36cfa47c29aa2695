/// The one place a window tells what happens to it: first its delegate, then the matching
/// `on…` closure. Every event goes through here, from whichever part of the window saw it.
extension Window {
    /// The compositor or the close button asked the window to close: the delegate decides
    /// (a window without one stays open), ``onClose`` hears of the request.
    func closeRequested() {
        let shouldClose = delegate?.windowShouldClose(self) ?? false
        onClose?()
        if shouldClose { close() }
    }

    func willClose() {
        delegate?.windowWillClose(self)
    }

    func didClose() {
        delegate?.windowDidClose(self)
    }

    func didResize() {
        delegate?.windowDidResize(self)
    }

    func didChangeBackingScale() {
        delegate?.windowDidChangeBackingProperties(self)
    }

    func didDisplayFrame() {
        delegate?.windowDidDisplayFrame(self)
        onFrameDisplayed?(statistics)
    }

    func didCompleteFrame(_ timing: FrameTiming) {
        delegate?.window(self, didCompleteFrame: timing)
        onFrameTiming?(timing)
    }

    func didCompleteInput(_ timing: InputTiming) {
        delegate?.window(self, didCompleteInput: timing)
        onInputTiming?(timing)
    }

    func keyFocusChanged(_ isKey: Bool) {
        if isKey { delegate?.windowDidBecomeKey(self) } else { delegate?.windowDidResignKey(self) }
        onKeyFocusChanged?(isKey)
    }
}
