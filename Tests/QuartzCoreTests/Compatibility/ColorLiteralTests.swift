import QuartzCore
import XCTest

/// Xcode's colour literals, as Apple code writes them in layer code. Expected values: the
/// CoreGraphics overlay's own check on Apple platforms (a literal given as a `CGColor` has the
/// literal's components), and sRGB, the space of UIKit's literal colours.
final class ColorLiteralTests: XCTestCase {
    func testAColourLiteralWhereACGColorIsExpectedIsThatColourInSRGB() {
        let color: CGColor = #colorLiteral(red: 0.5, green: 0.25, blue: 1, alpha: 0.75)
        XCTAssertEqual(color.components, [0.5, 0.25, 1, 0.75])
        XCTAssertEqual(color.colorSpace?.name, CGColorSpace.sRGB)
    }

    func testAColourLiteralGivenToALayerPropertySetsIt() {
        let shape = CAShapeLayer()
        shape.strokeColor = #colorLiteral(red: 0.9999960065, green: 1, blue: 1, alpha: 1)
        shape.fillColor = #colorLiteral(red: 1, green: 0, blue: 0, alpha: 0.5)
        XCTAssertEqual(shape.strokeColor?.components, [CGFloat(Float(0.9999960065)), 1, 1, 1])
        XCTAssertEqual(shape.fillColor?.components, [1, 0, 0, 0.5])
    }

    func testAColourLiteralWithNoTypeNamedIsACGColor() {
        let tint = #colorLiteral(red: 0, green: 0.5, blue: 0.25, alpha: 1)
        let layer = CALayer()
        layer.backgroundColor = tint
        XCTAssertEqual(layer.backgroundColor?.components, [0, 0.5, 0.25, 1])
        let palette = [#colorLiteral(red: 1, green: 1, blue: 1, alpha: 1), #colorLiteral(red: 0, green: 0, blue: 0, alpha: 1)]
        XCTAssertEqual(palette.map { $0.alpha }, [1, 1])
    }

    func testComponentsOutsideTheUnitRangeAreClamped() {
        let color: CGColor = #colorLiteral(red: 1.5, green: -0.25, blue: 0.5, alpha: 2)
        XCTAssertEqual(color.components, [1, 0, 0.5, 1])
    }
}
