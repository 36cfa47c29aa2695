import LaminaPortRewriter
import XCTest

final class BridgingCastRewriterTests: XCTestCase {
    func testCastsToUnbridgedCoreFoundationTypesAreRemoved() {
        let source = """
            let gradient = CGGradient(
              colorsSpace: CGColorSpaceCreateDeviceRGB(),
              colors: [start.cgColor, end.cgColor] as CFArray,
              locations: locations)
            let font = CTFontCreateWithName("Helvetica" as CFString, 12, nil)
            let values = (colors as CFArray)
            if let raw = value as? CFArray { print(raw) }
            let count = (value as? CFSet).map { $0 }
            """
        let ported = Porter.port(source, path: "Gradient.swift")
        XCTAssertEqual(ported.ported, """
            let gradient = CGGradient(
              colorsSpace: CGColorSpaceCreateDeviceRGB(),
              colors: [start.cgColor, end.cgColor],
              locations: locations)
            let font = CTFontCreateWithName("Helvetica" as CFString, 12, nil)
            let values = (colors)
            if let raw = value as? CFArray { print(raw) }
            let count = (value as? CFSet).map { $0 }
            """)
        XCTAssertEqual(ported.reportLines, [
            "Gradient.swift:3: [start.cgColor, end.cgColor] as CFArray -> [start.cgColor, end.cgColor] (Linux has no bridging to CFArray; Lamina's APIs take the Swift value)",
            "Gradient.swift:6: colors as CFArray -> colors (Linux has no bridging to CFArray; Lamina's APIs take the Swift value)",
            "Gradient.swift:8: left: value as? CFSet — CFSet is a Core Foundation type Linux does not bridge to; to do: cast to the Swift type instead ([Any], [String: Any], Data, NSNumber, URL)",
        ])
    }

    func testACoreFoundationStringConstantBitCastToAPointerIsTheNameItself() {
        let source = """
            func glyphPaths(of line: CTLine) -> CGMutablePath {
                let letters = CGMutablePath()
                let runs = CTLineGetGlyphRuns(line)
                for index in 0..<CFArrayGetCount(runs) {
                    let run = unsafeBitCast(CFArrayGetValueAtIndex(runs, index), to: CTRun.self)
                    let key = unsafeBitCast(kCTFontAttributeName, to: UnsafeRawPointer.self)
                    let font = unsafeBitCast(CFDictionaryGetValue(CTRunGetAttributes(run), key), to: CTFont.self)
                    let same = unsafeBitCast(CFDictionaryGetValue(CTRunGetAttributes(run), Unmanaged.passUnretained(kCTFontAttributeName).toOpaque()), to: CTFont.self)
                    let other = unsafeBitCast(someName, to: UnsafeRawPointer.self)
                    let flag = unsafeBitCast(kCFBooleanTrue, to: UnsafeRawPointer.self)
                    print(font, same, other, flag, letters)
                }
                return letters
            }
            """
        let ported = Porter.port(source, path: "Glyphs.swift")
        XCTAssertEqual(ported.ported, """
            func glyphPaths(of line: CTLine) -> CGMutablePath {
                let letters = CGMutablePath()
                let runs = CTLineGetGlyphRuns(line)
                for index in 0..<CFArrayGetCount(runs) {
                    let run = unsafeBitCast(CFArrayGetValueAtIndex(runs, index), to: CTRun.self)
                    let key = kCTFontAttributeName
                    let font = unsafeBitCast(CFDictionaryGetValue(CTRunGetAttributes(run), key), to: CTFont.self)
                    let same = unsafeBitCast(CFDictionaryGetValue(CTRunGetAttributes(run), kCTFontAttributeName), to: CTFont.self)
                    let other = unsafeBitCast(someName, to: UnsafeRawPointer.self)
                    let flag = unsafeBitCast(kCFBooleanTrue, to: UnsafeRawPointer.self)
                    print(font, same, other, flag, letters)
                }
                return letters
            }
            """)
        XCTAssertEqual(ported.reportLines.count, 2, ported.reportLines.joined(separator: "\n"))
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testNumberArraysCastToNSNumberArraysStayAsTheyAre() {
        // Linux's Foundation bridges Swift's numbers to NSNumber, and Lamina bridges CGFloat.
        let source = """
            func dash(_ layer: CAShapeLayer, pattern: [CGFloat], times: [Double], scale: CGFloat) {
                layer.lineDashPattern = pattern as [NSNumber]
                let keyTimes = times.map { $0 / 2 } as [NSNumber]
                let scaled = pattern.map { $0 * scale } + [1] as [NSNumber]
                let maybe: [NSNumber]? = pattern as? [NSNumber]
                _ = (keyTimes, scaled, maybe)
            }
            """
        let ported = Porter.port(source, path: "Dash.swift")
        XCTAssertEqual(ported.ported, source)
        XCTAssertEqual(ported.notes.map(\.line), [])
    }

    func testCoreTextAttributeNamesCastToAttributedStringKeysBecomeTheKeysInitializer() {
        let source = """
            let attributes = [kCTFontAttributeName as NSAttributedString.Key: font]
            let color = NSAttributedString.Key(kCTForegroundColorAttributeName as String)
            text.addAttribute(kCTKernAttributeName as NSAttributedString.Key, value: 2, range: range)
            if let key = name as? NSAttributedString.Key { print(key) }
            """
        let ported = Porter.port(source, path: "Glyphs.swift")
        XCTAssertEqual(ported.ported, """
            let attributes = [NSAttributedString.Key(kCTFontAttributeName): font]
            let color = NSAttributedString.Key(kCTForegroundColorAttributeName as String)
            text.addAttribute(NSAttributedString.Key(kCTKernAttributeName), value: 2, range: range)
            if let key = name as? NSAttributedString.Key { print(key) }
            """)
        XCTAssertEqual(ported.reportLines, [
            "Glyphs.swift:1: kCTFontAttributeName as NSAttributedString.Key -> NSAttributedString.Key(kCTFontAttributeName) (Linux has no bridging from CFString to NSAttributedString.Key; the key's initializer takes the String)",
            "Glyphs.swift:3: kCTKernAttributeName as NSAttributedString.Key -> NSAttributedString.Key(kCTKernAttributeName) (Linux has no bridging from CFString to NSAttributedString.Key; the key's initializer takes the String)",
        ])
        XCTAssertEqual(Porter.port(ported.ported, path: "Glyphs.swift").ported, ported.ported, "a second run changes nothing")
    }

    func testCastsOfImageIOsAndCoreTextsDictionariesToTheirOwnTypeGo() {
        // Lamina's CGImageSourceCopyPropertiesAtIndex returns [CFString: Any]? (Apple's a
        // CFDictionary?), its CTRunGetAttributes and CTFontCopyTraits [String: Any] (Apple's a
        // CFDictionary; Lamina's CFString is String): casting them to that type, or to
        // [String: Any], does nothing. A conditional cast of a result that is not optional
        // stays optional.
        let source = """
            import ImageIO
            let a = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any]
            let b = CGImageSourceCopyProperties(source, nil) as! [String: Any]
            let c = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [String: AnyObject]
            let d = CTRunGetAttributes(run) as? [String: Any]
            let e = CTRunGetAttributes(run) as! [String: Any]
            let f = (CTFontCopyTraits(font) as! [CFString: Any])[kCTFontSymbolicTrait]
            """
        let ported = Porter.port(source, path: "Props.swift")
        XCTAssertEqual(ported.ported, """
            import ImageIO
            let a = CGImageSourceCopyPropertiesAtIndex(source, 0, nil)
            let b = CGImageSourceCopyProperties(source, nil)!
            let c = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [String: AnyObject]
            let d = CTRunGetAttributes(run) as [String: Any]?
            let e = CTRunGetAttributes(run)
            let f = (CTFontCopyTraits(font))[kCTFontSymbolicTrait]
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }
}
