import LaminaPortRewriter
import XCTest

final class ColorFunctionRewriterTests: XCTestCase {
    func testAFunctionGivingBackColoursWhoseCGColorIsTakenGivesBackTheCGColor() {
        let source = """
            import UIKit

            final class Gauge: CALayer {
                var progress: CGFloat = 0
                let ring = CAShapeLayer()
                func tint(for progress: CGFloat) -> UIColor {
                    progress > 0.5 ? .white : .black
                }
                func blend(_ a: UIColor, _ b: UIColor, t: CGFloat) -> UIColor {
                    return UIColor(white: t, alpha: 1)
                }
                override func draw(in ctx: CGContext) {
                    ctx.setFillColor(tint(for: progress).cgColor)
                    let mixed = blend(.black, UIColor.white, t: progress)
                    ctx.setStrokeColor(mixed.cgColor)
                    ring.strokeColor = self.blend(.white, .black, t: 0.5).cgColor
                }
            }
            """
        let ported = Porter.port(source, path: "Gauge.swift")
        // UIColor(white:alpha:) is the grey of that white level (UIKit's documentation).
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class Gauge: CALayer {
                var progress: CGFloat = 0
                let ring = CAShapeLayer()
                func tint(for progress: CGFloat) -> CGColor {
                    progress > 0.5 ? CGColor(gray: 1, alpha: 1) : CGColor(gray: 0, alpha: 1)
                }
                func blend(_ a: CGColor, _ b: CGColor, t: CGFloat) -> CGColor {
                    return CGColor(gray: t, alpha: 1)
                }
                override func draw(in ctx: CGContext) {
                    ctx.setFillColor(tint(for: progress))
                    let mixed = blend(CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1), t: progress)
                    ctx.setStrokeColor(mixed)
                    ring.strokeColor = self.blend(CGColor(gray: 1, alpha: 1), CGColor(gray: 0, alpha: 1), t: 0.5)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        assertSecondRunChangesNothing([ported])
    }

    func testAColourFunctionWhoseResultIsUsedOtherwiseIsLeftForAPerson() {
        // Handed on as UIKit's colour, named without a call, or giving back a colour the
        // command does not write: each stays as it is, and UIKit's colour is reported.
        for source in [
            """
            func tint() -> UIColor { .red }
            func f(_ view: UIView) { view.backgroundColor = tint() }
            """,
            """
            func tint() -> UIColor { .red }
            func f(_ layer: CALayer) { layer.borderColor = tint().cgColor; let make = tint }
            """,
            """
            func tint() -> UIColor { UIColor(named: "Brand")! }
            func f(_ layer: CALayer) { layer.borderColor = tint().cgColor }
            """,
            // A protocol's requirement (and so its conformances) would have to change with it.
            """
            protocol Themed { func tint() -> UIColor }
            struct Warm: Themed { func tint() -> UIColor { .red } }
            func f(_ layer: CALayer, _ theme: Warm) { layer.borderColor = theme.tint().cgColor }
            """,
        ] {
            let ported = Porter.port(source, path: "Tint.swift")
            XCTAssertTrue(ported.ported.contains("func tint() -> UIColor"), ported.ported)
            XCTAssertFalse(ported.ported.contains("-> CGColor"), ported.ported)
            XCTAssertTrue(ported.notes.map(\.construct).contains("UIColor"), "\(ported.notes)")
        }
    }

    func testAnEmptyColourArrayPropertyWhoseElementsArePassedAsCGColorsHoldsCGColors() {
        let source = """
            final class Ring: CALayer {
                var colorsArray: [UIColor] = []
                override func draw(in ctx: CGContext) {
                    if colorsArray.count == 1 { fill(ctx, color: colorsArray[0]) }
                }
                private func fill(_ context: CGContext, color: UIColor) {
                    context.setFillColor(color.cgColor)
                }
            }
            """
        let ported = Porter.port(source, path: "Ring.swift")
        XCTAssertEqual(ported.ported, """
            final class Ring: CALayer {
                var colorsArray: [CGColor] = []
                override func draw(in ctx: CGContext) {
                    if colorsArray.count == 1 { fill(ctx, color: colorsArray[0]) }
                }
                private func fill(_ context: CGContext, color: CGColor) {
                    context.setFillColor(color)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testAFunctionGivingBackArraysOfColoursMappedToCGColorsGivesBackTheCGColors() {
        let source = """
            final class Hero: CAGradientLayer {
                func palette(dark: Bool) -> [UIColor] {
                    dark ? [.black, .darkGray] : [.white, .lightGray]
                }
                func apply(dark: Bool) {
                    colors = palette(dark: dark).map { $0.cgColor }
                    let fade = CABasicAnimation(keyPath: "colors")
                    fade.fromValue = palette(dark: !dark).map(\\.cgColor)
                    add(fade, forKey: "colors")
                }
            }
            """
        let ported = Porter.port(source, path: "Hero.swift")
        // UIKit documents darkGray's and lightGray's grayscale values as 1/3 and 2/3.
        XCTAssertEqual(ported.ported, """
            final class Hero: CAGradientLayer {
                func palette(dark: Bool) -> [CGColor] {
                    dark ? [CGColor(gray: 0, alpha: 1), CGColor(gray: 1 / 3, alpha: 1)] : [CGColor(gray: 1, alpha: 1), CGColor(gray: 2 / 3, alpha: 1)]
                }
                func apply(dark: Bool) {
                    colors = palette(dark: dark)
                    let fade = CABasicAnimation(keyPath: "colors")
                    fade.fromValue = palette(dark: !dark)
                    add(fade, forKey: "colors")
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }
}
