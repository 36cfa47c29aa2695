/// A collection element as Core Foundation's getters hand it out (`CFArrayGetValueAtIndex`,
/// `CFDictionaryGetValue`): the address of an object, unretained — Apple code reads it back with
/// `unsafeBitCast(value, to: CTFont.self)` while the collection is alive — or an integer as the
/// pointer with its value (a font table tag). Nil for any other element (a string, a number
/// with a fraction, a dictionary), which Core Foundation would hand out boxed and Swift code
/// reads by casting the whole collection instead.
package func coreFoundationValue(_ element: Any) -> UnsafeRawPointer? {
    if let integer = element as? any BinaryInteger {
        return UnsafeRawPointer(bitPattern: UInt(truncatingIfNeeded: integer))
    }
    guard type(of: element) is AnyClass else { return nil }
    return UnsafeRawPointer(Unmanaged.passUnretained(element as AnyObject).toOpaque())
}
