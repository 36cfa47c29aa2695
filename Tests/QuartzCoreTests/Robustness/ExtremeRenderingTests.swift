import Foundation
import QuartzCore
import TestSupport
import XCTest

/// Huge appearance and geometry values reach the compositor without trapping, and draw what
/// Apple draws (or a documented clamp): a blur too wide for any buffer leaves no visible shadow.
@MainActor
final class ExtremeRenderingTests: XCTestCase {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A 20×20 root (transparent) with a red 10×10 layer at (5, 5).
    private func scene(_ configure: (CALayer) -> Void) throws -> CGImage {
        let root = layer("root", CGRect(x: 0, y: 0, width: 20, height: 20))
        let box = layer("box", CGRect(x: 5, y: 5, width: 10, height: 10), red, in: root)
        configure(box)
        CATransaction.flush()
        let image = try CALayerCompositor().renderImage(root.makeRenderTree(), width: 20, height: 20)
        XCTAssertEqual(image.width, 20)
        XCTAssertEqual(image.height, 20)
        return image
    }

    func testHugeShadowRadiusLeavesTheBodyAndNoVisibleShadow() async throws {
        let image = try scene { box in
            box.shadowOpacity = 1
            box.shadowRadius = 1e300
            box.shadowOffset = CGSize(width: 3, height: 3)
        }
        XCTAssertEqual(image.pixel(x: 10, y: 10), px(255, 0, 0))
        XCTAssertEqual(image.pixel(x: 17, y: 17), rgba(0, 0, 0, 0), "spread over 1e300 points: invisible")
    }

    func testHugeShadowOffsetDrawsNoShadowInView() async throws {
        let image = try scene { box in
            box.shadowOpacity = 1
            box.shadowRadius = 2
            box.shadowOffset = CGSize(width: 1e300, height: -1e300)
        }
        XCTAssertEqual(image.pixel(x: 10, y: 10), px(255, 0, 0))
        XCTAssertEqual(image.pixel(x: 2, y: 2), rgba(0, 0, 0, 0))
    }

    func testHugeCornerRadiusRoundsToAnEllipse() async throws {
        // Apple clamps the radius to half the shorter side: a 10×10 circle.
        let image = try scene { $0.cornerRadius = 1e300 }
        XCTAssertEqual(image.pixel(x: 10, y: 10), px(255, 0, 0), "centre")
        XCTAssertEqual(image.pixel(x: 5, y: 5), rgba(0, 0, 0, 0), "the corner is cut off")
    }

    func testHugeBorderWidthCoversTheWholeLayer() async throws {
        let image = try scene { box in
            box.borderWidth = 1e300
            box.borderColor = self.blue
        }
        XCTAssertEqual(image.pixel(x: 10, y: 10), px(0, 0, 255))
        XCTAssertEqual(image.pixel(x: 5, y: 5), px(0, 0, 255))
        XCTAssertEqual(image.pixel(x: 3, y: 3), rgba(0, 0, 0, 0))
    }

    func testHugePerspectiveOnAFlatLayerChangesNothing() async throws {
        // m34 multiplies z, which is 0 everywhere on the layer's plane: w stays 1.
        let image = try scene { box in
            var transform = CATransform3DIdentity
            transform.m34 = 1e300
            box.transform = transform
        }
        XCTAssertEqual(image.pixel(x: 10, y: 10), px(255, 0, 0))
        XCTAssertEqual(image.pixel(x: 3, y: 3), rgba(0, 0, 0, 0))
    }

    func testHugePerspectiveWithRotationDoesNotTrap() async throws {
        _ = try scene { box in
            var transform = CATransform3DMakeRotation(0.5, 0, 1, 0)
            transform.m34 = -1e300
            box.transform = transform
            box.sublayerTransform = transform
            let child = CALayer()
            child.frame = CGRect(x: 0, y: 0, width: 5, height: 5)
            child.zPosition = 1e300
            child.backgroundColor = self.blue
            box.addSublayer(child)
        }
    }

    func testGeometryNearTheLargestFiniteValue() async throws {
        let image = try scene { box in
            box.bounds = CGRect(x: 0, y: 0, width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)
            box.position = CGPoint(x: 10, y: 10)
        }
        // Apple fills the whole view with a layer this large; Lamina draws nothing yet (cairo's
        // fixed-point coordinates cannot hold ±1e308), but must not trap.
        XCTAssertEqual(image.width, 20)
        let far = try scene { box in
            box.position = CGPoint(x: CGFloat.greatestFiniteMagnitude, y: -CGFloat.greatestFiniteMagnitude)
            box.shadowOpacity = 1
            box.cornerRadius = 3
        }
        XCTAssertEqual(far.pixel(x: 10, y: 10), rgba(0, 0, 0, 0), "the layer is far outside the view")
    }

    func testHugeAndInvertedContentsRectsDoNotTrap() async throws {
        let contents = makeImage(width: 4, height: 4) { _, _ in px(0, 255, 0) }
        for rect in [
            CGRect(x: 0, y: 0, width: 1e300, height: 1e300), CGRect(x: 1, y: 1, width: -1, height: -1),
            CGRect(x: -1e300, y: 0, width: 1e-300, height: 1), CGRect(x: 0, y: 0, width: 0, height: 0),
        ] {
            _ = try scene { box in
                box.contents = contents
                box.contentsRect = rect
                box.contentsCenter = CGRect(x: 0.5, y: 0.5, width: -1e300, height: 1e300)
                box.contentsGravity = .resize
            }
        }
        // With the default contentsRect and contentsCenter the whole image shows.
        let image = try scene { $0.contents = contents }
        XCTAssertEqual(image.pixel(x: 10, y: 10), px(0, 255, 0))
        _ = try scene { box in
            box.contents = contents
            box.contentsCenter = CGRect(x: 1e300, y: -1e300, width: 1e300, height: 1e300)
        }
    }
}
