import LaminaPortRewriter
import XCTest

/// Points, sizes and rectangles read from UIKit's and AppKit's string forms (`"{x, y}"`,
/// `"{{x, y}, {w, h}}"`), written as closures that read the string's numbers.
final class GeometryStringRewriterTests: XCTestCase {
    private let point = "{ (string: String) -> CGPoint in let n = string.split(whereSeparator: { !\"0123456789.+-eE\".contains($0) }).compactMap { Double($0) }; return n.count == 2 ? CGPoint(x: n[0], y: n[1]) : .zero }("

    func testPointsSizesAndRectanglesAreReadFromTheirStrings() {
        let source = """
            let a = NSCoder.cgPoint(for: translate(raw, dx))
            let b = NSPointFromString("{1, 2}")
            let c = NSCoder.cgSize(for: text)
            let d = NSRectFromString(frame)
            let e = coder.cgPoint(for: text)
            """
        let ported = Porter.port(source)
        let size = "{ (string: String) -> CGSize in let n = string.split(whereSeparator: { !\"0123456789.+-eE\".contains($0) }).compactMap { Double($0) }; return n.count == 2 ? CGSize(width: n[0], height: n[1]) : .zero }("
        let rect = "{ (string: String) -> CGRect in let n = string.split(whereSeparator: { !\"0123456789.+-eE\".contains($0) }).compactMap { Double($0) }; return n.count == 4 ? CGRect(x: n[0], y: n[1], width: n[2], height: n[3]) : .zero }("
        XCTAssertEqual(ported.ported, """
            let a = \(point)translate(raw, dx))
            let b = \(point)"{1, 2}")
            let c = \(size)text)
            let d = \(rect)frame)
            let e = coder.cgPoint(for: text)
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }
}
