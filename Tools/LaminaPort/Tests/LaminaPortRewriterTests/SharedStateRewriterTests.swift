import LaminaPortRewriter
import XCTest

final class SharedStateRewriterTests: XCTestCase {
    func testStaticStateNoActorIsolatesIsMarkedUnsafeAsSwift5ReadsItAndTheRestIsLeft() {
        // Which declarations need the mark is the Swift compiler's verdict in Swift 6 mode
        // ("not concurrency-safe because it is nonisolated global shared mutable state"), and
        // which would draw its "unnecessary for a constant with 'Sendable' type" warning; the
        // corpus snippet SharedRippleAnimator checks both by compiling.
        // Marked: a stored static var (observed or not, private or not) and a static let of a
        // class the files declare. Left: Sendable constants, a computed property, state already
        // marked, a class that says it is Sendable, and a main-actor class's state.
        let source = """
            import UIKit

            final class PulseAnimator {
                static let shared = PulseAnimator()
                static var fadeDuration: CFTimeInterval = 0.25
                private static var runningCount = 0 {
                    didSet { print("running: \\(runningCount)") }
                }
                static let key = "pulse"
                static let scale: CGFloat = 1.2
                static var isIdle: Bool { runningCount == 0 }
                nonisolated(unsafe) static var lastLayer: CALayer?

                func pulse(_ layer: CALayer) {
                    PulseAnimator.runningCount += 1
                    let grow = CABasicAnimation(keyPath: "transform.scale")
                    grow.toValue = PulseAnimator.scale
                    grow.duration = PulseAnimator.fadeDuration
                    layer.add(grow, forKey: PulseAnimator.key)
                }
            }

            final class Palette: Sendable {
                static let standard = Palette()
            }

            @MainActor
            final class TapCounter {
                static var taps = 0
            }

            struct Theme {
                static var accent = CGColor(red: 1, green: 0.2, blue: 0.4, alpha: 1)
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class PulseAnimator {
                nonisolated(unsafe) static let shared = PulseAnimator()
                nonisolated(unsafe) static var fadeDuration: CFTimeInterval = 0.25
                private nonisolated(unsafe) static var runningCount = 0 {
                    didSet { print("running: \\(runningCount)") }
                }
                static let key = "pulse"
                static let scale: CGFloat = 1.2
                static var isIdle: Bool { runningCount == 0 }
                nonisolated(unsafe) static var lastLayer: CALayer?

                func pulse(_ layer: CALayer) {
                    PulseAnimator.runningCount += 1
                    let grow = CABasicAnimation(keyPath: "transform.scale")
                    grow.toValue = PulseAnimator.scale
                    grow.duration = PulseAnimator.fadeDuration
                    layer.add(grow, forKey: PulseAnimator.key)
                }
            }

            final class Palette: Sendable {
                static let standard = Palette()
            }

            @MainActor
            final class TapCounter {
                static var taps = 0
            }

            struct Theme {
                nonisolated(unsafe) static var accent = CGColor(red: 1, green: 0.2, blue: 0.4, alpha: 1)
            }
            """)
        XCTAssertEqual(ported.changes.filter { $0.kind == .sharedState }.map(\.line), [4, 5, 6, 33])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testASingletonKeptByATypeInAPropertysGetterIsMarked() {
        // Swift 3's singleton idiom: a struct local to the getter holds the instance, which is
        // shared mutable state as a type's own static property is.
        let source = """
            class PathAnimator {
                class var shared: PathAnimator {
                    struct Singleton {
                        static let instance = PathAnimator()
                    }
                    return Singleton.instance
                }
                var duration = 0.5
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, source.replacingOccurrences(of: "            static let instance", with: "            nonisolated(unsafe) static let instance"))
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAStaticLetOfAClassSendableThroughAProtocolTheFilesDeclareIsLeft() {
        // Marked, Swift would warn that the mark is unnecessary for a Sendable type.
        let source = """
            protocol CacheProvider: AnyObject, Sendable {}
            protocol LayerCache: CacheProvider {}

            final class DefaultLayerCache: LayerCache {
                static let shared = DefaultLayerCache()
            }

            class BaseCache: @unchecked Sendable {}

            final class SubCache: BaseCache {
                static let shared = SubCache()
            }
            """
        XCTAssertEqual(Porter.port(source).ported, source)
    }

    func testAStaticLetOfALayerPathOrAttributedStringIsMarkedAndOfASendableValueIsLeft() {
        // Which need the mark is the Swift 6 compiler's verdict against Lamina and Linux
        // Foundation (a layer, an animation, an emitter cell, a path, an attributed string, a
        // shadow and a filter are not Sendable; a colour, a timing function and a paragraph
        // style are).
        let source = """
            extension NSAttributedString {
                static let empty = NSAttributedString(string: "")
            }

            enum Shapes {
                static let badge: CGPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 8, height: 8), transform: nil)
                static let template = CAShapeLayer()
                static let pop = CABasicAnimation(keyPath: "transform.scale")
                static let spark = CAEmitterCell()
                static let ink = CGColor(gray: 0, alpha: 1)
                static let easing = CAMediaTimingFunction(name: .easeOut)
                static let centered = NSMutableParagraphStyle()
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            extension NSAttributedString {
                nonisolated(unsafe) static let empty = NSAttributedString(string: "")
            }

            enum Shapes {
                nonisolated(unsafe) static let badge: CGPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 8, height: 8), transform: nil)
                nonisolated(unsafe) static let template = CAShapeLayer()
                nonisolated(unsafe) static let pop = CABasicAnimation(keyPath: "transform.scale")
                nonisolated(unsafe) static let spark = CAEmitterCell()
                static let ink = CGColor(gray: 0, alpha: 1)
                static let easing = CAMediaTimingFunction(name: .easeOut)
                static let centered = NSMutableParagraphStyle()
            }
            """)
        assertSecondRunChangesNothing([ported])
    }
}
