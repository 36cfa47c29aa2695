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

    func testObserversRegisteredThroughLocalsGoWithTheLocals() {
        // A helper that keeps a layer's animations across the background, its centre and names
        // in locals: the locals go with the observers, as they hold nothing else.
        let source = """
            import UIKit

            final class PersistentAnimations {
                private weak var layer: CALayer?

                init(layer: CALayer) {
                    self.layer = layer
                    let center = NotificationCenter.default
                    let enterForeground = UIApplication.willEnterForegroundNotification
                    let enterBackground = UIApplication.didEnterBackgroundNotification
                    center.addObserver(self, selector: #selector(resume), name: enterForeground, object: nil)
                    center.addObserver(self, selector: #selector(pause), name: enterBackground, object: nil)
                    center.addObserver(self, selector: #selector(pause), name: .flush, object: nil)
                }

                @objc func pause() { layer?.speed = 0 }
                @objc func resume() { layer?.speed = 1 }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                init(layer: CALayer) {
                    self.layer = layer
                    let center = NotificationCenter.default
                    center.addObserver(self, selector: #selector(pause), name: .flush, object: nil)
                }
            """), ported.ported)
        XCTAssertFalse(ported.ported.contains("UIApplication"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), ["#selector(pause)"], "the other observer's selector is left")
        assertSecondRunChangesNothing([ported])

        // A name also used otherwise stays, and so does its observer's registration.
        let kept = Porter.port(source.replacingOccurrences(of: "        center.addObserver(self, selector: #selector(pause), name: .flush, object: nil)\n", with: "        print(enterBackground)\n"))
        XCTAssertTrue(kept.ported.contains("let enterBackground = UIApplication.didEnterBackgroundNotification"), kept.ported)
        XCTAssertFalse(kept.ported.contains("name: enterForeground"), kept.ported)
        XCTAssertFalse(kept.ported.contains("let center"), kept.ported)
    }

    func testObserversOfNamesDeclaredOnlyForApplesPlatformsGoAndSoDoesTheScaleTheyDeclare() {
        // A cross-platform layer library names the lifecycle notifications and the screen's
        // scale in constants of its `#if os(iOS)` and `#elseif os(macOS)` clauses, which Linux
        // compiles neither of.
        let source = """
            #if os(iOS)
            import UIKit
            let screenScale = UIScreen.main.scale
            let resignNotification = UIApplication.didEnterBackgroundNotification
            let returnNotification = UIApplication.willEnterForegroundNotification
            #elseif os(macOS)
            import Cocoa
            let screenScale = NSScreen.main?.backingScaleFactor ?? 0.0
            let resignNotification = NSApplication.didResignActiveNotification
            let returnNotification = NSApplication.willBecomeActiveNotification
            #endif
            import QuartzCore

            final class Halo: CAReplicatorLayer {
                let pulse = CALayer()

                override init() {
                    super.init()
                    pulse.contentsScale = screenScale
                    addSublayer(pulse)
                    NotificationCenter.default.addObserver(self, selector: #selector(save), name: resignNotification, object: nil)
                    NotificationCenter.default.addObserver(self, selector: #selector(resume), name: returnNotification, object: nil)
                }

                required init(layer: Any) {
                    super.init(layer: layer)
                }

                required init?(coder: NSCoder) {
                    fatalError()
                }

                @objc func save() { speed = 0 }
                @objc func resume() { speed = 1 }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                override init() {
                    super.init()
                    addSublayer(pulse)
                }
            """), ported.ported)
        XCTAssertTrue(ported.ported.hasPrefix(source.components(separatedBy: "import QuartzCore")[0]), "the Apple platforms' clauses stay:\n\(ported.ported)")
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // In a clause Linux compiles too (`#else` for macOS), the constants are Linux's to
        // declare: their uses are left with them.
        let linux = Porter.port(source.replacingOccurrences(of: "#elseif os(macOS)", with: "#else"))
        XCTAssertTrue(linux.ported.contains("pulse.contentsScale = screenScale"), linux.ported)
        XCTAssertTrue(linux.ported.contains("name: resignNotification"), linux.ported)
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

    func testAViewControllerObservingTheLifecycleIsStillWrittenAsALayer() {
        // The observer goes with its `UIApplication` name, which then holds no interface object.
        let source = """
            import UIKit

            final class PulseViewController: UIViewController {
                private let pulse = CAShapeLayer()

                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.layer.addSublayer(pulse)
                    NotificationCenter.default.addObserver(self, selector: #selector(restart), name: UIApplication.willEnterForegroundNotification, object: nil)
                }

                @objc private func restart() {
                    pulse.add(CABasicAnimation(keyPath: "opacity"), forKey: "pulse")
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("final class PulseViewController: CALayer {"), ported.ported)
        XCTAssertFalse(ported.ported.contains("UIApplication"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), ["PulseViewController"], "only how to show the controller is left")
    }
}
