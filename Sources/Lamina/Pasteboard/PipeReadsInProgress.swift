/// The reads of offered data (pastes, drops) under way through the application's current
/// connection. When the connection closes they end at once with its error: an offer belongs
/// to its connection, and its data may never come.
@MainActor
final class PipeReadsInProgress {
    private var reads: [Int: PipeTransfer.Reading] = [:]
    private var lastNumber = 0

    /// A number for the next read.
    func nextNumber() -> Int {
        lastNumber += 1
        return lastNumber
    }

    /// The read recorded under `number`; nil forgets it.
    subscript(number: Int) -> PipeTransfer.Reading? {
        get { reads[number] }
        set { reads[number] = newValue }
    }

    /// Ends every read under way with `error`.
    func endAll(with error: PasteboardError) {
        let ending = reads.values
        reads.removeAll()
        for reading in ending { reading.end(with: error) }
    }
}
