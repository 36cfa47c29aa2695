import LaminaPortRewriter
import XCTest

final class ApplicationLifecycleRewriterTests: XCTestCase {
    func testObserversOfTheApplicationLifecycleGoWithTheirRemoval() {
        // A pulsing layer that saves its animation as an iOS app goes to the background and
        // adds it back on return (Swift 4 and Swift 4.2 names). Linux posts neither
        // notification, and a Lamina app's layers keep their animations.
        let source = """
            import UIKit

            final class PulseLayer: CAReplicatorLayer {
                private var saved: CAAnimation?

                override init() {
                    super.init()
                    NotificationCenter.default.addObserver(self,
                                                           selector: #selector(save),
                                                           name: NSNotification.Name.UIApplicationDidEnterBackground,
                                                           object: nil)
                    NotificationCenter.default.addObserver(self, selector: #selector(resume), name: UIApplication.willEnterForegroundNotification, object: nil)
                }

                required init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }

                deinit {
                    NotificationCenter.default.removeObserver(self, name: .UIApplicationDidEnterBackground, object: nil)
                    NotificationCenter.default.removeObserver(self)
                }

                @objc func save() { saved = animation(forKey: "pulse") }
                @objc func resume() { if let saved { add(saved, forKey: "pulse") } }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class PulseLayer: CAReplicatorLayer {
                private var saved: CAAnimation?

                override init() {
                    super.init()
                }

                required init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }

                deinit {
                    NotificationCenter.default.removeObserver(self)
                }

                func save() { saved = animation(forKey: "pulse") }
                func resume() { if let saved { add(saved, forKey: "pulse") } }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertTrue(
            ported.reportLines.contains { $0.contains("nothing posts NSNotification.Name.UIApplicationDidEnterBackground, so the observer would never be called") },
            ported.reportLines.joined(separator: "\n"))
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testOtherObserversAndClosureObserversOfTheLifecycleAreLeft() {
        // Another notification's observer by selector, and a lifecycle observer given a closure
        // whose token the code keeps: reported, not removed.
        let source = """
            import UIKit

            final class Meter: CALayer {
                var token: NSObjectProtocol?
                func watch() {
                    NotificationCenter.default.addObserver(self, selector: #selector(refresh), name: .meterChanged, object: nil)
                    token = NotificationCenter.default.addObserver(forName: UIApplication.didBecomeActiveNotification, object: nil, queue: .main) { _ in }
                }
                @objc func refresh() {}
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("addObserver(self, selector: #selector(refresh), name: .meterChanged, object: nil)"), ported.ported)
        XCTAssertTrue(ported.ported.contains("token = NotificationCenter.default.addObserver(forName: UIApplication.didBecomeActiveNotification"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), ["#selector(refresh)", "UIApplication"])
    }
}
