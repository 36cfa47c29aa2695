import CoreGraphics
import CoreText
import Foundation
import XCTest

// Each paragraph of a frame aligned by its own paragraph style, as Apple's NSParagraphStyle
// documentation says of `alignment` ("the text alignment of the paragraph"). Expected
// positions are computed here from the font's own figures: "Menlo" is matched to DejaVu Sans
// Mono, whose every glyph advances 1233 of 2048 units (fontTools: `['hmtx']`), and whose
// ascent and descent are 1901 and 483 units with no line gap.
final class CTFrameParagraphAlignmentTests: XCTestCase {
    private let size: CGFloat = 20
    private var advance: CGFloat { 1233.0 * size / 2048 }
    private var lineHeight: CGFloat { (1901.0 + 483.0) * size / 2048 }
    private let width: CGFloat = 200
    private let height: CGFloat = 300

    private func style(_ alignment: NSTextAlignment) -> NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.alignment = alignment
        return style
    }

    /// A frame of the paragraphs, each with its alignment, in a `width` × `height` rectangle.
    private func frame(_ paragraphs: [(String, NSTextAlignment)]) -> CTFrame {
        let font = CTFontCreateWithName("Menlo" as CFString, size, nil)
        let string = NSMutableAttributedString(
            string: paragraphs[0].0, attributes: [.font: font, .paragraphStyle: style(paragraphs[0].1)])
        for (text, alignment) in paragraphs.dropFirst() {
            string.append(NSAttributedString(string: text, attributes: [.font: font, .paragraphStyle: style(alignment)]))
        }
        return CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(string), CFRange(),
            CGPath(rect: CGRect(x: 0, y: 0, width: width, height: height), transform: nil), nil)
    }

    private func origins(_ frame: CTFrame) -> [CGPoint] {
        var origins = [CGPoint](repeating: .zero, count: CFArrayGetCount(CTFrameGetLines(frame)))
        CTFrameGetLineOrigins(frame, CFRange(), &origins)
        return origins
    }

    // Two paragraphs a frame: a third run with another paragraph style traps inside
    // swift-corelibs-foundation when appended (see the porting guide), before Core Text is reached.
    func testEachParagraphIsPlacedByItsOwnAlignment() {
        let leftThenRight = origins(frame([("Left\n", .left), ("Right", .right)]))
        let rightThenCentre = origins(frame([("Right\n", .right), ("Centre", .center)]))
        XCTAssertEqual(leftThenRight.count, 2)
        XCTAssertEqual(rightThenCentre.count, 2)
        guard leftThenRight.count == 2, rightThenCentre.count == 2 else { return }
        XCTAssertEqual(leftThenRight[0].x, 0, accuracy: 0.01)
        XCTAssertEqual(leftThenRight[1].x, width - 5 * advance, accuracy: 0.5, "right: the line ends at the frame's right edge")
        XCTAssertEqual(rightThenCentre[0].x, width - 5 * advance, accuracy: 0.5)
        XCTAssertEqual(rightThenCentre[1].x, (width - 6 * advance) / 2, accuracy: 0.5, "centred in the frame")
        // Stacked as one text: a line height apart.
        XCTAssertEqual(leftThenRight[0].y - leftThenRight[1].y, lineHeight, accuracy: 0.01)
        XCTAssertEqual(rightThenCentre[0].y - rightThenCentre[1].y, lineHeight, accuracy: 0.01)
    }

    func testAWrappedParagraphKeepsItsAlignmentOnEveryLineAndTheNextParagraphItsOwn() {
        // 16 characters fit in 200 points (16 × 12.04 = 192.6): "aaaa bbbb cccc dddd" wraps after "cccc".
        let laid = origins(frame([("aaaa bbbb cccc dddd\n", .right), ("x", .left)]))
        XCTAssertEqual(laid.count, 3)
        guard laid.count == 3 else { return }
        XCTAssertEqual(laid[0].x, width - 14 * advance, accuracy: 0.5, "\"aaaa bbbb cccc\" right-aligned")
        XCTAssertEqual(laid[1].x, width - 4 * advance, accuracy: 0.5, "\"dddd\" right-aligned")
        XCTAssertEqual(laid[2].x, 0, accuracy: 0.01)
        let lines = CTFrameGetLines(frame([("aaaa bbbb cccc dddd\n", .right), ("x", .left)])) as! [CTLine]
        XCTAssertEqual(lines.map { CTLineGetStringRange($0).location }, [0, 15, 20], "each line's text, the separator with its line")
    }

    func testDrawingPutsEachParagraphsInkWhereItsOriginSays() throws {
        let frame = frame([("Left\n", .left), ("Right", .right)])
        let context = try XCTUnwrap(
            CGContext(
                data: nil, width: Int(width), height: Int(height), bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
        CTFrameDraw(frame, context)
        let image = try XCTUnwrap(context.makeImage())
        // The second line's band (device rows, y down): its ink starts right of the frame's middle.
        let laid = origins(frame)
        let baseline = Int(height - laid[1].y)
        var inkColumns: [Int] = []
        for y in (baseline - 12)...baseline {
            for x in 0..<Int(width) where (image.pixel(x: x, y: y)?.alpha ?? 0) > 0 { inkColumns.append(x) }
        }
        let leftmost = try XCTUnwrap(inkColumns.min())
        XCTAssertGreaterThan(CGFloat(leftmost), width - 5 * advance - 1, "\"Right\" drawn at the right edge, not at the left")
    }
}
