import Dispatch

// When the hover under a still pointer is hit-tested again, for a window's content and for a
// popup alike: after a commit that may have moved, added or removed layers under the pointer
// (at the end of that turn of the main queue), or at the next frame when that already happened
// since the last one (at most once per frame), and at each frame while something animates.
extension WindowInput {
    /// The tree was committed: when the pointer is over the content, `refresh` hit-tests
    /// again at the end of this turn of the main queue — or, when the hover was hit-tested
    /// since the last frame, at the next frame (`frameShown`).
    func contentCommittedUnderPointer(refresh: @escaping @MainActor () -> Void) {
        guard pointerLocation != nil else { return }
        contentChangedSinceHoverRefresh = true
        guard !hoverRefreshedSinceFrame, !hoverRefreshScheduled else { return }
        hoverRefreshScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.hoverRefreshScheduled = false
                guard !self.hoverRefreshedSinceFrame else { return }
                refresh()
            }
        }
    }

    /// A frame was shown: `refresh` hit-tests again when the tree changed since the hover
    /// last was, or something animates (a layer moving under the pointer).
    func frameShown(animating: Bool, refresh: () -> Void) {
        hoverRefreshedSinceFrame = false
        guard pointerLocation != nil, contentChangedSinceHoverRefresh || animating else { return }
        refresh()
    }
}
