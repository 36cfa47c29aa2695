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
        let ported = Porter.port(source).ported
        XCTAssertFalse(ported.contains("CTFontGetAscent"), ported)
        XCTAssertFalse(ported.contains("CTFontGetDescent"), ported)
    }
}
