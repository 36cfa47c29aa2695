import LaminaPortRewriter
import XCTest

final class CGFloatMemberShadowingRewriterTests: XCTestCase {
    func testUnqualifiedAbsMaxAndMinInACGFloatExtensionAreQualified() {
        let source = """
            extension CGFloat {
                func diff(_ a: CGFloat) -> CGFloat { abs(a - self) }
                func clamped(_ low: CGFloat, _ high: CGFloat) -> CGFloat { Swift.min(max(self, low), high) }
                var magnitudes: [CGFloat] { [self].map { abs($0) } }
            }

            func outside(_ a: CGFloat) -> CGFloat { abs(a) }
            extension Double {
                func diff(_ a: Double) -> Double { abs(a - self) }
            }
            """
        let ported = Porter.port(source, path: "Math.swift")
        XCTAssertEqual(ported.ported, """
            extension CGFloat {
                func diff(_ a: CGFloat) -> CGFloat { Swift.abs(a - self) }
                func clamped(_ low: CGFloat, _ high: CGFloat) -> CGFloat { Swift.min(Swift.max(self, low), high) }
                var magnitudes: [CGFloat] { [self].map { Swift.abs($0) } }
            }

            func outside(_ a: CGFloat) -> CGFloat { abs(a) }
            extension Double {
                func diff(_ a: Double) -> Double { abs(a - self) }
            }
            """)
        XCTAssertEqual(ported.reportLines.first,
            "Math.swift:2: abs -> Swift.abs (Linux's CGFloat has a static abs that an unqualified call in its extension finds first)")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }
}
