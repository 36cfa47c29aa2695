import CoreGraphics
import CoreText
import Foundation
import XCTest

// UIKit's attributes for what TextKit draws (backgrounds, strikethrough, shadows, links) have
// Apple's names, and Core Text lays out and draws a run that carries them as it does without.
final class CTUnusedAttributeTests: XCTestCase {
    func testUIKitsTextKitAttributesHaveApplesNames() {
        XCTAssertEqual(
            [
                NSAttributedString.Key.backgroundColor, .strikethroughStyle, .strikethroughColor, .obliqueness, .expansion,
                .link, .shadow, .attachment, .textEffect, .verticalGlyphForm, .writingDirection,
            ].map(\.rawValue),
            [
                "NSBackgroundColor", "NSStrikethrough", "NSStrikethroughColor", "NSObliqueness", "NSExpansion", "NSLink",
                "NSShadow", "NSAttachment", "NSTextEffect", "CTVerticalForms", "NSWritingDirection",
            ])
    }

    func testALineWithThemIsDrawnAsWithoutThem() throws {
        let font = CTFontCreateWithName("Helvetica" as CFString, 18, nil)
        func drawn(_ extra: [NSAttributedString.Key: Any]) throws -> [UInt8] {
            let context = try XCTUnwrap(
                CGContext(
                    data: nil, width: 100, height: 30, bitsPerComponent: 8, bytesPerRow: 400,
                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            context.textPosition = CGPoint(x: 4, y: 8)
            let attributes = [NSAttributedString.Key.font: font as Any].merging(extra) { $1 }
            CTLineDraw(CTLineCreateWithAttributedString(NSAttributedString(string: "Strike", attributes: attributes)), context)
            let data = try XCTUnwrap(context.data).assumingMemoryBound(to: UInt8.self)
            return Array(UnsafeBufferPointer(start: data, count: 400 * 30))
        }
        let plain = try drawn([:])
        XCTAssertTrue(plain.contains { $0 != 0 })
        let shadow = NSShadow()
        shadow.shadowOffset = CGSize(width: 3, height: 3)
        shadow.shadowColor = CGColor(gray: 0, alpha: 1)
        XCTAssertEqual(
            try drawn([
                .backgroundColor: CGColor(red: 1, green: 1, blue: 0, alpha: 1), .strikethroughStyle: 1,
                .obliqueness: 0.3, .expansion: 0.5, .link: URL(string: "https://example.com")!, .shadow: shadow,
            ]),
            plain)
    }
}
