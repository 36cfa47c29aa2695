import LaminaPortRewriter
import XCTest

final class DispatchCaptureRewriterTests: XCTestCase {
    func testSelfCapturedByADispatchQueuesClosureIsReadThroughOneUncheckedReferenceABlock() {
        // A layer's queue closures (nested ones, `execute:` and trailing forms, a later call in
        // an inner block) read one unchecked reference; a capture list and a main-actor class's
        // closures are left.
        let source = """
            import UIKit

            final class RippleLayer: CAReplicatorLayer {
                private let group = CAAnimationGroup()

                override init() {
                    super.init()
                    DispatchQueue.global(qos: .userInitiated).async {
                        self.buildGroup()
                        DispatchQueue.main.async {
                            self.add(self.group, forKey: "ripple")
                        }
                    }
                }

                required init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }

                func fade(after delay: TimeInterval) {
                    DispatchQueue.main.asyncAfter(deadline: .now() + delay, execute: {
                        self.opacity = 0
                    })
                    if delay > 1 {
                        DispatchQueue.main.asyncAfter(deadline: .now() + delay * 2) {
                            self.removeFromSuperlayer()
                        }
                    }
                }

                func fadeWeakly() {
                    DispatchQueue.main.async { [weak self] in
                        self?.opacity = 0
                    }
                }

                private func buildGroup() {
                    group.duration = 1
                }
            }

            @MainActor
            final class Badge {
                let layer = CALayer()
                func pop() {
                    DispatchQueue.main.async {
                        self.layer.opacity = 1
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class RippleLayer: CAReplicatorLayer {
                private let group = CAAnimationGroup()

                override init() {
                    super.init()
                    nonisolated(unsafe) let uncheckedSelf = self
                    DispatchQueue.global(qos: .userInitiated).async {
                        uncheckedSelf.buildGroup()
                        DispatchQueue.main.async {
                            uncheckedSelf.add(uncheckedSelf.group, forKey: "ripple")
                        }
                    }
                }

                required init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }

                func fade(after delay: TimeInterval) {
                    nonisolated(unsafe) let uncheckedSelf = self
                    DispatchQueue.main.asyncAfter(deadline: .now() + delay, execute: {
                        uncheckedSelf.opacity = 0
                    })
                    if delay > 1 {
                        DispatchQueue.main.asyncAfter(deadline: .now() + delay * 2) {
                            uncheckedSelf.removeFromSuperlayer()
                        }
                    }
                }

                func fadeWeakly() {
                    DispatchQueue.main.async { [weak self] in
                        self?.opacity = 0
                    }
                }

                private func buildGroup() {
                    group.duration = 1
                }
            }

            @MainActor
            final class Badge {
                let layer = CALayer()
                func pop() {
                    DispatchQueue.main.async {
                        self.layer.opacity = 1
                    }
                }
            }
            """)
        XCTAssertEqual(ported.changes.filter { $0.kind == .dispatchCapture }.count, 7, "two references and five uses")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }
}
