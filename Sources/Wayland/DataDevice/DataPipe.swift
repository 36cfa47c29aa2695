/// The pipes data is transferred through between clients (copy and paste, drag and drop).
public enum DataPipe {
    /// A new pipe whose both ends are close-on-exec and non-blocking: reading or writing never
    /// blocks the thread that does it, and no end leaks into a child process. The caller owns
    /// both ends.
    public static func make() throws(WaylandError) -> (read: Int32, write: Int32) {
        do {
            return try NonBlockingPipe().release()
        } catch {
            throw WaylandError(error)
        }
    }
}
