/// The records of committed frames that wait for their frame callback and, where the
/// compositor offers `wp_presentation`, their feedback; used on the render thread only.
///
/// A record is complete when both came. Compositors may never answer (a hidden window gets
/// no frame callbacks; sway 1.7 headless leaves most feedback unanswered), so at most
/// ``limit`` records wait — the oldest beyond it is handed on with what is known — and
/// feedback still missing ``feedbackPatience`` seconds after the frame callback is given up.
///
/// A frame may be drawn once more before its refresh, to show input that came after it was
/// committed (``addRedraw(of:inputs:committedAt:awaitsFeedback:)``): the redraw shares the
/// frame's number and callback, and asks for feedback of its own. The input a redraw carries
/// is shown when the redraw is; a redraw the compositor discarded (a later frame replaced it)
/// hands its input on to the next frame committed.
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
        /// The frame's redraw for late input, if it had one.
        var redraw: Redraw?

        /// Whether the entry waits for nothing more.
        var isComplete: Bool { !awaitsCallback && !awaitsFeedback && !(redraw?.awaitsFeedback ?? false) }

        /// The frame's record and its input events' records, completed with what is known.
        /// The record is of the content shown: the frame's when the compositor presented it,
        /// else its redraw's when that was presented (the redraw replaced it).
        var completed: Completed {
            var timing = self.timing
            if timing.presentationTime == nil, let redraw, case .presented = redraw.presentation {
                timing.presentation = redraw.presentation
                timing.bufferCommitTime = redraw.bufferCommitTime
            }
            var inputs = self.inputs.map { timing.complete($0, committedAt: timing.bufferCommitTime, timing.presentation) }
            if let redraw {
                inputs += redraw.inputs.map { timing.complete($0, committedAt: redraw.bufferCommitTime, redraw.presentation) }
            }
            return Completed(timing: timing, inputs: inputs)
        }
    }

    /// A frame's redraw: the input events it showed first, when it was committed, and what
    /// the compositor said of it.
    private struct Redraw {
        var inputs: [InputTiming]
        var bufferCommitTime: Double
        var presentation = FrameTiming.Presentation.unavailable
        var awaitsFeedback: Bool
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
            if oldest.redraw?.awaitsFeedback ?? false { unansweredFeedback += 1 }
            completed.append(oldest.completed)
        }
    }

    /// Frame `number` was drawn again and committed at `time`, showing the input events of
    /// `inputs` first; false (nothing recorded) when the frame is not in flight.
    @discardableResult
    mutating func addRedraw(of number: UInt64, inputs: [InputTiming], committedAt time: Double, awaitsFeedback: Bool) -> Bool {
        guard let index = entries.firstIndex(where: { $0.timing.frameNumber == number }) else { return false }
        entries[index].redraw = Redraw(inputs: inputs, bufferCommitTime: time, awaitsFeedback: awaitsFeedback)
        return true
    }

    /// The compositor's feedback for the redraw of frame `number` came. A discarded redraw's
    /// input events go to the next frame committed, which shows their change.
    mutating func redrawFeedbackCame(_ number: UInt64, _ presentation: FrameTiming.Presentation) {
        unansweredFeedback = 0
        guard let index = entries.firstIndex(where: { $0.timing.frameNumber == number }), entries[index].redraw != nil
        else { return }
        entries[index].redraw?.presentation = presentation
        entries[index].redraw?.awaitsFeedback = false
        guard case .discarded = presentation, index + 1 < entries.count, let moved = entries[index].redraw?.inputs
        else { return }
        entries[index].redraw?.inputs = []
        entries[index + 1].inputs.insert(contentsOf: moved, at: 0)
    }

    /// Records whose frame callback came but which wait only for feedback are complete:
    /// the window no longer asks for feedback.
    mutating func stopAwaitingFeedback() {
        for index in entries.indices {
            entries[index].awaitsFeedback = false
            entries[index].redraw?.awaitsFeedback = false
        }
    }

    /// Gives up on the feedback of frames whose callback came `feedbackPatience` seconds or
    /// more before `now` (each counts as unanswered).
    mutating func giveUpOnFeedback(at now: Double) {
        for index in entries.indices where !entries[index].awaitsCallback {
            guard let callback = entries[index].timing.frameCallbackTime, now - callback >= Self.feedbackPatience
            else { continue }
            if entries[index].awaitsFeedback {
                entries[index].awaitsFeedback = false
                unansweredFeedback += 1
            }
            if entries[index].redraw?.awaitsFeedback ?? false {
                entries[index].redraw?.awaitsFeedback = false
                unansweredFeedback += 1
            }
        }
    }

    /// When the next feedback will be given up (a media time); nil when no frame whose
    /// callback came waits for feedback.
    var nextFeedbackDeadline: Double? {
        entries.lazy.filter { ($0.awaitsFeedback || $0.redraw?.awaitsFeedback ?? false) && !$0.awaitsCallback }
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
        while let first = entries.first, first.isComplete {
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

extension FrameTiming {
    /// `input`'s record completed with this frame, its content committed at `commitTime` and
    /// shown as `presentation` says.
    fileprivate func complete(_ input: InputTiming, committedAt commitTime: Double, _ presentation: Presentation) -> InputTiming {
        var input = input
        input.frameNumber = frameNumber
        input.bufferCommitTime = commitTime
        input.frameCallbackTime = frameCallbackTime
        if case .presented(let time, let interval, _, _) = presentation {
            input.presentationTime = time
            input.refreshInterval = interval
        }
        return input
    }
}
