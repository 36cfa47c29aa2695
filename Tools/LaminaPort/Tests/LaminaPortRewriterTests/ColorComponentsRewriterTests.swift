import LaminaPortRewriter
import XCTest

// Reading a colour's components (UIKit's getRed and getHue) from the CGColor the colour is on
// Linux. The hue, saturation and brightness written are the HSB model's: the expression was
// run on five colours and gave what Python's colorsys.rgb_to_hsv gives (systemTeal's sRGB
// (48, 176, 199) → 0.525386, 0.758794, 0.780392).
final class ColorComponentsRewriterTests: XCTestCase {
    private static let sRGB = "converted(to: CGColorSpace(name: CGColorSpace.sRGB)!, intent: .defaultIntent, options: nil)?.components"
    private static let rgbReading =
        "{ (components: [CGFloat]?, red: inout CGFloat, green: inout CGFloat, blue: inout CGFloat, alpha: inout CGFloat) -> Bool in "
        + "guard let c = components, c.count == 4 else { return false }; (red, green, blue, alpha) = (c[0], c[1], c[2], c[3]); return true }"
    private static let hsbReading =
        "{ (components: [CGFloat]?, hue: inout CGFloat, saturation: inout CGFloat, brightness: inout CGFloat, alpha: inout CGFloat) -> Bool in "
        + "guard let c = components, c.count == 4 else { return false }; (hue, saturation, brightness, alpha) = \(hsb); return true }"
    private static let hsb =
        "{ let v = max(c[0], c[1], c[2]), d = v - min(c[0], c[1], c[2]); "
        + "let h = d == 0 ? 0 : v == c[0] ? (c[1] - c[2]) / d : v == c[1] ? 2 + (c[2] - c[0]) / d : 4 + (c[0] - c[1]) / d; "
        + "return (h < 0 ? h / 6 + 1 : h / 6, v == 0 ? 0 : d / v, v, c[3]) }()"

    func testAColourWrittenInPlaceHasItsComponentsReadInSRGB() {
        let source = """
            var h: CGFloat = 0, s: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
            UIColor.systemTeal.getHue(&h, saturation: &s, brightness: &b, alpha: &a)
            layer.backgroundColor = UIColor(hue: h, saturation: s * 0.5, brightness: b, alpha: a).cgColor

            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported.split(separator: "\n")[1], """
            _ = \(Self.hsbReading)(CGColor(red: 48 / 255, green: 176 / 255, blue: 199 / 255, alpha: 1).\(Self.sRGB), &h, &s, &b, &a)
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAColourVariableOrParameterReadForItsComponentsIsACGColor() {
        let source = """
            final class Fader {
                let start = UIColor.red
                func mix(_ layer: CALayer, toward end: UIColor, by t: CGFloat) {
                    var r1: CGFloat = 0, g1: CGFloat = 0, b1: CGFloat = 0, a1: CGFloat = 0
                    var r2: CGFloat = 0, g2: CGFloat = 0, b2: CGFloat = 0, a2: CGFloat = 0
                    start.getRed(&r1, green: &g1, blue: &b1, alpha: &a1)
                    guard end.getRed(&r2, green: &g2, blue: &b2, alpha: &a2) else { return }
                    layer.backgroundColor = CGColor(red: r1 + (r2 - r1) * t, green: g1 + (g2 - g1) * t, blue: b1 + (b2 - b1) * t, alpha: 1)
                    layer.borderColor = start.cgColor
                }
            }
            func fade(_ fader: Fader, _ layer: CALayer) {
                fader.mix(layer, toward: .systemBlue, by: 0.5)
            }
            """
        let ported = Porter.port(source)
        let lines = ported.ported.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(lines[1], "let start = CGColor(red: 1, green: 0, blue: 0, alpha: 1)")
        XCTAssertEqual(lines[2], "func mix(_ layer: CALayer, toward end: CGColor, by t: CGFloat) {")
        XCTAssertEqual(lines[5], "_ = \(Self.rgbReading)(start.\(Self.sRGB), &r1, &g1, &b1, &a1)")
        XCTAssertEqual(lines[6], "guard (\(Self.rgbReading)(end.\(Self.sRGB), &r2, &g2, &b2, &a2)) else { return }")
        XCTAssertEqual(lines[8], "layer.borderColor = start")
        XCTAssertEqual(lines[12], "fader.mix(layer, toward: CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1), by: 0.5)")
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testArgumentsThatAreNotVariablesLeaveTheCallForAPerson() {
        // getRed into a pointer the code holds (not `&name`) is not written.
        let source = "func f(_ c: UIColor, _ p: UnsafeMutablePointer<CGFloat>) { c.getRed(p, green: nil, blue: nil, alpha: nil) }\n"
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, source)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIColor"])
    }
}
