import QuartzCore
import TestSupport
import XCTest

/// `render(in:)` draws layers whose transforms an affine transform cannot represent as if
/// those transforms were the identity. Apple's documentation of `render(in:)` says layers
/// that use 3D transforms are not rendered by it; Apple's own renders (lottie-ios's snapshot
/// images of layers turned about x and y, drawn with `render(in:)` on iOS) show such layers
/// drawn flat and untransformed. Affine transforms still apply. Windows draw every transform.
@MainActor
final class RenderInContextThreeDimensionalTests: XCTestCase {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

    /// A 40×40 bitmap context flipped to y-down, as UIKit's image contexts are.
    private func makeFlippedContext() throws -> CGContext {
        try XCTUnwrap(makeFlippedBitmapContext(width: 40, height: 40))
    }

    func testALayerTurnedAboutXOrYIsDrawnUntransformed() async throws {
        for axis in [(1.0, 0.0), (0.0, 1.0)] {
            let root = layer(CGRect(x: 0, y: 0, width: 40, height: 40))
            let turned = layer(CGRect(x: 10, y: 10, width: 20, height: 20), red, in: root)
            var transform = CATransform3DIdentity
            transform.m34 = -1 / 200
            turned.transform = CATransform3DRotate(transform, .pi / 2.5, CGFloat(axis.0), CGFloat(axis.1), 0)
            let ctx = try makeFlippedContext()
            root.render(in: ctx)
            assertPixels(ctx.makeImage(), CGRect(x: 10, y: 10, width: 20, height: 20), inside: px(255, 0, 0))
        }
    }

    func testAPerspectiveSublayerTransformIsNotApplied() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 40, height: 40))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 50
        root.sublayerTransform = CATransform3DRotate(perspective, 0.6, 0, 1, 0)
        _ = layer(CGRect(x: 5, y: 5, width: 30, height: 10), red, in: root)
        let ctx = try makeFlippedContext()
        root.render(in: ctx)
        assertPixels(ctx.makeImage(), CGRect(x: 5, y: 5, width: 30, height: 10), inside: px(255, 0, 0))
    }

    func testAffineTransformsStillApply() async throws {
        // Scaled by 2 about its centre (affine, with z left alone): 20×20 around (20, 20).
        let root = layer(CGRect(x: 0, y: 0, width: 40, height: 40))
        let scaled = layer(CGRect(x: 15, y: 15, width: 10, height: 10), red, in: root)
        scaled.transform = CATransform3DMakeScale(2, 2, 1)
        let ctx = try makeFlippedContext()
        root.render(in: ctx)
        assertPixels(ctx.makeImage(), CGRect(x: 10, y: 10, width: 20, height: 20), inside: px(255, 0, 0))
    }

    func testATurnByWholeTurnsKeepsItsAffinePart() async throws {
        // Scaled by 2 about its centre and turned a whole turn about x: sin(2π) is not
        // exactly 0, yet the scale is drawn (Apple's renders of lottie's layers turned by 360°
        // about x show their 2D transform; by 90° and 180°, flat and untransformed).
        let root = layer(CGRect(x: 0, y: 0, width: 40, height: 40))
        let scaled = layer(CGRect(x: 15, y: 15, width: 10, height: 10), red, in: root)
        scaled.transform = CATransform3DRotate(CATransform3DMakeScale(2, 2, 1), 2 * .pi, 1, 0, 0)
        XCTAssertFalse(CATransform3DIsAffine(scaled.transform), "not exactly affine")
        let ctx = try makeFlippedContext()
        root.render(in: ctx)
        assertPixels(ctx.makeImage(), CGRect(x: 10, y: 10, width: 20, height: 20), inside: px(255, 0, 0))
    }

    func testTurnsThatAreAffineButForRoundingKeepTheTranslation() async throws {
        // Turned by π about x, y and z (each 3e-7 off, as eased keyframes with single-precision
        // key times leave them), then moved by (5, 5): affine but for rounding. Apple's render
        // of a layer so turned by three animations shows its 2D part, moved, not the layer
        // flat at its place.
        let root = layer(CGRect(x: 0, y: 0, width: 40, height: 40))
        let moved = layer(CGRect(x: 10, y: 10, width: 10, height: 10), red, in: root)
        let angle = CGFloat.pi + 3e-7
        var transform = CATransform3DMakeRotation(angle, 1, 0, 0)
        transform = CATransform3DConcat(transform, CATransform3DMakeRotation(angle, 0, 1, 0))
        transform = CATransform3DConcat(transform, CATransform3DMakeRotation(angle, 0, 0, 1))
        moved.transform = CATransform3DConcat(transform, CATransform3DMakeTranslation(5, 5, 0))
        XCTAssertFalse(CATransform3DIsAffine(moved.transform), "not exactly affine")
        let ctx = try makeFlippedContext()
        root.render(in: ctx)
        assertPixels(ctx.makeImage(), CGRect(x: 15, y: 15, width: 10, height: 10), inside: px(255, 0, 0))
    }

    func testTheModelTreeKeepsItsTransforms() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 40, height: 40))
        let turned = layer(CGRect(x: 10, y: 10, width: 20, height: 20), red, in: root)
        let transform = CATransform3DMakeRotation(0.7, 0, 1, 0)
        turned.transform = transform
        root.render(in: try makeFlippedContext())
        XCTAssertTrue(CATransform3DEqualToTransform(turned.transform, transform))
    }
}
