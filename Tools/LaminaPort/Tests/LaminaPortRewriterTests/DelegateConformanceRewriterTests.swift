import LaminaPortRewriter
import XCTest

final class DelegateConformanceRewriterTests: XCTestCase {
    func testMainActorClassConformanceIsIsolated() {
        let source = """
            @MainActor final class Controller: NSObject, CAAnimationDelegate {
                func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
            }
            extension Controller: CALayerDelegate {}
            final class Plain: CAAnimationDelegate {}
            """
        XCTAssertEqual(Porter.port(source).ported, """
            @MainActor final class Controller: NSObject, @MainActor CAAnimationDelegate {
                func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
            }
            extension Controller: @MainActor CALayerDelegate {}
            final class Plain: CAAnimationDelegate {}
            """)
    }
}
