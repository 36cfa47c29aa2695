import LaminaPortRewriter
import XCTest

final class FontVariableRewriterTests: XCTestCase {
    func testAFontBridgedToCoreTextIsTheCoreTextFontItself() {
        // UIKit's and AppKit's fonts bridge toll-free to CTFont; once written, the font is one.
        let source = """
            func width(of text: String, font: UIFont) -> CGFloat {
                let ctFont = font as CTFont
                let line = CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: [.font: ctFont]))
                return CGFloat(CTLineGetTypographicBounds(line, nil, nil, nil))
            }

            func caption(_ layer: CATextLayer, _ text: String) {
                let font = UIFont.preferredFont(forTextStyle: .caption1)
                layer.font = font as CTFont
                layer.fontSize = font.pointSize
                layer.frame.size.width = width(of: text, font: font)
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func width(of text: String, font: CTFont) -> CGFloat {
                let ctFont = font
                let line = CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: [.font: ctFont]))
                return CGFloat(CTLineGetTypographicBounds(line, nil, nil, nil))
            }

            func caption(_ layer: CATextLayer, _ text: String) {
                let font = CTFontCreateUIFontForLanguage(.system, 12, nil)!
                layer.font = font
                layer.fontSize = CTFontGetSize(font)
                layer.frame.size.width = width(of: text, font: font)
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAFontKeptOnlyToGiveTextItsFontAndSizeHoldsTheCoreTextFont() {
        let source = """
            final class Badge: CALayer {
                let text = CATextLayer()
                var titleFont: UIFont = .boldSystemFont(ofSize: 13)

                func configure(_ string: String) {
                    let font = UIFont.systemFont(ofSize: 20)
                    text.font = font
                    text.fontSize = font.pointSize
                    text.string = NSAttributedString(string: string, attributes: [.font: titleFont])
                    print(titleFont.fontName)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class Badge: CALayer {
                let text = CATextLayer()
                var titleFont: CTFont = CTFontCreateUIFontForLanguage(.emphasizedSystem, 13, nil)!

                func configure(_ string: String) {
                    let font = CTFontCreateUIFontForLanguage(.system, 20, nil)!
                    text.font = font
                    text.fontSize = CTFontGetSize(font)
                    text.string = NSAttributedString(string: string, attributes: [.font: titleFont])
                    print(CTFontCopyPostScriptName(titleFont))
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAFontsLineMetricsAndCopiesAtOtherSizesAreCoreTextsFigures() {
        // UIKit: descender is negative; lineHeight is ascender − descender + leading.
        let source = """
            let font = UIFont(name: "Avenir-Heavy", size: 14)!
            let height = font.lineHeight
            let top = font.ascender, bottom = font.descender, caps = font.capHeight, gap = font.leading
            let title = font.withSize(28)
            layer.font = title
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            let font = CTFontCreateWithName("Avenir-Heavy" as CFString, 14, nil)
            let height = (CTFontGetAscent(font) + CTFontGetDescent(font) + CTFontGetLeading(font))
            let top = CTFontGetAscent(font), bottom = (-CTFontGetDescent(font)), caps = CTFontGetCapHeight(font), gap = CTFontGetLeading(font)
            let title = CTFontCreateCopyWithAttributes(font, 28, nil, nil)
            layer.font = title
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAWrittenFontsOwnPropertiesAreCoreTextsFigures() {
        // A font read for its name, size or line height where it is made (UIFont's properties,
        // Core Text's calls that give them: CTFont's documentation).
        let ported = Porter.port("""
            import UIKit

            func label(_ text: CATextLayer) {
                text.font = CTFontCreateWithName(UIFont.systemFont(ofSize: 0).fontName as CFString, 0, nil)
                text.fontSize = UIFont.boldSystemFont(ofSize: 15).pointSize
            }
            """)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func label(_ text: CATextLayer) {
                text.font = CTFontCreateWithName(CTFontCopyPostScriptName(CTFontCreateUIFontForLanguage(.system, 0, nil)!) as CFString, 0, nil)
                text.fontSize = CTFontGetSize(CTFontCreateUIFontForLanguage(.emphasizedSystem, 15, nil)!)
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testAFontUsedOtherwiseIsLeft() {
        let source = "var font: UIFont = .systemFont(ofSize: 12)\nlet descriptor = font.fontDescriptor\n"
        XCTAssertEqual(Porter.port(source).ported, source)
        XCTAssertEqual(Porter.port(source).notes.map(\.construct), ["UIFont"])
    }

    func testAUseOfAWrittenFontThatIsNotWrittenIsReported() {
        // The initializer becomes a CTFont, which has no fontDescriptor: said, not silent.
        let source = "let base = UIFont(name: \"Avenir-Heavy\", size: 14)!\nlet d = base.fontDescriptor\nlayer.font = base\n"
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.hasPrefix("let base = CTFontCreateWithName("), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), ["base.fontDescriptor"])
        XCTAssertEqual(ported.notes.first?.line, 2)
    }

    func testAnObservedFontPropertyAndACopyAtAnotherSizeAreCoreTextFonts() {
        let source = """
            final class TitleLayer: CATextLayer {
                var titleFont: UIFont = UIFont(name: "Avenir-Heavy", size: 18)! {
                    didSet {
                        font = titleFont
                        fontSize = titleFont.pointSize
                    }
                }
                func fit() -> CGFloat {
                    let big = titleFont.withSize(24)
                    string = NSAttributedString(string: "x", attributes: [.font: big])
                    return big.lineHeight - big.ascender
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class TitleLayer: CATextLayer {
                var titleFont: CTFont = CTFontCreateWithName("Avenir-Heavy" as CFString, 18, nil) {
                    didSet {
                        font = titleFont
                        fontSize = CTFontGetSize(titleFont)
                    }
                }
                func fit() -> CGFloat {
                    let big = CTFontCreateCopyWithAttributes(titleFont, 24, nil, nil)
                    string = NSAttributedString(string: "x", attributes: [.font: big])
                    return (CTFontGetAscent(big) + CTFontGetDescent(big) + CTFontGetLeading(big)) - CTFontGetAscent(big)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnUntypedObservedFontsUseTheCommandCannotWriteIsReported() {
        // Its initial value is written as a Core Text font, so `titleFont.fontDescriptor` no
        // longer compiles: the report says so rather than counting nothing left.
        let source = """
            final class TitleLayer: CATextLayer {
                var titleFont = UIFont.boldSystemFont(ofSize: 18) {
                    didSet { font = titleFont }
                }
                func describe() -> Any { titleFont.fontDescriptor }
            }
            """
        let ported = Porter.port(source, path: "Title.swift")
        XCTAssertEqual(ported.notes.map(\.construct), ["titleFont.fontDescriptor"])
    }

    func testAFontPropertyWithAFallbackIsACoreTextFont() {
        let source = """
            final class Caption: CATextLayer {
                var captionFont: UIFont = UIFont(name: "Avenir-Heavy", size: 18) ?? .boldSystemFont(ofSize: 18)
                func apply() { font = captionFont; fontSize = captionFont.pointSize }
            }
            """
        XCTAssertEqual(Porter.port(source).ported, """
            final class Caption: CATextLayer {
                var captionFont: CTFont = CTFontCreateWithName("Avenir-Heavy" as CFString, 18, nil)
                func apply() { font = captionFont; fontSize = CTFontGetSize(captionFont) }
            }
            """)
    }

    func testAFontPropertyReadOnAValueOfItsTypeIsWrittenThere() {
        // `chartStyle.font` where `chartStyle` is declared a `ChartStyle`: the property's use;
        // `label.font` (a text layer's) is another type's property of that name.
        let source = """
            struct ChartStyle {
                var font: UIFont = .systemFont(ofSize: 10)
                var spacing: CGFloat = 4
            }
            final class ChartLayer: CALayer {
                var chartStyle = ChartStyle()
                override func layoutSublayers() {
                    super.layoutSublayers()
                    let label = CATextLayer()
                    label.font = chartStyle.font
                    label.fontSize = chartStyle.font.pointSize
                    label.frame.size.height = self.chartStyle.font.lineHeight
                    addSublayer(label)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            struct ChartStyle {
                var font: CTFont = CTFontCreateUIFontForLanguage(.system, 10, nil)!
                var spacing: CGFloat = 4
            }
            final class ChartLayer: CALayer {
                var chartStyle = ChartStyle()
                override func layoutSublayers() {
                    super.layoutSublayers()
                    let label = CATextLayer()
                    label.font = chartStyle.font
                    label.fontSize = CTFontGetSize(chartStyle.font)
                    label.frame.size.height = (CTFontGetAscent(self.chartStyle.font) + CTFontGetDescent(self.chartStyle.font) + CTFontGetLeading(self.chartStyle.font))
                    addSublayer(label)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAStructsFontPropertyTakesTheFontsItsMemberwiseInitializationsPass() {
        // Given no font where it is declared, the struct's memberwise initializations give it
        // one: each written as the Core Text font.
        let source = """
            struct Theme {
                let accentWidth: CGFloat
                let titleFont: UIFont
                static let regular = Theme(accentWidth: 1, titleFont: .boldSystemFont(ofSize: 17))
                static let large = Theme(accentWidth: 2, titleFont: UIFont.systemFont(ofSize: 22))
            }
            func title(_ theme: Theme) -> CATextLayer {
                let layer = CATextLayer()
                layer.font = theme.titleFont
                layer.fontSize = theme.titleFont.pointSize
                return layer
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            struct Theme {
                let accentWidth: CGFloat
                let titleFont: CTFont
                static let regular = Theme(accentWidth: 1, titleFont: CTFontCreateUIFontForLanguage(.emphasizedSystem, 17, nil)!)
                static let large = Theme(accentWidth: 2, titleFont: CTFontCreateUIFontForLanguage(.system, 22, nil)!)
            }
            func title(_ theme: Theme) -> CATextLayer {
                let layer = CATextLayer()
                layer.font = theme.titleFont
                layer.fontSize = CTFontGetSize(theme.titleFont)
                return layer
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
        // Made in another ported file (which this file's pass cannot write): left.
        let other = Porter.Source(path: "Other.swift", text: "let huge = Theme(accentWidth: 3, titleFont: .systemFont(ofSize: 40))\n")
        let both = Porter(sources: [Porter.Source(path: "Theme.swift", text: source), other], addsMissingImports: false).port()
        XCTAssertTrue(both[0].ported.contains("let titleFont: UIFont"), both[0].ported)
    }

    func testAFontVariableGivenOtherFontsIsACoreTextFontAndSoAreThey() {
        // Shrinking a font until a string fits: the local is given smaller system fonts and
        // handed to a function measuring with it.
        let source = """
            func width(of text: String, font: UIFont) -> CGFloat {
                let line = CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: [.font: font]))
                return CGFloat(CTLineGetTypographicBounds(line, nil, nil, nil))
            }
            func fit(_ text: String, in layer: CATextLayer, width limit: CGFloat) {
                var size: CGFloat = 40
                var font = UIFont.systemFont(ofSize: size)
                while size > 8 && width(of: text, font: font) > limit {
                    size -= 1
                    font = .systemFont(ofSize: size)
                }
                layer.font = font
                layer.fontSize = size
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func width(of text: String, font: CTFont) -> CGFloat {
                let line = CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: [.font: font]))
                return CGFloat(CTLineGetTypographicBounds(line, nil, nil, nil))
            }
            func fit(_ text: String, in layer: CATextLayer, width limit: CGFloat) {
                var size: CGFloat = 40
                var font = CTFontCreateUIFontForLanguage(.system, size, nil)!
                while size > 8 && width(of: text, font: font) > limit {
                    size -= 1
                    font = CTFontCreateUIFontForLanguage(.system, size, nil)!
                }
                layer.font = font
                layer.fontSize = size
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testAStructsFontPropertyNamedLikeATextLayersFontIsWrittenBesideIt() {
        // `layer.font` on a value declared a CATextLayer is the layer's own property, not the
        // struct's, which no other type inherits.
        let source = """
            struct LabelTheme {
                var font: UIFont
                static let standard = LabelTheme(font: .boldSystemFont(ofSize: 14))
                func apply(to layer: CATextLayer) {
                    layer.font = font
                    layer.fontSize = font.pointSize
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            struct LabelTheme {
                var font: CTFont
                static let standard = LabelTheme(font: CTFontCreateUIFontForLanguage(.emphasizedSystem, 14, nil)!)
                func apply(to layer: CATextLayer) {
                    layer.font = font
                    layer.fontSize = CTFontGetSize(font)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
        // A class's property of that name on a value of another declared type may be a
        // subclass's: not followed, the property left.
        let inherited = source.replacingOccurrences(of: "struct LabelTheme", with: "class LabelTheme")
            .replacingOccurrences(of: "static let standard = LabelTheme(font: .boldSystemFont(ofSize: 14))", with: "init(font: UIFont) { self.font = font }")
        XCTAssertTrue(Porter.port(inherited).ported.contains("var font: UIFont"), Porter.port(inherited).ported)
    }

    func testAFontPropertyCopiedFromAnotherLayerOfItsTypeIsACoreTextFont() {
        let source = """
            final class TagLayer: CATextLayer {
                var tagFont: UIFont = .systemFont(ofSize: 11) {
                    didSet { font = tagFont }
                }
                override init(layer: Any) {
                    super.init(layer: layer)
                    if let other = layer as? TagLayer { tagFont = other.tagFont }
                }
            }
            """
        XCTAssertEqual(Porter.port(source).ported, """
            final class TagLayer: CATextLayer {
                var tagFont: CTFont = CTFontCreateUIFontForLanguage(.system, 11, nil)! {
                    didSet { font = tagFont }
                }
                required init(layer: Any) {
                    super.init(layer: layer)
                    if let other = layer as? TagLayer { tagFont = other.tagFont }
                }
            }
            """)
    }

    func testAFontReadBackFromAttributesIsCastToTheCoreTextFontTheyHold() {
        // Lamina's attributed strings hold the CTFont at `.font`, as UIKit's hold the UIFont.
        let source = """
            func sizes(in text: NSAttributedString) -> [CGFloat] {
                var sizes: [CGFloat] = []
                text.enumerateAttribute(.font, in: NSRange(location: 0, length: text.length), options: []) { value, _, _ in
                    if let font = value as? UIFont { sizes.append(font.pointSize) }
                }
                guard let first = text.attribute(.font, at: 0, effectiveRange: nil) as? NSFont else { return sizes }
                return sizes + [first.capHeight]
            }
            func described(_ value: Any?) -> String {
                guard let font = value as? UIFont else { return "" }
                return font.fontDescriptor.description
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func sizes(in text: NSAttributedString) -> [CGFloat] {
                var sizes: [CGFloat] = []
                text.enumerateAttribute(.font, in: NSRange(location: 0, length: text.length), options: []) { value, _, _ in
                    if let font = value as? CTFont { sizes.append(CTFontGetSize(font)) }
                }
                guard let first = text.attribute(.font, at: 0, effectiveRange: nil) as? CTFont else { return sizes }
                return sizes + [CTFontGetCapHeight(first)]
            }
            func described(_ value: Any?) -> String {
                guard let font = value as? UIFont else { return "" }
                return font.fontDescriptor.description
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIFont"], "the font used otherwise is left, and reported")
    }

    func testAFontBoundFromItsNameIsTheCoreTextFontWhichIsNeverNil() {
        // UIKit gives nil for a font that is not installed; Core Text falls back to a similar
        // one, so the binding always holds a font and the else branch is not taken.
        let source = """
            func style(_ layer: CATextLayer) {
                if let custom = UIFont(name: "Futura-Medium", size: 16) {
                    layer.font = custom
                    layer.fontSize = custom.pointSize
                }
                guard let title = NSFont(name: "Avenir-Heavy", size: 20) else { return }
                layer.string = NSAttributedString(string: "x", attributes: [.font: title])
                if let other = UIFont(name: "Menlo", size: 9) { layer.contents = other.fontDescriptor }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func style(_ layer: CATextLayer) {
                if let custom = Optional(CTFontCreateWithName("Futura-Medium" as CFString, 16, nil)) {
                    layer.font = custom
                    layer.fontSize = CTFontGetSize(custom)
                }
                guard let title = Optional(CTFontCreateWithName("Avenir-Heavy" as CFString, 20, nil)) else { return }
                layer.string = NSAttributedString(string: "x", attributes: [.font: title])
                if let other = UIFont(name: "Menlo", size: 9) { layer.contents = other.fontDescriptor }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIFont"], "the font used otherwise is left, and reported")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAComputedFontPropertyReturnsTheCoreTextFontsItsGetterMakes() {
        let source = """
            final class Badge: CALayer {
                let label = CATextLayer()
                var isCompact = false

                private static var titleFont: UIFont {
                    UIFontMetrics(forTextStyle: .headline).scaledFont(for: .boldSystemFont(ofSize: 17))
                }

                var bodyFont: UIFont {
                    if isCompact { return .systemFont(ofSize: 12) }
                    return UIFont(name: "Avenir-Book", size: 14)!
                }

                var otherFont: UIFont { UIFont(descriptor: descriptor, size: 9) }

                func update() {
                    label.font = Self.titleFont
                    label.fontSize = bodyFont.pointSize
                    label.string = NSAttributedString(string: "1", attributes: [.font: bodyFont])
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class Badge: CALayer {
                let label = CATextLayer()
                var isCompact = false

                private static var titleFont: CTFont {
                    CTFontCreateUIFontForLanguage(.emphasizedSystem, 17, nil)!
                }

                var bodyFont: CTFont {
                    if isCompact { return CTFontCreateUIFontForLanguage(.system, 12, nil)! }
                    return CTFontCreateWithName("Avenir-Book" as CFString, 14, nil)
                }

                var otherFont: UIFont { UIFont(descriptor: descriptor, size: 9) }

                func update() {
                    label.font = Self.titleFont
                    label.fontSize = CTFontGetSize(bodyFont)
                    label.string = NSAttributedString(string: "1", attributes: [.font: bodyFont])
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIFont"], "the font the command does not write is left, and reported")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAFontReadBackFromAttributesWithAFallbackIsTheCoreTextFont() {
        let source = """
            import AppKit

            enum Theme {
                static let status = NSFont.systemFont(ofSize: 14, weight: .medium)
                static let label = NSFont.boldSystemFont(ofSize: 13)
            }

            extension NSAttributedString {
                convenience init(_ string: String, font: NSFont, kern: CGFloat = 0) {
                    var attributes: [NSAttributedString.Key: Any] = [.font: font]
                    if kern != 0 { attributes[.kern] = kern }
                    self.init(string: string, attributes: attributes)
                }
            }

            final class TextLayer: CATextLayer {
                var text = NSAttributedString(string: "")
                func show(_ name: String) {
                    text = NSAttributedString(name, font: Theme.label, kern: 0.2)
                    let ellipsis = NSAttributedString("…", font: (text.attribute(.font, at: 0, effectiveRange: nil) as? NSFont) ?? Theme.status)
                    let font = (text.attribute(.font, at: 0, effectiveRange: nil) as? NSFont) ?? Theme.status
                    bounds.size.height = ceil(font.ascender - font.descender)
                    string = ellipsis
                }
            }
            """
        let ported = Porter.port(source, path: "Text.swift")
        XCTAssertTrue(ported.ported.contains("convenience init(_ string: String, font: CTFont, kern: CGFloat = 0) {"), ported.ported)
        XCTAssertTrue(ported.ported.contains("text = NSAttributedString(name, font: Theme.label, kern: 0.2)"), ported.ported)
        XCTAssertTrue(
            ported.ported.contains(
                "let ellipsis = NSAttributedString(\"…\", font: (text.attribute(.font, at: 0, effectiveRange: nil) as? CTFont) ?? Theme.status)"),
            ported.ported)
        XCTAssertTrue(ported.ported.contains("let font = (text.attribute(.font, at: 0, effectiveRange: nil) as? CTFont) ?? Theme.status"), ported.ported)
        // UIKit's descender is negative: Core Text's descent with its sign turned.
        XCTAssertTrue(ported.ported.contains("bounds.size.height = ceil(CTFontGetAscent(font) - (-CTFontGetDescent(font)))"), ported.ported)
        XCTAssertTrue(ported.ported.contains("static let label = CTFontCreateUIFontForLanguage(.emphasizedSystem, 13, nil)!"), ported.ported)
        XCTAssertFalse(ported.ported.contains("NSFont"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAFontReadBackWithoutParenthesesIsTheCoreTextFontOrItsFallback() {
        // `as?` binds tighter than `??` (Swift's CastingPrecedence is above
        // NilCoalescingPrecedence), so the cast needs no parentheses.
        let source = """
            import UIKit

            func lineHeight(of text: NSAttributedString) -> CGFloat {
                let font = text.attribute(.font, at: 0, effectiveRange: nil) as? UIFont
                    ?? UIFont.systemFont(ofSize: 12)
                return font.ascender + abs(font.descender)
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                let font = text.attribute(.font, at: 0, effectiveRange: nil) as? CTFont
                    ?? CTFontCreateUIFontForLanguage(.system, 12, nil)!
                return CTFontGetAscent(font) + abs((-CTFontGetDescent(font)))
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testAFontReadBackWithAFallbackThatIsNotAFontTheCommandWritesIsLeft() {
        let source = """
            func height(of text: NSAttributedString, fallback: UIFont) -> CGFloat {
                let font = (text.attribute(.font, at: 0, effectiveRange: nil) as? UIFont) ?? fallback
                print(fallback.fontDescriptor)
                return font.lineHeight
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, source)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIFont"])
    }

    func testAFontPropertyGivenAnInitializersFontAndNamedAsTheAttributeKeyIsACoreTextFont() {
        // `NSAttributedString.Key.font` is the key type's static member, not a value's `font`
        // property; the key's Swift 4 spelling (`NSAttributedStringKey.font`) under an older
        // compiler's branch is a font attribute too.
        let source = """
            import UIKit

            final class NumberColumn {
                private var font: UIFont
                private var textColor: UIColor

                init(font: UIFont, textColor: UIColor) {
                    self.font = font
                    self.textColor = textColor
                }

                func text(_ digits: String) -> NSAttributedString {
                    #if swift(>=4.2)
                    return NSAttributedString(string: digits, attributes: [NSAttributedString.Key.foregroundColor: textColor.cgColor, NSAttributedString.Key.font: font])
                    #else
                    return NSAttributedString(string: digits, attributes: [NSAttributedStringKey.foregroundColor: textColor.cgColor, NSAttributedStringKey.font: font])
                    #endif
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("    private var font: CTFont\n"), ported.ported)
        XCTAssertTrue(ported.ported.contains("    init(font: CTFont, textColor: CGColor) {"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }
    func testAnOptionalFontPropertyUnwrappedOnlyToGiveTextItsFontHoldsAnOptionalCoreTextFont() {
        // Each way of reading an optional: bound by `if let` (to another name, to itself, and
        // the shorthand), `guard let`, forced, chained for a metric, compared with and given
        // nil, and given a font the command writes.
        let source = """
            import UIKit

            final class CaptionLayer: CATextLayer {
                var captionFont: UIFont?
                var badgeFont: UIFont!

                func useSmallCaption() {
                    captionFont = .systemFont(ofSize: 11)
                }

                func clearCaption() {
                    if captionFont != nil { captionFont = nil }
                }

                func apply() {
                    if let chosen = captionFont {
                        font = chosen
                        fontSize = chosen.pointSize
                    }
                    if let captionFont = captionFont {
                        string = NSAttributedString(string: "x", attributes: [.font: captionFont])
                    }
                    if let captionFont {
                        fontSize = captionFont.lineHeight
                    }
                    let inset = captionFont?.descender ?? 0
                    contentsRect.origin.y = inset
                    fontSize = badgeFont.pointSize
                    font = badgeFont!
                }

                func badgeHeight() -> CGFloat {
                    guard let font = badgeFont else { return 0 }
                    return font.capHeight
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class CaptionLayer: CATextLayer {
                var captionFont: CTFont?
                var badgeFont: CTFont!

                func useSmallCaption() {
                    captionFont = CTFontCreateUIFontForLanguage(.system, 11, nil)!
                }

                func clearCaption() {
                    if captionFont != nil { captionFont = nil }
                }

                func apply() {
                    if let chosen = captionFont {
                        font = chosen
                        fontSize = CTFontGetSize(chosen)
                    }
                    if let captionFont = captionFont {
                        string = NSAttributedString(string: "x", attributes: [.font: captionFont])
                    }
                    if let captionFont {
                        fontSize = (CTFontGetAscent(captionFont) + CTFontGetDescent(captionFont) + CTFontGetLeading(captionFont))
                    }
                    let inset = captionFont.map { (-CTFontGetDescent($0)) } ?? 0
                    contentsRect.origin.y = inset
                    fontSize = CTFontGetSize(badgeFont)
                    font = badgeFont!
                }

                func badgeHeight() -> CGFloat {
                    guard let font = badgeFont else { return 0 }
                    return CTFontGetCapHeight(font)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testAnOptionalFontWhoseUnwrappedFontIsUsedOtherwiseIsLeft() {
        // The bound font's descriptor is UIKit's: the property stays a UIFont, and is reported.
        let source = """
            final class CaptionLayer: CATextLayer {
                var captionFont: UIFont?
                func apply() {
                    if let captionFont {
                        font = captionFont
                        let traits = captionFont.fontDescriptor.symbolicTraits
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, source)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIFont"])
    }
}
