import CoreGraphics
import CoreText
import Foundation
import XCTest

/// The size a run delegate gives its run's characters, read back through its reference value.
private final class Extent {
    let width: CGFloat, ascent: CGFloat, descent: CGFloat
    nonisolated(unsafe) static var freed = 0

    init(width: CGFloat, ascent: CGFloat, descent: CGFloat) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
    }
}

// A run delegate sizes its run's characters as its callbacks answer and draws nothing, as
// Apple's CTRunDelegate documentation says ("the values returned by the delegate are applied
// to each glyph in the run"): the way Core Text code leaves room for an inline image. The
// text around it is "Menlo", DejaVu Sans Mono: every glyph advances 1233 of 2048 units, its
// ascent 1901 and descent 483 units (fontTools `['hmtx']`, `['hhea']`), at 16 points
// 9.6328125, 14.8515625 and 3.7734375 points.
final class CTRunDelegateTests: XCTestCase {
    private let font = CTFontCreateWithName("Menlo" as CFString, 16, nil)
    private let advance: CGFloat = 1233.0 * 16 / 2048

    /// "a", an object replacement character with a delegate of `extent`, "b".
    private func line(_ extent: Extent) throws -> CTLine {
        var callbacks = CTRunDelegateCallbacks(
            version: kCTRunDelegateVersion1,
            dealloc: { Unmanaged<Extent>.fromOpaque($0).release(); Extent.freed += 1 },
            getAscent: { Unmanaged<Extent>.fromOpaque($0).takeUnretainedValue().ascent },
            getDescent: { Unmanaged<Extent>.fromOpaque($0).takeUnretainedValue().descent },
            getWidth: { Unmanaged<Extent>.fromOpaque($0).takeUnretainedValue().width })
        let delegate = try XCTUnwrap(CTRunDelegateCreate(&callbacks, Unmanaged.passRetained(extent).toOpaque()))
        let text = NSMutableAttributedString(string: "a\u{FFFC}b", attributes: [.font: font])
        text.addAttribute(NSAttributedString.Key(kCTRunDelegateAttributeName), value: delegate, range: NSRange(location: 1, length: 1))
        return CTLineCreateWithAttributedString(text)
    }

    func testTheDelegatesWidthAndExtentMakeRoomInTheLine() throws {
        let line = try line(Extent(width: 30, ascent: 20, descent: 5))
        let runs = try XCTUnwrap(CTLineGetGlyphRuns(line) as? [CTRun])
        XCTAssertEqual(runs.map { CTRunGetStringRange($0).location }, [0, 1, 2])
        var positions = [CGPoint](repeating: .zero, count: 1)
        CTRunGetPositions(runs[2], CFRange(location: 0, length: 1), &positions)
        XCTAssertEqual(positions[0].x, advance + 30, "\"b\" after the 30 points the delegate asked for")
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = -1
        XCTAssertEqual(CTRunGetTypographicBounds(runs[1], CFRange(), &ascent, &descent, &leading), 30)
        XCTAssertEqual([ascent, descent, leading], [20, 5, 0])
        // The line is as tall as its tallest run: the delegate's ascent and descent.
        XCTAssertEqual(CTLineGetTypographicBounds(line, &ascent, &descent, nil), Double(2 * advance + 30))
        XCTAssertEqual([ascent, descent], [20, 5])
        let delegate = try XCTUnwrap(CTRunGetAttributes(runs[1])[kCTRunDelegateAttributeName].map { $0 as? CTRunDelegate } ?? nil)
        XCTAssertEqual(Unmanaged<Extent>.fromOpaque(CTRunDelegateGetRefCon(delegate)).takeUnretainedValue().width, 30)
    }

    func testTheDelegatesCharacterDrawsNothing() throws {
        let context = try XCTUnwrap(
            CGContext(
                data: nil, width: 120, height: 40, bitsPerComponent: 8, bytesPerRow: 480,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.textPosition = CGPoint(x: 0, y: 10)
        CTLineDraw(try line(Extent(width: 30, ascent: 20, descent: 5)), context)
        let data = try XCTUnwrap(context.data).assumingMemoryBound(to: UInt8.self)
        func inkInColumns(_ columns: Range<Int>) -> Int {
            (0..<40).reduce(0) { sum, row in sum + columns.filter { data[row * 480 + $0 * 4 + 3] > 0 }.count }
        }
        XCTAssertGreaterThan(inkInColumns(0..<Int(advance)), 0, "\"a\" is drawn")
        XCTAssertEqual(inkInColumns(Int(advance) + 1..<Int(advance + 30) - 1), 0, "the delegate's place is empty")
        XCTAssertGreaterThan(inkInColumns(Int(advance + 30)..<120), 0, "\"b\" is drawn after it")
    }

    func testTheDeallocateCallbackRunsWhenTheDelegateGoes() throws {
        let before = Extent.freed
        do {
            var callbacks = CTRunDelegateCallbacks(
                version: kCTRunDelegateVersion1,
                dealloc: { Unmanaged<Extent>.fromOpaque($0).release(); Extent.freed += 1 },
                getAscent: { _ in 0 }, getDescent: { _ in 0 }, getWidth: { _ in 0 })
            _ = CTRunDelegateCreate(&callbacks, Unmanaged.passRetained(Extent(width: 1, ascent: 1, descent: 1)).toOpaque())
        }
        // (swift-corelibs-foundation's attributed strings keep their attributes' values, so a
        // delegate set on one is freed only when Foundation lets it go.)
        XCTAssertEqual(Extent.freed, before + 1)
        var callbacks = CTRunDelegateCallbacks(
            version: 2, dealloc: { _ in }, getAscent: { _ in 0 }, getDescent: { _ in 0 }, getWidth: { _ in 0 })
        XCTAssertNil(CTRunDelegateCreate(&callbacks, nil), "an unknown version")
    }
}
