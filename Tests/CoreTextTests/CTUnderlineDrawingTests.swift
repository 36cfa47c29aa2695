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

    /// `string` drawn black with `attributes` at (10, 15) points, 4 pixels a point, in a
    /// 240 × 160 pixel bitmap: its premultiplied RGBA bytes, top row first.
    private func drawn(_ string: String, _ attributes: [NSAttributedString.Key: Any]) throws -> [UInt8] {
        let context = try XCTUnwrap(
            CGContext(
                data: nil, width: 240, height: 160, bitsPerComponent: 8, bytesPerRow: 960,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.scaleBy(x: scale, y: scale)
        context.textPosition = CGPoint(x: 10, y: 15)
        let text = NSAttributedString(
            string: string, attributes: [.font: font, .foregroundColor: CGColor(gray: 0, alpha: 1)].merging(attributes) { $1 })
        CTLineDraw(CTLineCreateWithAttributedString(text), context)
        return Array(UnsafeBufferPointer(start: try XCTUnwrap(context.data).assumingMemoryBound(to: UInt8.self), count: 960 * 160))
    }

    /// "MM" drawn black with `attributes`: the colour of each row below the baseline in the
    /// middle of the first "M", top to bottom.
    private func rowsBelowTheBaseline(_ attributes: [NSAttributedString.Key: Any]) throws -> [(alpha: UInt8, red: UInt8)] {
        let data = try drawn("MM", attributes)
        let column = Int((10 + 1233.0 * 20 / 2048 / 2) * scale)
        return (baselineRow..<baselineRow + 20).map { row in
            (alpha: data[row * 960 + column * 4 + 3], red: data[row * 960 + column * 4])
        }
    }

    /// The underline's thickness in device pixels: 90 units of 2048 at 20 points, 4 a point.
    private let thickness = 90.0 * 20 / 2048 * 4
    /// Where the text starts, in device pixels.
    private let textStart = 40.0

    /// The alpha of each pixel of the row 3 below the baseline (inside a single underline).
    private func underlineRow(_ string: String, _ style: NSUnderlineStyle) throws -> [UInt8] {
        let data = try drawn(string, [.underlineStyle: style.rawValue])
        let row = baselineRow + 3
        return (0..<240).map { data[row * 960 + $0 * 4 + 3] }
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
        XCTAssertEqual(patterned.count, 1, "a dotted line where a solid one goes (this column is on a dot)")
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

    func testAThickUnderlineIsTwiceTheFontsThickness() throws {
        // Rows 1.5625 to 8.59 below the baseline: rows 2 to 8 at least half covered.
        let thick = bands(try rowsBelowTheBaseline([.underlineStyle: NSUnderlineStyle.thick.rawValue]))
        XCTAssertEqual(thick.count, 1)
        XCTAssertEqual(thick.first?.start ?? -1, 2)
        XCTAssertEqual(thick.first?.count ?? 0, 7)
    }

    func testPatternsBreakTheLineInMultiplesOfItsThickness() throws {
        // Dots as long as the line is thick (3.52 pixels) and as far apart, from where the text
        // starts; dashes three thicknesses long, a thickness apart. Apple documents no lengths:
        // these are Lamina's documented ones (NSUnderlineStyle); the thickness is the font's.
        let dotted = try underlineRow("MM", [.single, .patternDot])
        for period in 0..<4 {
            let dot = textStart + Double(period) * 2 * thickness
            XCTAssertEqual(dotted[Int(dot + thickness / 2)], 255, "the middle of dot \(period)")
            XCTAssertEqual(dotted[Int(dot + thickness * 1.5)], 0, "the middle of the gap after dot \(period)")
        }
        let dashed = try underlineRow("MM", [.single, .patternDash])
        XCTAssertEqual(dashed[Int(textStart + thickness * 2.5)], 255, "within the first dash")
        XCTAssertEqual(dashed[Int(textStart + thickness * 3.5)], 0, "the gap after it")
        XCTAssertEqual(dashed[Int(textStart + thickness * 4.5)], 255, "the second dash")
        let dashDot = try underlineRow("MM", [.single, .patternDashDot])
        XCTAssertEqual(dashDot[Int(textStart + thickness * 4.5)], 255, "the dot after the first dash")
        XCTAssertEqual(dashDot[Int(textStart + thickness * 5.5)], 0, "the gap after the dot")
        XCTAssertEqual(dashDot[Int(textStart + thickness * 6.5)], 255, "the next dash")
        let solid = try underlineRow("MM", .single)
        XCTAssertTrue(solid[Int(textStart) + 1..<Int(textStart + 2 * 1233.0 * 20 / 2048 * 4) - 1].allSatisfy { $0 == 255 })
    }

    func testAByWordUnderlineLeavesSpacesWithoutALine() throws {
        // "M M": each character 1233 units of 2048 wide (48.2 pixels); the space is pixels
        // 88.2 to 136.3.
        let advance = 1233.0 * 20 / 2048 * 4
        let byWord = try underlineRow("M M", [.single, .byWord])
        XCTAssertEqual(byWord[Int(textStart + advance / 2)], 255, "under the first M")
        XCTAssertTrue(byWord[Int(textStart + advance) + 1..<Int(textStart + 2 * advance) - 1].allSatisfy { $0 == 0 }, "not the space")
        XCTAssertEqual(byWord[Int(textStart + advance * 2.5)], 255, "under the second M")
        let everywhere = try underlineRow("M M", .single)
        XCTAssertEqual(everywhere[Int(textStart + advance * 1.5)], 255, "without byWord the space is underlined")
    }

    func testUnderlinedGlyphsAreDrawnAsWithoutTheUnderline() throws {
        // Every pixel above the baseline (the glyphs) is the same with and without one.
        let plain = try drawn("MM", [:])
        let underlined = try drawn("MM", [.underlineStyle: NSUnderlineStyle.single.rawValue])
        XCTAssertEqual(Array(plain[..<(baselineRow * 960)]), Array(underlined[..<(baselineRow * 960)]))
        XCTAssertNotEqual(plain, underlined)
    }

    func testCoreTextsUnderlineStylesAreTheSameBits() throws {
        let dotted = try underlineRow("MM", [.single, .patternDot])
        let style = Int32(CTUnderlineStyle.single.rawValue | CTUnderlineStyleModifiers.patternDot.rawValue)
        for value in [style as Any, NSNumber(value: style), Int(style), NSUnderlineStyle([.single, .patternDot])] {
            let data = try drawn("MM", [NSAttributedString.Key(kCTUnderlineStyleAttributeName): value])
            let row = baselineRow + 3
            XCTAssertEqual((0..<240).map { data[row * 960 + $0 * 4 + 3] }, dotted, "\(type(of: value))")
        }
        XCTAssertEqual(CTUnderlineStyle.double.rawValue, Int32(NSUnderlineStyle.double.rawValue))
        XCTAssertEqual(CTUnderlineStyle.thick.rawValue, Int32(NSUnderlineStyle.thick.rawValue))
        XCTAssertEqual(CTUnderlineStyleModifiers.patternDashDotDot.rawValue, Int32(NSUnderlineStyle.patternDashDotDot.rawValue))
    }

    func testAKernThatRunsGlyphsBackwardsStillUnderlinesThem() throws {
        // A kern of −30 points makes each 12-point-wide "M" advance 18 points to the left.
        let data = try drawn("MMM", [.underlineStyle: NSUnderlineStyle.single.rawValue, .kern: -30])
        let row = baselineRow + 3
        XCTAssertTrue((0..<240).contains { data[row * 960 + $0 * 4 + 3] == 255 }, "an underline is drawn")
    }
}
