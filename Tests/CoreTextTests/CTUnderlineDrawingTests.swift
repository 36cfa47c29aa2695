import CoreGraphics
import CoreText
import Foundation
import XCTest

// Underlines as Apple's attributes describe them (NSAttributedString.Key.underlineStyle and
// .underlineColor): one line for `.single`, two for `.double`, in the underline colour, else
// the text's. Where the line goes is the font's own: "Menlo" is DejaVu Sans Mono, whose
// `post` table (fontTools) puts the underline's top 40 and its thickness 90 units of 2048
// below the baseline: at 20 points drawn 4 device pixels a point, 1.5625 and 3.515625 pixels.
final class CTUnderlineDrawingTests: XCTestCase {
    private let font = CTFontCreateWithName("Menlo" as CFString, 20, nil)
    private let scale: CGFloat = 4
    private let baselineRow = 100  // from the top, in device pixels: y = 15 points up in 160 rows

    /// "MM" drawn black with `attributes` at (10, 15) points, 4 pixels a point: the colour of
    /// each row below the baseline in the middle of the first "M", top to bottom.
    private func rowsBelowTheBaseline(_ attributes: [NSAttributedString.Key: Any]) throws -> [(alpha: UInt8, red: UInt8)] {
        let context = try XCTUnwrap(
            CGContext(
                data: nil, width: 240, height: 160, bitsPerComponent: 8, bytesPerRow: 960,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.scaleBy(x: scale, y: scale)
        context.textPosition = CGPoint(x: 10, y: 15)
        let text = NSAttributedString(
            string: "MM", attributes: [.font: font, .foregroundColor: CGColor(gray: 0, alpha: 1)].merging(attributes) { $1 })
        CTLineDraw(CTLineCreateWithAttributedString(text), context)
        let data = try XCTUnwrap(context.data).assumingMemoryBound(to: UInt8.self)
        let column = Int((10 + 1233.0 * 20 / 2048 / 2) * scale)
        return (baselineRow..<baselineRow + 20).map { row in
            (alpha: data[row * 960 + column * 4 + 3], red: data[row * 960 + column * 4])
        }
    }

    /// The runs of rows at least half covered: (first row, count) each, from the baseline down.
    private func bands(_ rows: [(alpha: UInt8, red: UInt8)]) -> [(start: Int, count: Int)] {
        var bands: [(start: Int, count: Int)] = []
        for (offset, row) in rows.enumerated() where row.alpha >= 128 {
            if let last = bands.last, last.start + last.count == offset {
                bands[bands.count - 1].count += 1
            } else {
                bands.append((offset, 1))
            }
        }
        return bands
    }

    func testASingleUnderlineIsOneLineWhereTheFontPutsIt() throws {
        XCTAssertTrue(bands(try rowsBelowTheBaseline([:])).isEmpty, "no underline, no ink below the baseline")
        let single = bands(try rowsBelowTheBaseline([.underlineStyle: NSUnderlineStyle.single.rawValue]))
        XCTAssertEqual(single.count, 1)
        // Rows 1.5625 to 5.08 below the baseline: rows 2 to 4 at least half covered.
        XCTAssertEqual(single.first?.start ?? -1, 2)
        XCTAssertEqual(single.first?.count ?? 0, 3)
    }

    func testADoubleUnderlineIsTwoLines() throws {
        let double = bands(try rowsBelowTheBaseline([.underlineStyle: NSUnderlineStyle.double.rawValue]))
        XCTAssertEqual(double.count, 2)
        XCTAssertEqual(double.first?.start ?? -1, 2, "the first where a single one goes")
        let patterned = bands(
            try rowsBelowTheBaseline([.underlineStyle: NSUnderlineStyle.single.union(.patternDot).rawValue]))
        XCTAssertEqual(patterned.count, 1, "a pattern is drawn as a solid line")
        XCTAssertTrue(bands(try rowsBelowTheBaseline([.underlineStyle: NSUnderlineStyle.patternDot.rawValue])).isEmpty)
    }

    func testAnUnderlineTakesItsOwnColourElseTheTexts() throws {
        let red = try rowsBelowTheBaseline([
            .underlineStyle: NSUnderlineStyle.single.rawValue, .underlineColor: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
        ])
        let covered = red.filter { $0.alpha >= 128 }
        XCTAssertFalse(covered.isEmpty)
        XCTAssertTrue(covered.allSatisfy { $0.red == $0.alpha }, "red, premultiplied")
        let black = try rowsBelowTheBaseline([.underlineStyle: NSUnderlineStyle.single.rawValue])
        XCTAssertTrue(black.filter { $0.alpha >= 128 }.allSatisfy { $0.red == 0 }, "the text's black")
        let keyed = try rowsBelowTheBaseline([
            .underlineStyle: NSUnderlineStyle.single.rawValue,
            NSAttributedString.Key(kCTUnderlineColorAttributeName): CGColor(red: 1, green: 0, blue: 0, alpha: 1),
        ])
        XCTAssertEqual(keyed.map(\.red), red.map(\.red), "Core Text's key is the same attribute")
    }
}
