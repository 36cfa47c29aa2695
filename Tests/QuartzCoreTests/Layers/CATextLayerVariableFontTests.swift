import CoreText
import Foundation
import QuartzCore
import TestSupport
import XCTest

// A text layer given an instance of a variable font (``VariableTestFont``: "H" stems 0.64
// points wide at weight 100, 5.56 at 900, at 28.16 points) draws that instance, whether the
// font is the layer's font or an attributed string's. (Test methods are `async`: see
// CATextLayerTests.)
@MainActor
final class CATextLayerVariableFontTests: XCTestCase {
    private var variableFont: VariableTestFont!

    override func setUp() async throws {
        variableFont = try VariableTestFont()
    }

    override func tearDown() async throws {
        variableFont?.remove()
    }

    /// "H" drawn by a text layer of 40 × 40 points at the origin, in black: its pixels.
    private func drawn(_ string: Any, font: CTFont) throws -> [CGImage.Pixel] {
        let root = layer(CGRect(x: 0, y: 0, width: 40, height: 40))
        let text = CATextLayer()
        text.frame = root.bounds
        text.string = string
        text.font = font
        text.fontSize = 28.16
        text.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        root.addSublayer(text)
        let image = try renderImage(of: root, 40, 40)
        return (0..<40).flatMap { y in (0..<40).compactMap { x in image.pixel(x: x, y: y) } }
    }

    private func opaque(_ pixels: [CGImage.Pixel]) -> Int { pixels.filter { $0.alpha == 255 }.count }

    func testATextLayerDrawsTheInstanceOfItsFont() async throws {
        let regular = try drawn("H", font: VariableTestFont.font())
        let heavy = try drawn("H", font: VariableTestFont.font(28.16, [VariableTestFont.weightAxis: 900]))
        let light = try drawn("H", font: VariableTestFont.font(28.16, [VariableTestFont.weightAxis: 100]))
        // Two stems 20.48 points tall: 5.56 points wide each at 900, thinner than a pixel at
        // 100 (no pixel of them wholly covered; the crossbar neither).
        XCTAssertGreaterThan(opaque(heavy), 2 * 5 * 19)
        XCTAssertEqual(opaque(light), 0)
        XCTAssertGreaterThan(opaque(heavy), opaque(regular))
        XCTAssertGreaterThan(opaque(regular), opaque(light))
    }

    func testAnAttributedStringsVariableFontDrawsAsTheLayersFontDoes() async throws {
        let heavy = VariableTestFont.font(28.16, [VariableTestFont.weightAxis: 900])
        let attributed = NSAttributedString(
            string: "H", attributes: [.font: heavy, .foregroundColor: CGColor(red: 0, green: 0, blue: 0, alpha: 1)])
        let viaAttributes = try drawn(attributed, font: VariableTestFont.font())
        let viaLayerFont = try drawn("H", font: heavy)
        XCTAssertGreaterThan(opaque(viaLayerFont), 0)
        XCTAssertTrue(viaAttributes == viaLayerFont, "the same pixels")
    }
}
