import CoreGraphics
import CoreText
import Foundation
import XCTest

// Apple code asks what a `CFTypeRef` is by comparing `CFGetTypeID(value)` with a type's
// `…GetTypeID()`, typically before casting a run's font attribute to `CTFont`.
final class CFTypeIDTests: XCTestCase {
    private final class Unrelated {}

    func testARunsFontAttributeIsACoreTextFont() throws {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 14, nil)
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "Ag", attributes: [.font: font]))
        let run = try XCTUnwrap((CTLineGetGlyphRuns(line) as? [CTRun])?.first)
        // As Apple code reads it: the attributes' value for the font key, as a CFTypeRef.
        let attributes = CTRunGetAttributes(run) as NSDictionary
        let value = try XCTUnwrap(attributes[kCTFontAttributeName as String])
        XCTAssertEqual(CFGetTypeID(value as CFTypeRef), CTFontGetTypeID())
        XCTAssertNotEqual(CFGetTypeID(value as CFTypeRef), CTFontDescriptorGetTypeID())
        // And through Core Foundation's dictionary call (its key as the porting command writes it).
        let raw = try XCTUnwrap(CFDictionaryGetValue(CTRunGetAttributes(run), kCTFontAttributeName))
        let object = Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue()
        XCTAssertEqual(CFGetTypeID(object), CTFontGetTypeID())
        XCTAssertEqual(CFGetTypeID(line), CTLineGetTypeID())
        XCTAssertEqual(CFGetTypeID(run), CTRunGetTypeID())
    }

    func testEachTypeHasItsOwnIdentifier() {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 14, nil)
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        let string = NSAttributedString(string: "a")
        let setter = CTFramesetterCreateWithAttributedString(string)
        let cases: [(CFTypeRef, CFTypeID)] = [
            (font, CTFontGetTypeID()), (CTFontCopyFontDescriptor(font), CTFontDescriptorGetTypeID()),
            (setter, CTFramesetterGetTypeID()), (CTFramesetterCreateFrame(setter, CFRange(), path, nil), CTFrameGetTypeID()),
            (CTTypesetterCreateWithAttributedString(string), CTTypesetterGetTypeID()),
            (CTParagraphStyleCreate(nil, 0), CTParagraphStyleGetTypeID()),
            (CTTextTabCreate(.left, 10, nil), CTTextTabGetTypeID()),
            (CTFontCollectionCreateFromAvailableFonts(nil), CTFontCollectionGetTypeID()),
            (CGColor(gray: 0.5, alpha: 1), CGColorGetTypeID()), (path, CGPathGetTypeID()),
            (path.copy()!, CGPathGetTypeID()), (CGColorSpaceCreateDeviceRGB(), CGColorSpaceGetTypeID()),
            ("text" as CFTypeRef, CFStringGetTypeID()), (NSString(string: "text"), CFStringGetTypeID()),
            (NSNumber(value: 3), CFNumberGetTypeID()), (3.5 as CFTypeRef, CFNumberGetTypeID()),
            (kCFBooleanTrue, CFBooleanGetTypeID()), (kCFBooleanFalse, CFBooleanGetTypeID()),
            ([1, 2] as CFTypeRef, CFArrayGetTypeID()), (NSArray(array: [1]), CFArrayGetTypeID()),
            (["a": 1] as CFTypeRef, CFDictionaryGetTypeID()), (NSDictionary(dictionary: ["a": 1]), CFDictionaryGetTypeID()),
            (Data([1]) as CFTypeRef, CFDataGetTypeID()), (URL(fileURLWithPath: "/") as CFTypeRef, CFURLGetTypeID()),
            (string, CFAttributedStringGetTypeID()), (NSMutableAttributedString(string: "b"), CFAttributedStringGetTypeID()),
        ]
        for (index, (object, expected)) in cases.enumerated() {
            XCTAssertEqual(CFGetTypeID(object), expected, "case \(index): \(type(of: object))")
        }
        let identifiers = [
            CTFontGetTypeID(), CTFontDescriptorGetTypeID(), CTFramesetterGetTypeID(), CTFrameGetTypeID(), CTTypesetterGetTypeID(),
            CTParagraphStyleGetTypeID(), CTTextTabGetTypeID(), CTFontCollectionGetTypeID(), CTLineGetTypeID(), CTRunGetTypeID(),
            CTRunDelegateGetTypeID(), CGColorGetTypeID(), CGPathGetTypeID(), CGColorSpaceGetTypeID(), CGImageGetTypeID(),
            CGContextGetTypeID(), CGGradientGetTypeID(), CGFontGetTypeID(), CFStringGetTypeID(), CFNumberGetTypeID(),
            CFBooleanGetTypeID(), CFArrayGetTypeID(), CFDictionaryGetTypeID(), CFDataGetTypeID(), CFURLGetTypeID(),
            CFAttributedStringGetTypeID(),
        ]
        XCTAssertEqual(Set(identifiers).count, identifiers.count, "no two types share an identifier")
        XCTAssertFalse(identifiers.contains(CFGetTypeID(Unrelated())), "an unrelated object is none of them")
        XCTAssertFalse(identifiers.contains(CFGetTypeID(nil)))
    }
}
