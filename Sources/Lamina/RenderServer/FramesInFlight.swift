/// The records of committed frames that wait for their frame callback and, where the
/// compositor offers `wp_presentation`, their feedback; used on the render thread only.
///
/// A record is complete when both came. Compositors may never answer (a hidden window gets
/// no frame callbacks; sway 1.7 headless leaves most feedback unanswered), so at most
/// ``limit`` records wait — the oldest beyond it is handed on with what is known — and
/// feedback still missing ``feedbackPatience`` seconds after the frame callback is given up.
struct FramesInFlight {
    /// How many records may wait at once.
    static let limit = 16
    /// Seconds after its frame callback that a frame's feedback is waited for (compositors
    /// that present answer within a refresh or two of the callback).
    static let feedbackPatience = 0.25

    private struct Entry {
        var timing: FrameTiming
        /// The input events whose change this frame shows first.
        var inputs: [InputTiming]
        var awaitsFeedback: Bool
        var awaitsCallback = true

        /// The frame's record and its input events' records, completed with what is known.
        var completed: Completed {
            let presented = timing.presentationTime
            var refresh: Double?
            if case .presented(_, let interval, _, _) = timing.presentation { refresh = interval }
            let inputs = self.inputs.map { input in
                var input = input
                input.frameNumber = timing.frameNumber
                input.bufferCommitTime = timing.bufferCommitTime
                input.presentationTime = presented
                input.frameCallbackTime = timing.frameCallbackTime
                input.refreshInterval = refresh
                return input
            }
            return Completed(timing: timing, inputs: inputs)
        }
    }

    /// A completed frame's record and those of the input events it showed first.
    struct Completed {
        var timing: FrameTiming
        var inputs: [InputTiming]
    }

    private var entries: [Entry] = []
    private var completed: [Completed] = []

    /// Feedback requests in a row that were given up on unanswered (0 once one is answered).
    private(set) var unansweredFeedback = 0

    /// Adds a committed frame's record (its presentation `.unavailable` until feedback comes).
    /// The input events of `inputs` are those whose change the frame shows first.
    mutating func add(_ timing: FrameTiming, inputs: [InputTiming] = [], awaitsFeedback: Bool) {
        entries.append(Entry(timing: timing, inputs: inputs, awaitsFeedback: awaitsFeedback))
        if entries.count > Self.limit {
            let oldest = entries.removeFirst()
            if oldest.awaitsFeedback { unansweredFeedback += 1 }
            completed.append(oldest.completed)
        }
    }

    /// Records whose frame callback came but which wait only for feedback are complete:
    /// the window no longer asks for feedback.
    mutating func stopAwaitingFeedback() {
        for index in entries.indices { entries[index].awaitsFeedback = false }
    }

    /// Gives up on the feedback of frames whose callback came `feedbackPatience` seconds or
    /// more before `now` (each counts as unanswered).
    mutating func giveUpOnFeedback(at now: Double) {
        for index in entries.indices where entries[index].awaitsFeedback && !entries[index].awaitsCallback {
            guard let callback = entries[index].timing.frameCallbackTime, now - callback >= Self.feedbackPatience
            else { continue }
            entries[index].awaitsFeedback = false
            unansweredFeedback += 1
        }
    }

    /// When the next feedback will be given up (a media time); nil when no frame whose
    /// callback came waits for feedback.
    var nextFeedbackDeadline: Double? {
        entries.lazy.filter { $0.awaitsFeedback && !$0.awaitsCallback }
            .compactMap { $0.timing.frameCallbackTime.map { $0 + Self.feedbackPatience } }.min()
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
    mutating func takeCompleted() -> [Completed] {
        while let first = entries.first, !first.awaitsCallback, !first.awaitsFeedback {
            completed.append(first.completed)
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
