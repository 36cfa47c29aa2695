#if canImport(Glibc)
import Glibc
#endif

/// The scheduling priority of the accessibility bridge's threads: below the render thread's,
/// so that answering a screen reader never takes a frame's CPU time.
///
/// A client walking the tree asks for each accessible's extents in a call of its own, and
/// it asks again as soon as it has its answer: however quickly the bridge answers, the
/// client, the bus daemon and the bridge keep the CPU busy for as long as the walk goes on.
/// On a machine with few cores they compete with the render thread. Run at a lower
/// priority, the bridge answers from the time the render thread leaves: when the cores are
/// busy, the client's walk slows down instead of the animation.
///
/// On Linux a thread's nice value is its own, and the threads it starts inherit it; GLib's
/// GDBus worker thread (which reads and writes the bus's messages) is started by the first
/// connection the bridge thread makes, so lowering the bridge thread before it connects
/// lowers both.
enum ATSPIThreadPriority {
    /// How many nice levels the bridge's threads run below the thread that started the
    /// application (Linux nice values run from -20, first, to 19, last).
    static let niceIncrement: Int32 = 10

    /// Lowers the calling thread's priority by ``niceIncrement`` nice levels (to 19 at
    /// most); threads it starts afterwards inherit the new value. Returns the nice value the
    /// thread has afterwards, or nil where the system does not offer per-thread priorities.
    @discardableResult
    static func lowerCurrentThread() -> Int32? {
        #if os(Linux)
        // `who` 0 names the calling thread: Linux keeps a nice value per thread.
        errno = 0
        let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        guard errno == 0 else { return nil }
        let lowered = min(current + niceIncrement, 19)
        guard setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, lowered) == 0 else { return nil }
        return lowered
        #else
        return nil
        #endif
    }
}
