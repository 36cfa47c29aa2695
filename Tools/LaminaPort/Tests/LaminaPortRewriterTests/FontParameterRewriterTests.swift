import LaminaPortRewriter
import XCTest

final class FontParameterRewriterTests: XCTestCase {
    func testAFontParameterThatOnlyGivesTextItsFontTakesTheCoreTextFont() {
        let source = """
            import UIKit

            func makeLabel(_ text: String, font: UIFont = .systemFont(ofSize: 12)) -> CATextLayer {
                let layer = CATextLayer()
                layer.font = font
                layer.fontSize = font.pointSize
                layer.string = NSAttributedString(string: text, attributes: [.font: font])
                return layer
            }

            let title = makeLabel("Title", font: .boldSystemFont(ofSize: 20))
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func makeLabel(_ text: String, font: CTFont = CTFontCreateUIFontForLanguage(.system, 12, nil)!) -> CATextLayer {
                let layer = CATextLayer()
                layer.font = font
                layer.fontSize = CTFontGetSize(font)
                layer.string = NSAttributedString(string: text, attributes: [.font: font])
                return layer
            }

            let title = makeLabel("Title", font: CTFontCreateUIFontForLanguage(.emphasizedSystem, 20, nil)!)
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAFontParameterUsedOtherwiseOrPassedAKeptFontIsLeft() {
        let measured = """
            import UIKit

            func descriptor(font: UIFont) -> UIFontDescriptor { font.fontDescriptor }
            """
        XCTAssertEqual(Porter.port(measured).notes.map(\.construct), ["UIFont"])
        let passedOn = """
            import UIKit

            func style(_ layer: CATextLayer, font: UIFont) { layer.font = font }
            func apply(_ layer: CATextLayer, chosen: UIFont) { style(layer, font: chosen) }
            """
        let ported = Porter.port(passedOn)
        XCTAssertEqual(ported.ported, passedOn.replacingOccurrences(of: "import UIKit", with: "import QuartzCore"))
    }
}
