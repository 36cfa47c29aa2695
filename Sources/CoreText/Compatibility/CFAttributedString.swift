import Foundation

/// A Core Foundation attributed string (Apple's `CFAttributedString`), which Apple's
/// overlay bridges to `NSAttributedString`: `attributed as CFAttributedString` compiles and
/// costs nothing.
///
/// The `CFAttributedString…` functions take and give implicitly unwrapped values, as Apple's
/// Swift declarations of them do (`CFAttributedStringCreate(nil, text, attributes)!` compiles
/// as it does there): nil reads as an empty string, an edit of nil does nothing, and a copy of
/// nil is nil, where Core Foundation would stop the program.
public typealias CFAttributedString = NSAttributedString

/// A mutable Core Foundation attributed string (Apple's `CFMutableAttributedString`), bridged
/// to `NSMutableAttributedString`.
public typealias CFMutableAttributedString = NSMutableAttributedString

/// The length of `string` in UTF-16 units (Apple's `CFAttributedStringGetLength`); 0 for
/// nil.
@discardableResult
public func CFAttributedStringGetLength(_ string: CFAttributedString!) -> CFIndex {
    string?.length ?? 0
}

/// The characters of `string` (Apple's `CFAttributedStringGetString`); nil for nil.
@discardableResult
public func CFAttributedStringGetString(_ string: CFAttributedString!) -> CFString! {
    string?.string
}

/// An attributed string of `str` with `attributes` over all of it (Apple's
/// `CFAttributedStringCreate`); the allocator is ignored. Attribute names are Core Text's
/// (`kCTFontAttributeName`, …) or `NSAttributedString.Key` raw values. As Apple's, the
/// result is implicitly unwrapped: nil only when `str` is nil.
@discardableResult
public func CFAttributedStringCreate(
    _ alloc: AnyObject?, _ str: CFString!, _ attributes: CFDictionary!
) -> CFAttributedString! {
    guard let str else { return nil }
    var keyed: [NSAttributedString.Key: Any] = [:]
    for (name, value) in attributes ?? [:] { keyed[NSAttributedString.Key(name)] = value }
    return NSAttributedString(string: str, attributes: keyed)
}

/// An empty mutable attributed string (Apple's `CFAttributedStringCreateMutable`). The
/// allocator and the maximum length (0: no limit) are accepted and ignored.
@discardableResult
public func CFAttributedStringCreateMutable(_ alloc: CFAllocator?, _ maxLength: CFIndex) -> CFMutableAttributedString! {
    NSMutableAttributedString(string: "")
}

/// A mutable copy of `aStr` with its attributes (Apple's
/// `CFAttributedStringCreateMutableCopy`); the allocator and maximum length are ignored.
@discardableResult
public func CFAttributedStringCreateMutableCopy(
    _ alloc: CFAllocator?, _ maxLength: CFIndex, _ aStr: CFAttributedString!
) -> CFMutableAttributedString! {
    aStr.map { NSMutableAttributedString(attributedString: $0) }
}

/// An immutable copy of `aStr` (Apple's `CFAttributedStringCreateCopy`).
@discardableResult
public func CFAttributedStringCreateCopy(_ alloc: CFAllocator?, _ aStr: CFAttributedString!) -> CFAttributedString! {
    aStr.map { NSAttributedString(attributedString: $0) }
}

/// The characters `range` (UTF-16 units) of `aStr` with their attributes (Apple's
/// `CFAttributedStringCreateWithSubstring`); a range reaching outside the string is clamped
/// to it.
@discardableResult
public func CFAttributedStringCreateWithSubstring(
    _ alloc: CFAllocator?, _ aStr: CFAttributedString!, _ range: CFRange
) -> CFAttributedString! {
    aStr.map { $0.attributedSubstring(from: range.clampedForEditing(length: $0.length)) }
}

/// Replaces the characters in `range` (UTF-16 units; an empty range inserts) with
/// `replacement` (Apple's `CFAttributedStringReplaceString`). As Core Foundation's, the new
/// characters take the attributes of the first replaced character, or, replacing none, of
/// the character before them (at the start, the one after). A range reaching outside the
/// string is clamped to it (Core Foundation stops the program).
public func CFAttributedStringReplaceString(_ aStr: CFMutableAttributedString!, _ range: CFRange, _ replacement: CFString!) {
    guard let aStr, let replacement else { return }
    aStr.replaceCharacters(in: range.clampedForEditing(length: aStr.length), with: replacement)
}

/// Replaces the characters in `range` with `replacement` and its attributes (Apple's
/// `CFAttributedStringReplaceAttributedString`); a range outside the string is clamped.
public func CFAttributedStringReplaceAttributedString(
    _ aStr: CFMutableAttributedString!, _ range: CFRange, _ replacement: CFAttributedString!
) {
    guard let aStr, let replacement else { return }
    aStr.replaceCharacters(in: range.clampedForEditing(length: aStr.length), with: replacement)
}

/// Sets the attribute `attrName` (a Core Text name such as `kCTFontAttributeName`, or an
/// `NSAttributedString.Key` raw value) to `value` over `range` (Apple's
/// `CFAttributedStringSetAttribute`); a range outside the string is clamped.
public func CFAttributedStringSetAttribute(
    _ aStr: CFMutableAttributedString!, _ range: CFRange, _ attrName: CFString!, _ value: Any
) {
    guard let aStr, let attrName else { return }
    let range = range.clampedForEditing(length: aStr.length)
    guard range.length > 0 else { return }
    aStr.addAttribute(NSAttributedString.Key(attrName), value: value, range: range)
}

/// Sets the attributes in `replacement` over `range`, first removing every other attribute
/// there when `clearOtherAttributes` is true (Apple's `CFAttributedStringSetAttributes`); a
/// range outside the string is clamped.
public func CFAttributedStringSetAttributes(
    _ aStr: CFMutableAttributedString!, _ range: CFRange, _ replacement: CFDictionary!, _ clearOtherAttributes: Bool
) {
    guard let aStr else { return }
    let range = range.clampedForEditing(length: aStr.length)
    guard range.length > 0 else { return }
    var keyed: [NSAttributedString.Key: Any] = [:]
    for (name, value) in replacement ?? [:] { keyed[NSAttributedString.Key(name)] = value }
    if clearOtherAttributes {
        aStr.setAttributes(keyed, range: range)
    } else {
        aStr.addAttributes(keyed, range: range)
    }
}

/// Removes the attribute `attrName` from `range` (Apple's
/// `CFAttributedStringRemoveAttribute`); a range outside the string is clamped.
public func CFAttributedStringRemoveAttribute(_ aStr: CFMutableAttributedString!, _ range: CFRange, _ attrName: CFString!) {
    guard let aStr, let attrName else { return }
    let range = range.clampedForEditing(length: aStr.length)
    guard range.length > 0 else { return }
    aStr.removeAttribute(NSAttributedString.Key(attrName), range: range)
}

/// The value of the attribute `attrName` at UTF-16 index `loc` of `aStr`, and in
/// `effectiveRange` the run of characters around it that share that value (Apple's
/// `CFAttributedStringGetAttribute`); nil where the attribute is absent, or for an index
/// outside the string.
@discardableResult
public func CFAttributedStringGetAttribute(
    _ aStr: CFAttributedString!, _ loc: CFIndex, _ attrName: CFString!, _ effectiveRange: UnsafeMutablePointer<CFRange>?
) -> Any? {
    guard let aStr, let attrName, loc >= 0, loc < aStr.length else { return nil }
    var found = NSRange(location: 0, length: 0)
    let value = aStr.attribute(NSAttributedString.Key(attrName), at: loc, effectiveRange: &found)
    effectiveRange?.pointee = CFRange(location: found.location, length: found.length)
    return value
}

/// The attributes at UTF-16 index `loc` of `aStr`, by their names, and in `effectiveRange`
/// the run of characters around it that share them (Apple's
/// `CFAttributedStringGetAttributes`); nil for an index outside the string.
@discardableResult
public func CFAttributedStringGetAttributes(
    _ aStr: CFAttributedString!, _ loc: CFIndex, _ effectiveRange: UnsafeMutablePointer<CFRange>?
) -> CFDictionary! {
    guard let aStr, loc >= 0, loc < aStr.length else { return nil }
    var found = NSRange(location: 0, length: 0)
    let attributes = aStr.attributes(at: loc, effectiveRange: &found)
    effectiveRange?.pointee = CFRange(location: found.location, length: found.length)
    return Dictionary(uniqueKeysWithValues: attributes.map { ($0.key.rawValue, $0.value) })
}

/// Marks the start of a batch of edits to `aStr` (Apple's `CFAttributedStringBeginEditing`).
public func CFAttributedStringBeginEditing(_ aStr: CFMutableAttributedString!) {
    aStr?.beginEditing()
}

/// Marks the end of a batch of edits to `aStr` (Apple's `CFAttributedStringEndEditing`).
public func CFAttributedStringEndEditing(_ aStr: CFMutableAttributedString!) {
    aStr?.endEditing()
}

extension CFRange {
    /// The range as Core Foundation's editing calls read it, inside a string of `length`
    /// UTF-16 units: a length of 0 is empty (not "to the end", as in Core Text's calls); the
    /// part of the range inside the string, a negative length read as 0, and a range wholly
    /// before or after the string the empty range at its start or end.
    func clampedForEditing(length: Int) -> NSRange {
        let start = min(max(location, 0), length)
        let (reach, overflow) = location.addingReportingOverflow(max(self.length, 0))
        let end = min(max(overflow ? length : reach, start), length)
        return NSRange(location: start, length: end - start)
    }
}
