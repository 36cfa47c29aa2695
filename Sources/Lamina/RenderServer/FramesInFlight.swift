/// The records of committed frames that wait for their frame callback and, where the
/// compositor offers `wp_presentation`, their feedback; used on the render thread only.
///
/// A record is complete when both came. Compositors may never answer (a hidden window gets
/// no frame callbacks), so at most ``limit`` records wait: the oldest beyond it is handed
/// on with what is known.
struct FramesInFlight {
    /// How many records may wait at once.
    static let limit = 16

    private struct Entry {
        var timing: FrameTiming
        var awaitsFeedback: Bool
        var awaitsCallback = true
    }

    private var entries: [Entry] = []
    private var completed: [FrameTiming] = []

    /// Feedback requests in a row that were given up on unanswered (0 once one is answered).
    private(set) var unansweredFeedback = 0

    /// Adds a committed frame's record (its presentation `.unavailable` until feedback comes).
    mutating func add(_ timing: FrameTiming, awaitsFeedback: Bool) {
        entries.append(Entry(timing: timing, awaitsFeedback: awaitsFeedback))
        if entries.count > Self.limit {
            let oldest = entries.removeFirst()
            if oldest.awaitsFeedback { unansweredFeedback += 1 }
            completed.append(oldest.timing)
        }
    }

    /// Records whose frame callback came but which wait only for feedback are complete:
    /// the window no longer asks for feedback.
    mutating func stopAwaitingFeedback() {
        for index in entries.indices { entries[index].awaitsFeedback = false }
    }

    /// The frame callback of frame `number` came at `time`.
    mutating func frameCallbackCame(_ number: UInt64, at time: Double) {
        update(number) {
            $0.timing.frameCallbackTime = time
            $0.awaitsCallback = false
        }
    }

    /// The compositor's feedback for frame `number` came.
    mutating func feedbackCame(_ number: UInt64, _ presentation: FrameTiming.Presentation) {
        unansweredFeedback = 0
        update(number) {
            $0.timing.presentation = presentation
            $0.awaitsFeedback = false
        }
    }

    /// The records completed (or given up on) since the last call, oldest first.
    mutating func takeCompleted() -> [FrameTiming] {
        while let first = entries.first, !first.awaitsCallback, !first.awaitsFeedback {
            completed.append(first.timing)
            entries.removeFirst()
        }
        defer { completed = [] }
        return completed
    }

    private mutating func update(_ number: UInt64, _ body: (inout Entry) -> Void) {
        guard let index = entries.firstIndex(where: { $0.timing.frameNumber == number }) else { return }
        body(&entries[index])
    }
}
