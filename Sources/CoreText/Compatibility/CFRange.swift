/// A signed count or index of Core Foundation (Apple's `CFIndex`).
public typealias CFIndex = Int

/// The index Core Foundation and Core Text functions give for "no such item" (Apple's
/// `kCFNotFound`): -1.
public let kCFNotFound: CFIndex = -1

/// A range of a string or an array (Apple's `CFRange`): a start and a length in UTF-16
/// units for strings, elements for arrays. A length of 0 in a Core Text call that takes a
/// range means "to the end".
public struct CFRange: Hashable, Sendable, CustomStringConvertible {
    /// The first index.
    public var location: CFIndex
    /// The number of indices.
    public var length: CFIndex

    /// A range of `length` indices from `location`.
    public init(location: CFIndex, length: CFIndex) {
        self.location = location
        self.length = length
    }

    /// The empty range at 0.
    public init() {
        self.init(location: 0, length: 0)
    }

    /// `"{location, length}"`, as Core Foundation prints ranges.
    public var description: String { "{\(location), \(length)}" }
}

/// A range of `length` indices from `location` (Apple's `CFRangeMake`).
@discardableResult
public func CFRangeMake(_ location: CFIndex, _ length: CFIndex) -> CFRange {
    CFRange(location: location, length: length)
}

extension CFRange {
    /// The part of `[0, count)` the range covers as Core Text reads ranges: a length of 0
    /// means to the end; a negative location or length, or one past the end, is clamped
    /// into `[0, count)`.
    func clamped(toCount count: Int) -> Range<Int> {
        let start = min(max(location, 0), count)
        let end = length <= 0 ? count : min(start + min(length, count), count)
        return start..<max(start, end)
    }
}
