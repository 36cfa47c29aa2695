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

    func testAFontParameterStoredInAFontPropertyIsACoreTextFontOnBothSides() {
        // A property given no font where it is declared, given the initializer's parameter;
        // `font` alone there is the parameter. Each is taken to be written while the other is
        // checked.
        let source = """
            final class TagLayer: CATextLayer {
                private let tagFont: UIFont
                init(text: String, tagFont: UIFont) {
                    self.tagFont = tagFont
                    super.init()
                    string = text
                    font = tagFont
                }
                required init(layer: Any) {
                    tagFont = (layer as! TagLayer).tagFont
                    super.init(layer: layer)
                }
                required init?(coder: NSCoder) { fatalError() }
                override func layoutSublayers() {
                    super.layoutSublayers()
                    fontSize = tagFont.pointSize
                }
            }
            let tag = TagLayer(text: "New", tagFont: .boldSystemFont(ofSize: 11))
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class TagLayer: CATextLayer {
                private let tagFont: CTFont
                init(text: String, tagFont: CTFont) {
                    self.tagFont = tagFont
                    super.init()
                    string = text
                    font = tagFont
                }
                required init(layer: Any) {
                    tagFont = (layer as! TagLayer).tagFont
                    super.init(layer: layer)
                }
                required init?(coder: NSCoder) { fatalError() }
                override func layoutSublayers() {
                    super.layoutSublayers()
                    fontSize = CTFontGetSize(tagFont)
                }
            }
            let tag = TagLayer(text: "New", tagFont: CTFontCreateUIFontForLanguage(.emphasizedSystem, 11, nil)!)
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
        // Given a font that is not written (a caller's kept font): both are left.
        let kept = source.replacingOccurrences(of: "tagFont: .boldSystemFont(ofSize: 11))", with: "tagFont: UIFont(descriptor: tagDescriptor, size: 0))")
        XCTAssertTrue(Porter.port(kept).ported.contains("private let tagFont: UIFont"), Porter.port(kept).ported)
    }

    func testFontVariablesAndPropertiesPassedForAFontParameterAreCoreTextFontsWithIt() {
        let source = """
            import UIKit

            func makeLabel(text: String, font: UIFont) -> CATextLayer {
                let label = CATextLayer()
                label.string = text
                label.font = font
                label.fontSize = font.pointSize
                return label
            }

            final class CardLayer: CALayer {
                let captionFont = UIFont.italicSystemFont(ofSize: 11)

                func build() {
                    let titleFont = UIFont.boldSystemFont(ofSize: 18)
                    addSublayer(makeLabel(text: "Title", font: titleFont))
                    addSublayer(makeLabel(text: "Subtitle", font: .systemFont(ofSize: 13)))
                    addSublayer(makeLabel(text: "Caption", font: captionFont))
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func makeLabel(text: String, font: CTFont) -> CATextLayer {
                let label = CATextLayer()
                label.string = text
                label.font = font
                label.fontSize = CTFontGetSize(font)
                return label
            }

            final class CardLayer: CALayer {
                let captionFont = CTFontCreateWithFontDescriptor(CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute: ".AppleSystemUIFont", kCTFontTraitsAttribute: [kCTFontSymbolicTrait: CTFontSymbolicTraits.traitItalic.rawValue]]), 11, nil)

                func build() {
                    let titleFont = CTFontCreateUIFontForLanguage(.emphasizedSystem, 18, nil)!
                    addSublayer(makeLabel(text: "Title", font: titleFont))
                    addSublayer(makeLabel(text: "Subtitle", font: CTFontCreateUIFontForLanguage(.system, 13, nil)!))
                    addSublayer(makeLabel(text: "Caption", font: captionFont))
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAFontParameterUsedOtherwiseOrPassedAKeptFontIsLeft() {
        let measured = """
            import UIKit

            func descriptor(font: UIFont) -> UIFontDescriptor { font.fontDescriptor }
            """
        XCTAssertEqual(Porter.port(measured).notes.map(\.construct), ["UIFont", "UIFontDescriptor"])
        let passedOn = """
            import UIKit

            func style(_ layer: CATextLayer, font: UIFont) { layer.font = font }
            func apply(_ layer: CATextLayer, chosen: UIFont) { style(layer, font: chosen) }
            """
        let ported = Porter.port(passedOn)
        XCTAssertEqual(ported.ported, passedOn.replacingOccurrences(of: "import UIKit", with: "import QuartzCore"))
    }
}
