import CoreText
import Foundation
import QuartzCore
import XCTest

// A layer that draws its own text with Core Text, written the way Apple animation engines
// write theirs: in draw(in:) it resets the text matrix, asks for the font-smoothing and
// sub-pixel switches, flips the context to Core Text's y-up when the layer's contents are
// flipped (`contentsAreFlipped()`: a y-down context, as on iOS), builds an
// attributed string with a Core Text font, colour, kerning and a paragraph style, sizes its
// frame with CTFramesetterSuggestFrameSizeWithConstraints and draws it with CTFrameDraw.
// Only the imports differ from what compiles on Apple platforms.
final class CoreTextLabelLayer: CALayer {
    var text = ""
    var font: CTFont = CTFontCreateWithName("Helvetica" as CFString, 24, nil)
    var color: CGColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    /// Extra space between characters; nil leaves the kern attribute out, and the font's
    /// kerning pairs apply, as they do in a text layer (a kern of 0 turns them off).
    var tracking: CGFloat?
    var alignment: NSTextAlignment = .left
    /// An `NSUnderlineStyle` raw value; 0 leaves the attribute out.
    var underlineStyle = 0
    /// A stroke width (a percentage of the font size) and colour; nil leaves them out.
    var stroke: (width: CGFloat, color: CGColor)?

    private var attributedString: NSAttributedString {
        let paragraph = NSMutableParagraphStyle()
        paragraph.lineSpacing = 0
        paragraph.lineHeightMultiple = 1
        paragraph.maximumLineHeight = CTFontGetAscent(font) + CTFontGetDescent(font) + CTFontGetLeading(font)
        paragraph.alignment = alignment
        paragraph.lineBreakMode = .byWordWrapping
        var attributes: [NSAttributedString.Key: Any] = [
            .ligature: 0, .font: font, .paragraphStyle: paragraph, .foregroundColor: color,
        ]
        if let tracking { attributes[.kern] = tracking }
        if underlineStyle != 0 { attributes[.underlineStyle] = underlineStyle }
        if let stroke {
            attributes[.strokeWidth] = stroke.width
            attributes[.strokeColor] = stroke.color
        }
        return NSAttributedString(string: text, attributes: attributes)
    }

    /// The size the text needs, as the engine sizes its text layers.
    var suggestedSize: CGSize {
        let setter = CTFramesetterCreateWithAttributedString(attributedString as CFAttributedString)
        return CTFramesetterSuggestFrameSizeWithConstraints(
            setter, CFRange(location: 0, length: attributedString.length), nil,
            CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude), nil)
    }

    override func draw(in ctx: CGContext) {
        ctx.textMatrix = .identity
        ctx.setAllowsAntialiasing(true)
        ctx.setAllowsFontSubpixelPositioning(true)
        ctx.setAllowsFontSubpixelQuantization(true)
        ctx.setShouldAntialias(true)
        ctx.setShouldSubpixelPositionFonts(true)
        ctx.setShouldSubpixelQuantizeFonts(true)
        // A flipped layer's context is y-down; Core Text draws y-up.
        if contentsAreFlipped() {
            ctx.translateBy(x: 0, y: bounds.height)
            ctx.scaleBy(x: 1, y: -1)
        }
        let setter = CTFramesetterCreateWithAttributedString(attributedString as CFAttributedString)
        let path = CGPath(rect: bounds, transform: nil)
        let frame = CTFramesetterCreateFrame(setter, CFRangeMake(0, attributedString.length), path, nil)
        CTFrameDraw(frame, ctx)
    }
}

/// A layer drawing an attributed string as it is with CTFrameDraw in draw(in:).
final class AttributedFrameLayer: CALayer {
    var attributed = NSAttributedString(string: "")

    override func draw(in ctx: CGContext) {
        ctx.textMatrix = .identity
        if contentsAreFlipped() {
            ctx.translateBy(x: 0, y: bounds.height)
            ctx.scaleBy(x: 1, y: -1)
        }
        let setter = CTFramesetterCreateWithAttributedString(attributed as CFAttributedString)
        let frame = CTFramesetterCreateFrame(setter, CFRangeMake(0, attributed.length), CGPath(rect: bounds, transform: nil), nil)
        CTFrameDraw(frame, ctx)
    }
}

final class CoreTextFrameDrawingTests: XCTestCase {
    private func textLayer(_ string: String, font: CTFont, frame: CGRect) -> CATextLayer {
        let layer = CATextLayer()
        layer.frame = frame
        layer.string = string
        layer.font = font
        layer.fontSize = CTFontGetSize(font)
        layer.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        layer.contentsScale = 1
        return layer
    }

    private func coreTextLayer(_ string: String, font: CTFont, frame: CGRect) -> CoreTextLabelLayer {
        let layer = CoreTextLabelLayer()
        layer.frame = frame
        layer.text = string
        layer.font = font
        layer.contentsScale = 1
        layer.setNeedsDisplay()
        return layer
    }

    /// How many pixels of `a` are inked, how many differ between `a` and `b`, and how many
    /// differ by more than `tolerance` in a channel.
    private func compare(_ a: LayerSnapshot, _ b: LayerSnapshot, tolerance: Int = 0) -> (inked: Int, differing: Int, beyond: Int) {
        var inked = 0, differing = 0, beyond = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                if p[3] > 0 { inked += 1 }
                if p != q { differing += 1 }
                if zip(p, q).contains(where: { abs(Int($0) - Int($1)) > tolerance }) { beyond += 1 }
            }
        }
        return (inked, differing, beyond)
    }

    func testATextLayerAndCTFrameDrawInDrawInContextGiveTheSamePixels() throws {
        let font = CTFontCreateWithName("Helvetica" as CFString, 24, nil)
        let frame = CGRect(x: 0, y: 0, width: 220, height: 40)
        for string in ["Hello, Lamina", "Wrapped text"] {
            let a = try XCTUnwrap(LayerSnapshot(of: textLayer(string, font: font, frame: frame), width: 220, height: 40))
            let b = try XCTUnwrap(LayerSnapshot(of: coreTextLayer(string, font: font, frame: frame), width: 220, height: 40))
            let (inked, differing, _) = compare(a, b)
            XCTAssertGreaterThan(inked, 300, "\(string): the text layer drew the text")
            XCTAssertEqual(differing, 0, "\(string): pixels differing")
        }
    }

    func testATextLayersAttributedStringIsDrawnWithItsKernAndUnderlineAsCTFrameDrawDrawsIt() throws {
        // The same attributed string (a kern of 4 points, a double underline) set as a text
        // layer's string and drawn with CTFrameDraw in draw(in:).
        let font = CTFontCreateWithName("Helvetica" as CFString, 24, nil)
        let frame = CGRect(x: 0, y: 0, width: 300, height: 40)
        let string = "Kerned, underlined"
        let attributed = NSAttributedString(
            string: string,
            attributes: [
                .font: font, .foregroundColor: CGColor(red: 0, green: 0, blue: 0, alpha: 1), .kern: 4, .ligature: 0,
                .underlineStyle: NSUnderlineStyle.double.rawValue,
            ])
        let layer = textLayer(string, font: font, frame: frame)
        layer.string = attributed
        let label = coreTextLayer(string, font: font, frame: frame)
        label.tracking = 4
        label.underlineStyle = NSUnderlineStyle.double.rawValue
        let a = try XCTUnwrap(LayerSnapshot(of: layer, width: 300, height: 40))
        let b = try XCTUnwrap(LayerSnapshot(of: label, width: 300, height: 40))
        let plain = try XCTUnwrap(LayerSnapshot(of: coreTextLayer(string, font: font, frame: frame), width: 300, height: 40))
        let (inked, differing, _) = compare(a, b)
        XCTAssertGreaterThan(inked, 500)
        XCTAssertEqual(differing, 0, "pixels differing")
        XCTAssertGreaterThan(compare(a, plain).differing, 100, "the kern and underline show")
    }

    func testATextLayersRubyAnnotatedStringIsDrawnAsCTFrameDrawDrawsIt() throws {
        // Ruby text over "Lamina", at half its size, in the taller line it makes.
        let font = CTFontCreateWithName("Helvetica" as CFString, 24, nil)
        let frame = CGRect(x: 0, y: 0, width: 220, height: 60)
        let attributed = NSMutableAttributedString(
            string: "Lamina layers", attributes: [.font: font, .foregroundColor: CGColor(red: 0, green: 0, blue: 0, alpha: 1)])
        let ruby = CTRubyAnnotationCreateWithAttributes(.center, .auto, .before, "la-mi-na" as CFString, [:] as CFDictionary)
        attributed.addAttribute(NSAttributedString.Key(kCTRubyAnnotationAttributeName), value: ruby, range: NSRange(location: 0, length: 6))
        let layer = textLayer("", font: font, frame: frame)
        layer.string = attributed
        let drawn = AttributedFrameLayer()
        drawn.frame = frame
        drawn.attributed = attributed
        drawn.contentsScale = 1
        drawn.setNeedsDisplay()
        let plain = textLayer("", font: font, frame: frame)
        plain.string = NSAttributedString(string: attributed.string, attributes: attributed.attributes(at: 7, effectiveRange: nil))
        let a = try XCTUnwrap(LayerSnapshot(of: layer, width: 220, height: 60))
        let b = try XCTUnwrap(LayerSnapshot(of: drawn, width: 220, height: 60))
        let c = try XCTUnwrap(LayerSnapshot(of: plain, width: 220, height: 60))
        let (inked, differing, _) = compare(a, b)
        XCTAssertGreaterThan(inked, 400)
        XCTAssertEqual(differing, 0, "pixels differing")
        XCTAssertGreaterThan(compare(a, c).differing, 100, "the ruby text shows, and moves the line down")
    }

    func testATextLayersStrokedAttributedStringIsStrokedAsCTFrameDrawStrokesIt() throws {
        // A positive width strokes without filling, a negative one fills and strokes: 4% of
        // 24 points, in red.
        let font = CTFontCreateWithName("Helvetica" as CFString, 24, nil)
        let frame = CGRect(x: 0, y: 0, width: 220, height: 40)
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        for width: CGFloat in [4, -4] {
            let attributed = NSAttributedString(
                string: "Outlined",
                attributes: [
                    .font: font, .foregroundColor: CGColor(red: 0, green: 0, blue: 0, alpha: 1), .ligature: 0,
                    .strokeWidth: width, .strokeColor: red,
                ])
            let layer = textLayer("Outlined", font: font, frame: frame)
            layer.string = attributed
            let label = coreTextLayer("Outlined", font: font, frame: frame)
            label.stroke = (width, red)
            let a = try XCTUnwrap(LayerSnapshot(of: layer, width: 220, height: 40))
            let b = try XCTUnwrap(LayerSnapshot(of: label, width: 220, height: 40))
            let (inked, differing, _) = compare(a, b)
            XCTAssertGreaterThan(inked, 300, "width \(width)")
            XCTAssertEqual(differing, 0, "width \(width): pixels differing")
            let redPixels = (0..<40).reduce(0) { sum, y in
                sum + (0..<220).filter { x in let p = a.pixel(x: x, y: y); return p[0] > 200 && p[1] < 50 && p[3] > 200 }.count
            }
            XCTAssertGreaterThan(redPixels, 50, "width \(width): the stroke is drawn")
        }
    }

    func testAWrappedTextLayerAndCTFrameDrawGiveTheSamePixelsLineForLine() throws {
        // Three lines at 24 pt in 220 pt: both wrap at the same words and stack the lines at
        // the same baselines, the font's leading below each (Helvetica's match, Nimbus Sans,
        // has a line gap of 0.2 em).
        let font = CTFontCreateWithName("Helvetica" as CFString, 24, nil)
        let frame = CGRect(x: 0, y: 0, width: 220, height: 100)
        let string = "Wrapped text that runs over more than one line"
        let layer = textLayer(string, font: font, frame: frame)
        layer.isWrapped = true
        let a = try XCTUnwrap(LayerSnapshot(of: layer, width: 220, height: 100))
        let b = try XCTUnwrap(LayerSnapshot(of: coreTextLayer(string, font: font, frame: frame), width: 220, height: 100))
        let (inked, differing, _) = compare(a, b)
        // Ink on the third line shows the text wrapped twice.
        let thirdLine = (66..<100).contains { y in (0..<220).contains { a.pixel(x: $0, y: y)[3] > 0 } }
        XCTAssertTrue(thirdLine, "three lines drawn")
        XCTAssertGreaterThan(inked, 900)
        XCTAssertEqual(differing, 0, "pixels differing")
    }

    func testTextFlippedOnlyWhenContentsAreFlippedIsUprightUnderAGeometryFlippedContainer() throws {
        // Under a geometry-flipped container the label's space is y-up on screen and
        // contentsAreFlipped() is false (Apple's documentation: the y-flip is applied only when
        // it is true), so the engine's pattern draws the same upright text with and without it.
        let font = CTFontCreateWithName("Helvetica" as CFString, 24, nil)
        let frame = CGRect(x: 0, y: 0, width: 220, height: 40)
        let plain = coreTextLayer("Hello, Lamina", font: font, frame: frame)
        let container = CALayer()
        container.frame = frame
        container.isGeometryFlipped = true
        let flipped = coreTextLayer("Hello, Lamina", font: font, frame: frame)
        container.addSublayer(flipped)
        XCTAssertTrue(plain.contentsAreFlipped())
        XCTAssertFalse(flipped.contentsAreFlipped())
        let a = try XCTUnwrap(LayerSnapshot(of: plain, width: 220, height: 40))
        let b = try XCTUnwrap(LayerSnapshot(of: container, width: 220, height: 40))
        // The flipped label's glyphs are rasterised mirrored and shown mirrored back, so edge
        // pixels may differ by a little antialiasing; text upside down would differ by whole
        // glyphs.
        let (inked, differing, beyond) = compare(a, b, tolerance: 48)
        XCTAssertGreaterThan(inked, 300, "the label drew its text")
        XCTAssertEqual(beyond, 0, "pixels differing by more than 48/255 (\(differing) differ at all)")
    }

    func testCTFrameDrawInABitmapContextDrawsUprightTextYUp() throws {
        // In a y-up bitmap context, the glyphs' tops are toward the top of the image (higher rows
        // in memory come later): text drawn at the bottom stays upright.
        let font = CTFontCreateWithName("Helvetica" as CFString, 24, nil)
        let context = try XCTUnwrap(
            CGContext(
                data: nil, width: 100, height: 40, bitsPerComponent: 8, bytesPerRow: 400,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        let text = NSAttributedString(string: "T", attributes: [.font: font, .foregroundColor: CGColor(red: 0, green: 0, blue: 0, alpha: 1)])
        let frame = CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(text), CFRange(), CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 40), transform: nil), nil)
        var origin = CGPoint.zero
        CTFrameGetLineOrigins(frame, CFRange(location: 0, length: 1), &origin)
        CTFrameDraw(frame, context)
        let data = try XCTUnwrap(context.data).assumingMemoryBound(to: UInt8.self)
        // "T"'s bar is at the cap height above the baseline; its stem reaches the baseline. Rows
        // count down from the top of the image: the baseline is at row 40 − origin.y, the
        // cap height that far above it. Upright, the most inked row is the bar's, in the
        // upper half between the two.
        let baselineRow = 40 - origin.y
        let capRow = baselineRow - CTFontGetCapHeight(font)
        func inkInRow(_ row: Int) -> Int { (0..<100).reduce(0) { $0 + (data[row * 400 + $1 * 4 + 3] > 128 ? 1 : 0) } }
        let mostInked = try XCTUnwrap((0..<40).max { inkInRow($0) < inkInRow($1) })
        XCTAssertGreaterThan(inkInRow(mostInked), 8, "the bar")
        XCTAssertLessThan(CGFloat(mostInked), (capRow + baselineRow) / 2, "the bar is above the stem's foot")
        XCTAssertGreaterThanOrEqual(CGFloat(mostInked) + 1, capRow)
    }

    func testTheSizeAnEngineSuggestsFitsTheFrameItDraws() {
        let layer = coreTextLayer("Hello", font: CTFontCreateWithName("Helvetica" as CFString, 24, nil), frame: .zero)
        let size = layer.suggestedSize
        let font = layer.font
        XCTAssertEqual(size.height, CTFontGetAscent(font) + CTFontGetDescent(font))
        let characters = Array("Hello".utf16)
        var glyphs = [CGGlyph](repeating: 0, count: 5)
        XCTAssertTrue(CTFontGetGlyphsForCharacters(font, characters, &glyphs, 5))
        let advances = CTFontGetAdvancesForGlyphs(font, .horizontal, glyphs, nil, 5)
        // HarfBuzz kerns DejaVu Sans's "He" and "lo" pairs a little: within a point of the sum.
        XCTAssertEqual(Double(size.width), advances, accuracy: 1)
    }

    func testAPositiveStrokeWidthOutlinesTheGlyphsWithoutFillingThem() throws {
        let font = CTFontCreateWithName("Helvetica" as CFString, 32, nil)
        let context = try XCTUnwrap(
            CGContext(
                data: nil, width: 60, height: 50, bitsPerComponent: 8, bytesPerRow: 240,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        // 10% of 32 points: an outline 3.2 points wide, in red; no fill (black) at all.
        let text = NSAttributedString(
            string: "O",
            attributes: [.font: font, .strokeWidth: 10, .strokeColor: CGColor(red: 1, green: 0, blue: 0, alpha: 1)])
        let frame = CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(text), CFRange(), CGPath(rect: CGRect(x: 0, y: 0, width: 60, height: 50), transform: nil), nil)
        CTFrameDraw(frame, context)
        let data = try XCTUnwrap(context.data).assumingMemoryBound(to: UInt8.self)
        var red = 0, other = 0
        for offset in stride(from: 0, to: 240 * 50, by: 4) where data[offset + 3] > 0 {
            if data[offset] == data[offset + 3], data[offset + 1] == 0, data[offset + 2] == 0 { red += 1 } else { other += 1 }
        }
        XCTAssertGreaterThan(red, 100, "the outline is drawn in the stroke colour")
        XCTAssertEqual(other, 0, "nothing else is painted")
    }
}
