import LaminaPortRewriter
import XCTest

final class AnimationContextRewriterTests: XCTestCase {
    func testAnAnimationGroupIsATransactionWithTheContextsDurationTimingAndCompletion() {
        // AppKit's NSAnimationContext groups changes in a Core Animation transaction: its
        // duration and timing function are the transaction's, and the completion handler runs
        // when the group's animations end (AppKit's documentation of NSAnimationContext).
        let source = """
            import Cocoa

            final class RingController {
                let ring = CAShapeLayer()
                var finished = false

                func fill(curve: CAMediaTimingFunction) {
                    NSAnimationContext.runAnimationGroup({ context in
                        context.duration = 0.5
                        context.timingFunction = curve
                        ring.strokeEnd = 1
                    }, completionHandler: {
                        self.finished = true
                    })
                    NSAnimationContext.runAnimationGroup { _ in
                        ring.opacity = 0.5
                    }
                    NSAnimationContext.beginGrouping()
                    NSAnimationContext.current.duration = 2
                    NSAnimationContext.current.completionHandler = { self.finished = false }
                    ring.lineWidth = 4
                    NSAnimationContext.endGrouping()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class RingController {
                let ring = CAShapeLayer()
                var finished = false

                func fill(curve: CAMediaTimingFunction) {
                    do {
                        CATransaction.begin()
                        CATransaction.setCompletionBlock({
                            self.finished = true
                        })
                        CATransaction.setAnimationDuration(0.5)
                        CATransaction.setAnimationTimingFunction(curve)
                        ring.strokeEnd = 1
                        CATransaction.commit()
                    }
                    do {
                        CATransaction.begin()
                        ring.opacity = 0.5
                        CATransaction.commit()
                    }
                    CATransaction.begin()
                    CATransaction.setAnimationDuration(2)
                    CATransaction.setCompletionBlock({ self.finished = false })
                    ring.lineWidth = 4
                    CATransaction.commit()
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAGroupLettingViewsAnimateOrUsingTheirAnimatorsIsLeft() {
        // allowsImplicitAnimation and animator proxies animate views, which Lamina does not have.
        for body in [
            "context.allowsImplicitAnimation = true\n        ring.opacity = 0",
            "context.duration = 1\n        view.animator().alphaValue = 0",
            "record(context)",
        ] {
            let source = """
                import Cocoa

                func fade(_ ring: CALayer, _ view: NSView, record: (NSAnimationContext) -> Void) {
                    NSAnimationContext.runAnimationGroup({ context in
                        \(body)
                    }, completionHandler: nil)
                    NSAnimationContext.current.allowsImplicitAnimation = true
                }
                """
            let ported = Porter.port(source)
            XCTAssertTrue(ported.ported.contains("NSAnimationContext.runAnimationGroup({ context in"), "\(body): \(ported.ported)")
            XCTAssertTrue(ported.ported.contains("NSAnimationContext.current.allowsImplicitAnimation = true"), ported.ported)
            XCTAssertEqual(ported.notes.filter { $0.why.contains("animation context") }.count, 2, "\(body): \(ported.notes)")
        }
    }

    func testAGroupStartedInAnotherGroupsCompletionIsWrittenToo() {
        // The completion handler runs when the first group's animations end; the group it runs
        // is a transaction as any group is.
        let source = """
            import Cocoa

            func pulse(_ ring: CALayer) {
                NSAnimationContext.runAnimationGroup({ context in
                    context.duration = 0.2
                    ring.opacity = 1
                }, completionHandler: {
                    NSAnimationContext.runAnimationGroup { context in
                        context.duration = 0.4
                        ring.opacity = 0.5
                    }
                })
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    CATransaction.setCompletionBlock({
                        do {
                            CATransaction.begin()
                            CATransaction.setAnimationDuration(0.4)
                            ring.opacity = 0.5
                            CATransaction.commit()
                        }
                    })
            """), ported.ported)
        XCTAssertFalse(ported.ported.contains("NSAnimationContext"), ported.ported)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }
}
