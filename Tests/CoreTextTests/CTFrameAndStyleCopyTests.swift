import CoreGraphics
import CoreText
import Foundation
import XCTest

// Paragraph style copies, frame attributes and framesetters made from typesetters.
final class CTFrameAndStyleCopyTests: XCTestCase {
    func testAParagraphStyleCopyHasTheSameValues() throws {
        var alignment = CTTextAlignment.center
        var spacing: CGFloat = 7
        let style = withUnsafeBytes(of: &alignment) { a in
            withUnsafeBytes(of: &spacing) { s in
                var settings = [
                    CTParagraphStyleSetting(spec: .alignment, valueSize: MemoryLayout<CTTextAlignment>.size, value: a.baseAddress!),
                    CTParagraphStyleSetting(spec: .paragraphSpacing, valueSize: MemoryLayout<CGFloat>.size, value: s.baseAddress!),
                ]
                return CTParagraphStyleCreate(&settings, settings.count)
            }
        }
        let copy = CTParagraphStyleCreateCopy(style)
        XCTAssertFalse(copy === style)
        var readAlignment = CTTextAlignment.left
        var readSpacing: CGFloat = 0
        XCTAssertTrue(CTParagraphStyleGetValueForSpecifier(copy, .alignment, MemoryLayout<CTTextAlignment>.size, &readAlignment))
        XCTAssertTrue(CTParagraphStyleGetValueForSpecifier(copy, .paragraphSpacing, MemoryLayout<CGFloat>.size, &readSpacing))
        XCTAssertEqual(readAlignment, .center)
        XCTAssertEqual(readSpacing, 7)
    }

    func testAFrameKeepsItsAttributesAndATypesettersFramesetterBreaksAsIt() throws {
        let text = NSAttributedString(
            string: "one two three four five six", attributes: [.font: CTFontCreateWithName("Menlo" as CFString, 16, nil)])
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 80, height: 200), transform: nil)
        let attributes: [String: Any] = [kCTFramePathFillRuleAttributeName: CTFramePathFillRule.windingNumber.rawValue]
        let framesetter = CTFramesetterCreateWithAttributedString(text)
        let frame = CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: 0), path, attributes)
        XCTAssertEqual(CTFrameGetFrameAttributes(frame)?[kCTFramePathFillRuleAttributeName] as? UInt32, CTFramePathFillRule.windingNumber.rawValue)
        XCTAssertNil(CTFrameGetFrameAttributes(CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: 0), path, nil)))
        let typesetter = CTTypesetterCreateWithAttributedString(text)
        let fromTypesetter = CTFramesetterCreateWithTypesetter(typesetter)
        XCTAssertTrue(CTFramesetterGetTypesetter(fromTypesetter) === typesetter)
        let lines = { (frame: CTFrame) in (CTFrameGetLines(frame) as? [CTLine] ?? []).map { CTLineGetStringRange($0).length } }
        XCTAssertEqual(lines(CTFramesetterCreateFrame(fromTypesetter, CFRange(location: 0, length: 0), path, nil)), lines(frame))
        XCTAssertGreaterThan(lines(frame).count, 1)
    }
}
