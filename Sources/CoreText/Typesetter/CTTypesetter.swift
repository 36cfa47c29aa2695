import CoreGraphics
import Foundation

/// Breaks an attributed string into lines one at a time (Core Text's `CTTypesetter`), for
/// code that places each line itself; a framesetter does the same for a whole frame.
///
/// Make one with ``CTTypesetterCreateWithAttributedString(_:)``, ask where a line that starts
/// at an index and fits a width ends with ``CTTypesetterSuggestLineBreak(_:_:_:)``, and make
/// that line with ``CTTypesetterCreateLine(_:_:)``. Lines break where a framesetter's lines
/// of the same width break.
public final class CTTypesetter {
    /// The string, as it was when the typesetter was made.
    let attributedString: AttributedRuns
    /// Its text, for line breaking.
    let text: AttributedText

    convenience init(_ attributedString: NSAttributedString) {
        self.init(AttributedRuns(attributedString))
    }

    init(_ attributedString: AttributedRuns) {
        self.attributedString = attributedString
        text = AttributedText(attributedString)
    }

    /// How many UTF-16 units from `start` the line that begins there holds when broken to
    /// `width` — between words (`breaksAnywhere` false) or between any two characters — or
    /// after a line or paragraph separator; at least one character, so that a width too
    /// narrow for any still moves on; 0 at or past the string's end.
    func suggestBreak(from start: CFIndex, width: Double, breaksAnywhere: Bool) -> CFIndex {
        guard start >= 0, start < text.length else { return 0 }
        let startByte = text.byte(ofUTF16: start)
        let bytes = startByte..<text.string.utf8.count
        var options = text.options(wraps: true, as: text.paragraphStyle(atByte: startByte))
        options.wraps = true
        options.truncation = .none
        options.breaksAnywhere = breaksAnywhere
        // The width given is the line's own: a frame's indents are the framesetter's to apply.
        options.indents = TextIndents()
        let oneCharacter = startByte + text.characterLength(atByte: startByte)
        // A width that is not positive holds nothing (NaN included); an infinite one all.
        guard width > 0 else { return max(text.utf16(ofByte: oneCharacter) - start, 1) }
        let lineWidth = width.isFinite ? CGFloat(width) : CGFloat.infinity
        let end = FrameLayout.line(of: text, bytes: bytes, width: lineWidth, options: options)?.next ?? oneCharacter
        return max(text.utf16(ofByte: end) - start, 1)
    }
}

/// A typesetter for `string` (Core Text's `CTTypesetterCreateWithAttributedString`); later
/// changes to a mutable string do not affect it.
@discardableResult
public func CTTypesetterCreateWithAttributedString(_ string: CFAttributedString) -> CTTypesetter {
    CTTypesetter(string)
}

/// A typesetter for `string` (Core Text's `CTTypesetterCreateWithAttributedStringAndOptions`).
/// Lamina reads no typesetter options: they are accepted and ignored.
@discardableResult
public func CTTypesetterCreateWithAttributedStringAndOptions(
    _ string: CFAttributedString, _ options: [String: Any]?
) -> CTTypesetter? {
    CTTypesetter(string)
}

/// The number of UTF-16 units, from `startIndex`, of the line that starts there and fits
/// `width` points (Core Text's `CTTypesetterSuggestLineBreak`).
///
/// The line breaks between words where it can, as a framesetter's lines do, and after a
/// hard line break (`\n`, `\r\n`, U+2028, U+2029), which it holds; spaces at its end are part
/// of it. A word wider than `width` alone is broken between characters. When not even one
/// character fits, the line holds one, so a loop that moves on by the count always ends.
/// 0 when `startIndex` is at or past the string's end.
@discardableResult
public func CTTypesetterSuggestLineBreak(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double) -> CFIndex {
    typesetter.suggestBreak(from: startIndex, width: width, breaksAnywhere: false)
}

/// As ``CTTypesetterSuggestLineBreak(_:_:_:)`` for a line whose pen starts `offset` points
/// along (Core Text's `CTTypesetterSuggestLineBreakWithOffset`); Lamina has no tab stops
/// the offset would move, so the break is the same.
@discardableResult
public func CTTypesetterSuggestLineBreakWithOffset(
    _ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double, _ offset: Double
) -> CFIndex {
    typesetter.suggestBreak(from: startIndex, width: width, breaksAnywhere: false)
}

/// The number of UTF-16 units, from `startIndex`, of the line that starts there and fits
/// `width` points when it may break between any two characters (Core Text's
/// `CTTypesetterSuggestClusterBreak`): a character and the marks on it (a grapheme cluster)
/// stay together. At least one character; 0 at or past the string's end.
@discardableResult
public func CTTypesetterSuggestClusterBreak(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double) -> CFIndex {
    typesetter.suggestBreak(from: startIndex, width: width, breaksAnywhere: true)
}

/// As ``CTTypesetterSuggestClusterBreak(_:_:_:)`` for a line whose pen starts `offset`
/// points along (Core Text's `CTTypesetterSuggestClusterBreakWithOffset`); the break is
/// the same.
@discardableResult
public func CTTypesetterSuggestClusterBreakWithOffset(
    _ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double, _ offset: Double
) -> CFIndex {
    typesetter.suggestBreak(from: startIndex, width: width, breaksAnywhere: true)
}

/// A line of `stringRange` of the typesetter's string (Core Text's `CTTypesetterCreateLine`):
/// a length of 0 is to the string's end; a range outside the string is clamped. Its runs'
/// string ranges and indices count in the whole string.
@discardableResult
public func CTTypesetterCreateLine(_ typesetter: CTTypesetter, _ stringRange: CFRange) -> CTLine {
    let range = stringRange.clamped(toCount: typesetter.attributedString.length)
    // A range's length of 0 reads to the string's end: an empty range makes an empty line.
    let text =
        range.isEmpty
        ? AttributedText(NSAttributedString(string: ""))
        : AttributedText(typesetter.attributedString, range: CFRange(location: range.lowerBound, length: range.count))
    return CTLine(text, stringOffset: range.lowerBound)
}

/// As ``CTTypesetterCreateLine(_:_:)`` for a line whose pen starts `offset` points along
/// (Core Text's `CTTypesetterCreateLineWithOffset`); Lamina has no tab stops the offset would
/// move, so the line is the same.
@discardableResult
public func CTTypesetterCreateLineWithOffset(_ typesetter: CTTypesetter, _ stringRange: CFRange, _ offset: Double) -> CTLine {
    CTTypesetterCreateLine(typesetter, stringRange)
}
