import Foundation
import QuartzCore
import TestSupport
import XCTest

// The text-layer setup of a public iOS sample (a `CATextLayerViewController` showing off
// CATextLayer), as it is written there with its UIKit view and controls left out: Core Text
// fonts made by `CTFontCreateWithName` from a `CFString` name, handed to `CATextLayer.font`.
// Only the imports differ from the Apple original (UIKit's `darkGray` and `UIScreen.main.scale`
// are the values they stand for).

final class TextLayerFontDemo {
    private enum Constants {
        static let baseFontSize: CGFloat = 24.0
    }
    let noteworthyLightFont = CTFontCreateWithName("Noteworthy-Light" as CFString, Constants.baseFontSize, nil)
    let helveticaFont = CTFontCreateWithName("Helvetica" as CFString, Constants.baseFontSize, nil)
    let textLayer = CATextLayer()

    func setUpTextLayer(in bounds: CGRect) {
        textLayer.frame = bounds

        let string = (1...20)
            .map { _ in
                "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Fusce auctor arcu quis velit congue dictum."
            }
            .joined(separator: " ")

        textLayer.string = string
        textLayer.font = helveticaFont
        textLayer.fontSize = Constants.baseFontSize

        textLayer.foregroundColor = CGColor(gray: 1.0 / 3.0, alpha: 1)
        textLayer.isWrapped = true
        textLayer.alignmentMode = .left
        textLayer.truncationMode = .end

        textLayer.contentsScale = 2
    }

    func fontChanged(toNoteworthy: Bool) {
        textLayer.font = toNoteworthy ? noteworthyLightFont : helveticaFont
    }
}

final class CoreTextFontTests: XCTestCase {
    func testTheDemosCoreTextFontDrawsAsTheFontOfItsName() throws {
        let demo = TextLayerFontDemo()
        demo.setUpTextLayer(in: CGRect(x: 0, y: 0, width: 300, height: 120))
        XCTAssertEqual(demo.textLayer.font as? CTFont, demo.helveticaFont)
        let named = CATextLayer()
        named.frame = demo.textLayer.frame
        named.string = demo.textLayer.string
        named.font = "Helvetica" as CFString
        named.fontSize = 24
        named.foregroundColor = CGColor(gray: 1.0 / 3.0, alpha: 1)
        named.isWrapped = true
        named.alignmentMode = .left
        named.truncationMode = .end
        named.contentsScale = 2
        let withFont = try XCTUnwrap(LayerSnapshot(of: demo.textLayer, width: 300, height: 120))
        let withName = try XCTUnwrap(LayerSnapshot(of: named, width: 300, height: 120))
        var inked = 0
        for y in 0..<120 {
            for x in 0..<300 {
                XCTAssertEqual(withFont.pixel(x: x, y: y), withName.pixel(x: x, y: y), "(\(x), \(y))")
                if withFont.pixel(x: x, y: y)[3] > 0 { inked += 1 }
                if withFont.pixel(x: x, y: y) != withName.pixel(x: x, y: y) { return }
            }
        }
        XCTAssertGreaterThan(inked, 1000, "the text was drawn")
    }

    func testAFontsSizeIsIgnoredByTheLayerWhoseFontSizeRules() throws {
        let demo = TextLayerFontDemo()
        demo.setUpTextLayer(in: CGRect(x: 0, y: 0, width: 200, height: 60))
        demo.textLayer.string = "Wide"
        demo.textLayer.fontSize = 48
        let small = try XCTUnwrap(LayerSnapshot(of: demo.textLayer, width: 200, height: 60))
        demo.textLayer.font = CTFontCreateWithName("Helvetica" as CFString, 8, nil)
        let same = try XCTUnwrap(LayerSnapshot(of: demo.textLayer, width: 200, height: 60))
        XCTAssertEqual((0..<60).map { small.pixel(x: 100, y: $0) }, (0..<60).map { same.pixel(x: 100, y: $0) })
        XCTAssertTrue((0..<60).contains { small.pixel(x: 100, y: $0)[3] > 0 }, "48-point text reaches x = 100")
    }

    func testACoreTextFontInAnAttributedStringDrawsAtItsOwnSize() throws {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 30, nil)
        let attributed = CATextLayer()
        attributed.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
        attributed.string = NSAttributedString(
            string: "Wide", attributes: [NSAttributedString.Key(kCTFontAttributeName as String): font, .foregroundColor: CGColor.black])
        let plain = CATextLayer()
        plain.frame = attributed.frame
        plain.string = "Wide"
        plain.font = "DejaVu Sans"
        plain.fontSize = 30
        plain.foregroundColor = .black
        let a = try XCTUnwrap(LayerSnapshot(of: attributed, width: 200, height: 60))
        let b = try XCTUnwrap(LayerSnapshot(of: plain, width: 200, height: 60))
        XCTAssertEqual((0..<60).flatMap { y in (0..<200).map { a.pixel(x: $0, y: y) } }, (0..<60).flatMap { y in (0..<200).map { b.pixel(x: $0, y: y) } })
    }

    func testCoreTextFontFunctions() throws {
        let demo = TextLayerFontDemo()
        XCTAssertEqual(CTFontGetSize(demo.noteworthyLightFont), 24)
        XCTAssertEqual(CTFontCopyPostScriptName(demo.noteworthyLightFont), "Noteworthy-Light")
        XCTAssertEqual(CTFontGetSize(CTFontCreateWithName("Helvetica" as CFString, 0, nil)), 12, "Core Text's default size")
        XCTAssertEqual(CTFontGetSize(CTFontCreateWithName("Helvetica" as CFString, -3, nil)), 12)
        XCTAssertEqual(CTFontGetSize(CTFontCreateWithName("Helvetica" as CFString, .nan, nil)), 12)
        XCTAssertNotEqual(demo.helveticaFont, demo.noteworthyLightFont)
        XCTAssertEqual(demo.helveticaFont, CTFontCreateWithName("Helvetica" as CFString, 24, nil))
        // fontconfig's own command-line answer is the oracle for the family drawn.
        let expected = try Self.fcMatchFamily("Helvetica")
        XCTAssertEqual(CTFontCopyFamilyName(demo.helveticaFont), expected)
        demo.fontChanged(toNoteworthy: true)
        XCTAssertEqual(demo.textLayer.font as? CTFont, demo.noteworthyLightFont)
    }

    /// The first family `fc-match` picks for `name`.
    private static func fcMatchFamily(_ name: String) throws -> String {
        String(try fcMatch(name, format: "%{family}").split(separator: ",").first ?? "")
    }
}
