import CoreText
import Foundation
import XCTest

// Room for an inline image in a line of text, as Core Text code makes it: run delegate
// callbacks kept in file-scope constants (Apple's are C function pointers, which capture
// nothing), the image's size handed over as the delegate's reference value.

/// The size of the image a line makes room for.
private final class InlineImageInfo {
    let width: CGFloat, ascent: CGFloat, descent: CGFloat

    init(width: CGFloat, ascent: CGFloat, descent: CGFloat) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
    }
}

private let inlineImageDealloc: CTRunDelegateDeallocateCallback = { refCon in
    Unmanaged<InlineImageInfo>.fromOpaque(refCon).release()
}

private let inlineImageAscent: CTRunDelegateGetAscentCallback = { refCon in
    Unmanaged<InlineImageInfo>.fromOpaque(refCon).takeUnretainedValue().ascent
}

private let inlineImageDescent: CTRunDelegateGetDescentCallback = { refCon in
    Unmanaged<InlineImageInfo>.fromOpaque(refCon).takeUnretainedValue().descent
}

private let inlineImageWidth: CTRunDelegateGetWidthCallback = { refCon in
    Unmanaged<InlineImageInfo>.fromOpaque(refCon).takeUnretainedValue().width
}

/// "Menlo" is drawn in DejaVu Sans Mono, whose every glyph advances 1233 of its 2048 units
/// (fontTools `['hmtx']`): 9.6328125 points at 16.
final class InlineImageRunTests: XCTestCase {
    func testCallbacksKeptInFileScopeConstantsMakeRoomForTheImage() throws {
        var callbacks = CTRunDelegateCallbacks(
            version: kCTRunDelegateCurrentVersion, dealloc: inlineImageDealloc, getAscent: inlineImageAscent,
            getDescent: inlineImageDescent, getWidth: inlineImageWidth)
        let info = InlineImageInfo(width: 24, ascent: 18, descent: 2)
        let delegate = try XCTUnwrap(CTRunDelegateCreate(&callbacks, Unmanaged.passRetained(info).toOpaque()))
        let font = CTFontCreateWithName("Menlo" as CFString, 16, nil)
        let text = NSMutableAttributedString(string: "a\u{FFFC}b", attributes: [.font: font])
        text.addAttribute(NSAttributedString.Key(kCTRunDelegateAttributeName), value: delegate, range: NSRange(location: 1, length: 1))
        let line = CTLineCreateWithAttributedString(text)
        let runs = try XCTUnwrap(CTLineGetGlyphRuns(line) as? [CTRun])
        XCTAssertEqual(runs.count, 3)
        var position = CGPoint.zero
        CTRunGetPositions(runs[2], CFRange(location: 0, length: 1), &position)
        XCTAssertEqual(position.x, 1233.0 * 16 / 2048 + 24, "\"b\" after the 24 points the image takes")
        var ascent: CGFloat = 0, descent: CGFloat = 0
        XCTAssertEqual(CTRunGetTypographicBounds(runs[1], CFRange(), &ascent, &descent, nil), 24)
        XCTAssertEqual([ascent, descent], [18, 2])
    }
}
