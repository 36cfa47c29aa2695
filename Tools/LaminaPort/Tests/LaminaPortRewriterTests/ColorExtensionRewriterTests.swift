import LaminaPortRewriter
import XCTest

/// `UIColor` extensions of initializers that make a colour from components, of static colours,
/// and of instance members reading the receiver's components, are written on `CGColor`, and
/// their uses in every ported file become `CGColor`'s.
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
        let ported = Porter(sources: [palette, ring], addsMissingImports: false).port()
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
        let again = Porter(sources: zip([palette, ring], ported).map { Porter.Source(path: $0.path, text: $1.ported) }, addsMissingImports: false).port()
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
        let ported = Porter(sources: [palette, use], addsMissingImports: false).port()
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
        let ported = Porter(sources: [colours, tiles], addsMissingImports: false).port()
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
        let again = Porter(sources: ported.map { .init(path: $0.path, text: $0.ported) }, addsMissingImports: false).port()
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

    func testInstanceMembersDerivingAColourAreWrittenOnCGColorWithTheirUses() {
        // The members read the receiver's components as UIKit's getRed and getHue do (sRGB),
        // and give back colours the command writes, the receiver, or its copy with an alpha.
        let shades = Porter.Source(path: "Shades.swift", text: """
            import UIKit

            extension UIColor {
                var inverted: UIColor {
                    var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
                    getRed(&r, green: &g, blue: &b, alpha: &a)
                    return UIColor(red: 1 - r, green: 1 - g, blue: 1 - b, alpha: a)
                }

                func darker(by amount: CGFloat = 30) -> UIColor? {
                    var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
                    if self.getRed(&r, green: &g, blue: &b, alpha: &a) {
                        return UIColor(red: max(r - amount / 100, 0), green: max(g - amount / 100, 0), blue: max(b - amount / 100, 0), alpha: a)
                    } else {
                        return nil
                    }
                }

                var translucent: UIColor {
                    self.cgColor.alpha < 1 ? self : withAlphaComponent(0.5)
                }

                func muted() -> UIColor { inverted.translucent }

                func blended(with other: UIColor, by t: CGFloat) -> UIColor {
                    var r1: CGFloat = 0, g1: CGFloat = 0, b1: CGFloat = 0, a1: CGFloat = 0
                    var r2: CGFloat = 0, g2: CGFloat = 0, b2: CGFloat = 0, a2: CGFloat = 0
                    getRed(&r1, green: &g1, blue: &b1, alpha: &a1)
                    other.getRed(&r2, green: &g2, blue: &b2, alpha: &a2)
                    return UIColor(red: r1 + (r2 - r1) * t, green: g1 + (g2 - g1) * t, blue: b1 + (b2 - b1) * t, alpha: a1)
                }
            }
            """)
        let tile = Porter.Source(path: "Tile.swift", text: """
            import UIKit

            final class TileLayer: CALayer {
                let base = UIColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)

                func style() {
                    backgroundColor = base.cgColor
                    borderColor = base.inverted.cgColor
                    shadowColor = base.darker()?.cgColor
                    let highlight = CALayer()
                    highlight.backgroundColor = base.darker(by: 10)!.withAlphaComponent(0.8).cgColor
                    highlight.borderColor = UIColor.orange.muted().cgColor
                    highlight.shadowColor = base.blended(with: .white, by: 0.5).cgColor
                    mask?.backgroundColor = UIColor.red.blended(with: UIColor.black, by: 0.25).cgColor
                    addSublayer(highlight)
                }
            }
            """)
        let ported = Porter(sources: [shades, tile], addsMissingImports: false).port()
        let reading = { (color: String, targets: String) in
            "{ (components: [CGFloat]?, red: inout CGFloat, green: inout CGFloat, blue: inout CGFloat, alpha: inout CGFloat) -> Bool in "
                + "guard let c = components, c.count == 4 else { return false }; (red, green, blue, alpha) = (c[0], c[1], c[2], c[3]); return true }"
                + "(\(color).converted(to: CGColorSpace(name: CGColorSpace.sRGB)!, intent: .defaultIntent, options: nil)?.components, &\(targets))"
        }
        XCTAssertEqual(ported[0].ported, """
            import QuartzCore

            extension CGColor {
                var inverted: CGColor {
                    var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
                    _ = \(reading("self", "r, &g, &b, &a"))
                    return CGColor(red: 1 - r, green: 1 - g, blue: 1 - b, alpha: a)
                }

                func darker(by amount: CGFloat = 30) -> CGColor? {
                    var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
                    if (\(reading("self", "r, &g, &b, &a"))) {
                        return CGColor(red: max(r - amount / 100, 0), green: max(g - amount / 100, 0), blue: max(b - amount / 100, 0), alpha: a)
                    } else {
                        return nil
                    }
                }

                var translucent: CGColor {
                    self.alpha < 1 ? self : self.copy(alpha: 0.5)!
                }

                func muted() -> CGColor { inverted.translucent }

                func blended(with other: CGColor, by t: CGFloat) -> CGColor {
                    var r1: CGFloat = 0, g1: CGFloat = 0, b1: CGFloat = 0, a1: CGFloat = 0
                    var r2: CGFloat = 0, g2: CGFloat = 0, b2: CGFloat = 0, a2: CGFloat = 0
                    _ = \(reading("self", "r1, &g1, &b1, &a1"))
                    _ = \(reading("other", "r2, &g2, &b2, &a2"))
                    return CGColor(red: r1 + (r2 - r1) * t, green: g1 + (g2 - g1) * t, blue: b1 + (b2 - b1) * t, alpha: a1)
                }
            }
            """)
        XCTAssertEqual(ported[1].ported, """
            import QuartzCore

            final class TileLayer: CALayer {
                let base = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)

                func style() {
                    backgroundColor = base
                    borderColor = base.inverted
                    shadowColor = base.darker()
                    let highlight = CALayer()
                    highlight.backgroundColor = base.darker(by: 10)!.copy(alpha: 0.8)!
                    highlight.borderColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1).muted()
                    highlight.shadowColor = base.blended(with: CGColor(gray: 1, alpha: 1), by: 0.5)
                    mask?.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1).blended(with: CGColor(gray: 0, alpha: 1), by: 0.25)
                    addSublayer(highlight)
                }
            }
            """)
        XCTAssertEqual(ported.flatMap(\.notes).map(\.construct), [], "nothing is left for a person")
        let again = Porter(sources: ported.map { .init(path: $0.path, text: $0.ported) }, addsMissingImports: false).port()
        XCTAssertEqual(again.map(\.ported), ported.map(\.ported), "a second run changes nothing")
    }

    func testInstanceMembersGivingOtherValuesAreWrittenWithTheirUses() {
        let source = """
            import UIKit

            extension UIColor {
                var isLight: Bool {
                    var h: CGFloat = 0, s: CGFloat = 0, v: CGFloat = 0, a: CGFloat = 0
                    getHue(&h, saturation: &s, brightness: &v, alpha: &a)
                    return v > 0.6 && s < 0.4
                }
            }

            func label(_ text: CATextLayer, on background: UIColor) {
                text.backgroundColor = background.cgColor
                text.foregroundColor = background.isLight ? UIColor.black.cgColor : UIColor.white.cgColor
            }
            """
        let ported = Porter.port(source)
        let lines = ported.ported.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines[2], "extension CGColor {")
        XCTAssertEqual(lines[3], "    var isLight: Bool {")
        XCTAssertTrue(lines[5].hasPrefix("        _ = { (components: [CGFloat]?, hue: inout CGFloat, saturation: inout CGFloat, brightness: inout CGFloat, alpha: inout CGFloat) -> Bool in "), lines[5])
        XCTAssertTrue(lines[5].hasSuffix("(self.converted(to: CGColorSpace(name: CGColorSpace.sRGB)!, intent: .defaultIntent, options: nil)?.components, &h, &s, &v, &a)"), lines[5])
        XCTAssertEqual(lines[10...], [
            "func label(_ text: CATextLayer, on background: CGColor) {",
            "    text.backgroundColor = background",
            "    text.foregroundColor = background.isLight ? CGColor(gray: 0, alpha: 1) : CGColor(gray: 1, alpha: 1)",
            "}",
        ])
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAnExtensionWithAnotherKindOfMemberIsLeftForAPerson() {
        for members in [
            "convenience init(hex: Int) {\n        self.init(white: 1, alpha: 1)\n    }\n    var isDark: Bool {\n        var w: CGFloat = 0\n        getWhite(&w, alpha: nil)\n        return w < 0.5\n    }",
            // CGColor has a member of that name.
            "var alpha: CGFloat {\n        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0\n        getRed(&r, green: &g, blue: &b, alpha: &a)\n        return a\n    }",
            // A colour member giving back a colour the command does not write.
            "var faded: UIColor { UIColor(named: \"Faded\")! }",
            // The receiver given an alpha other than as the value given back.
            "var fadedName: String {\n        let faded = withAlphaComponent(0.5)\n        return \"\\(faded)\"\n    }",
            // A member reading the receiver through a member CGColor lacks.
            "func resolved() -> UIColor {\n        resolvedColor(with: .current)\n    }",
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
