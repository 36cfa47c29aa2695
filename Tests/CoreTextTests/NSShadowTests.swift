import CoreGraphics
import CoreText
import Foundation
import XCTest

// NSShadow as UIKit's and AppKit's documentation describes it: a zero offset, no blur and black
// at an alpha of 1/3 by default; a nil colour draws no shadow. Core Text draws none for the
// attribute (CTUnusedAttributeTests), on Apple platforms as in Lamina, but its text casts the
// context's shadow.
final class NSShadowTests: XCTestCase {
    func testANewShadowHasNoOffsetNoBlurAndBlackAtAThird() throws {
        let shadow = NSShadow()
        XCTAssertEqual(shadow.shadowOffset, .zero)
        XCTAssertEqual(shadow.shadowBlurRadius, 0)
        let color = try XCTUnwrap(shadow.shadowColor as? CGColor)
        XCTAssertEqual(color.components?.first, 0)
        XCTAssertEqual(color.alpha, 1.0 / 3, accuracy: 1e-9)
    }

    func testACopyHasTheSameValuesAndIsEqualButNotTheSameObject() throws {
        let shadow = NSShadow()
        shadow.shadowOffset = CGSize(width: 1, height: 2)
        shadow.shadowBlurRadius = 3
        shadow.shadowColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        let copy = try XCTUnwrap(shadow.copy() as? NSShadow)
        XCTAssertFalse(copy === shadow)
        XCTAssertEqual(copy.shadowOffset, CGSize(width: 1, height: 2))
        XCTAssertEqual(copy.shadowBlurRadius, 3)
        XCTAssertEqual(copy, shadow)
        XCTAssertEqual(copy.hash, shadow.hash)
        copy.shadowColor = nil
        XCTAssertNotEqual(copy, shadow, "another colour")
        copy.shadowColor = shadow.shadowColor
        copy.shadowBlurRadius = 4
        XCTAssertNotEqual(copy, shadow, "another blur")
    }

    /// Text drawn by `CTLineDraw` and `CTFrameDraw` casts the context's shadow, as every Core
    /// Graphics drawing does: where the glyphs shifted by the offset cover a pixel the glyphs
    /// themselves do not, the pixel is the shadow's colour.
    func testTextDrawnByCoreTextCastsTheContextsShadow() throws {
        let font = CTFontCreateWithName("Helvetica-Bold" as CFString, 24, nil)
        let string = NSAttributedString(
            string: "HI", attributes: [.font: font, .foregroundColor: CGColor(red: 1, green: 0, blue: 0, alpha: 1)])
        func drawn(shadow: Bool, frame: Bool) throws -> [UInt8] {
            let context = try XCTUnwrap(
                CGContext(
                    data: nil, width: 100, height: 40, bitsPerComponent: 8, bytesPerRow: 400,
                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            if shadow { context.setShadow(offset: CGSize(width: 20, height: 0), blur: 0, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1)) }
            if frame {
                let setter = CTFramesetterCreateWithAttributedString(string)
                CTFrameDraw(CTFramesetterCreateFrame(setter, CFRange(), CGPath(rect: CGRect(x: 4, y: 4, width: 60, height: 32), transform: nil), nil), context)
            } else {
                context.textPosition = CGPoint(x: 4, y: 10)
                CTLineDraw(CTLineCreateWithAttributedString(string), context)
            }
            let data = try XCTUnwrap(context.data).assumingMemoryBound(to: UInt8.self)
            return Array(UnsafeBufferPointer(start: data, count: 400 * 40))
        }
        for frame in [false, true] {
            let plain = try drawn(shadow: false, frame: frame)
            let shaded = try drawn(shadow: true, frame: frame)
            var shadowPixels = 0
            for y in 0..<40 {
                for x in 20..<100 where plain[(y * 100 + x - 20) * 4 + 3] == 255 && plain[(y * 100 + x) * 4 + 3] == 0 {
                    let pixel = Array(shaded[(y * 100 + x) * 4..<(y * 100 + x) * 4 + 4])
                    XCTAssertEqual(pixel, [0, 0, 255, 255], "x \(x) y \(y), \(frame ? "frame" : "line")")
                    shadowPixels += 1
                }
            }
            XCTAssertGreaterThan(shadowPixels, 50, frame ? "frame" : "line")
        }
    }
}
