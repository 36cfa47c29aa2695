import Foundation
import Glibc
import QuartzCore
internal import Wayland

/// What the main thread hands a window's render thread, and how it wakes it: the latest
/// render update, the window size, how many configures need answering, and whether to stop.
/// Thread-safe; the latest value of each wins.
final class RenderServerMailbox: @unchecked Sendable {
    // Every field is read and written with `lock` held.
    private let lock = NSLock()
    private var contents = Contents()
    /// The wake pipe: the render thread polls its read end.
    private let wakePipe: NonBlockingPipe
    /// The wake pipe's read end, which the render thread polls.
    var wakeDescriptor: Int32 { wakePipe.readEnd.rawValue }

    /// What the render thread takes.
    struct Contents: Sendable {
        /// The newest update not yet taken, and its number.
        var update: CARenderUpdate?
        var generation: UInt64 = 0
        /// When the main thread began the commit that made `update`, and when it handed it over.
        var commitTimes: CommitTimes?
        /// Input events whose handling made a change in the updates posted since the last
        /// take, oldest first: the next frame drawn carries them.
        var inputs: [InputTiming] = []
        /// Frames asked for by display links: the render thread draws one more frame each
        /// time this grows, even when nothing changed.
        var frameRequests = 0
        /// The window's size in surface coordinates, and the scale it is drawn at.
        var width = 0, height = 0
        var scale = WindowScale.one
        /// How many bytes the window's buffers may take (it chooses the scale frames are drawn
        /// at and how many buffers are used; the main thread refuses sizes beyond it).
        var budget = BufferMemoryBudget.standard(largestOutputPixels: nil)
        /// The colour frames are drawn over (nil: transparent).
        var background: CGColor?
        /// Whether the main thread keeps asking for frames by itself (a display link runs, or
        /// an animation needs it): the window is not idle between those frames.
        var mainThreadAnimates = false
        /// Configures answered so far: each must be followed by a committed frame.
        var configureCount = 0
        /// Configures acknowledged so far. While more were acknowledged than posted, the main
        /// thread is laying the window out for one: a frame drawn now would be committed at
        /// the configure's state with the tree of before it, and the configure's answer would
        /// then need a buffer more.
        var configuresAcknowledged = 0
        /// Whether the main thread is handling a configure it acknowledged (frames wait).
        var isHandlingConfigure: Bool { configuresAcknowledged > configureCount }
        var stopping = false
    }

    /// When the main thread began a commit and when it handed the result over (media times).
    struct CommitTimes: Sendable {
        var begin: Double
        var end: Double
    }

    init() throws(WaylandError) {
        do {
            wakePipe = try NonBlockingPipe()
        } catch {
            throw WaylandError(error)
        }
    }

    /// Posts a new update (numbered one more than the last), the colour it is drawn over, and
    /// the input events whose handling made it.
    @discardableResult
    func post(
        _ update: CARenderUpdate, background: CGColor?, commitTimes: CommitTimes? = nil, inputs: [InputTiming] = []
    ) -> UInt64 {
        let generation = locked {
            contents.update = update
            contents.inputs += inputs
            contents.background = background
            contents.commitTimes = commitTimes
            contents.generation += 1
            return contents.generation
        }
        wake()
        return generation
    }

    /// Posts the size, scale and buffer budget of a configure that must be answered with a frame, with the
    /// update made for it (if any) and the background colour in the same step, so one frame
    /// answers both.
    @discardableResult
    func postConfigure(
        width: Int, height: Int, scale: WindowScale, budget: BufferMemoryBudget, update: CARenderUpdate?,
        background: CGColor?, commitTimes: CommitTimes? = nil
    ) -> UInt64 {
        let generation = locked {
            contents.background = background
            contents.width = width
            contents.height = height
            contents.scale = scale
            contents.budget = budget
            contents.configureCount += 1
            contents.configuresAcknowledged = max(contents.configuresAcknowledged, contents.configureCount)
            if let update {
                contents.update = update
                contents.commitTimes = commitTimes
                contents.generation += 1
            }
            return contents.generation
        }
        wake()
        return generation
    }

    /// Says that a configure is acknowledged and being handled: frames wait for its
    /// ``postConfigure(width:height:scale:budget:update:background:commitTimes:)`` (no
    /// wake-up: nothing is drawn until then).
    func configureAcknowledged() {
        locked { contents.configuresAcknowledged = max(contents.configuresAcknowledged, contents.configureCount) + 1 }
    }

    /// Posts a new scale (the next frame is drawn at it).
    func postScale(_ scale: WindowScale) {
        locked { contents.scale = scale }
        wake()
    }

    /// Asks for one more frame even when nothing changed (a display link's next frame);
    /// returns how many were asked for so far.
    @discardableResult
    func requestFrame() -> Int {
        let count = locked {
            contents.frameRequests += 1
            return contents.frameRequests
        }
        wake()
        return count
    }

    /// Says whether the main thread keeps asking for frames by itself (read when the render
    /// thread decides whether the window went idle; no wake-up).
    func setMainThreadAnimates(_ animates: Bool) {
        locked { contents.mainThreadAnimates = animates }
    }

    /// Asks the render thread to stop.
    func stop() {
        locked { contents.stopping = true }
        wake()
    }

    /// Takes what was posted: the update is handed over once; the rest stays.
    func take() -> Contents {
        locked {
            let taken = contents
            contents.update = nil
            contents.commitTimes = nil
            contents.inputs = []
            return taken
        }
    }

    /// What was posted, left for the next ``take()``.
    func peek() -> Contents {
        locked { contents }
    }

    /// Empties the wake pipe (on the render thread, after a wake-up).
    func drainWakeups() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wakeDescriptor, &bytes, bytes.count) > 0 {}
    }

    private func wake() {
        var byte: UInt8 = 1
        // A full pipe (EAGAIN) already holds a wake-up the render thread has not read yet.
        _ = write(wakePipe.writeEnd.rawValue, &byte, 1)
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
