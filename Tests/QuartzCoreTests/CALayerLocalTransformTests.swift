import QuartzCore
import TestSupport
import XCTest

@testable import QuartzCore

/// A layer's transform in its parent's space (bounds and anchor point to the origin, its
/// `transform`, then to its position) equals the product of those three steps entry for
/// entry, for untransformed layers too, whose two translations are added directly.
final class CALayerLocalTransformTests: XCTestCase {
    /// The three steps multiplied out.
    private func product(
        bounds: CGRect, anchorPoint: CGPoint, anchorPointZ: CGFloat, transform: CATransform3D, position: CGPoint,
        zPosition: CGFloat
    ) -> CATransform3D {
        let ax = bounds.origin.x + anchorPoint.x * bounds.size.width
        let ay = bounds.origin.y + anchorPoint.y * bounds.size.height
        let toAnchor = CATransform3DMakeTranslation(-ax, -ay, -anchorPointZ)
        // The identity is not multiplied in (infinite entries times its zeros would be NaN).
        let transformed = CATransform3DIsIdentity(transform) ? toAnchor : CATransform3DConcat(toAnchor, transform)
        return CATransform3DConcat(transformed, CATransform3DMakeTranslation(position.x, position.y, zPosition))
    }

    private func entries(_ t: CATransform3D) -> [CGFloat] {
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
    }

    private func assertSameEntries(_ a: CATransform3D, _ b: CATransform3D, _ message: String, line: UInt = #line) {
        for (index, (x, y)) in zip(entries(a), entries(b)).enumerated() {
            XCTAssertTrue(x == y || (x.isNaN && y.isNaN), "\(message): entry \(index) \(x) ≠ \(y)", line: line)
        }
    }

    func testAnUntransformedLayersLocalTransformEqualsTheProductOfItsTranslations() {
        var random = SplitMix64(seed: 0x10CA1)
        func coordinate() -> CGFloat {
            switch random.int(4) {
            case 0: return 0
            case 1: return CGFloat(random.int(2000) - 1000)
            default: return random.uniform(-5000, 5000)
            }
        }
        for step in 0..<2000 {
            let bounds = CGRect(x: coordinate(), y: coordinate(), width: abs(coordinate()), height: abs(coordinate()))
            let anchor = CGPoint(x: random.uniform(-1, 2), y: random.uniform(-1, 2))
            let (anchorZ, position, z) = (coordinate(), CGPoint(x: coordinate(), y: coordinate()), coordinate())
            let local = CALayerGeometry.localTransform(
                bounds: bounds, anchorPoint: anchor, anchorPointZ: anchorZ, transform: CATransform3DIdentity,
                position: position, zPosition: z)
            let expected = product(
                bounds: bounds, anchorPoint: anchor, anchorPointZ: anchorZ, transform: CATransform3DIdentity,
                position: position, zPosition: z)
            assertSameEntries(local, expected, "step \(step)")
            if testRun?.failureCount ?? 0 > 0 { return }
        }
    }

    func testLayersWithTransformsOrGeometryThatIsNotFiniteGetTheProduct() {
        let bounds = CGRect(x: 3, y: 4, width: 50, height: 60)
        let cases: [(CGRect, CGPoint, CATransform3D, CGPoint)] = [
            (bounds, CGPoint(x: 0.5, y: 0.5), CATransform3DMakeRotation(0.3, 0, 0, 1), CGPoint(x: 10.25, y: 20.5)),
            (bounds, CGPoint(x: 0.5, y: 0.5), CATransform3DMakeScale(2, 3, 1), CGPoint(x: -7, y: 9)),
            (bounds, CGPoint(x: 0.5, y: 0.5), CATransform3DIdentity, CGPoint(x: CGFloat.infinity, y: 2)),
            (CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10), CGPoint(x: 0.5, y: 0.5), CATransform3DIdentity, .zero),
            (bounds, CGPoint(x: CGFloat.nan, y: 0.5), CATransform3DIdentity, CGPoint(x: 1, y: 1)),
        ]
        for (index, (b, anchor, transform, position)) in cases.enumerated() {
            let local = CALayerGeometry.localTransform(
                bounds: b, anchorPoint: anchor, anchorPointZ: 0, transform: transform, position: position, zPosition: 0)
            let expected = product(
                bounds: b, anchorPoint: anchor, anchorPointZ: 0, transform: transform, position: position, zPosition: 0)
            assertSameEntries(local, expected, "case \(index)")
        }
    }
}
