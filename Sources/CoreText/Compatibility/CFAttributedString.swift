import Foundation

/// A Core Foundation attributed string (Apple's `CFAttributedString`), which Apple's
/// overlay bridges to `NSAttributedString`: `attributed as CFAttributedString` compiles and
/// costs nothing.
public typealias CFAttributedString = NSAttributedString

/// A mutable Core Foundation attributed string (Apple's `CFMutableAttributedString`), bridged
/// to `NSMutableAttributedString`.
public typealias CFMutableAttributedString = NSMutableAttributedString

/// The length of `string` in UTF-16 units (Apple's `CFAttributedStringGetLength`).
public func CFAttributedStringGetLength(_ string: CFAttributedString) -> CFIndex {
    string.length
}

/// The characters of `string` (Apple's `CFAttributedStringGetString`).
public func CFAttributedStringGetString(_ string: CFAttributedString) -> CFString {
    string.string
}

/// An attributed string of `str` with `attributes` over all of it (Apple's
/// `CFAttributedStringCreate`); the allocator is ignored. Attribute names are Core Text's
/// (`kCTFontAttributeName`, …) or `NSAttributedString.Key` raw values.
public func CFAttributedStringCreate(
    _ alloc: AnyObject?, _ str: CFString, _ attributes: [String: Any]?
) -> CFAttributedString {
    var keyed: [NSAttributedString.Key: Any] = [:]
    for (name, value) in attributes ?? [:] { keyed[NSAttributedString.Key(name)] = value }
    return NSAttributedString(string: str, attributes: keyed)
}
