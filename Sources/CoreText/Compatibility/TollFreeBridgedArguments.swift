import CoreGraphics
import Foundation

// Apple's Swift passes Foundation's toll-free bridged values where Core Foundation's are
// taken: an `NSString` where a `CFString` is (`CFAttributedStringReplaceString(text, range,
// nsString)`), and a dictionary keyed by `NSAttributedString.Key` cast `as CFDictionary`
// (`CTFramesetterCreateFrame(setter, range, path, attributes as CFDictionary)`), its keys
// becoming their raw values. Lamina's `CFString` is Swift's `String` and its `CFDictionary`
// is `[String: Any]`, so these overloads take the Foundation values and read them as Apple's
// bridging does. A dictionary keyed by any string-backed key type is taken alike. The strings
// are not optional, so that a bare `nil` still picks the `CFString` call.

/// The number of UTF-16 units of `theString` (Apple's `CFStringGetLength`, given an
/// `NSString`).
@discardableResult
public func CFStringGetLength(_ theString: NSString) -> CFIndex {
    theString.length
}

/// The UTF-16 unit at `idx` of `theString` (Apple's `CFStringGetCharacterAtIndex`, given an
/// `NSString`); 0 for an index outside the string.
@discardableResult
public func CFStringGetCharacterAtIndex(_ theString: NSString, _ idx: CFIndex) -> UniChar {
    CFStringGetCharacterAtIndex(theString as String, idx)
}

/// Copies the UTF-16 units of `range` of `theString` into `buffer` (Apple's
/// `CFStringGetCharacters`, given an `NSString`); only the part of the range inside the string.
public func CFStringGetCharacters(_ theString: NSString, _ range: CFRange, _ buffer: UnsafeMutablePointer<UniChar>!) {
    CFStringGetCharacters(theString as String, range, buffer)
}

/// The characters of `range` of `str` (Apple's `CFStringCreateWithSubstring`, given an
/// `NSString`).
@discardableResult
public func CFStringCreateWithSubstring(_ alloc: CFAllocator?, _ str: NSString, _ range: CFRange) -> CFString! {
    CFStringCreateWithSubstring(alloc, str as String, range)
}

/// Replaces the characters in `range` with `replacement` (Apple's
/// `CFAttributedStringReplaceString`, given an `NSString`).
public func CFAttributedStringReplaceString(_ aStr: CFMutableAttributedString!, _ range: CFRange, _ replacement: NSString) {
    CFAttributedStringReplaceString(aStr, range, replacement as String)
}

/// An attributed string of `str` with `attributes` over all of it (Apple's
/// `CFAttributedStringCreate`, given an `NSString`).
@discardableResult
public func CFAttributedStringCreate(_ alloc: AnyObject?, _ str: NSString, _ attributes: CFDictionary!) -> CFAttributedString! {
    CFAttributedStringCreate(alloc, str as String, attributes)
}

/// An attributed string of `str` with `attributes` over all of it (Apple's
/// `CFAttributedStringCreate`, given attributes keyed by `NSAttributedString.Key` and cast
/// `as CFDictionary`); nil when `str` is nil.
@discardableResult
public func CFAttributedStringCreate<Key: RawRepresentable>(
    _ alloc: AnyObject?, _ str: CFString!, _ attributes: [Key: Any]!
) -> CFAttributedString! where Key.RawValue == String {
    CFAttributedStringCreate(alloc, str, attributes.map(coreFoundationNames))
}

/// Sets the attributes in `replacement` over `range` (Apple's
/// `CFAttributedStringSetAttributes`, given attributes keyed by `NSAttributedString.Key`),
/// first removing every other attribute there when `clearOtherAttributes` is true.
public func CFAttributedStringSetAttributes<Key: RawRepresentable>(
    _ aStr: CFMutableAttributedString!, _ range: CFRange, _ replacement: [Key: Any]!, _ clearOtherAttributes: Bool
) where Key.RawValue == String {
    CFAttributedStringSetAttributes(aStr, range, replacement.map(coreFoundationNames), clearOtherAttributes)
}

/// The frame of `stringRange` in `path` (Core Text's `CTFramesetterCreateFrame`, given frame
/// attributes keyed by a string-backed key type and cast `as CFDictionary`).
@discardableResult
public func CTFramesetterCreateFrame<Key: RawRepresentable>(
    _ framesetter: CTFramesetter, _ stringRange: CFRange, _ path: CGPath, _ frameAttributes: [Key: Any]?
) -> CTFrame where Key.RawValue == String {
    CTFramesetterCreateFrame(framesetter, stringRange, path, frameAttributes.map(coreFoundationNames))
}

// An `NSDictionary` where a `CFDictionary` is taken: Apple's Swift converts one to the other
// without a cast (`CTFramesetterCreateFrame(setter, range, path, NSDictionary(dictionary:
// [kCTFrameProgressionAttributeName: 0]))`). Its string keys are the Core Foundation names;
// entries under other keys are left out, as no Core Text name is one.

/// The frame of `stringRange` in `path` (Core Text's `CTFramesetterCreateFrame`, given frame
/// attributes in an `NSDictionary`).
@discardableResult
public func CTFramesetterCreateFrame(
    _ framesetter: CTFramesetter, _ stringRange: CFRange, _ path: CGPath, _ frameAttributes: NSDictionary
) -> CTFrame {
    CTFramesetterCreateFrame(framesetter, stringRange, path, stringKeyedDictionary(frameAttributes))
}

/// The size the frame of `stringRange` needs within `constraints` (Core Text's
/// `CTFramesetterSuggestFrameSizeWithConstraints`, given frame attributes in an `NSDictionary`).
@discardableResult
public func CTFramesetterSuggestFrameSizeWithConstraints(
    _ framesetter: CTFramesetter, _ stringRange: CFRange, _ frameAttributes: NSDictionary, _ constraints: CGSize,
    _ fitRange: UnsafeMutablePointer<CFRange>?
) -> CGSize {
    CTFramesetterSuggestFrameSizeWithConstraints(framesetter, stringRange, stringKeyedDictionary(frameAttributes), constraints, fitRange)
}

/// A typesetter of `string` (Core Text's `CTTypesetterCreateWithAttributedStringAndOptions`,
/// given options in an `NSDictionary`).
@discardableResult
public func CTTypesetterCreateWithAttributedStringAndOptions(_ string: CFAttributedString, _ options: NSDictionary) -> CTTypesetter? {
    CTTypesetterCreateWithAttributedStringAndOptions(string, stringKeyedDictionary(options))
}

/// A font descriptor with `attributes` (Core Text's `CTFontDescriptorCreateWithAttributes`,
/// given an `NSDictionary`).
@discardableResult
public func CTFontDescriptorCreateWithAttributes(_ attributes: NSDictionary) -> CTFontDescriptor {
    CTFontDescriptorCreateWithAttributes(stringKeyedDictionary(attributes) ?? [:])
}

/// A copy of `original` with `attributes` added (Core Text's
/// `CTFontDescriptorCreateCopyWithAttributes`, given an `NSDictionary`).
@discardableResult
public func CTFontDescriptorCreateCopyWithAttributes(_ original: CTFontDescriptor, _ attributes: NSDictionary) -> CTFontDescriptor {
    CTFontDescriptorCreateCopyWithAttributes(original, stringKeyedDictionary(attributes) ?? [:])
}

/// A tab stop (Core Text's `CTTextTabCreate`, given options in an `NSDictionary`).
@discardableResult
public func CTTextTabCreate(_ alignment: CTTextAlignment, _ location: Double, _ options: NSDictionary) -> CTTextTab {
    CTTextTabCreate(alignment, location, stringKeyedDictionary(options))
}

/// The fonts installed (Core Text's `CTFontCollectionCreateFromAvailableFonts`, given options
/// in an `NSDictionary`).
@discardableResult
public func CTFontCollectionCreateFromAvailableFonts(_ options: NSDictionary) -> CTFontCollection {
    CTFontCollectionCreateFromAvailableFonts(stringKeyedDictionary(options))
}

/// The fonts `queryDescriptors` match (Core Text's `CTFontCollectionCreateWithFontDescriptors`,
/// given options in an `NSDictionary`).
@discardableResult
public func CTFontCollectionCreateWithFontDescriptors(_ queryDescriptors: [CTFontDescriptor]?, _ options: NSDictionary) -> CTFontCollection {
    CTFontCollectionCreateWithFontDescriptors(queryDescriptors, stringKeyedDictionary(options))
}

/// An attributed string of `str` with `attributes` over all of it (Apple's
/// `CFAttributedStringCreate`, given attributes in an `NSDictionary`); nil when `str` is nil.
@discardableResult
public func CFAttributedStringCreate(_ alloc: AnyObject?, _ str: CFString!, _ attributes: NSDictionary) -> CFAttributedString! {
    CFAttributedStringCreate(alloc, str, stringKeyedDictionary(attributes))
}

/// The size the frame of `stringRange` needs within `constraints` (Core Text's
/// `CTFramesetterSuggestFrameSizeWithConstraints`, given frame attributes keyed by a
/// string-backed key type and cast `as CFDictionary`).
@discardableResult
public func CTFramesetterSuggestFrameSizeWithConstraints<Key: RawRepresentable>(
    _ framesetter: CTFramesetter, _ stringRange: CFRange, _ frameAttributes: [Key: Any]?, _ constraints: CGSize,
    _ fitRange: UnsafeMutablePointer<CFRange>?
) -> CGSize where Key.RawValue == String {
    CTFramesetterSuggestFrameSizeWithConstraints(framesetter, stringRange, frameAttributes.map(coreFoundationNames), constraints, fitRange)
}

/// A typesetter of `string` (Core Text's `CTTypesetterCreateWithAttributedStringAndOptions`,
/// given options keyed by a string-backed key type and cast `as CFDictionary`).
@discardableResult
public func CTTypesetterCreateWithAttributedStringAndOptions<Key: RawRepresentable>(
    _ string: CFAttributedString, _ options: [Key: Any]?
) -> CTTypesetter? where Key.RawValue == String {
    CTTypesetterCreateWithAttributedStringAndOptions(string, options.map(coreFoundationNames))
}

/// Returns a font named `name` of `size` points (Core Text's `CTFontCreateWithName`, given an
/// `NSString`).
@discardableResult
public func CTFontCreateWithName(_ name: NSString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    CTFontCreateWithName(name as String, size, matrix)
}

/// `attributes` keyed by their keys' raw values, as Apple's bridging to `CFDictionary` keys them.
private func coreFoundationNames<Key: RawRepresentable>(_ attributes: [Key: Any]) -> [String: Any] where Key.RawValue == String {
    Dictionary(attributes.map { ($0.key.rawValue, $0.value) }, uniquingKeysWith: { first, _ in first })
}
