import CoreGraphics
import CoreText
import Foundation
import XCTest

// Frames whose text flows around clipping paths (`kCTFrameClippingPathsAttributeName`): no
// line goes where a clipping path's inside is at any height of the line. Expectations come
// from the shapes' geometry computed here and the font's metrics: "Menlo" is matched to DejaVu
// Sans Mono, advancing 1233 of 2048 units per glyph, ascent 1901 and descent 483 units
// (fontTools).
final class CTFrameClippingPathTests: MonospacedFrameTestCase {
    private let box = CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: 100), transform: nil)

    func testLinesGoAroundAClippingRectangle() throws {
        // The top-left quarter of the box taken out: x 0…100, y 50…100 (y up).
        let clip = CGPath(rect: CGRect(x: 0, y: 50, width: 100, height: 50), transform: nil)
        let frame = frame(
            String(repeating: "a", count: 120), box, [kCTFrameClippingPathsAttributeName: [[kCTFramePathClippingPathAttributeName: clip]]])
        // A line whose band (its height below the one above) reaches above y = 50 starts at 100.
        let tops = (0..<5).map { 100 - CGFloat($0) * lineHeight }
        let starts = tops.map { $0 > 50 ? CGFloat(100) : 0 }
        XCTAssertEqual(starts, [100, 100, 100, 0, 0])
        let counts = starts.map { fitting(200 - $0) }
        XCTAssertEqual(try ranges(frame), consecutive(counts))
        XCTAssertEqual(origins(frame), zip(tops, starts).map { CGPoint(x: $1, y: $0 - ascent) })
        // The frame's lines are drawn where the origins say: nothing inside the clipping rectangle.
        let context = try XCTUnwrap(
            CGContext(
                data: nil, width: 200, height: 100, bitsPerComponent: 8, bytesPerRow: 800, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        CTFrameDraw(frame, context)
        let data = try XCTUnwrap(context.data).assumingMemoryBound(to: UInt8.self)
        var inside = 0, outside = 0
        for row in 0..<100 {
            for column in 0..<200 where data[row * 800 + column * 4 + 3] > 0 {
                // Rows from the top: y 50…100 is rows 0…49.
                if row < 50, column < 100 { inside += 1 } else { outside += 1 }
            }
        }
        XCTAssertEqual(inside, 0)
        XCTAssertGreaterThan(outside, 1000)
    }

    func testASlopedClippingPathIsAvoidedAtEveryHeightOfALine() throws {
        // A triangle standing on the box's left edge: x from 0 to 150 at y = 100, to 0 at y = 0.
        // A line's band is kept clear of it at its top, where the triangle is widest.
        let triangle = CGMutablePath()
        triangle.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 150, y: 100), CGPoint(x: 0, y: 100)])
        triangle.closeSubpath()
        let frame = frame(
            String(repeating: "a", count: 200), box,
            [kCTFrameClippingPathsAttributeName: [NSDictionary(dictionary: [kCTFramePathClippingPathAttributeName: triangle])]])
        let tops = (0..<5).map { 100 - CGFloat($0) * lineHeight }
        let starts = tops.map { 1.5 * $0 }
        XCTAssertEqual(try ranges(frame), consecutive(starts.map { fitting(200 - $0) }))
        for (origin, (top, start)) in zip(origins(frame), zip(tops, starts)) {
            XCTAssertEqual(origin.x, start, accuracy: 1e-3)
            XCTAssertEqual(origin.y, top - ascent, accuracy: 1e-9)
        }
    }

    func testAClippingPathsFillRuleSaysWhereItsInsideIs() throws {
        // Two nested squares drawn the same way round: even-odd, the ring between them is
        // inside and the inner square not; winding, both are inside.
        let squares = CGMutablePath()
        squares.addRect(CGRect(x: 0, y: 0, width: 120, height: 100))
        squares.addRect(CGRect(x: 0, y: 0, width: 60, height: 100))
        func firstOrigin(_ rule: CTFramePathFillRule?) -> CGPoint? {
            var clip: [String: Any] = [kCTFramePathClippingPathAttributeName: squares]
            if let rule { clip[kCTFramePathFillRuleAttributeName] = rule.rawValue }
            return origins(frame("aaaaaaaaaaaaaaa", box, [kCTFrameClippingPathsAttributeName: [clip]])).first
        }
        // Even-odd, the inner square 0…60 is left to the text: its first line starts at 0.
        XCTAssertEqual(firstOrigin(nil)?.x, 0)
        XCTAssertEqual(firstOrigin(.evenOdd)?.x, 0)
        XCTAssertEqual(firstOrigin(.windingNumber)?.x, 120)
    }

    func testClippingPathEntriesWithoutAPathAreIgnored() throws {
        let plain = frame(String(repeating: "a", count: 40), box, nil)
        for attributes: [String: Any] in [
            [kCTFrameClippingPathsAttributeName: [[kCTFramePathFillRuleAttributeName: 1]]],
            [kCTFrameClippingPathsAttributeName: "not an array"], [kCTFrameClippingPathsAttributeName: [Int]()],
        ] {
            let clipped = frame(String(repeating: "a", count: 40), box, attributes)
            XCTAssertEqual(try ranges(clipped), try ranges(plain))
            XCTAssertEqual(origins(clipped), origins(plain))
        }
    }

    func testAVerticalFrameIsLaidOutTopToBottomAndSaysSo() throws {
        let plain = frame(String(repeating: "a", count: 40), box, nil)
        let vertical = frame(
            String(repeating: "a", count: 40), box,
            [kCTFrameProgressionAttributeName: CTFrameProgression.rightToLeft.rawValue, kCTFramePathWidthAttributeName: 30])
        XCTAssertEqual(try ranges(vertical), try ranges(plain))
        XCTAssertEqual(origins(vertical), origins(plain))
        XCTAssertEqual(
            Diagnostics.lastMessage,
            "CTFramesetterCreateFrame: vertical frames (kCTFrameProgressionAttributeName rightToLeft) are not supported; "
                + "the lines are laid out top to bottom")
        XCTAssertEqual(CTFrameProgression.leftToRight.rawValue, 2)
    }
}
