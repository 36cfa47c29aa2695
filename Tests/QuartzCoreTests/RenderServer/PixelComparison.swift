/// Where two drawings of the same size differ, for tests comparing Lamina's compositing
/// loops with pixman's.
enum PixelComparison {
    /// How many of the pixels differ.
    static func differingCount(_ a: [UInt32], _ b: [UInt32]) -> Int {
        zip(a, b).filter { $0 != $1 }.count
    }

    /// The pixels (four bytes each, rows of `width`) that differ: how many, and the first
    /// one's `x`, `y`.
    static func differing(_ a: [UInt8], _ b: [UInt8], width: Int) -> (count: Int, first: (x: Int, y: Int)?) {
        let offsets = stride(from: 0, to: min(a.count, b.count), by: 4).filter { a[$0..<$0 + 4] != b[$0..<$0 + 4] }
        return (offsets.count, offsets.first.map { ($0 / 4 % width, $0 / 4 / width) })
    }
}
