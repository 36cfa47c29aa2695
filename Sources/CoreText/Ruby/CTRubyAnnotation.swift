import CoreGraphics
import Foundation

/// How ruby text and its base text align when their widths differ (Core Text's
/// `CTRubyAlignment`).
public enum CTRubyAlignment: UInt8, Sendable {
    /// What an annotation that is not valid answers.
    case invalid = 255
    /// Core Text decides; Lamina centres the ruby text over its base.
    case auto = 0
    /// The ruby text starts where its base text starts.
    case start = 1
    /// The ruby text is centred over its base text; a wider ruby text reaches equally past
    /// both ends of the base.
    case center = 2
    /// The ruby text ends where its base text ends.
    case end = 3
    /// A narrower ruby text is spread evenly over the base's width, its first and last
    /// characters at the base's ends; a wider one is centred.
    case distributeLetter = 4
    /// A narrower ruby text is spread evenly over the base's width with half the space between
    /// its characters before the first and after the last; a wider one is centred.
    case distributeSpace = 5
    /// Centred, except at a line's edge, where the ruby text keeps to the edge.
    case lineEdge = 6
}

/// How far ruby text may reach over the characters beside its base (Core Text's
/// `CTRubyOverhang`). Lamina keeps it and lets a wider ruby text reach past its base whatever
/// it says; the base is not spread apart.
public enum CTRubyOverhang: UInt8, Sendable {
    /// What an annotation that is not valid answers.
    case invalid = 255
    /// Core Text decides.
    case auto = 0
    /// It may overhang the characters before the base.
    case start = 1
    /// It may overhang the characters after the base.
    case end = 2
    /// It may not overhang.
    case none = 3
}

/// Where ruby text stands by its base text (Core Text's `CTRubyPosition`); also the index of
/// each position's text in the array ``CTRubyAnnotationCreate(_:_:_:_:)`` takes.
public enum CTRubyPosition: UInt8, Sendable {
    /// Above horizontal text (right of vertical text).
    case before = 0
    /// Below horizontal text (left of vertical text).
    case after = 1
    /// To the right of the base, horizontal or vertical; kept, but Lamina does not draw it.
    case interCharacter = 2
    /// Following the base with no special styling; kept, but Lamina does not draw it.
    case inline = 3
    /// How many positions there are: the length of the array of texts.
    case count = 4
}

/// The attribute key of a run's ruby annotation (Core Text's `kCTRubyAnnotationAttributeName`):
/// its value is a ``CTRubyAnnotation``, whose text is drawn above (or below) the run.
public let kCTRubyAnnotationAttributeName: CFString = "CTRubyAnnotation"
/// The annotation attribute of a ruby text's size as a fraction of its base text's size
/// (`kCTRubyAnnotationSizeFactorAttributeName`), a number. Default: 0.5.
public let kCTRubyAnnotationSizeFactorAttributeName: CFString = "CTRubyAnnotationSizeFactor"
/// The annotation attribute that makes the size factor a largest size
/// (`kCTRubyAnnotationScaleToFitAttributeName`), a Boolean: a ruby text wider than its base
/// is made smaller until it fits the base's width. Default: false.
public let kCTRubyAnnotationScaleToFitAttributeName: CFString = "CTRubyAnnotationScaleToFit"

/// Ruby text for a run of base text (Core Text's `CTRubyAnnotation`): set as the run's
/// ``kCTRubyAnnotationAttributeName`` attribute, its text for ``CTRubyPosition/before`` is
/// drawn above the run (``CTRubyPosition/after``: below) in the base's font at a fraction of
/// its size, and the run's line reaches that much further up (or down) to make room for it,
/// as the line's ascent (descent) and the frame's line spacing show.
///
/// Where a base run is split over two lines, its ruby text stands over the part on the first.
public final class CTRubyAnnotation: @unchecked Sendable {
    let alignment: CTRubyAlignment
    let overhang: CTRubyOverhang
    let sizeFactor: CGFloat
    /// The text at each position, by ``CTRubyPosition`` raw value.
    let texts: [String?]
    /// The ruby text's own attributes (font, colour, size factor, scale to fit).
    let attributes: [String: Any]

    init(alignment: CTRubyAlignment, overhang: CTRubyOverhang, sizeFactor: CGFloat, texts: [String?], attributes: [String: Any]) {
        self.alignment = alignment
        self.overhang = overhang
        self.sizeFactor = sizeFactor
        self.texts = texts
        self.attributes = attributes
    }

    /// The size factor when none is given.
    static let defaultSizeFactor: CGFloat = 0.5

    /// Whether a ruby text wider than its base is made smaller to fit it.
    var scalesToFit: Bool {
        switch attributes[kCTRubyAnnotationScaleToFitAttributeName] {
        case let value as Bool: value
        case let value as NSNumber: value.boolValue
        default: false
        }
    }
}

/// An annotation with a text for each position (Core Text's `CTRubyAnnotationCreate`): `text`
/// points to ``CTRubyPosition/count`` strings indexed by position, nil where a position has
/// none. Its text is drawn at `sizeFactor` times the base's size (a factor that is not a positive
/// number is ``kCTRubyAnnotationSizeFactorAttributeName``'s default).
///
/// Apple's function takes `Unmanaged<CFString>?` elements; a Swift string is not an object
/// on Linux, so Lamina's takes the strings themselves (`var text: [CFString?] = ["かん", nil,
/// nil, nil]` passed as `&text`).
@discardableResult
public func CTRubyAnnotationCreate(
    _ alignment: CTRubyAlignment, _ overhang: CTRubyOverhang, _ sizeFactor: CGFloat, _ text: UnsafeMutablePointer<CFString?>
) -> CTRubyAnnotation {
    let texts = (0..<Int(CTRubyPosition.count.rawValue)).map { text[$0] }
    let factor = sizeFactor.isFinite && sizeFactor > 0 ? sizeFactor : CTRubyAnnotation.defaultSizeFactor
    return CTRubyAnnotation(alignment: alignment, overhang: overhang, sizeFactor: factor, texts: texts, attributes: [:])
}

/// An annotation with `string` at one `position`, drawn with `attributes` (Core Text's
/// `CTRubyAnnotationCreateWithAttributes`): ``kCTFontAttributeName`` gives its font (without one,
/// the base's font at ``kCTRubyAnnotationSizeFactorAttributeName`` times its size),
/// ``kCTForegroundColorAttributeName`` its colour (without one, the base's), and
/// ``kCTRubyAnnotationScaleToFitAttributeName`` whether it shrinks to fit its base.
@discardableResult
public func CTRubyAnnotationCreateWithAttributes(
    _ alignment: CTRubyAlignment, _ overhang: CTRubyOverhang, _ position: CTRubyPosition, _ string: CFString,
    _ attributes: CFDictionary
) -> CTRubyAnnotation {
    var texts = [String?](repeating: nil, count: Int(CTRubyPosition.count.rawValue))
    if position != .count { texts[Int(position.rawValue)] = string }
    let given = AttributedText.number(attributes[kCTRubyAnnotationSizeFactorAttributeName])
    let factor = given.flatMap { $0 > 0 ? $0 : nil } ?? CTRubyAnnotation.defaultSizeFactor
    return CTRubyAnnotation(alignment: alignment, overhang: overhang, sizeFactor: factor, texts: texts, attributes: attributes)
}

/// An annotation with `string` at one `position` (Core Text's
/// `CTRubyAnnotationCreateWithAttributes`, given attributes in an `NSDictionary`).
@discardableResult
public func CTRubyAnnotationCreateWithAttributes(
    _ alignment: CTRubyAlignment, _ overhang: CTRubyOverhang, _ position: CTRubyPosition, _ string: CFString,
    _ attributes: NSDictionary
) -> CTRubyAnnotation {
    CTRubyAnnotationCreateWithAttributes(alignment, overhang, position, string, stringKeyedDictionary(attributes) ?? [:])
}

/// A copy of `rubyAnnotation` (Core Text's `CTRubyAnnotationCreateCopy`).
@discardableResult
public func CTRubyAnnotationCreateCopy(_ rubyAnnotation: CTRubyAnnotation) -> CTRubyAnnotation {
    CTRubyAnnotation(
        alignment: rubyAnnotation.alignment, overhang: rubyAnnotation.overhang, sizeFactor: rubyAnnotation.sizeFactor,
        texts: rubyAnnotation.texts, attributes: rubyAnnotation.attributes)
}

/// How the annotation's text aligns with its base (Core Text's `CTRubyAnnotationGetAlignment`).
@discardableResult
public func CTRubyAnnotationGetAlignment(_ rubyAnnotation: CTRubyAnnotation) -> CTRubyAlignment {
    rubyAnnotation.alignment
}

/// How far the annotation's text may overhang (Core Text's `CTRubyAnnotationGetOverhang`).
@discardableResult
public func CTRubyAnnotationGetOverhang(_ rubyAnnotation: CTRubyAnnotation) -> CTRubyOverhang {
    rubyAnnotation.overhang
}

/// The annotation's text size as a fraction of its base's (Core Text's
/// `CTRubyAnnotationGetSizeFactor`).
@discardableResult
public func CTRubyAnnotationGetSizeFactor(_ rubyAnnotation: CTRubyAnnotation) -> CGFloat {
    rubyAnnotation.sizeFactor
}

/// The annotation's text at `position`, nil where it has none (Core Text's
/// `CTRubyAnnotationGetTextForPosition`).
@discardableResult
public func CTRubyAnnotationGetTextForPosition(_ rubyAnnotation: CTRubyAnnotation, _ position: CTRubyPosition) -> CFString? {
    let index = Int(position.rawValue)
    return index < rubyAnnotation.texts.count ? rubyAnnotation.texts[index] : nil
}
