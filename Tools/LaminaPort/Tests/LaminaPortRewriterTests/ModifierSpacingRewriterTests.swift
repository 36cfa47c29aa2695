import LaminaPortRewriter
import XCTest

final class ModifierSpacingRewriterTests: XCTestCase {
    func testASpaceBeforeAModifiersParenthesisGoesAndOtherSpacesStay() {
        // Which spaces Swift 6 mode refuses is the Swift compiler's verdict ("extraneous
        // whitespace between attribute name and '('", an error in Swift 6 mode, a warning in
        // Swift 5's); the corpus snippet GaugeNeedleView checks it by compiling.
        let source = """
            final class GaugeLayer: CALayer {
                private (set) var value: Float = 0
                public internal  (set) var peak: Float = 0
                fileprivate(set) var floor: Float = 0
                nonisolated(unsafe) static var count = 0
                let sizes = [1, 2] .map { $0 * 2 }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class GaugeLayer: CALayer {
                private(set) var value: Float = 0
                public internal(set) var peak: Float = 0
                fileprivate(set) var floor: Float = 0
                nonisolated(unsafe) static var count = 0
                let sizes = [1, 2] .map { $0 * 2 }
            }
            """)
        XCTAssertEqual(ported.changes.filter { $0.kind == .modifierSpacing }.map(\.after), ["private(", "internal("])
        assertSecondRunChangesNothing([ported])
    }
}
