import Foundation
import QuartzCore
import XCTest

// A widely shared text-to-path function, as the porting command leaves it: the line's runs read
// the Core Foundation way — `CFArrayGetValueAtIndex` and `CFDictionaryGetValue`, each value
// bit cast to the Core Text object it is — and each glyph's outline placed at its position.
// The only edit is the key: Apple's `unsafeBitCast(kCTFontAttributeName, to:
// UnsafeRawPointer.self)` is the name itself, Lamina's `CFString` being a Swift `String`.
private func glyphOutlines(of text: NSAttributedString) -> CGMutablePath {
    let letters = CGMutablePath()
    let line: CTLine = CTLineCreateWithAttributedString(text as CFAttributedString)
    let runArray: CFArray = CTLineGetGlyphRuns(line)

    for runIndex: CFIndex in 0..<CFArrayGetCount(runArray) {
        let run = CFArrayGetValueAtIndex(runArray, runIndex)
        let runb = unsafeBitCast(run, to: CTRun.self)

        let CTFontName = kCTFontAttributeName
        let runFontC = CFDictionaryGetValue(CTRunGetAttributes(runb), CTFontName)
        let runFontS: CTFont = unsafeBitCast(runFontC, to: CTFont.self)

        for runGlyphIndex: CFIndex in 0..<CTRunGetGlyphCount(runb) {
            let thisGlyphRange: CFRange = CFRangeMake(runGlyphIndex, 1)
            let glyph = UnsafeMutablePointer<CGGlyph>.allocate(capacity: 1)
            glyph.initialize(to: 0)
            let position = UnsafeMutablePointer<CGPoint>.allocate(capacity: 1)
            position.initialize(to: CGPoint.zero)
            CTRunGetGlyphs(runb, thisGlyphRange, glyph)
            CTRunGetPositions(runb, thisGlyphRange, position)

            if let letter = CTFontCreatePathForGlyph(runFontS, glyph.pointee, nil) {
                let t = CGAffineTransform(translationX: position.pointee.x, y: position.pointee.y)
                letters.addPath(letter, transform: t)
            }
            glyph.deallocate()
            position.deallocate()
        }
    }
    return letters
}

final class GlyphPathTests: XCTestCase {
    func testTheOutlinesReadTheCoreFoundationWayAreTheLinesGlyphs() throws {
        let serif = CTFontCreateWithName("DejaVu Serif" as CFString, 64, nil)
        let sans = CTFontCreateWithName("DejaVu Sans" as CFString, 40, nil)
        let text = NSMutableAttributedString(string: "Path", attributes: [.font: serif])
        text.append(NSAttributedString(string: "way", attributes: [.font: sans]))

        let outlines = glyphOutlines(of: text)

        // Independently: the line's runs read as Swift arrays, each glyph's own bounding
        // rectangle from its font, offset by its position — the ink the outlines enclose.
        let line = CTLineCreateWithAttributedString(text)
        var expected = CGRect.null
        for run in CTLineGetGlyphRuns(line) as! [CTRun] {
            let font = (CTRunGetAttributes(run) as NSDictionary)[kCTFontAttributeName as String] as! CTFont
            let count = CTRunGetGlyphCount(run)
            var glyphs = [CGGlyph](repeating: 0, count: count)
            var positions = [CGPoint](repeating: .zero, count: count)
            CTRunGetGlyphs(run, CFRange(location: 0, length: 0), &glyphs)
            CTRunGetPositions(run, CFRange(location: 0, length: 0), &positions)
            var rects = [CGRect](repeating: .zero, count: count)
            CTFontGetBoundingRectsForGlyphs(font, .horizontal, glyphs, &rects, count)
            for (rect, position) in zip(rects, positions) { expected = expected.union(rect.offsetBy(dx: position.x, dy: position.y)) }
        }
        XCTAssertEqual(CFArrayGetCount(CTLineGetGlyphRuns(line)), 2, "one run a font")
        let box = outlines.boundingBoxOfPath
        XCTAssertEqual(box.minX, expected.minX, accuracy: 0.5)
        XCTAssertEqual(box.maxX, expected.maxX, accuracy: 0.5)
        XCTAssertEqual(box.minY, expected.minY, accuracy: 0.5)
        XCTAssertEqual(box.maxY, expected.maxY, accuracy: 0.5)
        XCTAssertGreaterThan(box.width, 150, "four serif capitals' worth and three sans letters")
    }
}
