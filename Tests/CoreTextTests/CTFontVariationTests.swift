import CoreGraphics
import CoreText
import Foundation
import TestSupport
import XCTest

// The tests' variable font (``VariableTestFont``): one weight axis, its instances' advances
// and outlines read with fontTools.
final class CTFontVariationTests: XCTestCase {
    private static let weightAxis = VariableTestFont.weightAxis
    private var variableFont: VariableTestFont!

    override func setUpWithError() throws {
        variableFont = try VariableTestFont()
    }

    override func tearDown() {
        variableFont?.remove()
    }

    private func font(_ size: CGFloat = 28.16, _ variation: [AnyHashable: Any]? = nil) -> CTFont {
        VariableTestFont.font(size, variation)
    }

    private func advanceOfH(_ font: CTFont) -> Double {
        var glyph: CGGlyph = 0
        XCTAssertTrue(CTFontGetGlyphsForCharacters(font, [UniChar(UInt8(ascii: "H"))], &glyph, 1))
        XCTAssertEqual(glyph, 161)
        return CTFontGetAdvancesForGlyphs(font, .horizontal, &glyph, nil, 1)
    }

    func testAVariableFontListsItsAxes() throws {
        XCTAssertEqual(CTFontCopyFamilyName(font()), "Lamvf")
        let axes = try XCTUnwrap(CTFontCopyVariationAxes(font()) as? [[String: Any]])
        XCTAssertEqual(axes.count, 1)
        let weight = try XCTUnwrap(axes.first)
        XCTAssertEqual(weight[kCTFontVariationAxisIdentifierKey as String] as? Int, Self.weightAxis)
        XCTAssertEqual((weight[kCTFontVariationAxisMinimumValueKey as String] as? NSNumber)?.doubleValue, 100)
        XCTAssertEqual((weight[kCTFontVariationAxisMaximumValueKey as String] as? NSNumber)?.doubleValue, 900)
        XCTAssertEqual(weight[kCTFontVariationAxisDefaultValueKey as String] as? Double, 400)
        XCTAssertEqual(weight[kCTFontVariationAxisNameKey as String] as? String, "Weight")
        XCTAssertEqual(weight[kCTFontVariationAxisHiddenKey as String] as? Bool, false)
    }

    func testAFontThatDoesNotVaryHasNoAxesAndNoVariation() {
        let dejaVu = CTFontCreateWithName("DejaVu Sans" as CFString, 20, nil)
        XCTAssertNil(CTFontCopyVariationAxes(dejaVu))
        XCTAssertNil(CTFontCopyVariation(dejaVu))
        // A variation asked of it changes nothing it draws with.
        let asked = CTFontCreateWithFontDescriptor(
            CTFontDescriptorCreateWithAttributes([
                kCTFontNameAttribute: "DejaVu Sans", kCTFontVariationAttribute: [Self.weightAxis: 700],
            ]), 20, nil)
        XCTAssertNil(CTFontCopyVariation(asked))
        XCTAssertEqual(CTFontGetAscent(asked), CTFontGetAscent(dejaVu))
    }

    func testTheVariationIsTheInstanceAskedForWithinTheAxisRange() throws {
        XCTAssertEqual(CTFontCopyVariation(font()) as? [Int: Double], [Self.weightAxis: 400], "the default instance")
        XCTAssertEqual(CTFontCopyVariation(font(28.16, [Self.weightAxis: 700])) as? [Int: Double], [Self.weightAxis: 700])
        XCTAssertEqual(
            CTFontCopyVariation(font(28.16, [NSNumber(value: Self.weightAxis): NSNumber(value: 2000)])) as? [NSNumber: NSNumber],
            [NSNumber(value: Self.weightAxis): 900], "clamped to the axis's greatest value")
        XCTAssertEqual(CTFontCopyVariation(font(28.16, ["wght": 250.5])) as? [Int: Double], [Self.weightAxis: 250.5], "by its tag")
        // Axes the font does not have are left out.
        XCTAssertEqual(
            CTFontCopyVariation(font(28.16, [Self.weightAxis: 700, 0x7764_7468: 80])) as? [Int: Double], [Self.weightAxis: 700])
        let attribute = CTFontCopyAttribute(font(28.16, [Self.weightAxis: 700]), kCTFontVariationAttribute)
        XCTAssertEqual(attribute as? [Int: Double], [Self.weightAxis: 700])
    }

    func testAdvancesAndOutlinesAreTheInstancesOwn() throws {
        // At 28.16 points a unit is a hundredth of a point.
        XCTAssertEqual(advanceOfH(font()), 20.84, accuracy: 0.005)
        XCTAssertEqual(advanceOfH(font(28.16, [Self.weightAxis: 100])), 20.72, accuracy: 0.005)
        XCTAssertEqual(advanceOfH(font(28.16, [Self.weightAxis: 700])), 21.01, accuracy: 0.005)
        XCTAssertEqual(advanceOfH(font(28.16, [Self.weightAxis: 900])), 21.12, accuracy: 0.005)
        var glyph: CGGlyph = 161
        for (weight, minX, maxX) in [(100.0, 3.20, 17.52), (700, 1.78, 19.22), (900, 1.32, 19.80)] {
            let instance = font(28.16, [Self.weightAxis: weight])
            let box = CTFontGetBoundingRectsForGlyphs(instance, .horizontal, &glyph, nil, 1)
            XCTAssertEqual(box.minX, minX, accuracy: 0.02, "\(weight)")
            XCTAssertEqual(box.maxX, maxX, accuracy: 0.02, "\(weight)")
            XCTAssertEqual(box.maxY, 20.48, accuracy: 0.02, "\(weight)")
            let path = try XCTUnwrap(CTFontCreatePathForGlyph(instance, glyph, nil)).boundingBoxOfPath
            XCTAssertEqual(path.minX, minX, accuracy: 0.02, "\(weight)")
            XCTAssertEqual(path.maxX, maxX, accuracy: 0.02, "\(weight)")
        }
    }

    /// "H" drawn black in `font` at (10, 8) in a 40 × 32 pixel bitmap (a pixel a point):
    /// each pixel's alpha, by row from the top.
    private func drawnH(_ font: CTFont) throws -> [[UInt8]] {
        let context = try XCTUnwrap(
            CGContext(
                data: nil, width: 40, height: 32, bitsPerComponent: 8, bytesPerRow: 160, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.textPosition = CGPoint(x: 10, y: 8)
        let line = CTLineCreateWithAttributedString(
            NSAttributedString(string: "H", attributes: [.font: font, .foregroundColor: CGColor(gray: 0, alpha: 1)]))
        CTLineDraw(line, context)
        let data = try XCTUnwrap(context.data).assumingMemoryBound(to: UInt8.self)
        return (0..<32).map { row in (0..<40).map { data[row * 160 + $0 * 4 + 3] } }
    }

    func testTextIsDrawnInTheInstance() throws {
        // Below the crossbar (row 20, 4 points above the baseline at row 24), the H's left
        // stem: at 900 from 1.32 to 6.88 points right of the origin (column 11 is 68% covered,
        // 12 to 15 wholly), at 100 from 3.20 to 3.84 (column 13 64% covered, the columns
        // either side empty) — the outlines of fontTools' instances.
        let heavy = try drawnH(font(28.16, [Self.weightAxis: 900]))
        let light = try drawnH(font(28.16, [Self.weightAxis: 100]))
        XCTAssertEqual(Double(heavy[20][11]), 0.68 * 255, accuracy: 12)
        XCTAssertEqual(heavy[20][12...15], [255, 255, 255, 255])
        XCTAssertEqual(Double(heavy[20][16]), 0.88 * 255, accuracy: 12)
        XCTAssertEqual(light[20][12], 0)
        XCTAssertEqual(Double(light[20][13]), 0.64 * 255, accuracy: 12)
        XCTAssertEqual(light[20][14], 0)
        let ink = { (rows: [[UInt8]]) in rows.joined().reduce(0) { $0 + Int($1) } }
        XCTAssertGreaterThan(ink(heavy), ink(try drawnH(font())))
        XCTAssertGreaterThan(ink(try drawnH(font())), ink(light))
    }

    func testDescriptorsCarryTheVariation() throws {
        let descriptor = CTFontDescriptorCreateCopyWithVariation(
            CTFontDescriptorCreateWithNameAndSize("Lamvf" as CFString, 28.16), NSNumber(value: Self.weightAxis), 700)
        XCTAssertEqual(
            CTFontDescriptorCopyAttribute(descriptor, kCTFontVariationAttribute) as? [NSNumber: NSNumber],
            [NSNumber(value: Self.weightAxis): 700])
        let bold = CTFontCreateWithFontDescriptor(descriptor, 0, nil)
        XCTAssertEqual(advanceOfH(bold), 21.01, accuracy: 0.005)
        XCTAssertNotEqual(bold, font(), "fonts differing in variation are not equal")
        XCTAssertEqual(bold, font(28.16, [Self.weightAxis: 700]))
        // The font's descriptor, and a copy at another size, keep it; an attribute of another
        // axis value replaces it.
        XCTAssertEqual(
            CTFontDescriptorCopyAttribute(CTFontCopyFontDescriptor(bold), kCTFontVariationAttribute) as? [Int: Double],
            [Self.weightAxis: 700])
        XCTAssertEqual(advanceOfH(CTFontCreateCopyWithAttributes(bold, 56.32, nil, nil)), 42.02, accuracy: 0.01)
        let lighter = CTFontDescriptorCreateWithAttributes([kCTFontVariationAttribute: [Self.weightAxis: 100]])
        XCTAssertEqual(advanceOfH(CTFontCreateCopyWithAttributes(bold, 0, nil, lighter)), 20.72, accuracy: 0.005)
        // Not a number of 32 bits: no variation.
        let unchanged = CTFontDescriptorCreateCopyWithVariation(descriptor, NSNumber(value: -1), 300)
        XCTAssertEqual(unchanged, descriptor)
    }
}
