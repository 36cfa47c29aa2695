import Foundation

/// A paragraph's alignment, line spacing and line breaking, the value of
/// `NSAttributedString.Key.paragraphStyle` (UIKit's and AppKit's `NSParagraphStyle`).
///
/// Core Text reads the style of a paragraph's first character for the whole paragraph.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// How lines are placed horizontally. Default: ``NSTextAlignment/natural``.
    open internal(set) var alignment: NSTextAlignment = .natural
    /// Extra space between one line's descent and the next line's ascent, in points. Default: 0.
    open internal(set) var lineSpacing: CGFloat = 0
    /// The multiple of the natural line height (ascent, descent and leading of the line's
    /// fonts) each line takes, before ``minimumLineHeight`` and ``maximumLineHeight`` limit
    /// it; 0 (the default) means 1. The space a multiple above 1 adds is above the glyphs.
    open internal(set) var lineHeightMultiple: CGFloat = 0
    /// The least height of a line in points. Default: 0. The space it adds is above the glyphs.
    open internal(set) var minimumLineHeight: CGFloat = 0
    /// The greatest height of a line in points; 0 (the default) means no limit. Glyphs taller
    /// than it overlap the line above.
    open internal(set) var maximumLineHeight: CGFloat = 0
    /// Extra space after the paragraph in points, when another paragraph follows. Default: 0.
    open internal(set) var paragraphSpacing: CGFloat = 0
    /// Extra space before the paragraph's first line in points. Default: 0.
    open internal(set) var paragraphSpacingBefore: CGFloat = 0
    /// How lines break or are shortened. Default: ``NSLineBreakMode/byWordWrapping``.
    open internal(set) var lineBreakMode: NSLineBreakMode = .byWordWrapping

    /// The default style: natural alignment, no extra spacing, word wrapping.
    public static let `default` = NSParagraphStyle()

    /// A style with the default values.
    public override init() {
        super.init()
    }

    /// A copy of the style (immutable).
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSParagraphStyle()
        copy.take(self)
        return copy
    }

    /// A mutable copy of the style.
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = NSMutableParagraphStyle()
        copy.take(self)
        return copy
    }

    /// Takes every value of `other`.
    func take(_ other: NSParagraphStyle) {
        alignment = other.alignment
        lineSpacing = other.lineSpacing
        lineHeightMultiple = other.lineHeightMultiple
        minimumLineHeight = other.minimumLineHeight
        maximumLineHeight = other.maximumLineHeight
        paragraphSpacing = other.paragraphSpacing
        paragraphSpacingBefore = other.paragraphSpacingBefore
        lineBreakMode = other.lineBreakMode
    }

    /// Styles are equal when every value is.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSParagraphStyle else { return false }
        return alignment == other.alignment && lineSpacing == other.lineSpacing
            && lineHeightMultiple == other.lineHeightMultiple && minimumLineHeight == other.minimumLineHeight
            && maximumLineHeight == other.maximumLineHeight && paragraphSpacing == other.paragraphSpacing
            && paragraphSpacingBefore == other.paragraphSpacingBefore && lineBreakMode == other.lineBreakMode
    }

    /// A hash of the alignment and line break mode.
    open override var hash: Int { alignment.rawValue &* 31 &+ lineBreakMode.rawValue }
}

/// A paragraph style whose values can be set (`NSMutableParagraphStyle`).
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    /// How lines are placed horizontally. Default: ``NSTextAlignment/natural``.
    open override var alignment: NSTextAlignment {
        get { super.alignment }
        set { super.alignment = newValue }
    }
    /// Extra space between lines in points. Default: 0.
    open override var lineSpacing: CGFloat {
        get { super.lineSpacing }
        set { super.lineSpacing = newValue }
    }
    /// The multiple of the natural line height each line takes, before the least and
    /// greatest line heights limit it; 0 (the default) means 1.
    open override var lineHeightMultiple: CGFloat {
        get { super.lineHeightMultiple }
        set { super.lineHeightMultiple = newValue }
    }
    /// The least height of a line in points. Default: 0.
    open override var minimumLineHeight: CGFloat {
        get { super.minimumLineHeight }
        set { super.minimumLineHeight = newValue }
    }
    /// The greatest height of a line in points; 0 (the default) means no limit.
    open override var maximumLineHeight: CGFloat {
        get { super.maximumLineHeight }
        set { super.maximumLineHeight = newValue }
    }
    /// Extra space after the paragraph in points, when another paragraph follows. Default: 0.
    open override var paragraphSpacing: CGFloat {
        get { super.paragraphSpacing }
        set { super.paragraphSpacing = newValue }
    }
    /// Extra space before the paragraph's first line in points. Default: 0.
    open override var paragraphSpacingBefore: CGFloat {
        get { super.paragraphSpacingBefore }
        set { super.paragraphSpacingBefore = newValue }
    }
    /// How lines break or are shortened. Default: ``NSLineBreakMode/byWordWrapping``.
    open override var lineBreakMode: NSLineBreakMode {
        get { super.lineBreakMode }
        set { super.lineBreakMode = newValue }
    }
}
