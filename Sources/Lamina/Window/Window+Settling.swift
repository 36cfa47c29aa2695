/// Waiting for a window to show its current content, without polling.
extension Window {
    /// Waits until the window is settled (``isSettled``): it was configured, a frame of the
    /// last commit at the current size is on screen, and nothing animates or waits to be
    /// drawn. Returns at once when the window is settled already.
    ///
    /// Throws `CancellationError` when the waiting task is cancelled, and
    /// ``LaminaError/windowClosed`` when the window closes (or its application closes or
    /// fails) first.
    public func settled() async throws {
        try await settled(where: { _ in true })
    }

    /// Waits until the window is settled (``isSettled``) at a moment `condition` holds —
    /// for example `{ $0.isSizeFromCompositor }` on a tiling compositor, whose first
    /// configure leaves the size to the window. `condition` is asked each time the window
    /// settles, on the main actor. Returns at once when both hold already.
    ///
    /// Throws `CancellationError` when the waiting task is cancelled, and
    /// ``LaminaError/windowClosed`` when the window closes (or its application closes or
    /// fails) first.
    public func settled(where condition: @escaping @MainActor (Window) -> Bool) async throws {
        try Task.checkCancellation()
        guard !isClosed, renderServer != nil else { throw LaminaError.windowClosed }
        if isSettled, condition(self) { return }
        let waiters = settleWaiters
        let id = waiters.reserve()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                waiters.add(id, continuation, condition: condition)
            }
        } onCancel: {
            waiters.cancel(id)
        }
    }

    /// Waits at most `timeout` seconds until the window is settled (``isSettled``) at a
    /// moment `condition` holds — ``settled(where:)`` with a time limit. The timeout comes
    /// first and `condition` (default: always true) last, so a trailing closure is the
    /// condition: `try await window.settled(timeout: 5) { $0.isSizeFromCompositor }`.
    ///
    /// Throws ``LaminaError/timedOut(seconds:)`` when the window has not settled with
    /// `condition` holding by then (a window whose animations never end never settles),
    /// `CancellationError` when the waiting task is cancelled, and
    /// ``LaminaError/windowClosed`` when the window closes first.
    public func settled(
        timeout: Double, where condition: @escaping @MainActor (Window) -> Bool = { _ in true }
    ) async throws {
        let waiting = Task { @MainActor in try await self.settled(where: condition) }
        let expiry = Task { @MainActor in
            // A limit beyond about 584 years (or not a number) waits without one.
            let seconds = timeout.isNaN ? .infinity : max(timeout, 0)
            try await Task.sleep(nanoseconds: seconds < 1.8e10 ? UInt64(seconds * 1e9) : .max)
            waiting.cancel()
        }
        defer { expiry.cancel() }
        try await withTaskCancellationHandler {
            do {
                try await waiting.value
            } catch is CancellationError where !Task.isCancelled {
                throw LaminaError.timedOut(seconds: timeout)
            }
        } onCancel: {
            waiting.cancel()
        }
    }

    /// Resumes the tasks waiting for the window to settle, if it is.
    func resumeSettledWaiters() {
        guard isSettled, !settleWaiters.isEmpty else { return }
        settleWaiters.resume(settled: self)
    }
}
