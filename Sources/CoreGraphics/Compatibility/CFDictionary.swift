/// A Core Foundation dictionary (Apple's `CFDictionary`), as the Swift dictionary of
/// Core Foundation names Lamina's functions take and return (`[CFString: Any]`).
///
/// Apple code annotates what Core Text and Image I/O hand back as `CFDictionary`
/// (`let attributes: CFDictionary = CTRunGetAttributes(run)`) and reads it through
/// `NSDictionary` (`attributes as NSDictionary`); both compile unchanged.
/// swift-corelibs-foundation does not export the name, so Lamina declares it.
public typealias CFDictionary = [CFString: Any]

/// The number of entries in `dictionary` (Apple's `CFDictionaryGetCount`).
@discardableResult
public func CFDictionaryGetCount(_ dictionary: CFDictionary) -> Int {
    dictionary.count
}

/// Whether `dictionary` has an entry for `key` (Apple's `CFDictionaryContainsKey`).
@discardableResult
public func CFDictionaryContainsKey(_ dictionary: CFDictionary, _ key: CFString) -> Bool {
    dictionary[key] != nil
}

/// The value for `key` in `dictionary` as Core Foundation hands it out (Apple's
/// `CFDictionaryGetValue`): the address of an object value, unretained — read it with
/// `unsafeBitCast(CFDictionaryGetValue(attributes, kCTFontAttributeName), to: CTFont.self)`
/// while the dictionary's owner (the run) is alive — or an integer value as the pointer with
/// its value. Nil when there is no entry, and for a Swift value that is neither an object nor
/// an integer (a `String`, a `Double`: read those by subscript, `attributes[key] as? Double`).
///
/// The key is the name itself: `CFString` is a Swift `String` on Linux, not a pointer, so
/// Apple's `unsafeBitCast(kCTFontAttributeName, to: UnsafeRawPointer.self)` key is written
/// `kCTFontAttributeName` (the porting command does it).
@discardableResult
public func CFDictionaryGetValue(_ dictionary: CFDictionary, _ key: CFString) -> UnsafeRawPointer! {
    dictionary[key].flatMap(coreFoundationValue)
}
