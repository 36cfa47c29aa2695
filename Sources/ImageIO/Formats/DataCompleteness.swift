/// How far an image file's data goes.
enum DataCompleteness: Equatable, Sendable {
    /// Everything up to the file's end marker is there.
    case complete
    /// The data ends before the file does (`headerRead`: after a valid header).
    case truncated(headerRead: Bool)
    /// The data is malformed; the reason says how.
    case invalid(String)
}
