import LaminaPortRewriter
import XCTest

/// `UIColor` extensions of initializers that make a colour from components, and of static
/// colours, are written on `CGColor`, and their uses in every ported file become `CGColor`'s.
final class ColorExtensionRewriterTests: XCTestCase {
    private let palette = Porter.Source(path: "Palette.swift", text: """
        import UIKit

        extension UIColor {
            convenience init(hex: Int, alpha: CGFloat = 1.0) {
                let red = CGFloat((hex >> 16) & 0xFF) / 255
                self.init(red: red, green: CGFloat((hex >> 8) & 0xFF) / 255, blue: CGFloat(hex & 0xFF) / 255, alpha: alpha)
            }

            convenience init(level: Int) {
                self.init(white: CGFloat(level) / 255, alpha: 1)
            }

            static let brand = UIColor(hex: 0x3366FF)
            static var hairline: UIColor { return UIColor(white: 0.9, alpha: 1) }
            static let accent: UIColor = .orange
        }
        """)

    func testTheExtensionIsWrittenOnCGColorAndItsUsesInAnotherFileToo() {
        let ring = Porter.Source(path: "Ring.swift", text: """
            import UIKit

            func style(_ ring: CAShapeLayer, _ ctx: CGContext) {
                ring.strokeColor = UIColor(hex: 0x3366FF).cgColor
                ring.fillColor = UIColor(hex: 0x3366FF, alpha: 0.5).cgColor
                ring.shadowColor = UIColor(level: 40).cgColor
                UIGraphicsPushContext(ctx)
                UIColor(hex: 0xFF0000).setFill()
                UIGraphicsPopContext()
                ring.borderColor = UIColor.brand.cgColor
                ring.backgroundColor = UIColor.hairline.withAlphaComponent(0.5).cgColor
                let stops: [UIColor] = [.accent, .brand]
                ring.sublayers?.first?.backgroundColor = stops[0].cgColor
            }
            """)
        let ported = Porter(sources: [palette, ring]).port()
        XCTAssertEqual(ported[0].ported, """
            import QuartzCore

            extension CGColor {
                convenience init(hex: Int, alpha: CGFloat = 1.0) {
                    let red = CGFloat((hex >> 16) & 0xFF) / 255
                    self.init(red: red, green: CGFloat((hex >> 8) & 0xFF) / 255, blue: CGFloat(hex & 0xFF) / 255, alpha: alpha)
                }

                convenience init(level: Int) {
                    self.init(gray: CGFloat(level) / 255, alpha: 1)
                }

                static let brand = CGColor(hex: 0x3366FF)
                static var hairline: CGColor { return CGColor(gray: 0.9, alpha: 1) }
                static let accent: CGColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
            }
            """)
        XCTAssertEqual(ported[1].ported, """
            import QuartzCore

            func style(_ ring: CAShapeLayer, _ ctx: CGContext) {
                ring.strokeColor = CGColor(hex: 0x3366FF)
                ring.fillColor = CGColor(hex: 0x3366FF, alpha: 0.5)
                ring.shadowColor = CGColor(level: 40)
                ctx.setFillColor(CGColor(hex: 0xFF0000))
                ring.borderColor = CGColor.brand
                ring.backgroundColor = CGColor.hairline.copy(alpha: 0.5)!
                let stops: [CGColor] = [CGColor.accent, CGColor.brand]
                ring.sublayers?.first?.backgroundColor = stops[0]
            }
            """)
        XCTAssertEqual(ported.flatMap(\.notes).map(\.construct), [], "nothing is left for a person")
        let again = Porter(sources: zip([palette, ring], ported).map { Porter.Source(path: $0.path, text: $1.ported) }).port()
        XCTAssertEqual(again.map(\.ported), ported.map(\.ported), "a second run changes nothing")
    }

    func testAnInitializerThatParsesAHexStringFirstIsWrittenWithEachOfItsDelegations() {
        let source = """
            import UIKit

            extension UIColor {
                convenience init(hexString: String) {
                    let cleaned = hexString.replacingOccurrences(of: "#", with: "")
                    var rgb: UInt64 = 0
                    guard cleaned.count == 6, Scanner(string: cleaned).scanHexInt64(&rgb) else {
                        self.init(white: 0, alpha: 1)
                        return
                    }
                    self.init(red: CGFloat((rgb >> 16) & 0xFF) / 255, green: CGFloat((rgb >> 8) & 0xFF) / 255, blue: CGFloat(rgb & 0xFF) / 255, alpha: 1)
                }
            }

            let tint = UIColor(hexString: "#3366FF").cgColor
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, source
            .replacingOccurrences(of: "import UIKit", with: "import QuartzCore")
            .replacingOccurrences(of: "extension UIColor", with: "extension CGColor")
            .replacingOccurrences(of: "self.init(white: 0", with: "self.init(gray: 0")
            .replacingOccurrences(of: "UIColor(hexString: \"#3366FF\").cgColor", with: "CGColor(hexString: \"#3366FF\")"))
        XCTAssertEqual(ported.notes.map(\.construct), [])
        // Delegating to another of the extension's initializers: written too.
        let chained = "import UIKit\n\nextension UIColor {\n    convenience init(level: Int) {\n        self.init(white: CGFloat(level) / 255, alpha: 1)\n    }\n    convenience init(percent: Int) {\n        self.init(level: percent * 255 / 100)\n    }\n}\n"
        XCTAssertEqual(
            Porter.port(chained).ported,
            chained.replacingOccurrences(of: "import UIKit", with: "import QuartzCore").replacingOccurrences(of: "UIColor", with: "CGColor")
                .replacingOccurrences(of: "white:", with: "gray:"))
    }

    func testACallThatMatchesNoInitializerOfTheExtensionIsLeft() {
        let use = Porter.Source(path: "Use.swift", text: "import UIKit\nlet tint = UIColor(hex: \"#3366FF\", fallback: nil).cgColor\n")
        let ported = Porter(sources: [palette, use]).port()
        XCTAssertEqual(ported[1].ported, "import QuartzCore\nlet tint = UIColor(hex: \"#3366FF\", fallback: nil).cgColor\n")
        XCTAssertEqual(ported[1].notes.map(\.construct), ["UIColor"])
    }

    func testAStaticFunctionReturningAColourIsWrittenOnCGColorWithItsCalls() {
        // `UIColor.random()` and a function of a level, as demos declare them; a call in
        // another file, with and without the type, and given an alpha.
        let colours = Porter.Source(path: "Colours.swift", text: """
            import UIKit

            extension UIColor {
                static func random() -> UIColor {
                    UIColor(red: .random(in: 0...1), green: .random(in: 0...1), blue: .random(in: 0...1), alpha: 1)
                }
                class func gray(_ level: CGFloat, alpha: CGFloat = 1) -> UIColor { return UIColor(white: level, alpha: alpha) }
            }
            """)
        let tiles = Porter.Source(path: "Tiles.swift", text: """
            import UIKit

            func paint(_ tile: CALayer) {
                tile.backgroundColor = UIColor.random().cgColor
                tile.borderColor = UIColor.gray(0.2).withAlphaComponent(0.5).cgColor
                let border: UIColor = .gray(0.8, alpha: 0.9)
                tile.shadowColor = border.cgColor
            }
            """)
        let ported = Porter(sources: [colours, tiles]).port()
        XCTAssertEqual(ported[0].ported, """
            import QuartzCore

            extension CGColor {
                static func random() -> CGColor {
                    CGColor(red: .random(in: 0...1), green: .random(in: 0...1), blue: .random(in: 0...1), alpha: 1)
                }
                class func gray(_ level: CGFloat, alpha: CGFloat = 1) -> CGColor { return CGColor(gray: level, alpha: alpha) }
            }
            """)
        XCTAssertEqual(ported[1].ported, """
            import QuartzCore

            func paint(_ tile: CALayer) {
                tile.backgroundColor = CGColor.random()
                tile.borderColor = CGColor.gray(0.2).copy(alpha: 0.5)!
                let border: CGColor = CGColor.gray(0.8, alpha: 0.9)
                tile.shadowColor = border
            }
            """)
        XCTAssertEqual(ported.flatMap(\.notes).map(\.construct), [])
        let again = Porter(sources: ported.map { .init(path: $0.path, text: $0.ported) }).port()
        XCTAssertEqual(again.map(\.ported), ported.map(\.ported), "a second run changes nothing")
    }

    func testAnyColourWrittenGivenAnAlphaIsItsCopyWithThatAlpha() {
        // UIKit's withAlphaComponent replaces the alpha, as CGColor's copy(alpha:) does.
        let source = """
            func fade(_ layer: CALayer, _ other: CGColor?) {
                layer.borderColor = UIColor(cgColor: layer.backgroundColor!).withAlphaComponent(0.3).cgColor
                layer.shadowColor = UIColor(cgColor: other ?? layer.backgroundColor!).withAlphaComponent(0.5).cgColor
                layer.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1).withAlphaComponent(0.25).cgColor
            }
            """
        XCTAssertEqual(Porter.port(source).ported, """
            func fade(_ layer: CALayer, _ other: CGColor?) {
                layer.borderColor = layer.backgroundColor!.copy(alpha: 0.3)!
                layer.shadowColor = (other ?? layer.backgroundColor!).copy(alpha: 0.5)!
                layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1).copy(alpha: 0.25)!
            }
            """)
    }

    func testAnExtensionWithAnotherKindOfMemberIsLeftForAPerson() {
        for members in [
            "convenience init(hex: Int) {\n        self.init(white: 1, alpha: 1)\n    }\n    var isDark: Bool { false }",
            "convenience init?(name: String) {\n        self.init(white: 1, alpha: 1)\n    }",
            "convenience init(hex: Int) {\n        self.init(cgColor: CGColor(gray: 1, alpha: 1))\n    }",
            "static let brand = UIColor(named: \"Brand\")!",
            "static let names = [\"brand\"]",
        ] {
            let source = "import UIKit\n\nextension UIColor {\n    \(members)\n}\nlet tint = UIColor(hex: 1).cgColor\n"
            let ported = Porter.port(source)
            XCTAssertEqual(ported.ported, source.replacingOccurrences(of: "import UIKit", with: "import QuartzCore"), members)
            XCTAssertEqual(ported.notes.map(\.construct), ["UIColor"], members)
        }
    }
}
