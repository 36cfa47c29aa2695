import LaminaPortRewriter
import XCTest

final class TextLayerFontMetricsRewriterTests: XCTestCase {
    func testMetricsReadOffATextLayerSubclassesFontAreCoreTextCalls() {
        let source = """
            import UIKit

            final class CenteredTextLayer: CATextLayer {
                override func draw(in ctx: CGContext) {
                    let height = (font?.ascender ?? fontSize) - (font?.descender ?? 0.0)
                    let size = self.font?.pointSize.rounded()
                    ctx.translateBy(x: 0, y: (bounds.height - height) / 2)
                    super.draw(in: ctx)
                }
            }
            """
        let ported = Porter.port(source, path: "CenteredTextLayer.swift")
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class CenteredTextLayer: CATextLayer {
                override func draw(in ctx: CGContext) {
                    let height = ((font as? CTFont).map { CTFontGetAscent($0) } ?? fontSize) - ((font as? CTFont).map { -CTFontGetDescent($0) } ?? 0.0)
                    let size = (self.font as? CTFont).map { CTFontGetSize($0) }?.rounded()
                    ctx.translateBy(x: 0, y: (bounds.height - height) / 2)
                    super.draw(in: ctx)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertTrue(ported.reportLines.contains { $0.hasPrefix("CenteredTextLayer.swift:5: font?.ascender -> (font as? CTFont).map { CTFontGetAscent($0) }") },
            ported.reportLines.joined(separator: "\n"))
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAForcedLookupOnADeclaredTextLayerIsTheForcedCast() {
        let source = """
            func lineHeight(of layer: CATextLayer) -> CGFloat {
                layer.font!.lineHeight + layer.font!.capHeight
            }
            """
        XCTAssertEqual(Porter.port(source).ported, """
            func lineHeight(of layer: CATextLayer) -> CGFloat {
                (CTFontGetAscent((layer.font as! CTFont)) + CTFontGetDescent((layer.font as! CTFont)) + CTFontGetLeading((layer.font as! CTFont))) + CTFontGetCapHeight((layer.font as! CTFont))
            }
            """)
    }

    func testAFontThatIsNotATextLayersIsLeftAlone() {
        let source = """
            final class CaptionLayer: CATextLayer {
                func measure(font: UIFont?) -> CGFloat { font?.ascender ?? 0 }
                func other() -> CGFloat {
                    let font: UIFont? = nil
                    return font?.descender ?? 0
                }
            }
            final class BadgeLayer: CALayer {
                var font: UIFont?
                func top() -> CGFloat { font?.ascender ?? 0 }
            }
            """
        // The parameter and the local are fonts of their own, which the font passes write as
        // optional Core Text fonts; none is read as the text layer's `font` (no cast of it).
        // The property of the layer that is not a text layer shares the name with the text
        // layer's, so it is left for a person.
        let ported = Porter.port(source).ported
        XCTAssertFalse(ported.contains("as! CTFont"), ported)
        XCTAssertEqual(ported, """
            final class CaptionLayer: CATextLayer {
                func measure(font: CTFont?) -> CGFloat { font.map { CTFontGetAscent($0) } ?? 0 }
                func other() -> CGFloat {
                    let font: CTFont? = nil
                    return font.map { (-CTFontGetDescent($0)) } ?? 0
                }
            }
            final class BadgeLayer: CALayer {
                var font: UIFont?
                func top() -> CGFloat { font?.ascender ?? 0 }
            }
            """)
    }
}
