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

    func testAFontParameterPassedOnToAnotherFontParameterTakesTheCoreTextFontToo() {
        // Measuring helpers that hand their font on (`width(usingFont:)` calls
        // `size(usingFont:)`), given a property holding a system font.
        let source = """
            import UIKit

            final class Counter: CALayer {
                var digitFont: UIFont = UIFont.systemFont(ofSize: 14)

                func digitWidth() -> CGFloat {
                    return "0".width(usingFont: digitFont)
                }
            }

            extension String {
                func size(usingFont font: UIFont) -> CGSize {
                    return (self as NSString).size(withAttributes: [.font: font])
                }

                func width(usingFont font: UIFont) -> CGFloat {
                    return size(usingFont: font).width
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("var digitFont: CTFont = CTFontCreateUIFontForLanguage(.system, 14, nil)!"), ported.ported)
        XCTAssertTrue(ported.ported.contains("func size(usingFont font: CTFont) -> CGSize {"), ported.ported)
        XCTAssertTrue(ported.ported.contains("func width(usingFont font: CTFont) -> CGFloat {"), ported.ported)
        XCTAssertFalse(ported.ported.contains("UIFont."), ported.ported)
        XCTAssertFalse(ported.ported.contains(": UIFont"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testAFontParameterPassedToAnotherFilesFunctionBesideOneOfItsNameWithOtherLabelsTakesTheCoreTextFont() {
        // A controller's `configure(with:font:)` hands its font to its view's
        // `configure(text:font:)`, declared in another file: the controller's own function of
        // the name takes other labels, so the call is the view's.
        let view = """
            import UIKit

            final class Banner: CALayer {
                private let text = CATextLayer()

                func configure(text string: String, font: UIFont) {
                    text.string = string
                    text.font = font
                    text.fontSize = font.pointSize
                }
            }
            """
        let controller = """
            import UIKit

            final class BannerHost: CALayer {
                private let banner = Banner()

                func configure(with text: String, font: UIFont) {
                    banner.configure(text: text, font: font)
                }
            }
            """
        let ported = Porter(
            sources: [Porter.Source(path: "Banner.swift", text: view), Porter.Source(path: "BannerHost.swift", text: controller)],
            addsMissingImports: false
        ).port()
        XCTAssertTrue(ported[0].ported.contains("func configure(text string: String, font: CTFont) {"), ported[0].ported)
        XCTAssertTrue(ported[0].ported.contains("text.fontSize = CTFontGetSize(font)"), ported[0].ported)
        XCTAssertTrue(ported[1].ported.contains("func configure(with text: String, font: CTFont) {"), ported[1].ported)
        XCTAssertEqual(ported.flatMap { $0.notes.map(\.construct) }, [])
        assertSecondRunChangesNothing(ported)
    }

    func testAPrivateFontPropertyIsWrittenBesideAnotherTypesPropertyOfTheSameName() {
        // A column stores the font its view gives it; both call it `font`. In the view's body
        // `font` is the view's own, and no other file can read the column's private one.
        let column = """
            import UIKit

            final class Column {
                private var font: UIFont

                init(font: UIFont) {
                    self.font = font
                }

                func text(_ string: String) -> NSAttributedString {
                    return NSAttributedString(string: string, attributes: [NSAttributedString.Key.font: font])
                }
            }
            """
        let view = """
            import UIKit

            final class DigitsLayer: CALayer {
                var font: UIFont = UIFont.systemFont(ofSize: 14)

                func makeColumn() -> Column {
                    return Column(font: font)
                }
            }
            """
        let ported = Porter(
            sources: [Porter.Source(path: "Column.swift", text: column), Porter.Source(path: "DigitsLayer.swift", text: view)],
            addsMissingImports: false
        ).port()
        XCTAssertTrue(ported[0].ported.contains("private var font: CTFont\n"), ported[0].ported)
        XCTAssertTrue(ported[0].ported.contains("init(font: CTFont) {"), ported[0].ported)
        XCTAssertTrue(ported[1].ported.contains("var font: CTFont = CTFontCreateUIFontForLanguage(.system, 14, nil)!"), ported[1].ported)
        XCTAssertEqual(ported.flatMap { $0.notes.map(\.construct) }, [])
        assertSecondRunChangesNothing(ported)
        // The two in one file, the column's property not private: each type's `font` is its own.
        let together = Porter.port(column.replacingOccurrences(of: "private var", with: "var") + "\n" + view.replacingOccurrences(of: "import UIKit\n", with: ""))
        XCTAssertTrue(together.ported.contains("    var font: CTFont\n"), together.ported)
        XCTAssertTrue(together.ported.contains("var font: CTFont = CTFontCreateUIFontForLanguage(.system, 14, nil)!"), together.ported)
        XCTAssertEqual(together.notes.map(\.construct), [])
        // A type nested in one declaring the name: the outer type's body holds the nested
        // one's, so the outer property is followed around it, and the nested one (whose file
        // declares the name again around it) is left, its `pointSize` read as UIKit's.
        let nested = Porter.port("""
            final class Legend {
                var font: UIFont = UIFont.systemFont(ofSize: 12)

                final class Entry {
                    var font: UIFont = UIFont.boldSystemFont(ofSize: 14)

                    func height() -> CGFloat {
                        return font.pointSize + 4
                    }
                }

                func title(_ text: String) -> NSAttributedString {
                    return NSAttributedString(string: text, attributes: [.font: font])
                }
            }
            """)
        XCTAssertTrue(nested.ported.contains("    var font: CTFont = CTFontCreateUIFontForLanguage(.system, 12, nil)!"), nested.ported)
        XCTAssertTrue(nested.ported.contains("        var font: UIFont = "), nested.ported)
        XCTAssertEqual(nested.notes.map(\.construct), ["UIFont"])
    }

    func testAFontParameterUsedOtherwiseOrPassedAKeptFontIsLeft() {
        let measured = """
            import UIKit

            func descriptor(font: UIFont) -> UIFontDescriptor { font.fontDescriptor }
            """
        XCTAssertEqual(Porter.port(measured).notes.map(\.construct), ["UIFont", "UIFontDescriptor"])
        // Passed on from a parameter that is itself passed a font the command keeps (one made
        // from a descriptor): both are left.
        let passedOn = """
            import UIKit

            func style(_ layer: CATextLayer, font: UIFont) { layer.font = font }
            func apply(_ layer: CATextLayer, chosen: UIFont) { style(layer, font: chosen) }
            func restyle(_ layer: CATextLayer, descriptor: UIFontDescriptor) { apply(layer, chosen: UIFont(descriptor: descriptor, size: 12)) }
            """
        let ported = Porter.port(passedOn)
        XCTAssertEqual(ported.ported, passedOn.replacingOccurrences(of: "import UIKit", with: "import QuartzCore"))
    }
    func testAnOptionalFontParameterTakesAnOptionalCoreTextFontAndIsPassedAnOptionalFontProperty() {
        // The parameter is bound to its own name, and given nil and an implicitly unwrapped
        // font property, which is written with it.
        let source = """
            import UIKit

            extension CATextLayer {
                func applyFont(_ uiFont: UIFont?) {
                    if let uiFont = uiFont {
                        font = uiFont.fontName as CFTypeRef
                        fontSize = uiFont.pointSize
                    } else {
                        font = nil
                    }
                }
            }

            final class LegendLayer: CALayer {
                var labelFont: UIFont!
                func makeLabel() -> CATextLayer {
                    let label = CATextLayer()
                    label.applyFont(labelFont)
                    return label
                }
                func makePlainLabel() -> CATextLayer {
                    let label = CATextLayer()
                    label.applyFont(nil)
                    return label
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            extension CATextLayer {
                func applyFont(_ uiFont: CTFont?) {
                    if let uiFont = uiFont {
                        font = CTFontCopyPostScriptName(uiFont) as CFTypeRef
                        fontSize = CTFontGetSize(uiFont)
                    } else {
                        font = nil
                    }
                }
            }

            final class LegendLayer: CALayer {
                var labelFont: CTFont!
                func makeLabel() -> CATextLayer {
                    let label = CATextLayer()
                    label.applyFont(labelFont)
                    return label
                }
                func makePlainLabel() -> CATextLayer {
                    let label = CATextLayer()
                    label.applyFont(nil)
                    return label
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }
}
