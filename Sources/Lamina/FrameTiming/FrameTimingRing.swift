/// The latest timing records (of frames or of input events), at most `capacity` of them:
/// appending to a full ring drops the oldest. Appending costs the same however long the
/// window has been open.
struct FrameTimingRing<Record> {
    private var storage: [Record] = []
    /// Where the oldest record is, once the ring is full.
    private var start = 0

    /// How many records it keeps (at least 1).
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Keeps at most `capacity` records from now on (at least 1), dropping the oldest.
    mutating func setCapacity(_ newCapacity: Int) {
        let kept = Array(elements.suffix(max(1, newCapacity)))
        capacity = max(1, newCapacity)
        storage = kept
        start = 0
    }

    mutating func append(_ timing: Record) {
        if storage.count < capacity {
            storage.append(timing)
        } else {
            storage[start] = timing
            start = (start + 1) % capacity
        }
    }

    /// The records, oldest first.
    var elements: [Record] {
        Array(storage[start...] + storage[..<start])
    }
}
