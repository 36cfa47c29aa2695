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

    func testAClassMadeMainActorForItsDisplayLinkIsolatesItsConformancesInEveryFile() {
        // The display link makes the class @MainActor; its delegate conformance, here and in
        // an extension in another file, must then say so too, or Swift 6 refuses it.
        let ticker = """
            final class Ticker: NSObject, CAAnimationDelegate {
                private var link: CADisplayLink?
                func start() { link = CADisplayLink(target: self, selector: #selector(step)) }
                @objc func step() {}
                func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
            }
            """
        let files = Porter(sources: [
            .init(path: "Ticker.swift", text: ticker), .init(path: "Ticker+Layers.swift", text: "extension Ticker: CALayerDelegate {}\n"),
        ], addsMissingImports: false).port()
        XCTAssertEqual(files[0].ported, """
            @MainActor
            final class Ticker: NSObject, @MainActor CAAnimationDelegate {
                private var link: CADisplayLink?
                func start() { link = CADisplayLink { link in self.step() } }
                func step() {}
                func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
            }
            """)
        XCTAssertEqual(files[1].ported, "extension Ticker: @MainActor CALayerDelegate {}\n")
        let again = Porter(sources: files.map { .init(path: $0.path, text: $0.ported) }, addsMissingImports: false).port()
        XCTAssertEqual(again.map(\.ported), files.map(\.ported), "a second run changes nothing")
    }
}
