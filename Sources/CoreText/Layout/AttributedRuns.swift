import Foundation

/// An attributed string's characters and attribute runs, read once: what a framesetter
/// keeps of its string, so later changes to a mutable string do not reach it.
///
/// Read by enumerating rather than by copying the string: swift-corelibs-foundation traps
/// when it copies a string whose runs hold different Swift `NSObject` values (two paragraph
/// styles, say).
struct AttributedRuns {
    /// The characters.
    let string: NSString
    /// Each run's UTF-16 range and attributes, in order, covering the string.
    let runs: [(range: NSRange, attributes: [NSAttributedString.Key: Any])]

    /// The characters and runs of `attributed` as they are now.
    init(_ attributed: NSAttributedString) {
        string = attributed.string as NSString
        var runs: [(range: NSRange, attributes: [NSAttributedString.Key: Any])] = []
        attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length), options: []) { attributes, range, _ in
            runs.append((range, attributes))
        }
        self.runs = runs
    }

    /// The number of UTF-16 units.
    var length: Int { string.length }

    /// Calls `body` with the attributes and range of each run's part within `range`, in order.
    func enumerateAttributes(in range: NSRange, _ body: ([NSAttributedString.Key: Any], NSRange) -> Void) {
        let end = range.location + range.length
        for run in runs {
            let lower = max(run.range.location, range.location)
            let upper = min(run.range.location + run.range.length, end)
            if lower < upper { body(run.attributes, NSRange(location: lower, length: upper - lower)) }
        }
    }
}
