import QuartzCore
import TestSupport
import XCTest

/// Sub-key paths that hold two numbers — `transform.translation`, `sublayerTransform.translation`,
/// `bounds.origin`, `bounds.size` — take the two numbers of whatever two-number struct Apple code
/// passes: a `CGPoint`, a `CGSize` or a `CGVector`, boxed in an `NSValue` or not. Apple's
/// renders of real code that animates `transform.translation` with `CGPoint` values show the
/// layer translated by the point's x and y; the expected values here are those numbers.
@MainActor
final class TwoNumberKeyPathTests: XCTestCase {
    func testTranslationTakesAPointASizeAVectorAndTheirBoxes() async {
        let values: [Any] = [
            CGPoint(x: 10, y: 20), CGSize(width: 10, height: 20), CGVector(dx: 10, dy: 20),
            NSValue(cgPoint: CGPoint(x: 10, y: 20)), NSValue(cgSize: CGSize(width: 10, height: 20)),
        ]
        for value in values {
            let layer = CALayer()
            layer.setValue(value, forKeyPath: "transform.translation")
            XCTAssertEqual(layer.transform, CATransform3DMakeTranslation(10, 20, 0), "\(type(of: value))")
            layer.setValue(value, forKeyPath: "sublayerTransform.translation")
            XCTAssertEqual(layer.sublayerTransform, CATransform3DMakeTranslation(10, 20, 0), "\(type(of: value))")
        }
    }

    func testTranslationKeepsTheRotationAndScaleAndDropsOtherValues() async {
        let layer = CALayer()
        layer.transform = CATransform3DMakeScale(2, 3, 1)
        layer.setValue(CGPoint(x: -4, y: 6), forKeyPath: "transform.translation")
        XCTAssertEqual(layer.transform, CATransform3DTranslate(CATransform3DIdentity, -4, 6, 0).scaled(2, 3))
        // A number is not two numbers: the transform is left as it was.
        layer.setValue(5, forKeyPath: "transform.translation")
        XCTAssertEqual(layer.transform.m41, -4)
        XCTAssertEqual(layer.transform.m42, 6)
    }

    func testRectOriginAndSizeTakeEitherStruct() async {
        let layer = CALayer()
        layer.bounds = CGRect(x: 1, y: 2, width: 3, height: 4)
        layer.setValue(CGPoint(x: 30, y: 40), forKeyPath: "bounds.size")
        XCTAssertEqual(layer.bounds, CGRect(x: 1, y: 2, width: 30, height: 40))
        layer.setValue(CGSize(width: 5, height: 6), forKeyPath: "bounds.origin")
        XCTAssertEqual(layer.bounds, CGRect(x: 5, y: 6, width: 30, height: 40))
        layer.setValue(NSValue(cgPoint: CGPoint(x: 7, y: 8)), forKeyPath: "bounds.size")
        XCTAssertEqual(layer.bounds, CGRect(x: 5, y: 6, width: 7, height: 8))
    }

    func testABasicAnimationOfTranslationWithPointsMovesThePresentationAndTheRenderedTree() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        layer.add(
            linearAnimation("transform.translation", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 40)), forKey: "slide")
        CATransaction.flush()
        world.advance(to: 105)
        XCTAssertEqual(layer.presentation()?.transform, CATransform3DMakeTranslation(50, 20, 0))
        let update = try? XCTUnwrap(world.context).makeRenderUpdate(at: 105)
        XCTAssertEqual(update?.tree(at: 105).sublayers.first?.transform, CATransform3DMakeTranslation(50, 20, 0))
    }

    func testKeyframeValuesAndByValuesOfTranslationMayBePoints() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        let keyframes = CAKeyframeAnimation(keyPath: "transform.translation")
        keyframes.values = [CGPoint(x: 0, y: 0), NSValue(cgPoint: CGPoint(x: 80, y: 0)), CGPoint(x: 80, y: 60)]
        keyframes.duration = 10
        layer.add(keyframes, forKey: "path")
        CATransaction.flush()
        world.advance(to: 107.5)
        // Three values over 10 s: the second segment, halfway.
        XCTAssertEqual(layer.presentation()?.transform, CATransform3DMakeTranslation(80, 30, 0))
        let update = try? XCTUnwrap(world.context).makeRenderUpdate(at: 107.5)
        XCTAssertEqual(update?.tree(at: 107.5).sublayers.first?.transform, CATransform3DMakeTranslation(80, 30, 0))

        layer.removeAllAnimations()
        let by = CABasicAnimation(keyPath: "transform.translation")
        by.byValue = CGPoint(x: 20, y: -10)
        by.duration = 10
        layer.add(by, forKey: "by")
        CATransaction.flush()
        world.advance(to: 112.5)
        // Added at 107.5 for 10 s: halfway from no translation to the point's (20, −10).
        XCTAssertEqual(layer.presentation()?.transform, CATransform3DMakeTranslation(10, -5, 0))
    }
}

extension CATransform3D {
    /// This transform with a scale applied first (in the layer's own space).
    fileprivate func scaled(_ x: CGFloat, _ y: CGFloat) -> CATransform3D {
        CATransform3DScale(self, x, y, 1)
    }
}
