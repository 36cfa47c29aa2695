/// A Core Foundation array (Apple's `CFArray`), as a Swift array of its elements.
///
/// Core Text returns lines and runs as `CFArray`s; Apple code reads them with
/// `CFArrayGetCount` or casts them (`as! [CTLine]`), which both work on a Swift array.
public typealias CFArray = [Any]

/// The number of elements in `array` (Apple's `CFArrayGetCount`).
@discardableResult
public func CFArrayGetCount(_ array: CFArray) -> CFIndex {
    array.count
}

/// The element of `array` at `index` as Core Foundation hands it out (Apple's
/// `CFArrayGetValueAtIndex`): the address of an object element, unretained — read it with
/// `unsafeBitCast(CFArrayGetValueAtIndex(runs, i), to: CTRun.self)`, as Apple code does, while
/// the array is alive — or an integer element (a font table tag) as the pointer with its value.
///
/// Nil for an index outside the array (where Core Foundation stops the program), and for an
/// element that is neither an object nor an integer (a string or a dictionary: read those by
/// casting the array, `names as! [String]`).
@discardableResult
public func CFArrayGetValueAtIndex(_ array: CFArray, _ index: CFIndex) -> UnsafeRawPointer! {
    guard array.indices.contains(index) else { return nil }
    return coreFoundationValue(array[index])
}
