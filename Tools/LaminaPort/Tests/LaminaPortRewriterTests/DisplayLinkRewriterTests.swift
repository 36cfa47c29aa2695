import LaminaPortRewriter
import XCTest

final class DisplayLinkRewriterTests: XCTestCase {
    func testTargetSelectorBecomesTheClosureForm() {
        let source = """
            import QuartzCore

            final class Ticker {
                private var link: CADisplayLink?

                func start() {
                    link = CADisplayLink(target: self, selector: #selector(step))
                    link?.add(to: .main, forMode: .common)
                }

                @objc private func step(_ displayLink: CADisplayLink) {
                    print(displayLink.targetTimestamp)
                }
            }
            """
        let ported = Porter.port(source, path: "Ticker.swift")
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class Ticker {
                private var link: CADisplayLink?

                func start() {
                    link = CADisplayLink { link in self.step(link) }
                    link?.add(to: .main, forMode: .common)
                }

                private func step(_ displayLink: CADisplayLink) {
                    print(displayLink.targetTimestamp)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.todo), [], "nothing is left for a person")
    }

    func testAFileHoldingAWindowPlaceholderPortsAgainToItself() {
        // What earlier versions of the command wrote for a display link.
        let source = "final class Ticker {\n    func start() { link = CADisplayLink(window: <#Window#>) { link in self.step() } }\n    func step() {}\n}\n"
        let again = Porter.port(source, path: "Ticker.swift")
        XCTAssertNil(again.parseError, "the placeholder is left for a person, not a syntax error")
        XCTAssertEqual(again.ported, source)
        XCTAssertEqual(again.changes.count, 0)
        let broken = Porter.port("let window = <#Window#>\nlet x = (1\n", path: "Broken.swift")
        XCTAssertNotNil(broken.parseError, "other syntax errors still stop the file")
    }

    func testSelectorWithLabelsAndMethodWithoutTheLink() {
        let source = """
            let a = CADisplayLink(target: animator, selector: #selector(Animator.tick(link:)))
            let b = CADisplayLink(target: self, selector: #selector(self.redraw))
            func redraw() {}
            """
        XCTAssertEqual(Porter.port(source).ported, """
            let a = CADisplayLink { link in animator.tick(link: link) }
            let b = CADisplayLink { link in self.redraw() }
            func redraw() {}
            """)
    }

    func testOtherSelectorsAreNoted() {
        let source = "let timer = Timer(timeInterval: 1, target: self, selector: #selector(fire), userInfo: nil, repeats: true)\n"
        let ported = Porter.port(source, path: "Timer.swift")
        XCTAssertEqual(ported.ported, source)
        XCTAssertEqual(ported.reportLines, [
            "Timer.swift:1: left: #selector(fire) — selectors need the Objective-C runtime; to do: pass a closure instead (Timer.scheduledTimer(withTimeInterval:repeats:block:), a Window's frame or event callbacks)"
        ])
    }
}
