/// A Core Foundation array (Apple's `CFArray`), as a Swift array of its elements.
///
/// Core Text returns lines and runs as `CFArray`s; Apple code reads them with
/// `CFArrayGetCount` or casts them (`as! [CTLine]`), which both work on a Swift array.
public typealias CFArray = [Any]

/// The number of elements in `array` (Apple's `CFArrayGetCount`).
public func CFArrayGetCount(_ array: CFArray) -> CFIndex {
    array.count
}
