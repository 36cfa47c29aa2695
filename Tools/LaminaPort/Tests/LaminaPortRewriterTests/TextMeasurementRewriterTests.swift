import LaminaPortRewriter
import XCTest

final class TextMeasurementRewriterTests: XCTestCase {
    private let line = "var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0; let measuredWidth = CTLineGetTypographicBounds(measured, &ascent, &descent, &leading)"

    func testAStringsSizeIsItsCoreTextLinesWidthAndLineHeight() {
        let source = """
            import UIKit

            func label(_ text: String, attributes: [NSAttributedString.Key: Any]) -> CGSize {
                let size = (text as NSString).size(withAttributes: attributes)
                let plain = "Hi".size(withAttributes: nil)
                return CGSize(width: size.width + plain.width, height: size.height)
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func label(_ text: String, attributes: [NSAttributedString.Key: Any]) -> CGSize {
                let size = { () -> CGSize in let measured = CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: attributes)); \(line); return CGSize(width: measuredWidth, height: ascent + descent + leading) }()
                let plain = { () -> CGSize in let measured = CTLineCreateWithAttributedString(NSAttributedString(string: "Hi", attributes: [:])); \(line); return CGSize(width: measuredWidth, height: ascent + descent + leading) }()
                return CGSize(width: size.width + plain.width, height: size.height)
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAnAttributedStringBoundByACastIsMeasuredAsItsLine() {
        let source = """
            import UIKit

            final class CenteredLayer: CATextLayer {
                override func draw(in ctx: CGContext) {
                    if let attributed = string as? NSAttributedString {
                        let height = attributed.size().height
                        ctx.translateBy(x: 0, y: (bounds.height - height) / 2)
                    }
                    super.draw(in: ctx)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains(
            "let height = { () -> CGSize in let measured = CTLineCreateWithAttributedString(attributed); \(line); return CGSize(width: measuredWidth, height: ascent + descent + leading) }().height"),
            ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testASizeCallOnAValueBoundToAnotherTypeIsLeftAlone() {
        let source = """
            func measure(_ value: Any) -> CGSize? {
                if let image = value as? ImageBox { return image.size() }
                return nil
            }
            """
        XCTAssertEqual(Porter.port(source).ported, source)
    }

    func testABoundingRectOfSeveralLinesIsTheFramesetterSuggestion() {
        let source = """
            import UIKit

            func height(_ text: String, width: CGFloat) -> CGFloat {
                let rect = NSString(string: text).boundingRect(with: CGSize(width: width, height: 1000), options: .usesLineFragmentOrigin, attributes: [.font: UIFont.systemFont(ofSize: 13)], context: nil)
                return rect.height
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func height(_ text: String, width: CGFloat) -> CGFloat {
                let rect = { () -> CGRect in let textToMeasure: String = text; let constraint: CGSize = CGSize(width: width, height: 1000); let textAttributes: [NSAttributedString.Key: Any] = [.font: CTFontCreateUIFontForLanguage(.system, 13, nil)!]; let framesetter = CTFramesetterCreateWithAttributedString(NSAttributedString(string: textToMeasure, attributes: textAttributes)); return CGRect(origin: .zero, size: CTFramesetterSuggestFrameSizeWithConstraints(framesetter, CFRange(location: 0, length: 0), nil, constraint, nil)) }()
                return rect.height
            }
            """)
        // One line (no .usesLineFragmentOrigin): the line's bounds; the constraint is bound
        // and not read, so it is marked unread.
        let oneLine = Porter.port("let r = (\"a\" as NSString).boundingRect(with: size, options: [], attributes: [:], context: nil)\n")
        XCTAssertTrue(oneLine.ported.contains("let constraint: CGSize = size; let textAttributes: [NSAttributedString.Key: Any] = [:]; _ = constraint; let measured = CTLineCreateWithAttributedString("), oneLine.ported)
        // Reading a name the measurement binds: left.
        let clash = Porter.port("import UIKit\nlet ascent: CGFloat = 10\nlet r = (\"a\" as NSString).boundingRect(with: CGSize(width: ascent, height: 9), options: [], attributes: [:], context: nil)\n")
        XCTAssertTrue(clash.ported.contains("boundingRect(with:"), clash.ported)
    }

    func testAnAttributedStringsBoundingRectIsItsOwnLayout() {
        // NSAttributedString's boundingRect(with:options:context:) measures the string with
        // its own attributes: several lines in the width with .usesLineFragmentOrigin, one
        // line without.
        let source = """
            let r = caption.boundingRect(with: CGSize(width: 120, height: .greatestFiniteMagnitude), options: [.usesLineFragmentOrigin, .usesFontLeading], context: nil)
            let w = NSAttributedString(string: "x").boundingRect(with: .zero, options: [], context: nil).width
            let kept = caption.boundingRect(with: size, options: .usesLineFragmentOrigin, context: drawingContext)
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            let r = { () -> CGRect in let textToMeasure: NSAttributedString = caption; let constraint: CGSize = CGSize(width: 120, height: .greatestFiniteMagnitude); let framesetter = CTFramesetterCreateWithAttributedString(textToMeasure); return CGRect(origin: .zero, size: CTFramesetterSuggestFrameSizeWithConstraints(framesetter, CFRange(location: 0, length: 0), nil, constraint, nil)) }()
            let w = { () -> CGRect in let textToMeasure: NSAttributedString = NSAttributedString(string: "x"); let constraint: CGSize = .zero; _ = constraint; let measured = CTLineCreateWithAttributedString(textToMeasure); var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0; let measuredWidth = CTLineGetTypographicBounds(measured, &ascent, &descent, &leading); return CGRect(x: 0, y: 0, width: measuredWidth, height: ascent + descent + leading) }().width
            let kept = caption.boundingRect(with: size, options: .usesLineFragmentOrigin, context: drawingContext)
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAppKitsBoundingRectsWithoutAContextAreMeasuredAsUIKitsWithNone() {
        // AppKit's NSString and NSAttributedString take no drawing context
        // (`boundingRect(with:options:attributes:)`, `boundingRect(with:options:)`): measured as
        // UIKit's calls with a `nil` one are.
        let appKit = Porter.port("""
            let a = ("tag" as NSString).boundingRect(with: size, options: .usesLineFragmentOrigin, attributes: attributes)
            let b = caption.boundingRect(with: size, options: .usesLineFragmentOrigin)
            """)
        let uiKit = Porter.port("""
            let a = ("tag" as NSString).boundingRect(with: size, options: .usesLineFragmentOrigin, attributes: attributes, context: nil)
            let b = caption.boundingRect(with: size, options: .usesLineFragmentOrigin, context: nil)
            """)
        XCTAssertEqual(appKit.ported, uiKit.ported)
        XCTAssertTrue(appKit.ported.contains("CTFramesetterSuggestFrameSizeWithConstraints"), appKit.ported)
        XCTAssertFalse(appKit.ported.contains("boundingRect"), appKit.ported)
    }

    func testAnAttributedStringsSizeIsItsOneLinesTypographicBounds() {
        // NSAttributedString's size() measures one line with its own attributes, as
        // size(withAttributes:) does a string's; another type's size() is not touched.
        let source = """
            func fit(_ title: String, in layer: CALayer, shape: Shape) {
                let text = NSAttributedString(string: title, attributes: [.kern: 2])
                layer.bounds.size = text.size()
                let other = shape.size()
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func fit(_ title: String, in layer: CALayer, shape: Shape) {
                let text = NSAttributedString(string: title, attributes: [.kern: 2])
                layer.bounds.size = { () -> CGSize in let measured = CTLineCreateWithAttributedString(text); var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0; let measuredWidth = CTLineGetTypographicBounds(measured, &ascent, &descent, &leading); return CGSize(width: measuredWidth, height: ascent + descent + leading) }()
                let other = shape.size()
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAStringExtensionsOwnSizeAndAnAttributedStringPropertysSizeAreMeasuredToo() {
        // `self` in an extension of String is the string UIKit measures; a property holding an
        // attributed string (read alone or as `self.caption`) is measured with its attributes.
        let source = """
            extension String {
                func width(with attributes: [NSAttributedString.Key: Any]) -> CGFloat {
                    return self.size(withAttributes: attributes).width
                }
            }

            final class CaptionLayer: CALayer {
                private var caption = NSMutableAttributedString(string: "")

                func captionWidth() -> CGFloat {
                    return caption.size().width + self.caption.size().width
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            extension String {
                func width(with attributes: [NSAttributedString.Key: Any]) -> CGFloat {
                    return { () -> CGSize in let measured = CTLineCreateWithAttributedString(NSAttributedString(string: self, attributes: attributes)); \(line); return CGSize(width: measuredWidth, height: ascent + descent + leading) }().width
                }
            }

            final class CaptionLayer: CALayer {
                private var caption = NSMutableAttributedString(string: "")

                func captionWidth() -> CGFloat {
                    return { () -> CGSize in let measured = CTLineCreateWithAttributedString(caption); \(line); return CGSize(width: measuredWidth, height: ascent + descent + leading) }().width + { () -> CGSize in let measured = CTLineCreateWithAttributedString(self.caption); \(line); return CGSize(width: measuredWidth, height: ascent + descent + leading) }().width
                }
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }
}
