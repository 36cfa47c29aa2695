import CoreGraphics

/// Options for creating a font and matching a descriptor (Core Text's `CTFontOptions`).
///
/// Lamina accepts each and creates the same font with any of them: it never activates or
/// downloads fonts on its own (only registered and installed fonts are matched), and has no
/// separate set of system fonts to prefer.
public struct CTFontOptions: OptionSet, Sendable, Hashable {
    /// The options' bits, Apple's values.
    public let rawValue: CFOptionFlags

    /// Creates options from their bits.
    public init(rawValue: CFOptionFlags) { self.rawValue = rawValue }

    /// Prevents fonts from being activated automatically.
    public static let preventAutoActivation = CTFontOptions(rawValue: 1 << 0)
    /// Prevents fonts from being downloaded automatically.
    public static let preventAutoDownload = CTFontOptions(rawValue: 1 << 1)
    /// Matching prefers Apple's system fonts.
    public static let preferSystemFont = CTFontOptions(rawValue: 1 << 2)
}

/// No options: creation and matching as ``CTFontCreateWithName(_:_:_:)-(CFString,_,_)`` does.
public let kCTFontOptionsDefault = CTFontOptions([])

/// Creates the font named `name` at `size` points, as ``CTFontCreateWithName(_:_:_:)-(CFString,_,_)`` does
/// (Core Text's `CTFontCreateWithNameAndOptions`); `options` change nothing on Linux (see
/// ``CTFontOptions``).
public func CTFontCreateWithNameAndOptions(
    _ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?, _ options: CTFontOptions
) -> CTFont {
    CTFontCreateWithName(name, size, matrix)
}

/// Creates the font `descriptor` describes at `size` points (0: the descriptor's size), as
/// ``CTFontCreateWithFontDescriptor(_:_:_:)`` does (Core Text's
/// `CTFontCreateWithFontDescriptorAndOptions`); `options` change nothing on Linux (see
/// ``CTFontOptions``).
public func CTFontCreateWithFontDescriptorAndOptions(
    _ descriptor: CTFontDescriptor, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?, _ options: CTFontOptions
) -> CTFont {
    CTFontCreateWithFontDescriptor(descriptor, size, matrix)
}
