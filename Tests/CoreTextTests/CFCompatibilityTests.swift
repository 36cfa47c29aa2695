import CoreGraphics
import CoreText
import Foundation
import XCTest

// Core Foundation calls that older Apple Core Text code is written with: arrays read by index
// through `CFArrayGetValueAtIndex` and `unsafeBitCast`, run attributes annotated as
// `CFDictionary`, and attributed strings built with `CFAttributedStringCreateMutable` and its
// editing functions. Expected behaviour is Apple's CFArray and CFAttributedString reference:
// `CFArrayGetValueAtIndex` hands out the element unretained; `CFAttributedStringReplaceString`'s
// new characters "inherit the attributes of the first replaced character", or with an empty
// range those of the character before it (of the one after at the start).
final class CFCompatibilityTests: XCTestCase {
    private let font = CTFontCreateWithName("DejaVu Sans" as CFString, 20, nil)
    private let mono = CTFontCreateWithName("DejaVu Sans Mono" as CFString, 20, nil)

    func testRunsReadByIndexAreTheLinesRuns() throws {
        let text = NSMutableAttributedString(string: "Mixed fonts", attributes: [.font: font])
        text.addAttribute(.font, value: mono, range: NSRange(location: 6, length: 5))
        let line = CTLineCreateWithAttributedString(text)
        let runs = CTLineGetGlyphRuns(line)
        XCTAssertEqual(CFArrayGetCount(runs), 2)
        for index in 0..<CFArrayGetCount(runs) {
            let run = unsafeBitCast(CFArrayGetValueAtIndex(runs, index), to: CTRun.self)
            XCTAssertTrue(run === (runs as! [CTRun])[index])
            let attributes: CFDictionary = CTRunGetAttributes(run)
            let runFont = (attributes as NSDictionary)[kCTFontAttributeName as String] as! CTFont
            XCTAssertEqual(CTFontCopyPostScriptName(runFont), index == 0 ? "DejaVu Sans" : "DejaVu Sans Mono")
        }
        XCTAssertNil(CFArrayGetValueAtIndex(runs, 2), "past the end")
        XCTAssertNil(CFArrayGetValueAtIndex(runs, -1), "before the start")
    }

    func testARunsFontReadThroughCFDictionaryGetValueIsTheRunsFont() throws {
        let text = NSMutableAttributedString(string: "Mixed fonts", attributes: [.font: font])
        text.addAttribute(.font, value: mono, range: NSRange(location: 6, length: 5))
        text.addAttribute(.kern, value: 1.5, range: NSRange(location: 0, length: 11))
        let line = CTLineCreateWithAttributedString(text)
        let runs = CTLineGetGlyphRuns(line) as! [CTRun]
        XCTAssertEqual(runs.count, 2)
        for (index, run) in runs.enumerated() {
            // Apple's reference: "CFDictionaryGetValue … the value associated with key" handed
            // out unretained, read back with unsafeBitCast while the run is alive.
            let pointer = try XCTUnwrap(CFDictionaryGetValue(CTRunGetAttributes(run), kCTFontAttributeName))
            let runFont = unsafeBitCast(pointer, to: CTFont.self)
            XCTAssertTrue(runFont === (index == 0 ? font : mono))
            XCTAssertEqual(CFDictionaryGetCount(CTRunGetAttributes(run)), 2, "the font and the kern")
            XCTAssertTrue(CFDictionaryContainsKey(CTRunGetAttributes(run), kCTKernAttributeName))
        }
        XCTAssertNil(CFDictionaryGetValue(CTRunGetAttributes(runs[0]), kCTForegroundColorAttributeName), "no entry")
        XCTAssertFalse(CFDictionaryContainsKey(CTRunGetAttributes(runs[0]), kCTForegroundColorAttributeName))
        let size = NSNumber(value: 1.5)
        let values: CFDictionary = ["count": 7, "size": size, "name": "Helvetica"]
        XCTAssertEqual(UInt(bitPattern: try XCTUnwrap(CFDictionaryGetValue(values, "count"))), 7, "an integer is its value")
        XCTAssertTrue(unsafeBitCast(try XCTUnwrap(CFDictionaryGetValue(values, "size")), to: NSNumber.self) === size, "a number object is handed out")
        XCTAssertNil(CFDictionaryGetValue(values, "name"), "a Swift string is no object to hand out")
    }

    func testTableTagsReadByIndexAreTheirValues() throws {
        let tables = try XCTUnwrap(CTFontCopyAvailableTables(mono, CTFontTableOptions()))
        let tags = tables as! [CTFontTableTag]
        XCTAssertTrue(tags.contains(CTFontTableTag(kCTFontTableHead)))
        for index in 0..<CFArrayGetCount(tables) {
            let pointer = try XCTUnwrap(CFArrayGetValueAtIndex(tables, index))
            XCTAssertEqual(CTFontTableTag(UInt(bitPattern: pointer)), tags[index])
        }
    }

    func testElementsThatAreNeitherObjectsNorIntegersAreNil() {
        let names: CFArray = ["Helvetica", 2.5]
        XCTAssertNil(CFArrayGetValueAtIndex(names, 0))
        XCTAssertNil(CFArrayGetValueAtIndex(names, 1))
    }

    func testAMutableStringBuiltWithCoreFoundationsCallsHoldsItsAttributes() throws {
        let text = try XCTUnwrap(CFAttributedStringCreateMutable(kCFAllocatorDefault, 0))
        CFAttributedStringBeginEditing(text)
        CFAttributedStringReplaceString(text, CFRangeMake(0, 0), "Hello world")
        CFAttributedStringSetAttribute(text, CFRangeMake(0, 11), kCTFontAttributeName, font)
        CFAttributedStringSetAttribute(text, CFRangeMake(0, 5), kCTKernAttributeName, 2.0)
        CFAttributedStringEndEditing(text)
        XCTAssertEqual(CFAttributedStringGetLength(text), 11)
        XCTAssertEqual(CFAttributedStringGetString(text), "Hello world")

        var range = CFRange()
        XCTAssertEqual(CFAttributedStringGetAttribute(text, 2, kCTKernAttributeName, &range) as? Double, 2)
        XCTAssertEqual(range, CFRangeMake(0, 5))
        XCTAssertNil(CFAttributedStringGetAttribute(text, 7, kCTKernAttributeName, &range))
        XCTAssertEqual(range, CFRangeMake(5, 6), "the run without the attribute")
        let attributes = try XCTUnwrap(CFAttributedStringGetAttributes(text, 7, &range))
        XCTAssertEqual(Set(attributes.keys), [kCTFontAttributeName])
        XCTAssertNil(CFAttributedStringGetAttributes(text, 11, nil), "past the end")

        // The same line as from NSAttributedString with the same attributes.
        let same = NSMutableAttributedString(string: "Hello world", attributes: [.font: font])
        same.addAttribute(.kern, value: 2.0, range: NSRange(location: 0, length: 5))
        XCTAssertEqual(
            CTLineGetTypographicBounds(CTLineCreateWithAttributedString(text), nil, nil, nil),
            CTLineGetTypographicBounds(CTLineCreateWithAttributedString(same), nil, nil, nil))
    }

    func testReplacedAndInsertedCharactersTakeCoreFoundationsAttributes() throws {
        let text = try XCTUnwrap(CFAttributedStringCreateMutable(nil, 0))
        CFAttributedStringReplaceString(text, CFRange(), "ab")
        CFAttributedStringSetAttribute(text, CFRangeMake(0, 1), kCTFontAttributeName, font)
        CFAttributedStringSetAttribute(text, CFRangeMake(1, 1), kCTFontAttributeName, mono)
        // Replacing "b" keeps its font; inserting after "a" takes "a"'s; at the start, the next one's.
        CFAttributedStringReplaceString(text, CFRangeMake(1, 1), "BB")
        CFAttributedStringReplaceString(text, CFRangeMake(1, 0), "x")
        CFAttributedStringReplaceString(text, CFRangeMake(0, 0), "<")
        XCTAssertEqual(CFAttributedStringGetString(text), "<axBB")
        let fonts = (0..<5).map { index in
            (CFAttributedStringGetAttribute(text, index, kCTFontAttributeName, nil) as? CTFont).map(CTFontCopyPostScriptName)
        }
        XCTAssertEqual(fonts, ["DejaVu Sans", "DejaVu Sans", "DejaVu Sans", "DejaVu Sans Mono", "DejaVu Sans Mono"])
    }

    func testSettingReplacingAndRemovingAttributesOverRanges() throws {
        let base = CFAttributedStringCreate(nil, "abcdef", [kCTFontAttributeName: font, kCTKernAttributeName: 1.0])
        let text = try XCTUnwrap(CFAttributedStringCreateMutableCopy(kCFAllocatorDefault, 0, base))
        CFAttributedStringSetAttributes(text, CFRangeMake(0, 2), [kCTFontAttributeName: mono], true)
        CFAttributedStringSetAttributes(text, CFRangeMake(2, 2), [kCTFontAttributeName: mono], false)
        CFAttributedStringRemoveAttribute(text, CFRangeMake(4, 1), kCTKernAttributeName)
        let kerns = (0..<6).map { CFAttributedStringGetAttribute(text, $0, kCTKernAttributeName, nil) as? Double }
        XCTAssertEqual(kerns, [nil, nil, 1, 1, nil, 1], "cleared, kept, kept, removed")
        XCTAssertEqual(CFAttributedStringGetAttribute(base, 0, kCTKernAttributeName, nil) as? Double, 1, "the copy is its own")
        let tail = try XCTUnwrap(CFAttributedStringCreateWithSubstring(nil, text, CFRangeMake(3, 3)))
        XCTAssertEqual(CFAttributedStringGetString(tail), "def")
        XCTAssertNil(CFAttributedStringGetAttribute(tail, 1, kCTKernAttributeName, nil))
        XCTAssertEqual(CFAttributedStringGetString(try XCTUnwrap(CFAttributedStringCreateCopy(nil, text))), "abcdef")
    }

    func testFoundationStringsAndKeyedAttributesPassWhereCoreFoundationsAreTaken() throws {
        // Apple's Swift passes an NSString for a CFString, and a dictionary keyed by
        // NSAttributedString.Key cast `as CFDictionary`, its keys becoming their raw values.
        let text: NSString = "h\u{E9}llo\u{1F600}"
        // Five characters of the Basic Multilingual Plane and U+1F600 as a surrogate pair:
        // 0x1F600 - 0x10000 = 0xF600, whose top ten bits (0x3D) follow 0xD800.
        XCTAssertEqual(CFStringGetLength(text), 7)
        // A bare nil is still the CFString call's, as Apple's implicitly unwrapped one takes it.
        XCTAssertEqual(CFStringGetLength(nil), 0)
        XCTAssertEqual(CFStringGetCharacterAtIndex(text, 5), 0xD83D)
        var units = [UniChar](repeating: 0, count: 2)
        CFStringGetCharacters(text, CFRangeMake(1, 2), &units)
        XCTAssertEqual(units, [0xE9, 0x6C])
        XCTAssertEqual(CFStringCreateWithSubstring(nil, text, CFRangeMake(0, 5)), "h\u{E9}llo")
        let edited = try XCTUnwrap(CFAttributedStringCreateMutable(nil, 0))
        CFAttributedStringReplaceString(edited, CFRangeMake(0, 0), text)
        XCTAssertEqual(CFAttributedStringGetString(edited), "h\u{E9}llo\u{1F600}")
        XCTAssertEqual(CFAttributedStringGetLength(CFAttributedStringCreate(nil, text, [kCTKernAttributeName: 1.0])), 7)

        let keyed: [NSAttributedString.Key: Any] = [.font: mono, .kern: 2.0]
        let created: CFAttributedString = CFAttributedStringCreate(nil, "ab" as CFString, keyed)
        XCTAssertEqual(CFAttributedStringGetAttribute(created, 1, kCTKernAttributeName, nil) as? Double, 2)
        CFAttributedStringSetAttributes(edited, CFRangeMake(0, 2), keyed, true)
        let kerns = (0..<3).map { CFAttributedStringGetAttribute(edited, $0, kCTKernAttributeName, nil) as? Double }
        XCTAssertEqual(kerns, [2, 2, nil])

        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: 100), transform: nil)
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(created), CFRange(), path, keyed)
        // Foundation's raw value of `.font` is "NSFont", on Apple's platforms as on Linux.
        XCTAssertEqual(CTFrameGetFrameAttributes(frame)?.keys.sorted(), [NSAttributedString.Key.font.rawValue, NSAttributedString.Key.kern.rawValue].sorted())
        XCTAssertEqual(NSAttributedString.Key.font.rawValue, "NSFont")
        XCTAssertEqual(CTFrameGetLines(frame).count, 1)

        let named = CTFontCreateWithName("DejaVu Sans Mono" as NSString, 30, nil)
        XCTAssertEqual(CTFontGetSize(named), 30)
        XCTAssertEqual(CTFontCopyPostScriptName(named), CTFontCopyPostScriptName(mono))
    }

    func testFoundationDictionariesPassWhereCoreFoundationsAreTaken() throws {
        // Apple's Swift passes an NSDictionary where a CFDictionary is taken, without a cast.
        let text = NSAttributedString(string: String(repeating: "word ", count: 60), attributes: [.font: font])
        let setter = CTFramesetterCreateWithAttributedString(text)
        // A 200 × 100 rectangle around a 200 × 60 one at its top, both drawn the same way round:
        // their winding numbers add up, so the whole outer rectangle is inside under the
        // nonzero rule, and only the 40-point band below the inner one under even-odd.
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 200, height: 100))
        path.addRect(CGRect(x: 0, y: 40, width: 200, height: 60))
        let winding = NSDictionary(dictionary: [kCTFramePathFillRuleAttributeName: CTFramePathFillRule.windingNumber.rawValue])
        let frame = CTFramesetterCreateFrame(setter, CFRange(), path, winding)
        let evenOdd = CTFramesetterCreateFrame(setter, CFRange(), path, NSDictionary())
        // DejaVu Sans' lines are (0.928 + 0.236) × 20 = 23.28 points high (its hhea ascent and
        // descent over 2048 units per em): four fit in 100 points, one in 40.
        XCTAssertEqual(CTFrameGetLines(frame).count, 4)
        XCTAssertEqual(CTFrameGetLines(evenOdd).count, 1)
        XCTAssertEqual(CTFrameGetFrameAttributes(frame)?[kCTFramePathFillRuleAttributeName] as? UInt32, 1)

        var fit = CFRange()
        let size = CTFramesetterSuggestFrameSizeWithConstraints(setter, CFRange(), winding, CGSize(width: 200, height: 50), &fit)
        // Two lines fit in 50 points.
        XCTAssertEqual(size.height, 2 * 23.28, accuracy: 0.01)
        XCTAssertEqual(fit.location, 0)
        let second = CTLineGetStringRange(try XCTUnwrap((CTFrameGetLines(frame) as? [CTLine])?.dropFirst().first))
        XCTAssertEqual(fit.length, second.location + second.length)

        let descriptor = CTFontDescriptorCreateWithAttributes(NSDictionary(dictionary: [kCTFontFamilyNameAttribute: "DejaVu Sans Mono"]))
        XCTAssertEqual(CTFontDescriptorCopyAttribute(descriptor, kCTFontFamilyNameAttribute) as? String, "DejaVu Sans Mono")
        let sized = CTFontDescriptorCreateCopyWithAttributes(descriptor, NSDictionary(dictionary: [kCTFontSizeAttribute: 30.0]))
        XCTAssertEqual(CTFontGetSize(CTFontCreateWithFontDescriptor(sized, 0, nil)), 30)

        let kerned: CFAttributedString = CFAttributedStringCreate(nil, "ab", NSDictionary(dictionary: [kCTKernAttributeName: 2.0]))
        XCTAssertEqual(CFAttributedStringGetAttribute(kerned, 1, kCTKernAttributeName, nil) as? Double, 2)
        XCTAssertEqual(CTTextTabGetLocation(CTTextTabCreate(.right, 40, NSDictionary())), 40)
        XCTAssertNotNil(CTTypesetterCreateWithAttributedStringAndOptions(text, NSDictionary()))
        // Options and frame attributes keyed by NSAttributedString.Key, cast `as CFDictionary` on
        // Apple's platforms, whose cast Linux has no use for.
        let keyed = [NSAttributedString.Key(kCTFramePathFillRuleAttributeName): NSNumber(value: 1)]
        XCTAssertNotNil(CTTypesetterCreateWithAttributedStringAndOptions(text, keyed))
        var keyedFit = CFRange()
        CTFramesetterSuggestFrameSizeWithConstraints(setter, CFRange(), keyed, CGSize(width: 200, height: 50), &keyedFit)
        XCTAssertEqual(keyedFit.length, fit.length)
        XCTAssertFalse(CTFontCollectionCreateMatchingFontDescriptors(CTFontCollectionCreateFromAvailableFonts(NSDictionary()))?.isEmpty ?? true)
    }

    func testRangesOutsideTheStringAreClampedToIt() throws {
        let text = try XCTUnwrap(CFAttributedStringCreateMutable(kCFAllocatorDefault, 0))
        CFAttributedStringReplaceString(text, CFRangeMake(5, 3), "abc")  // past the end: appended
        CFAttributedStringSetAttribute(text, CFRangeMake(1, 100), kCTKernAttributeName, 3.0)
        CFAttributedStringSetAttribute(text, CFRangeMake(-4, 2), kCTFontAttributeName, mono)  // wholly before the start
        CFAttributedStringSetAttribute(text, CFRangeMake(Int.max, 2), kCTFontAttributeName, mono)  // wholly after the end
        CFAttributedStringReplaceString(text, CFRangeMake(2, -1), "!")  // a negative length inserts
        XCTAssertEqual(CFAttributedStringGetString(text), "ab!c")
        let kerns = (0..<4).map { CFAttributedStringGetAttribute(text, $0, kCTKernAttributeName, nil) as? Double }
        XCTAssertEqual(kerns, [nil, 3, 3, 3])
        XCTAssertNil(CFAttributedStringGetAttribute(text, 0, kCTFontAttributeName, nil))
        XCTAssertNil(CFAttributedStringGetAttribute(text, 9, kCTKernAttributeName, nil))
    }

    func testAttributedStringsAreImplicitlyUnwrappedAsInApplesDeclarations() throws {
        // Apple declares these calls with implicitly unwrapped strings: code unwraps a created
        // string with `!` or by its declared type, and passes an optional one on as it is.
        let attributes = [kCTFontAttributeName: font] as CFDictionary
        let forced = CFAttributedStringCreate(nil, "abc" as CFString, attributes)!
        let declared: CFAttributedString = CFAttributedStringCreate(nil, "de" as CFString, attributes)
        let optional = CFAttributedStringCreate(nil, "f" as CFString, attributes)
        XCTAssertEqual(forced.length + declared.length + CFAttributedStringGetLength(optional), 6)
        let copy = try XCTUnwrap(CFAttributedStringCreateMutableCopy(nil, 0, optional))
        XCTAssertEqual(CFAttributedStringGetString(copy), "f")

        // nil reads as empty, an edit of it does nothing, a copy of it is nil.
        let missing: CFString? = nil
        XCTAssertNil(CFAttributedStringCreate(nil, missing, attributes) as CFAttributedString?)
        let none: CFMutableAttributedString? = nil
        XCTAssertEqual(CFAttributedStringGetLength(none), 0)
        XCTAssertNil(CFAttributedStringGetString(none) as CFString?)
        CFAttributedStringReplaceString(none, CFRangeMake(0, 0), "x")
        CFAttributedStringSetAttribute(none, CFRangeMake(0, 1), kCTKernAttributeName, 1.0)
        CFAttributedStringReplaceString(copy, CFRangeMake(0, 0), missing)
        XCTAssertEqual(CFAttributedStringGetString(copy), "f")
        XCTAssertNil(CFAttributedStringCreateCopy(nil, none) as CFAttributedString?)
        XCTAssertNil(CFAttributedStringGetAttributes(none, 0, nil) as CFDictionary?)
    }

    func testStringsAreMeasuredAndSlicedInUTF16Units() throws {
        // CFString's reference: lengths, indices and ranges count UTF-16 code units, so the
        // face (U+1F600, a surrogate pair) counts 2 and "é" (U+00E9) counts 1.
        let text = "é\u{1F600}ab" as CFString
        XCTAssertEqual(CFStringGetLength(text), 5)
        XCTAssertEqual(CFStringGetLength(text), CFAttributedStringGetLength(NSAttributedString(string: text)))
        XCTAssertEqual(
            (0..<5).map { CFStringGetCharacterAtIndex(text, $0) }, [0x00E9, 0xD83D, 0xDE00, 0x61, 0x62])
        var buffer = [UniChar](repeating: 0, count: 3)
        CFStringGetCharacters(text, CFRangeMake(1, 3), &buffer)
        XCTAssertEqual(buffer, [0xD83D, 0xDE00, 0x61])
        XCTAssertEqual(CFStringCreateWithSubstring(nil, text, CFRangeMake(1, 2)), "\u{1F600}")
        let units: [UniChar] = [0x4C, 0x61, 0xD83D, 0xDE00]
        XCTAssertEqual(CFStringCreateWithCharacters(kCFAllocatorDefault, units, units.count), "La\u{1F600}")
        // The whole string through an attributed string built with Core Foundation's calls.
        let attributed = try XCTUnwrap(CFAttributedStringCreateMutable(kCFAllocatorDefault, 0))
        CFAttributedStringReplaceString(attributed, CFRangeMake(0, 0), text)
        CFAttributedStringSetAttribute(attributed, CFRangeMake(0, CFStringGetLength(text)), kCTFontAttributeName, font)
        XCTAssertTrue(CFAttributedStringGetAttribute(attributed, 4, kCTFontAttributeName, nil) as? CTFont === font, "the last unit has the font")
    }

    func testStringCallsOutsideTheStringClampInsteadOfStopping() {
        // Core Foundation stops the program here; Lamina reads nil as empty and clamps.
        let text = "abc" as CFString
        let missing: CFString? = nil
        XCTAssertEqual(CFStringGetLength(missing), 0)
        XCTAssertEqual(CFStringGetCharacterAtIndex(text, 3), 0)
        XCTAssertEqual(CFStringGetCharacterAtIndex(text, -1), 0)
        XCTAssertEqual(CFStringGetCharacterAtIndex(missing, 0), 0)
        var buffer = [UniChar](repeating: 0x7E, count: 4)
        CFStringGetCharacters(text, CFRangeMake(2, 4), &buffer)
        XCTAssertEqual(buffer, [0x63, 0x7E, 0x7E, 0x7E], "only the part inside the string is copied")
        XCTAssertEqual(CFStringCreateWithSubstring(nil, text, CFRangeMake(-2, 3)), "a")
        XCTAssertEqual(CFStringCreateWithSubstring(nil, text, CFRangeMake(5, 1)), "")
        XCTAssertNil(CFStringCreateWithSubstring(nil, missing, CFRangeMake(0, 1)) as CFString?)
        XCTAssertEqual(CFStringCreateWithCharacters(nil, nil, 4), "")
    }

    func testNotFoundIsMinusOneAsInApplesCFBase() {
        // CFBase.h: `static const CFIndex kCFNotFound = -1;`, compared with the indices Core
        // Text gives (a caret index is never it on a horizontal line).
        XCTAssertEqual(kCFNotFound, -1)
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "ab"))
        XCTAssertNotEqual(CTLineGetStringIndexForPosition(line, CGPoint(x: 1, y: 0)), kCFNotFound)
    }
}
