import CoreGraphics
import CoreText
import Foundation
import XCTest

// Lines and frames painted as the context's text drawing mode says, as Quartz's text drawing
// modes are documented ("kCGTextClip: add the text to the clipping area, but do not draw the
// text"; stroke: "perform a stroke operation on the text"). Expectations compare each mode's
// pixels with the same line drawn in the default fill mode.
final class CTLineDrawingModeTests: XCTestCase {
    private let width = 320, height = 160
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

    private func context() throws -> CGContext {
        try XCTUnwrap(
            CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
    }

    private func line(_ text: String = "HOLE") -> CTLine {
        let font = CTFontCreateWithName("Menlo" as CFString, 60, nil)
        return CTLineCreateWithAttributedString(
            NSAttributedString(string: text, attributes: [.font: font, .foregroundColor: red]))
    }

    /// Each pixel's alpha, rows top first.
    private func alphas(_ context: CGContext) throws -> [[UInt8]] {
        let image = try XCTUnwrap(context.makeImage())
        return (0..<height).map { y in (0..<width).map { x in image.pixel(x: x, y: y)?.alpha ?? 0 } }
    }

    /// The line drawn at (10, 25) in `mode`, then `after` run on the context.
    private func drawn(_ mode: CGTextDrawingMode, after: (CGContext) -> Void = { _ in }) throws -> [[UInt8]] {
        let c = try context()
        c.setTextDrawingMode(mode)
        c.textPosition = CGPoint(x: 10, y: 25)
        CTLineDraw(line(), c)
        after(c)
        return try alphas(c)
    }

    /// Pixels fully inside the filled glyphs, two pixels away from any edge.
    private func interior(_ filled: [[UInt8]]) -> [(x: Int, y: Int)] {
        var inside: [(Int, Int)] = []
        for y in 2..<(height - 2) {
            for x in 2..<(width - 2) where (-2...2).allSatisfy({ dy in (-2...2).allSatisfy { dx in filled[y + dy][x + dx] == 255 } }) {
                inside.append((x, y))
            }
        }
        return inside
    }

    func testClipModeDrawsNothingAndClipsWhatFollowsToTheGlyphs() throws {
        let filled = try drawn(.fill)
        let clipped = try drawn(.clip)
        XCTAssertEqual(clipped.joined().filter { $0 > 0 }.count, 0, "clip mode paints nothing")
        let painted = try drawn(.clip) { c in
            c.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            c.fill(CGRect(x: 0, y: 0, width: self.width, height: self.height))
        }
        // The fill after the line covers the glyphs, and nothing away from them.
        for (x, y) in interior(filled) { XCTAssertEqual(painted[y][x], 255, "inside a glyph at (\(x), \(y))") }
        var outside = 0
        for y in 0..<height {
            for x in 0..<width where painted[y][x] > 0 {
                let near = (-1...1).contains { dy in
                    (-1...1).contains { dx in filled[min(max(y + dy, 0), height - 1)][min(max(x + dx, 0), width - 1)] > 0 }
                }
                if !near { outside += 1 }
            }
        }
        XCTAssertEqual(outside, 0, "painted pixels away from the glyphs")
        let coverage = { (rows: [[UInt8]]) in rows.joined().reduce(0) { $0 + Int($1) } }
        XCTAssertEqual(Double(coverage(painted)), Double(coverage(filled)), accuracy: Double(coverage(filled)) * 0.03)
    }

    func testInvisibleModeDrawsNothing() throws {
        XCTAssertEqual(try drawn(.invisible).joined().filter { $0 > 0 }.count, 0)
    }

    func testStrokeModeOutlinesTheGlyphsInTheForegroundColourAndLeavesThemHollow() throws {
        let filled = try drawn(.fill)
        let c = try context()
        c.setTextDrawingMode(.stroke)
        c.setLineWidth(1)
        c.textPosition = CGPoint(x: 10, y: 25)
        CTLineDraw(line(), c)
        let stroked = try alphas(c)
        let inside = interior(filled)
        XCTAssertGreaterThan(inside.count, 100, "the glyphs have thick stems")
        for (x, y) in inside { XCTAssertEqual(stroked[y][x], 0, "hollow at (\(x), \(y))") }
        let ink = stroked.joined().filter { $0 > 0 }.count
        XCTAssertGreaterThan(ink, 300, "the outlines are drawn")
        // In the run's foreground colour: red.
        let image = try XCTUnwrap(c.makeImage())
        var reds = 0, others = 0
        for y in 0..<height {
            for x in 0..<width {
                guard let p = image.pixel(x: x, y: y), p.alpha == 255 else { continue }
                if p.red == 255 && p.green == 0 && p.blue == 0 { reds += 1 } else { others += 1 }
            }
        }
        XCTAssertGreaterThan(reds, 0)
        XCTAssertEqual(others, 0)
    }

    func testAFrameInClipModeClipsToEveryLine() throws {
        let font = CTFontCreateWithName("Menlo" as CFString, 60, nil)
        let string = NSAttributedString(string: "HE\nLO", attributes: [.font: font])
        let frame = CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(string), CFRange(),
            CGPath(rect: CGRect(x: 0, y: 0, width: width, height: height), transform: nil), nil)
        let filledContext = try context()
        CTFrameDraw(frame, filledContext)
        let filled = try alphas(filledContext)
        let c = try context()
        c.setTextDrawingMode(.clip)
        CTFrameDraw(frame, c)
        XCTAssertEqual(try alphas(c).joined().filter { $0 > 0 }.count, 0)
        c.fill(CGRect(x: 0, y: 0, width: width, height: height))
        let painted = try alphas(c)
        let inside = interior(filled)
        XCTAssertGreaterThan(inside.count, 20)
        for (x, y) in inside { XCTAssertEqual(painted[y][x], 255, "inside a glyph at (\(x), \(y))") }
        // Both lines: ink in the top half and in the bottom half of the filled frame's rows.
        let inkRows = painted.indices.filter { painted[$0].contains { $0 > 0 } }
        let filledRows = filled.indices.filter { filled[$0].contains { $0 > 0 } }
        XCTAssertEqual(inkRows.first ?? -1, filledRows.first ?? -2, accuracy: 1)
        XCTAssertEqual(inkRows.last ?? -1, filledRows.last ?? -2, accuracy: 1)
    }
}
