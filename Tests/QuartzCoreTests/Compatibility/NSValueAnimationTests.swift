import QuartzCore
import TestSupport
import XCTest

/// Values Apple code boxes in `NSValue`: transforms round-trip, and animations and key-value
/// coding unbox points, sizes, rects and transforms and interpolate them as Apple does.
@MainActor
final class NSValueAnimationTests: XCTestCase {
    func testTransformValuesRoundTrip() async {
        let t = CATransform3DMakeTranslation(10, -20, 30)
        let value = NSValue(caTransform3D: t)
        XCTAssertEqual(value.caTransform3DValue, t)
        XCTAssertEqual(String(cString: value.objCType), "{CATransform3D=dddddddddddddddd}")
        XCTAssertEqual(value, NSValue(caTransform3D: t))
        XCTAssertNotEqual(value, NSValue(caTransform3D: CATransform3DIdentity))
        XCTAssertEqual(NSValue(cgPoint: CGPoint(x: 1, y: 2)).caTransform3DValue, CATransform3DIdentity)
    }

    func testBoxedPointsInterpolate() async {
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        layer.add(
            linearAnimation("position", from: NSValue(cgPoint: CGPoint(x: 0, y: 0)), to: NSValue(cgPoint: CGPoint(x: 100, y: 200))),
            forKey: "move")
        CATransaction.flush()
        world.clock.set(105)
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 50, y: 100))
    }

    func testBoxedSizesAndRectsInterpolate() async {
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        layer.add(
            linearAnimation("bounds.size", from: NSValue(cgSize: CGSize(width: 10, height: 20)), to: NSValue(cgSize: CGSize(width: 30, height: 60))),
            forKey: "size")
        layer.add(
            linearAnimation(
                "contentsRect", from: NSValue(cgRect: CGRect(x: 0, y: 0, width: 1, height: 1)),
                to: NSValue(cgRect: CGRect(x: 0.5, y: 0.25, width: 0.5, height: 0.5))),
            forKey: "rect")
        CATransaction.flush()
        world.clock.set(102.5)
        XCTAssertEqual(layer.presentation()?.bounds.size, CGSize(width: 15, height: 30))
        XCTAssertEqual(layer.presentation()?.contentsRect, CGRect(x: 0.125, y: 0.0625, width: 0.875, height: 0.875))
    }

    func testBoxedTransformsInterpolate() async {
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        layer.add(
            linearAnimation(
                "transform", from: NSValue(caTransform3D: CATransform3DIdentity),
                to: NSValue(caTransform3D: CATransform3DMakeTranslation(100, 40, 0))),
            forKey: "slide")
        CATransaction.flush()
        world.clock.set(105)
        XCTAssertEqual(layer.presentation()?.transform, CATransform3DMakeTranslation(50, 20, 0))
    }

    func testKeyValueCodingUnboxesValues() async {
        let layer = CALayer()
        layer.setValue(NSValue(cgPoint: CGPoint(x: 7, y: 8)), forKey: "position")
        layer.setValue(NSValue(cgRect: CGRect(x: 0, y: 0, width: 30, height: 40)), forKey: "bounds")
        layer.setValue(NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1)), forKey: "transform")
        XCTAssertEqual(layer.position, CGPoint(x: 7, y: 8))
        XCTAssertEqual(layer.bounds, CGRect(x: 0, y: 0, width: 30, height: 40))
        XCTAssertEqual(layer.transform, CATransform3DMakeScale(2, 2, 1))
    }

    func testKeyValueCodingRefusesABoxOfTheWrongType() async {
        let layer = CALayer()
        layer.position = CGPoint(x: 1, y: 1)
        layer.setValue(NSValue(cgSize: CGSize(width: 7, height: 8)), forKey: "position")
        XCTAssertEqual(layer.position, CGPoint(x: 1, y: 1))
    }
}
