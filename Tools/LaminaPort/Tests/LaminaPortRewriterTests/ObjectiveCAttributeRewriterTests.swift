import LaminaPortRewriter
import XCTest

final class ObjectiveCAttributeRewriterTests: XCTestCase {
    func testNonobjcOnItsOwnLineIsRemovedWithTheLine() {
        let source = """
            extension CALayer {
              /// Adds an animation for the given property.
              @nonobjc
              func addAnimation(for property: String, duration: CFTimeInterval) {
                // …
              }

              @nonobjc func fillBoundsOfSuperlayer() {}
            }

            """
        let ported = Porter.port(source, path: "CALayer+addAnimation.swift")
        XCTAssertEqual(ported.ported, """
            extension CALayer {
              /// Adds an animation for the given property.
              func addAnimation(for property: String, duration: CFTimeInterval) {
                // …
              }

              func fillBoundsOfSuperlayer() {}
            }

            """)
        XCTAssertEqual(ported.reportLines, [
            "CALayer+addAnimation.swift:3: @nonobjc -> (removed) (@nonobjc means nothing without the Objective-C runtime)",
            "CALayer+addAnimation.swift:8: @nonobjc -> (removed) (@nonobjc means nothing without the Objective-C runtime)",
        ])
    }

    func testObjcPropertyAnimatedByKeyBecomesManaged() {
        let source = """
            final class ProgressLayer: BaseAnimationLayer {
              @objc private var animationProgress: CGFloat = 0

              func startTracking(duration: CFTimeInterval) {
                let tracker = CABasicAnimation(keyPath: #keyPath(animationProgress))
                tracker.fromValue = 0
                tracker.toValue = 1
                add(tracker, forKey: #keyPath(animationProgress))
              }
            }

            class BaseAnimationLayer: CALayer {}

            """
        let ported = Porter.port(source, path: "ProgressLayer.swift")
        XCTAssertEqual(ported.ported, """
            final class ProgressLayer: BaseAnimationLayer {
              @CAManaged("animationProgress") private var animationProgress: CGFloat = 0

              func startTracking(duration: CFTimeInterval) {
                let tracker = CABasicAnimation(keyPath: "animationProgress")
                tracker.fromValue = 0
                tracker.toValue = 1
                add(tracker, forKey: "animationProgress")
              }
            }

            class BaseAnimationLayer: CALayer {}

            """)
        XCTAssertEqual(ported.reportLines[0],
            "ProgressLayer.swift:2: @objc -> @CAManaged(\"animationProgress\") (the layer keeps the property by key, copies it into presentation layers and animates it, as @NSManaged does)")
    }

    func testManagedPropertiesGetTheirUnsetValue() {
        let source = """
            final class GaugeLayer: CALayer {
                @NSManaged var progress: CGFloat
                @NSManaged var tint: CGColor?
                @objc dynamic var lineWidth: CGFloat = 2
                @NSManaged var center: CGPoint
                @NSManaged var color: CGColor
                @NSManaged var outline: CGPath

                override class func needsDisplay(forKey key: String) -> Bool {
                    key == "progress" || key == "lineWidth" || super.needsDisplay(forKey: key)
                }
            }
            """
        // Objective-C's unset values: zero, nil, and for a colour or path that is not optional a
        // nil one, which draws as a clear colour and an empty path do.
        XCTAssertEqual(Porter.port(source).ported, """
            final class GaugeLayer: CALayer {
                @CAManaged("progress") var progress: CGFloat = 0
                @CAManaged("tint") var tint: CGColor? = nil
                @CAManaged("lineWidth") var lineWidth: CGFloat = 2
                @CAManaged("center") var center: CGPoint = .zero
                @CAManaged("color") var color: CGColor = CGColor(gray: 0, alpha: 0)
                @CAManaged("outline") var outline: CGPath = CGMutablePath()

                override class func needsDisplay(forKey key: String) -> Bool {
                    key == "progress" || key == "lineWidth" || super.needsDisplay(forKey: key)
                }
            }
            """)
    }

    func testObjcDynamicNotUsedByKeyIsDropped() {
        let source = """
            final class BadgeLayer: CALayer {
                @objc dynamic var count = 0
                @objc func refresh() {}
                dynamic var label = ""
            }
            @objcMembers final class Observer: NSObject {
                @objc(handleTick:) func handleTick(_ timer: Timer) {}
            }
            """
        XCTAssertEqual(Porter.port(source).ported, """
            final class BadgeLayer: CALayer {
                var count = 0
                func refresh() {}
                var label = ""
            }
            final class Observer: NSObject {
                func handleTick(_ timer: Timer) {}
            }
            """)
    }

    func testDynamicPropertiesOfAnObjcMembersLayerUsedByKeyBecomeManaged() {
        // @objcMembers makes every member @objc: its `dynamic var` is an `@objc dynamic` one,
        // which Core Animation keeps by key.
        let source = """
            @objcMembers
            class GlowLayer: CALayer {
                dynamic var glowRadius: CGFloat = 4
                public dynamic var glowOpacity: Float
                dynamic var unkeyed = 0
                var plain: CGFloat = 1

                override class func needsDisplay(forKey key: String) -> Bool {
                    ["glowRadius", "glowOpacity", "plain"].contains(key) || super.needsDisplay(forKey: key)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            class GlowLayer: CALayer {
                @CAManaged("glowRadius") var glowRadius: CGFloat = 4
                @CAManaged("glowOpacity") public var glowOpacity: Float = 0
                var unkeyed = 0
                var plain: CGFloat = 1

                override class func needsDisplay(forKey key: String) -> Bool {
                    ["glowRadius", "glowOpacity", "plain"].contains(key) || super.needsDisplay(forKey: key)
                }
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testObjcProtocolWithAnOptionalRequirementGivingBackAValueIsLeftWithANote() {
        // A call's nil for a missing implementation (`dataSource?.lineColor?() ?? .black`) has
        // no default to stand for it.
        let source = """
            @objc protocol LayerDelegate {
                @objc optional func layerDidFinish()
                @objc optional func lineWidth() -> CGFloat
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, source)
        XCTAssertEqual(ported.notes.map(\.line), [1])
    }

    func testOptionalRequirementsGivingBackNothingAreRequirementsWithEmptyDefaults() {
        // The delegate callbacks of a gauge, one implemented by its adopter; their calls through
        // `?(` call the adopter's or the empty default, which does nothing, as an
        // unimplemented optional requirement's call did.
        let source = """
            import UIKit

            @objc public protocol GaugeDelegate {
                func gaugeValue(_ gauge: Gauge) -> CGFloat
                /// Called once the gauge is full.
                @objc optional func gaugeDidFill(_ gauge: Gauge)
                @objc optional
                func gauge(_ gauge: Gauge, didReach level: CGFloat)
            }

            public final class Gauge: CAShapeLayer {
                public weak var gaugeDelegate: GaugeDelegate?

                func refresh() {
                    let value = gaugeDelegate?.gaugeValue(self) ?? 0
                    strokeEnd = value
                    if value >= 1 {
                        gaugeDelegate?.gaugeDidFill?(self)
                    }
                    gaugeDelegate?.gauge?(self, didReach: value)
                }
            }

            final class Dashboard: NSObject, GaugeDelegate {
                func gaugeValue(_ gauge: Gauge) -> CGFloat { 0.5 }
                @objc func gaugeDidFill(_ gauge: Gauge) { print("full") }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            public protocol GaugeDelegate: AnyObject {
                func gaugeValue(_ gauge: Gauge) -> CGFloat
                /// Called once the gauge is full.
                func gaugeDidFill(_ gauge: Gauge)
                func gauge(_ gauge: Gauge, didReach level: CGFloat)
            }

            extension GaugeDelegate {
                public func gaugeDidFill(_ gauge: Gauge) {}
                public func gauge(_ gauge: Gauge, didReach level: CGFloat) {}
            }

            public final class Gauge: CAShapeLayer {
                public weak var gaugeDelegate: GaugeDelegate?

                func refresh() {
                    let value = gaugeDelegate?.gaugeValue(self) ?? 0
                    strokeEnd = value
                    if value >= 1 {
                        gaugeDelegate?.gaugeDidFill(self)
                    }
                    gaugeDelegate?.gauge(self, didReach: value)
                }
            }

            final class Dashboard: NSObject, GaugeDelegate {
                func gaugeValue(_ gauge: Gauge) -> CGFloat { 0.5 }
                func gaugeDidFill(_ gauge: Gauge) { print("full") }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // A property of a requirement's name may be a closure that `x?.name?()` calls: left.
        let closure = Porter.port(source.replacingOccurrences(
            of: "public weak var gaugeDelegate: GaugeDelegate?", with: "public weak var gaugeDelegate: GaugeDelegate?\n    var gaugeDidFill: ((Gauge) -> Void)?"))
        XCTAssertTrue(closure.ported.contains("@objc optional func gaugeDidFill(_ gauge: Gauge)"), closure.ported)
    }

    func testAnObjcProtocolStaysClassBoundAndItsOutletLosesIBOutlet() {
        // Only classes adopt an @objc protocol, so a weak reference to it compiles; without the
        // attribute, AnyObject says so. An outlet's type must be an Objective-C one.
        let source = """
            @objc public protocol ChartDataSource {
                func numberOfSlices() -> Int
            }

            @objc protocol ChartDelegate: Equatable {}

            @objc protocol ChartObserver: AnyObject {}

            open class ChartLayer: CALayer {
                @IBOutlet open weak var dataSource: ChartDataSource?
                @IBOutlet weak var shadow: CALayer?
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            public protocol ChartDataSource: AnyObject {
                func numberOfSlices() -> Int
            }

            protocol ChartDelegate: Equatable, AnyObject {}

            protocol ChartObserver: AnyObject {}

            open class ChartLayer: CALayer {
                open weak var dataSource: ChartDataSource?
                @IBOutlet weak var shadow: CALayer?
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAManagedUIKitColourWrittenAsACGColorReadsClearWhileUnset() {
        // An unset @NSManaged object property reads nil, which Core Graphics fills as nothing;
        // the CGColor the colour pass writes starts clear.
        let source = """
            import UIKit

            final class RingLayer: CALayer {
                @NSManaged var tint: UIColor

                override func draw(in ctx: CGContext) {
                    ctx.setFillColor(tint.cgColor)
                    ctx.fill(bounds)
                }

                func highlight() {
                    tint = .red
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("    @CAManaged(\"tint\") var tint: CGColor = CGColor(gray: 0, alpha: 0)\n"), ported.ported)
        XCTAssertTrue(ported.ported.contains("ctx.setFillColor(tint)\n"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testCoreDataManagedPropertyIsLeftWithANote() {
        let source = """
            final class Item: NSManagedObject {
                @NSManaged var title: String
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, source)
        XCTAssertEqual(ported.notes.map(\.construct), ["@NSManaged"])
    }
}
