import CoreGraphics
import CoreText
import Foundation
import XCTest

/// Tests of frames of text in a monospaced font, whose lines' contents and places follow from
/// the font's figures: "Menlo" at 16 points is matched to DejaVu Sans Mono, advancing 1233 of
/// 2048 units per glyph, ascent 1901 and descent 483 units (fontTools). It has no tests of its
/// own.
class MonospacedFrameTestCase: XCTestCase {
    let advance: CGFloat = 1233.0 * 16 / 2048
    let ascent: CGFloat = 1901.0 * 16 / 2048
    let descent: CGFloat = 483.0 * 16 / 2048
    var lineHeight: CGFloat { ascent + descent }
    let menlo = CTFontCreateWithName("Menlo" as CFString, 16, nil)

    /// `text` in Menlo laid out in `path` with `attributes`.
    func frame(_ text: String, _ path: CGPath, _ attributes: [String: Any]? = nil) -> CTFrame {
        CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(NSAttributedString(string: text, attributes: [.font: menlo])), CFRange(), path,
            attributes)
    }

    /// The string ranges of the frame's lines.
    func ranges(_ frame: CTFrame) throws -> [CFRange] {
        try XCTUnwrap(CTFrameGetLines(frame) as? [CTLine]).map(CTLineGetStringRange)
    }

    /// The frame's line origins.
    func origins(_ frame: CTFrame) -> [CGPoint] {
        var origins = [CGPoint](repeating: .zero, count: CFArrayGetCount(CTFrameGetLines(frame)))
        CTFrameGetLineOrigins(frame, CFRange(), &origins)
        return origins
    }

    /// How many characters of one advance fit `width`.
    func fitting(_ width: CGFloat) -> Int { Int((width / advance).rounded(.down)) }

    /// The ranges of lines of `counts` characters, one after another from the start.
    func consecutive(_ counts: [Int]) -> [CFRange] {
        var location = 0
        return counts.map { count in
            defer { location += count }
            return CFRange(location: location, length: count)
        }
    }
}
