import CoreGraphics
import CoreText
import Foundation
import XCTest

// A frame's lines placed by the paragraph style's line heights and spacing, computed here
// from the font's own metrics: "Menlo" is matched to DejaVu Sans Mono, whose ascent and
// descent are 1901 and 483 of 2048 units and whose line gap is 0 (fontTools: `['hhea']`),
// so a line's natural height at 16 points is 14.8515625 + 3.7734375 = 18.625 points.
//
// Apple's NSParagraphStyle documentation: the natural line height is multiplied by
// lineHeightMultiple, then limited by minimumLineHeight and maximumLineHeight; the space
// between paragraphs is the first's paragraphSpacing plus the second's
// paragraphSpacingBefore; lineSpacing is between a line's bottom and the next one's top. The
// space a taller line gains is above its glyphs: the baseline stays a descent above its bottom.
final class CTFrameLineHeightTests: XCTestCase {
    private let advance: CGFloat = 1233.0 * 16 / 2048
    private let ascent: CGFloat = 1901.0 * 16 / 2048
    private let descent: CGFloat = 483.0 * 16 / 2048
    private let menlo = CTFontCreateWithName("Menlo" as CFString, 16, nil)
    private let height: CGFloat = 200

    private func style(_ configure: (NSMutableParagraphStyle) -> Void) -> NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        configure(style)
        return style
    }

    private func frame(_ text: String, _ style: NSParagraphStyle, width: CGFloat = 200) -> CTFrame {
        let string = NSAttributedString(string: text, attributes: [.font: menlo, .paragraphStyle: style])
        return CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(string), CFRange(),
            CGPath(rect: CGRect(x: 0, y: 0, width: width, height: height), transform: nil), nil)
    }

    /// The baselines of the frame's lines, down from its top.
    private func baselines(_ frame: CTFrame) -> [CGFloat] {
        let count = CFArrayGetCount(CTFrameGetLines(frame))
        var origins = [CGPoint](repeating: .zero, count: count)
        CTFrameGetLineOrigins(frame, CFRange(), &origins)
        return origins.map { height - $0.y }
    }

    private func suggestedHeight(_ text: String, _ style: NSParagraphStyle) -> CGFloat {
        let string = NSAttributedString(string: text, attributes: [.font: menlo, .paragraphStyle: style])
        return CTFramesetterSuggestFrameSizeWithConstraints(
            CTFramesetterCreateWithAttributedString(string), CFRange(), nil,
            CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude), nil
        ).height
    }

    func testAMinimumLineHeightAddsItsSpaceAboveEachLine() {
        let tall = style { $0.minimumLineHeight = 40 }
        XCTAssertEqual(baselines(frame("ab\ncd", tall)), [40 - descent, 80 - descent])
        XCTAssertEqual(suggestedHeight("ab\ncd", tall), 80)
        let low = style { $0.minimumLineHeight = 10 }
        XCTAssertEqual(baselines(frame("ab\ncd", low)), [ascent, 2 * ascent + descent], "below the natural height: no effect")
    }

    func testAMaximumLineHeightOverlapsTheLines() {
        let short = style { $0.maximumLineHeight = 12 }
        XCTAssertEqual(baselines(frame("ab\ncd", short)), [12 - descent, 24 - descent])
        XCTAssertEqual(suggestedHeight("ab\ncd", short), 24)
    }

    func testTheLineHeightMultipleComesBeforeTheLimits() {
        let natural = ascent + descent
        let doubled = style { $0.lineHeightMultiple = 2 }
        XCTAssertEqual(baselines(frame("ab\ncd", doubled)), [2 * natural - descent, 4 * natural - descent])
        let limited = style {
            $0.lineHeightMultiple = 2
            $0.maximumLineHeight = 30
        }
        XCTAssertEqual(baselines(frame("ab\ncd", limited)), [30 - descent, 60 - descent], "37.25 limited to 30")
        let raised = style {
            $0.lineHeightMultiple = 1.5
            $0.minimumLineHeight = 40
        }
        XCTAssertEqual(baselines(frame("ab\ncd", raised)), [40 - descent, 80 - descent], "27.9375 raised to 40")
    }

    func testParagraphSpacingGoesBetweenParagraphsAndNotBetweenTheirLines() {
        // Seven advances wide: "Hello world" wraps after "Hello ".
        let spaced = style {
            $0.paragraphSpacing = 10
            $0.paragraphSpacingBefore = 6
            $0.lineSpacing = 4
        }
        let natural = ascent + descent
        let lines = baselines(frame("Hello world\nab", spaced, width: 7 * advance))
        XCTAssertEqual(lines, [6 + ascent, 6 + natural + 4 + ascent, 6 + 2 * natural + 4 + 4 + 10 + 6 + ascent])
        XCTAssertEqual(suggestedHeight("ab\ncd", spaced), 6 + natural + 4 + 10 + 6 + natural)
    }

    func testEachParagraphIsPlacedByItsOwnStyle() {
        let first = style { $0.paragraphSpacing = 10 }
        let second = style {
            $0.paragraphSpacingBefore = 6
            $0.minimumLineHeight = 40
        }
        let string = NSMutableAttributedString(string: "ab\n", attributes: [.font: menlo, .paragraphStyle: first])
        string.append(NSAttributedString(string: "cd", attributes: [.font: menlo, .paragraphStyle: second]))
        let frame = CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(string), CFRange(),
            CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: height), transform: nil), nil)
        // The first's spacing after and the second's before between them; the second's least
        // line height for its line only.
        XCTAssertEqual(baselines(frame), [ascent, ascent + descent + 10 + 6 + 40 - descent])
    }

    func testCoreTextParagraphStyleSettingsUseCoreTextsSpecifiers() {
        var after: CGFloat = 10, before: CGFloat = 6, minimum: CGFloat = 40
        let style = withUnsafeBytes(of: &after) { a in
            withUnsafeBytes(of: &before) { b in
                withUnsafeBytes(of: &minimum) { m in
                    let settings = [
                        CTParagraphStyleSetting(spec: .paragraphSpacing, valueSize: a.count, value: a.baseAddress!),
                        CTParagraphStyleSetting(spec: .paragraphSpacingBefore, valueSize: b.count, value: b.baseAddress!),
                        CTParagraphStyleSetting(spec: .minimumLineHeight, valueSize: m.count, value: m.baseAddress!),
                    ]
                    return CTParagraphStyleCreate(settings, settings.count)
                }
            }
        }
        XCTAssertEqual(CTParagraphStyleSpecifier.paragraphSpacing.rawValue, 11, "kCTParagraphStyleSpecifierParagraphSpacing")
        XCTAssertEqual(CTParagraphStyleSpecifier.paragraphSpacingBefore.rawValue, 12, "kCTParagraphStyleSpecifierParagraphSpacingBefore")
        let string = NSAttributedString(string: "ab\ncd", attributes: [.font: menlo, .paragraphStyle: style])
        let frame = CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(string), CFRange(),
            CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: height), transform: nil), nil)
        XCTAssertEqual(baselines(frame), [6 + 40 - descent, 6 + 40 + 10 + 6 + 40 - descent])
    }

    func testAFrameDrawsEachLineAtTheOriginItReports() throws {
        let tall = style { $0.minimumLineHeight = 40 }
        let string = NSAttributedString(string: "ab\ncd", attributes: [.font: menlo, .paragraphStyle: tall])
        let box = CGRect(x: 0, y: 0, width: 60, height: 100)
        let frame = CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(string), CFRange(), CGPath(rect: box, transform: nil), nil)
        func context() throws -> CGContext {
            try XCTUnwrap(
                CGContext(
                    data: nil, width: 60, height: 100, bitsPerComponent: 8, bytesPerRow: 240,
                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        }
        let framed = try context()
        CTFrameDraw(frame, framed)
        let lined = try context()
        let lines = try XCTUnwrap(CTFrameGetLines(frame) as? [CTLine])
        var origins = [CGPoint](repeating: .zero, count: lines.count)
        CTFrameGetLineOrigins(frame, CFRange(), &origins)
        XCTAssertEqual(origins.map(\.y), [100 - 40 + descent, 100 - 80 + descent])
        for (line, origin) in zip(lines, origins) {
            lined.textPosition = origin
            CTLineDraw(line, lined)
        }
        let a = try XCTUnwrap(framed.data).assumingMemoryBound(to: UInt8.self)
        let b = try XCTUnwrap(lined.data).assumingMemoryBound(to: UInt8.self)
        XCTAssertGreaterThan((0..<(240 * 100)).filter { a[$0] > 0 }.count, 100, "the frame draws")
        XCTAssertEqual((0..<(240 * 100)).filter { abs(Int(a[$0]) - Int(b[$0])) > 1 }.count, 0)
    }
}
