import QuartzCore
import TestSupport
import XCTest

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CALayerDefaultsTests: XCTestCase {
    // A layer created in code has frame .zero, no superlayer, no delegate.
    func testNewLayerHasZeroGeometryAndNoRelations() async throws {
        let layer = CALayer()
        XCTAssertEqual(layer.frame, .zero)
        XCTAssertEqual(layer.bounds, .zero)
        XCTAssertEqual(layer.position, .zero)
        XCTAssertEqual(layer.anchorPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(layer.anchorPointZ, 0)
        XCTAssertEqual(layer.zPosition, 0)
        XCTAssertTrue(CATransform3DIsIdentity(layer.transform))
        XCTAssertTrue(CATransform3DIsIdentity(layer.sublayerTransform))
        XCTAssertFalse(layer.isGeometryFlipped)
        XCTAssertNil(layer.superlayer)
        XCTAssertNil(layer.sublayers)
        XCTAssertNil(layer.mask)
        XCTAssertNil(layer.delegate)
        XCTAssertNil(layer.layoutManager)
        XCTAssertNil(layer.name)
        XCTAssertNil(layer.style)
        XCTAssertNil(layer.actions)
    }

    // contents nil; contentsRect and contentsCenter the unit rectangle;
    // contentsGravity resize; minification and magnification filters linear, bias 0.
    func testContentDefaults() async throws {
        let layer = CALayer()
        XCTAssertNil(layer.contents)
        XCTAssertEqual(layer.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(layer.contentsCenter, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(layer.contentsGravity, .resize)
        XCTAssertEqual(layer.contentsScale, 1)
        XCTAssertEqual(layer.minificationFilter, .linear)
        XCTAssertEqual(layer.magnificationFilter, .linear)
        XCTAssertEqual(layer.minificationFilterBias, 0)
        XCTAssertFalse(layer.isOpaque)
        XCTAssertFalse(layer.needsDisplayOnBoundsChange)
        XCTAssertFalse(layer.drawsAsynchronously)
    }

    // opacity 1, hidden NO, masksToBounds NO, doubleSided YES, cornerRadius 0,
    // maskedCorners all four, borderWidth 0, borderColor opaque black, backgroundColor nil.
    func testAppearanceDefaults() async throws {
        let layer = CALayer()
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertFalse(layer.isHidden)
        XCTAssertFalse(layer.masksToBounds)
        XCTAssertTrue(layer.isDoubleSided)
        XCTAssertEqual(layer.cornerRadius, 0)
        XCTAssertEqual(layer.maskedCorners, [
            .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
        ])
        XCTAssertEqual(layer.cornerCurve, .circular)
        XCTAssertEqual(layer.borderWidth, 0)
        XCTAssertEqual(layer.borderColor, CGColor.black)
        XCTAssertEqual(layer.borderColor?.alpha, 1)
        XCTAssertNil(layer.backgroundColor)
    }

    // shadowOpacity 0, shadowRadius 3, shadowOffset (0, -3), shadowColor opaque
    // black, shadowPath nil.
    func testShadowDefaults() async throws {
        let layer = CALayer()
        XCTAssertEqual(layer.shadowOpacity, 0)
        XCTAssertEqual(layer.shadowRadius, 3)
        XCTAssertEqual(layer.shadowOffset, CGSize(width: 0, height: -3))
        XCTAssertEqual(layer.shadowColor, CGColor.black)
        XCTAssertNil(layer.shadowPath)
    }

    // allowsEdgeAntialiasing NO without Info.plist, allowsGroupOpacity YES (iOS 7+),
    // edgeAntialiasingMask all edges.
    func testRenderingBehaviourDefaults() async throws {
        let layer = CALayer()
        XCTAssertFalse(layer.allowsEdgeAntialiasing)
        XCTAssertTrue(layer.allowsGroupOpacity)
        XCTAssertEqual(layer.edgeAntialiasingMask, [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        XCTAssertFalse(layer.shouldRasterize)
        XCTAssertEqual(layer.rasterizationScale, 1)
    }

    // CACornerMask bit values.
    func testCornerMaskBitsAreApples() async throws {
        XCTAssertEqual(CACornerMask.layerMinXMinYCorner.rawValue, 1)
        XCTAssertEqual(CACornerMask.layerMaxXMinYCorner.rawValue, 2)
        XCTAssertEqual(CACornerMask.layerMinXMaxYCorner.rawValue, 4)
        XCTAssertEqual(CACornerMask.layerMaxXMaxYCorner.rawValue, 8)
        XCTAssertEqual(CAEdgeAntialiasingMask.layerLeftEdge.rawValue, 1)
        XCTAssertEqual(CAEdgeAntialiasingMask.layerRightEdge.rawValue, 2)
        XCTAssertEqual(CAEdgeAntialiasingMask.layerBottomEdge.rawValue, 4)
        XCTAssertEqual(CAEdgeAntialiasingMask.layerTopEdge.rawValue, 8)
    }

    // The twelve contents gravities, with Apple's raw values.
    func testContentsGravityRawValues() async throws {
        let all: [(CALayerContentsGravity, String)] = [
            (.center, "center"), (.top, "top"), (.bottom, "bottom"), (.left, "left"), (.right, "right"),
            (.topLeft, "topLeft"), (.topRight, "topRight"), (.bottomLeft, "bottomLeft"),
            (.bottomRight, "bottomRight"), (.resize, "resize"), (.resizeAspect, "resizeAspect"),
            (.resizeAspectFill, "resizeAspectFill"),
        ]
        for (gravity, raw) in all {
            XCTAssertEqual(gravity.rawValue, raw)
            XCTAssertEqual(CALayerContentsGravity(rawValue: raw), gravity)
        }
        XCTAssertEqual(Set(all.map(\.0)).count, 12)
        XCTAssertTrue(CALayerContentsGravity.resizeAspectFill.isResizing)
        XCTAssertFalse(CALayerContentsGravity.topLeft.isResizing)
    }

    // The scaling filters are "linear", "nearest" (and "trilinear").
    func testContentsFormatDefaultsAndRawValuesAreApples() async throws {
        // Apple's CALayerContentsFormat constants: "RGBA8", "RGBAh", "Gray8".
        let layer = CALayer()
        XCTAssertEqual(layer.contentsFormat, .RGBA8Uint)
        XCTAssertEqual(CALayerContentsFormat.RGBA8Uint.rawValue, "RGBA8")
        XCTAssertEqual(CALayerContentsFormat.RGBA16Float.rawValue, "RGBAh")
        XCTAssertEqual(CALayerContentsFormat.gray8Uint.rawValue, "Gray8")
        layer.contentsFormat = .RGBA16Float
        XCTAssertEqual(layer.contentsFormat, .RGBA16Float)
        layer.setValue("Gray8", forKey: "contentsFormat")
        XCTAssertEqual(layer.contentsFormat, .gray8Uint)
        XCTAssertEqual(layer.value(forKey: "contentsFormat") as? CALayerContentsFormat, .gray8Uint)
    }

    func testExtendedDynamicRangeIsOffByDefaultAndKeptUnderApplesKey() async throws {
        // Apple: `wantsExtendedDynamicRangeContent`, default NO, not animatable.
        let layer = CALayer()
        XCTAssertFalse(layer.wantsExtendedDynamicRangeContent)
        layer.wantsExtendedDynamicRangeContent = true
        XCTAssertTrue(layer.wantsExtendedDynamicRangeContent)
        XCTAssertEqual(layer.value(forKey: "wantsExtendedDynamicRangeContent") as? Bool, true)
        layer.setValue(false, forKey: "wantsExtendedDynamicRangeContent")
        XCTAssertFalse(layer.wantsExtendedDynamicRangeContent)
        layer.wantsExtendedDynamicRangeContent = true
        XCTAssertEqual(CALayer(layer: layer).wantsExtendedDynamicRangeContent, true, "copies carry it")
        XCTAssertNil(CALayer.defaultAction(forKey: "wantsExtendedDynamicRangeContent"))
    }

    func testContentsFilterRawValues() async throws {
        XCTAssertEqual(CALayerContentsFilter.linear.rawValue, "linear")
        XCTAssertEqual(CALayerContentsFilter.nearest.rawValue, "nearest")
        XCTAssertEqual(CALayerContentsFilter.trilinear.rawValue, "trilinear")
        XCTAssertEqual(CALayerCornerCurve.continuous.rawValue, "continuous")
    }

    // opacity values outside 0...1 are clamped.
    func testOpacityAndShadowOpacityAreClamped() async throws {
        let layer = CALayer()
        layer.opacity = 1.5
        XCTAssertEqual(layer.opacity, 1)
        layer.opacity = -0.5
        XCTAssertEqual(layer.opacity, 0)
        layer.shadowOpacity = 7
        XCTAssertEqual(layer.shadowOpacity, 1)
        layer.shadowOpacity = -1
        XCTAssertEqual(layer.shadowOpacity, 0)
    }

    // Apple: +defaultValueForKey: answers CALayer's own properties.
    func testClassDefaultValuesAreApples() async throws {
        XCTAssertEqual(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(CALayer.defaultValue(forKey: "opacity") as? Float, 1)
        XCTAssertEqual(CALayer.defaultValue(forKey: "shadowRadius") as? CGFloat, 3)
        XCTAssertEqual(CALayer.defaultValue(forKey: "shadowOffset") as? CGSize, CGSize(width: 0, height: -3))
        XCTAssertEqual(CALayer.defaultValue(forKey: "doubleSided") as? Bool, true)
        XCTAssertEqual(CALayer.defaultValue(forKey: "contentsGravity") as? CALayerContentsGravity, .resize)
        XCTAssertNil(CALayer.defaultValue(forKey: "backgroundColor"))
        XCTAssertNil(CALayer.defaultValue(forKey: "noSuchKey"))
    }

    // needsDisplayForKey's default answer is NO.
    func testNeedsDisplayForKeyDefaultsToFalse() async throws {
        XCTAssertFalse(CALayer.needsDisplay(forKey: "bounds"))
        XCTAssertFalse(CALayer.needsDisplay(forKey: "progress"))
    }
}
