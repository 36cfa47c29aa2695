import Foundation

/// A tab stop of a paragraph style (UIKit's and AppKit's `NSTextTab`): where it is and how it
/// places the text after a tab.
///
/// The alignment is absolute: text after a right-aligned stop ends at it. A stop with the
/// ``OptionKey/columnTerminators`` option is a decimal stop: the text's first column
/// terminator (Lamina's: the locale's decimal separator) sits at the stop.
open class NSTextTab: NSObject, NSCopying, @unchecked Sendable {
    /// A key of a tab's options.
    public struct OptionKey: Hashable, RawRepresentable, Sendable {
        /// The key's name.
        public let rawValue: String

        /// The key named `rawValue`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The characters that end a column (a `CharacterSet`): present, the stop aligns the
        /// text at its decimal separator.
        public static let columnTerminators = OptionKey(rawValue: "NSTabColumnTerminatorsAttributeName")
    }

    /// How the text after the tab is placed at the stop: left, right or centred (natural and
    /// justified place it as left).
    open internal(set) var alignment: NSTextAlignment
    /// Where the stop is, in points from the left edge of the frame or line.
    open internal(set) var location: CGFloat
    /// The stop's options.
    open internal(set) var options: [OptionKey: Any]

    /// A stop at `location` points placing the text after a tab by `alignment`.
    public init(textAlignment alignment: NSTextAlignment, location: CGFloat, options: [OptionKey: Any] = [:]) {
        self.alignment = alignment
        self.location = location
        self.options = options
        super.init()
    }

    /// The characters that end a column of numbers in `locale` (the current one when nil):
    /// its decimal and grouping separators, as Apple's documentation describes.
    open class func columnTerminators(for locale: Locale?) -> CharacterSet {
        let locale = locale ?? .current
        return CharacterSet(charactersIn: (locale.decimalSeparator ?? ".") + (locale.groupingSeparator ?? ","))
    }

    /// How the text engine places text at this stop.
    var textTabAlignment: TextTabAlignment {
        if options[.columnTerminators] != nil { return .decimal }
        switch alignment {
        case .right: return .right
        case .center: return .center
        case .left, .natural, .justified: return .left
        }
    }

    /// The stop itself (a tab stop cannot be changed).
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// Stops are equal when their locations and alignments are, as Apple's are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSTextTab else { return false }
        return location == other.location && textTabAlignment == other.textTabAlignment
    }

    /// A hash of the location.
    open override var hash: Int { location.hashValue }
}

extension NSParagraphStyle {
    /// AppKit's kinds of tab stop (`NSParagraphStyle.TextTabType`).
    public enum TextTabType: UInt, Sendable {
        /// Text starts at the stop.
        case leftTabStopType = 0
        /// Text ends at the stop.
        case rightTabStopType = 1
        /// Text is centred on the stop.
        case centerTabStopType = 2
        /// Text's decimal separator is at the stop.
        case decimalTabStopType = 3
    }
}

extension NSTextTab {
    /// A stop of AppKit's `type` at `location` points.
    public convenience init(type: NSParagraphStyle.TextTabType, location: CGFloat) {
        switch type {
        case .leftTabStopType: self.init(textAlignment: .left, location: location)
        case .rightTabStopType: self.init(textAlignment: .right, location: location)
        case .centerTabStopType: self.init(textAlignment: .center, location: location)
        case .decimalTabStopType:
            self.init(
                textAlignment: .right, location: location, options: [.columnTerminators: NSTextTab.columnTerminators(for: nil)])
        }
    }

    /// AppKit's kind of this stop.
    public var tabStopType: NSParagraphStyle.TextTabType {
        switch textTabAlignment {
        case .left: .leftTabStopType
        case .right: .rightTabStopType
        case .center: .centerTabStopType
        case .decimal: .decimalTabStopType
        }
    }
}
