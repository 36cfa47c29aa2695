import LaminaPortRewriter
import XCTest

/// `UIFont` extensions deriving fonts — traits through the font's descriptor, sizes, a named
/// font with a fallback — are written on `CTFont`, and their uses become `CTFont`'s. The
/// traits replace the font's bold, italic, condensed and expanded ones, as UIKit's
/// `withSymbolicTraits(_:)` replaces a descriptor's symbolic traits.
final class FontExtensionRewriterTests: XCTestCase {
    private static let replaced = "[.traitBold, .traitItalic, .traitCondensed, .traitExpanded]"

    func testTraitHelpersAreWrittenOnCTFontWithTheirUses() {
        let fonts = Porter.Source(path: "Fonts.swift", text: """
            import UIKit

            extension UIFont {
                func withTraits(_ traits: UIFontDescriptor.SymbolicTraits...) -> UIFont {
                    guard let descriptor = fontDescriptor.withSymbolicTraits(UIFontDescriptor.SymbolicTraits(traits)) else { return self }
                    return UIFont(descriptor: descriptor, size: 0)
                }

                var bold: UIFont { withTraits(.traitBold) }

                var isItalic: Bool { self.fontDescriptor.symbolicTraits.contains(.traitItalic) }

                func larger(by factor: CGFloat) -> UIFont {
                    UIFont(descriptor: fontDescriptor.withSymbolicTraits(fontDescriptor.symbolicTraits)!, size: pointSize * factor)
                }

                static func brand(ofSize size: CGFloat) -> UIFont {
                    UIFont(name: "Georgia-Bold", size: size) ?? .boldSystemFont(ofSize: size)
                }

                static var badge: UIFont { .boldSystemFont(ofSize: 11) }
            }
            """)
        let title = Porter.Source(path: "Title.swift", text: """
            import UIKit

            final class TitleLayer: CATextLayer {
                let heading = UIFont.systemFont(ofSize: 20).bold

                func style() {
                    font = heading
                    fontSize = heading.pointSize
                    let caption = UIFont.brand(ofSize: 12)
                    string = NSAttributedString(string: "Caption", attributes: [.font: caption.withTraits(.traitItalic)])
                }

                func styleAsBadge() {
                    font = UIFont.badge
                }
            }
            """)
        let ported = Porter(sources: [fonts, title], addsMissingImports: false).port()
        XCTAssertEqual(ported[0].ported, """
            import QuartzCore

            extension CTFont {
                func withTraits(_ traits: CTFontSymbolicTraits...) -> CTFont {
                    guard let descriptor = CTFontCreateCopyWithSymbolicTraits(self, 0, nil, CTFontSymbolicTraits(traits), \(Self.replaced)) else { return self }
                    return descriptor
                }

                var bold: CTFont { withTraits(.traitBold) }

                var isItalic: Bool { CTFontGetSymbolicTraits(self).contains(.traitItalic) }

                func larger(by factor: CGFloat) -> CTFont {
                    CTFontCreateCopyWithAttributes(CTFontCreateCopyWithSymbolicTraits(self, 0, nil, CTFontGetSymbolicTraits(self), \(Self.replaced))!, CTFontGetSize(self) * factor, nil, nil)
                }

                static func brand(ofSize size: CGFloat) -> CTFont {
                    CTFontCreateWithName("Georgia-Bold" as CFString, size, nil)
                }

                static var badge: CTFont { CTFontCreateUIFontForLanguage(.emphasizedSystem, 11, nil)! }
            }
            """)
        XCTAssertEqual(ported[1].ported, """
            import QuartzCore

            final class TitleLayer: CATextLayer {
                let heading = CTFontCreateUIFontForLanguage(.system, 20, nil)!.bold

                func style() {
                    font = heading
                    fontSize = CTFontGetSize(heading)
                    let caption = CTFont.brand(ofSize: 12)
                    string = NSAttributedString(string: "Caption", attributes: [.font: caption.withTraits(.traitItalic)])
                }

                func styleAsBadge() {
                    font = CTFont.badge
                }
            }
            """)
        XCTAssertEqual(ported.flatMap(\.notes).map(\.construct), [], "nothing is left for a person")
        let again = Porter(sources: ported.map { .init(path: $0.path, text: $0.ported) }, addsMissingImports: false).port()
        XCTAssertEqual(again.map(\.ported), ported.map(\.ported), "a second run changes nothing")
    }

    func testAnExtensionUsingTheDescriptorOtherwiseIsLeftForAPerson() {
        for members in [
            // The descriptor handed on.
            "var descriptor: UIFontDescriptor { fontDescriptor }",
            // Another of the descriptor's members.
            "var rounded: UIFont {\n        UIFont(descriptor: fontDescriptor.withDesign(.rounded)!, size: 0)\n    }",
            // An initializer.
            "convenience init(brandSize: CGFloat) {\n        self.init(name: \"Georgia\", size: brandSize)!\n    }",
            // Another UIKit type.
            "var weight: UIFont.Weight { .bold }",
        ] {
            let source = "import UIKit\n\nextension UIFont {\n    \(members)\n}\n"
            let ported = Porter.port(source)
            XCTAssertEqual(ported.ported, source.replacingOccurrences(of: "import UIKit", with: "import QuartzCore"), members)
            XCTAssertFalse(ported.notes.isEmpty, members)
        }
    }
}
