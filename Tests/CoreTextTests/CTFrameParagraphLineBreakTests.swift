import CoreGraphics
import CoreText
import Foundation
import XCTest

// Each paragraph of a frame broken into lines by its own paragraph style's `lineBreakMode`:
// Apple's CTLineBreakMode documentation has each line of a truncating mode "displayed so that
// the end [head, middle] fits in the frame", with an ellipsis for the missing text, and the
// wrapping modes wrap at word or character boundaries; so a truncated or clipped paragraph is one
// line. Expected positions are computed here from the font's own figures: "Menlo" is matched
// to DejaVu Sans Mono, whose every glyph advances 1233 of 2048 units (fontTools: `['hmtx']`),
// and whose ascent and descent are 1901 and 483 units with no line gap.
final class CTFrameParagraphLineBreakTests: XCTestCase {
    private let size: CGFloat = 20
    private var advance: CGFloat { 1233.0 * size / 2048 }
    private var lineHeight: CGFloat { (1901.0 + 483.0) * size / 2048 }
    // 16 characters fit in 200 points (16 × 12.04 = 192.6).
    private let width: CGFloat = 200
    private let height: CGFloat = 300

    private func style(_ mode: NSLineBreakMode) -> NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.lineBreakMode = mode
        return style
    }

    /// A frame of two paragraphs, each with its line break mode, in a `width` × `height`
    /// rectangle (two paragraph styles a string: a third traps in swift-corelibs-foundation).
    private func frame(_ first: (String, NSLineBreakMode), _ second: (String, NSLineBreakMode)) -> CTFrame {
        let font = CTFontCreateWithName("Menlo" as CFString, size, nil)
        let string = NSMutableAttributedString(string: first.0, attributes: [.font: font, .paragraphStyle: style(first.1)])
        string.append(NSAttributedString(string: second.0, attributes: [.font: font, .paragraphStyle: style(second.1)]))
        return CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(string), CFRange(),
            CGPath(rect: CGRect(x: 0, y: 0, width: width, height: height), transform: nil), nil)
    }

    private func lines(_ frame: CTFrame) -> [CTLine] {
        CTFrameGetLines(frame) as! [CTLine]
    }

    private func origins(_ frame: CTFrame) -> [CGPoint] {
        var origins = [CGPoint](repeating: .zero, count: CFArrayGetCount(CTFrameGetLines(frame)))
        CTFrameGetLineOrigins(frame, CFRange(), &origins)
        return origins
    }

    func testAWrappedParagraphWrapsAndATruncatedOneAfterItIsOneLine() {
        let laid = frame(("aaaa bbbb cccc dddd\n", .byWordWrapping), ("eeee ffff gggg hhhh", .byTruncatingTail))
        XCTAssertEqual(
            lines(laid).map { CTLineGetStringRange($0).location }, [0, 15, 20],
            "\"aaaa bbbb cccc \", \"dddd\", then the second paragraph on one line")
        let placed = origins(laid)
        XCTAssertEqual(placed.count, 3)
        guard placed.count == 3 else { return }
        XCTAssertEqual(placed[1].y - placed[2].y, lineHeight, accuracy: 0.01, "stacked a line height apart")
        // Fifteen characters and "…" (one monospaced advance) fit the frame's 200 points.
        let truncated = lines(laid)[2]
        XCTAssertEqual(CTLineGetTypographicBounds(truncated, nil, nil, nil), Double(16 * advance), accuracy: 0.01)
    }

    func testATruncatedParagraphIsOneLineAndAWrappedOneAfterItWraps() {
        let laid = frame(("eeee ffff gggg hhhh\n", .byTruncatingTail), ("aaaa bbbb cccc dddd", .byWordWrapping))
        XCTAssertEqual(
            lines(laid).map { CTLineGetStringRange($0).location }, [0, 20, 35],
            "the first paragraph on one line, then \"aaaa bbbb cccc \" and \"dddd\"")
        let placed = origins(laid)
        XCTAssertEqual(placed.count, 3)
        guard placed.count == 3 else { return }
        XCTAssertEqual(placed[0].y - placed[1].y, lineHeight, accuracy: 0.01)
        XCTAssertEqual(placed[1].y - placed[2].y, lineHeight, accuracy: 0.01)
    }

    func testAClippedParagraphIsOneLineBesideAWrappedOne() {
        let laid = frame(("aaaa bbbb cccc dddd\n", .byWordWrapping), ("eeee ffff gggg hhhh", .byClipping))
        XCTAssertEqual(lines(laid).map { CTLineGetStringRange($0).location }, [0, 15, 20])
    }

    func testATruncatedParagraphIsDrawnWithinTheFrameAndTheWrappedLinesBelowIt() throws {
        let laid = frame(("eeee ffff gggg hhhh iiii\n", .byTruncatingTail), ("aaaa bbbb cccc dddd", .byWordWrapping))
        let context = try XCTUnwrap(
            CGContext(
                data: nil, width: Int(width) + 100, height: Int(height), bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
        CTFrameDraw(laid, context)
        let image = try XCTUnwrap(context.makeImage())
        let bytes = try XCTUnwrap(image.dataProvider?.data as Data?)
        // Which columns and rows (from the top) hold ink.
        var inkColumns = IndexSet(), inkRows = IndexSet()
        for y in 0..<image.height {
            for x in 0..<image.width where bytes[y * image.bytesPerRow + x * 4 + 3] > 0 {
                inkColumns.insert(x)
                inkRows.insert(y)
            }
        }
        XCTAssertLessThanOrEqual(inkColumns.last ?? 0, Int(width), "the truncated line ends inside the frame")
        // The frame's top is at y = height in user space, the image's top row: three lines
        // of ink, the third ending within three line heights of the top.
        let lastInkRow = try XCTUnwrap(inkRows.last)
        XCTAssertGreaterThan(CGFloat(lastInkRow), 2 * lineHeight, "a third line is drawn")
        XCTAssertLessThanOrEqual(CGFloat(lastInkRow), 3 * lineHeight)
    }
}
