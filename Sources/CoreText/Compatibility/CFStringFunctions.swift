/// Core Foundation's string calls that Core Text code measures and slices its strings with
/// (`CFStringGetLength(text)` for the range of a whole attributed string). A `CFString` is
/// Swift's `String` in Lamina; these read it in UTF-16 units, as Core Foundation does.
///
/// They take implicitly unwrapped values as Apple's Swift declarations do. Where Core
/// Foundation would stop the program (a nil string, an index or range outside the string),
/// they read nil as the empty string and clamp the index or range into the string.

/// The number of UTF-16 units of `theString` (Apple's `CFStringGetLength`); 0 for nil.
@discardableResult
public func CFStringGetLength(_ theString: CFString!) -> CFIndex {
    theString?.utf16.count ?? 0
}

/// The UTF-16 unit at `idx` of `theString` (Apple's `CFStringGetCharacterAtIndex`); 0 for an
/// index outside the string or a nil string.
@discardableResult
public func CFStringGetCharacterAtIndex(_ theString: CFString!, _ idx: CFIndex) -> UniChar {
    guard let units = theString?.utf16, idx >= 0, idx < units.count else { return 0 }
    return units[units.index(units.startIndex, offsetBy: idx)]
}

/// Copies the UTF-16 units of `range` of `theString` into `buffer` (Apple's
/// `CFStringGetCharacters`), which must hold `range.length` units. Only the part of the range
/// inside the string is copied, to the start of `buffer`; nothing for a nil string or buffer.
public func CFStringGetCharacters(_ theString: CFString!, _ range: CFRange, _ buffer: UnsafeMutablePointer<UniChar>!) {
    guard let theString, let buffer else { return }
    let units = Array(theString.utf16)
    let part = range.clampedForEditing(length: units.count)
    for offset in 0..<part.length { buffer[offset] = units[part.location + offset] }
}

/// A string of the `numChars` UTF-16 units at `chars` (Apple's
/// `CFStringCreateWithCharacters`); the allocator is ignored. Empty for no characters;
/// an unpaired surrogate reads as U+FFFD, as Swift decodes UTF-16.
@discardableResult
public func CFStringCreateWithCharacters(
    _ alloc: CFAllocator?, _ chars: UnsafePointer<UniChar>!, _ numChars: CFIndex
) -> CFString! {
    guard let chars, numChars > 0 else { return "" }
    return String(decoding: UnsafeBufferPointer(start: chars, count: numChars), as: UTF16.self)
}

/// The characters of `range` of `str` (Apple's `CFStringCreateWithSubstring`); the
/// allocator is ignored. The part of the range inside the string; nil for a nil string. A
/// range that splits a surrogate pair leaves U+FFFD for the half it keeps.
@discardableResult
public func CFStringCreateWithSubstring(_ alloc: CFAllocator?, _ str: CFString!, _ range: CFRange) -> CFString! {
    guard let str else { return nil }
    let units = Array(str.utf16)
    let part = range.clampedForEditing(length: units.count)
    return String(decoding: units[part.location..<part.location + part.length], as: UTF16.self)
}
