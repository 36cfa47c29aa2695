import CoreGraphics
import CoreText
import Foundation
import XCTest

// Stroked text as Apple's attributes describe it (NSAttributedString.Key.strokeWidth): a
// percentage of the font size; positive strokes without filling, negative fills and strokes;
// the stroke in `.strokeColor`, else the foreground colour.
final class CTStrokeDrawingTests: XCTestCase {
    private let font = CTFontCreateWithName("Helvetica" as CFString, 32, nil)
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    private func context() throws -> CGContext {
        try XCTUnwrap(
            CGContext(
                data: nil, width: 60, height: 50, bitsPerComponent: 8, bytesPerRow: 240,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
    }

    /// Painted pixels: how many are pure red, pure blue, or anything else (edges blend the two).
    private func census(_ context: CGContext) throws -> (red: Int, blue: Int, other: Int) {
        let data = try XCTUnwrap(context.data).assumingMemoryBound(to: UInt8.self)
        var result = (red: 0, blue: 0, other: 0)
        for offset in stride(from: 0, to: 240 * 50, by: 4) where data[offset + 3] > 0 {
            let (r, g, b, a) = (data[offset], data[offset + 1], data[offset + 2], data[offset + 3])
            if r == a, g == 0, b == 0 { result.red += 1 } else if b == a, r == 0, g == 0 { result.blue += 1 } else { result.other += 1 }
        }
        return result
    }

    private func line(_ width: CGFloat) -> CTLine {
        CTLineCreateWithAttributedString(
            NSAttributedString(string: "O", attributes: [.font: font, .strokeWidth: width, .strokeColor: red, .foregroundColor: blue])
                as CFAttributedString)
    }

    func testALineWithAPositiveStrokeWidthIsOutlinedInTheStrokeColourAndNotFilled() throws {
        let context = try context()
        context.textPosition = CGPoint(x: 8, y: 12)
        CTLineDraw(line(10), context)
        let counted = try census(context)
        XCTAssertGreaterThan(counted.red, 100, "a 3.2-point outline of an O")
        XCTAssertEqual(counted.blue, 0, "no fill")
        XCTAssertEqual(counted.other, 0, "red only, blended with nothing")
    }

    // The same line stroked with CTLineDraw and as a frame's only line with CTFrameDraw: the
    // frame places its line at the origin CTFrameGetLineOrigins reports.
    func testALineIsStrokedAsTheSameLineOfAFrame() throws {
        let text = NSAttributedString(string: "O", attributes: [.font: font, .strokeWidth: 10, .strokeColor: red])
        let box = CGRect(x: 0, y: 0, width: 60, height: 50)
        let frame = CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(text), CFRange(), CGPath(rect: box, transform: nil), nil)
        let framed = try context()
        CTFrameDraw(frame, framed)
        var origin = CGPoint.zero
        CTFrameGetLineOrigins(frame, CFRange(location: 0, length: 1), &origin)
        let lined = try context()
        lined.textPosition = origin
        CTLineDraw(CTLineCreateWithAttributedString(text), lined)
        let a = try XCTUnwrap(framed.data).assumingMemoryBound(to: UInt8.self)
        let b = try XCTUnwrap(lined.data).assumingMemoryBound(to: UInt8.self)
        let differing = (0..<(240 * 50)).filter { abs(Int(a[$0]) - Int(b[$0])) > 1 }.count
        XCTAssertGreaterThan(try census(lined).red, 100)
        XCTAssertEqual(differing, 0)
    }

    func testARunIsStrokedByItsOwnAttributes() throws {
        // A thin stroke (3% of 32 points, about a point) leaves the O's fill showing inside it.
        let runs = [10, -3, 0].map { width in (CTLineGetGlyphRuns(line(width)) as? [CTRun])?.first }
        var counts: [(red: Int, blue: Int, other: Int)] = []
        for run in runs {
            let context = try context()
            context.textPosition = CGPoint(x: 8, y: 12)
            CTRunDraw(try XCTUnwrap(run), context, CFRange())
            counts.append(try census(context))
        }
        XCTAssertGreaterThan(counts[0].red, 100, "positive: outlined in red")
        XCTAssertEqual(counts[0].blue, 0, "positive: not filled")
        XCTAssertGreaterThan(counts[1].red, 30, "negative: outlined in red")
        XCTAssertGreaterThan(counts[1].blue, 20, "negative: filled in blue inside the outline")
        XCTAssertEqual(counts[2].red, 0, "no stroke width: no stroke")
        print("stroke census (red, blue, other): \(counts)")
        XCTAssertGreaterThan(counts[2].blue, 100, "no stroke width: filled")
        // The stroke straddles the outline: with it the glyph paints more pixels than filled alone.
        XCTAssertGreaterThan(counts[1].red + counts[1].blue + counts[1].other, counts[2].blue + counts[2].other)
    }
}
