import QuartzCore
import TestSupport
import XCTest

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CALayerAppearanceRenderingTests: XCTestCase, RenderingSwatches {

    private func render(_ root: CALayer, _ width: Int, _ height: Int) throws -> CGImage {
        try CALayerCompositor().renderImage(root.makeRenderTree(), width: width, height: height)
    }

    /// A 2×2 image: red, green / blue, white.
    private let quad = makeImage(width: 2, height: 2) { x, y in
        [[rgba(255, 0, 0, 255), rgba(0, 255, 0, 255)], [rgba(0, 0, 255, 255), rgba(255, 255, 255, 255)]][y][x]
    }

    // cornerRadius rounds the background.
    func testCornerRadiusRoundsBackground() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20), red)
        root.cornerRadius = 10
        let image = try render(root, 20, 20)
        XCTAssertEqual(image.pixel(x: 0, y: 0), clear)
        XCTAssertEqual(image.pixel(x: 1, y: 1), clear)
        XCTAssertEqual(image.pixel(x: 19, y: 19), clear)
        XCTAssertEqual(image.pixel(x: 10, y: 10), redPixel)
        XCTAssertEqual(image.pixel(x: 10, y: 2), redPixel)
        XCTAssertEqual(image.pixel(x: 2, y: 10), redPixel)
    }

    // maskedCorners chooses which corners are rounded (min-x min-y is top-left).
    func testMaskedCornersRoundOnlyChosenCorners() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20), red)
        root.cornerRadius = 10
        root.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        let image = try render(root, 20, 20)
        XCTAssertEqual(image.pixel(x: 0, y: 0), clear)
        XCTAssertEqual(image.pixel(x: 19, y: 19), clear)
        XCTAssertEqual(image.pixel(x: 19, y: 0), redPixel)
        XCTAssertEqual(image.pixel(x: 0, y: 19), redPixel)
    }

    // The border is drawn inside the bounds, above contents and sublayers.
    func testBorderInsideBoundsAboveSublayers() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 10, height: 10), red)
        root.borderWidth = 2
        root.borderColor = blue
        _ = layer(CGRect(x: 0, y: 0, width: 5, height: 10), green, in: root)
        let image = try render(root, 12, 12)
        XCTAssertEqual(image.pixel(x: 0, y: 0), bluePixel)
        XCTAssertEqual(image.pixel(x: 1, y: 5), bluePixel)
        XCTAssertEqual(image.pixel(x: 2, y: 5), greenPixel)
        XCTAssertEqual(image.pixel(x: 7, y: 5), redPixel)
        XCTAssertEqual(image.pixel(x: 8, y: 8), bluePixel)
        XCTAssertEqual(image.pixel(x: 9, y: 9), bluePixel)
        XCTAssertEqual(image.pixel(x: 10, y: 10), clear)
    }

    func testDefaultBorderIsOpaqueBlack() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 10, height: 10), red)
        root.borderWidth = 1
        let image = try render(root, 10, 10)
        XCTAssertEqual(image.pixel(x: 0, y: 4), rgba(0, 0, 0, 255))
        XCTAssertEqual(image.pixel(x: 1, y: 4), redPixel)
    }

    // masksToBounds clips sublayers and contents, rounded corners included.
    func testMasksToBoundsClipsToRoundedCorners() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        root.cornerRadius = 10
        root.masksToBounds = true
        _ = layer(CGRect(x: -5, y: -5, width: 40, height: 40), green, in: root)
        let image = try render(root, 30, 30)
        XCTAssertEqual(image.pixel(x: 0, y: 0), clear)
        XCTAssertEqual(image.pixel(x: 10, y: 10), greenPixel)
        XCTAssertEqual(image.pixel(x: 25, y: 10), clear)
    }

    // cornerRadius does not round contents unless masksToBounds is set.
    func testCornerRadiusDoesNotClipContentsWithoutMasksToBounds() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 10, height: 10))
        root.cornerRadius = 5
        root.contents = makeImage(width: 1, height: 1) { _, _ in rgba(0, 255, 0, 255) }
        XCTAssertEqual(try render(root, 10, 10).pixel(x: 0, y: 0), greenPixel)
        root.masksToBounds = true
        XCTAssertEqual(try render(root, 10, 10).pixel(x: 0, y: 0), clear)
    }

    // The shadow is the layer's shape, offset, in the shadow colour and opacity.
    func testHardShadowIsOffsetShape() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 40, height: 40))
        let box = layer(CGRect(x: 10, y: 10, width: 10, height: 10), red, in: root)
        box.shadowOpacity = 1
        box.shadowRadius = 0
        box.shadowOffset = CGSize(width: 5, height: 5)
        box.shadowColor = blue
        let image = try render(root, 40, 40)
        XCTAssertEqual(image.pixel(x: 12, y: 12), redPixel)
        XCTAssertEqual(image.pixel(x: 22, y: 22), bluePixel)
        XCTAssertEqual(image.pixel(x: 24, y: 24), bluePixel)
        XCTAssertEqual(image.pixel(x: 25, y: 25), clear)
        XCTAssertEqual(image.pixel(x: 12, y: 22), clear)
    }

    // The default shadow offset (0, −3) puts the shadow above the layer (y-down).
    func testDefaultShadowOffsetPointsUp() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 40, height: 40))
        let box = layer(CGRect(x: 10, y: 10, width: 10, height: 10), red, in: root)
        box.shadowOpacity = 0.5
        box.shadowRadius = 0
        let image = try render(root, 40, 40)
        XCTAssertEqual(image.pixel(x: 15, y: 8), rgba(0, 0, 0, 128))
        XCTAssertEqual(image.pixel(x: 15, y: 6), clear)
        XCTAssertEqual(image.pixel(x: 15, y: 18), redPixel)
        XCTAssertEqual(image.pixel(x: 15, y: 21), clear)
    }

    // shadowRadius blurs the shadow.
    func testShadowRadiusBlurs() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 60))
        let box = layer(CGRect(x: 10, y: 20, width: 20, height: 20), red, in: root)
        box.shadowOpacity = 1
        box.shadowRadius = 2
        box.shadowOffset = CGSize(width: 50, height: 0)
        let image = try render(root, 100, 60)
        let centre = try XCTUnwrap(image.pixel(x: 70, y: 30)?.alpha)
        let edge = try XCTUnwrap(image.pixel(x: 60, y: 30)?.alpha)
        let outside = try XCTUnwrap(image.pixel(x: 54, y: 30)?.alpha)
        XCTAssertGreaterThanOrEqual(centre, 254)
        XCTAssertTrue((110...160).contains(edge), "edge alpha \(edge)")
        XCTAssertLessThan(outside, 10)
        XCTAssertEqual(image.pixel(x: 20, y: 30), redPixel)
    }

    // shadowRadius is the Gaussian's standard deviation in points (Lamina's mapping, see
    // RenderPass.drawShadow; Apple documents it only as "the blur radius"). The shadow of a
    // 30-point-wide opaque box is the box convolved with that Gaussian: at the centre of
    // pixel x its alpha is Φ((x + ½ − left) / σ) − Φ((x + ½ − right) / σ).
    func testShadowRadiusIsTheGaussianSigmaOfTheEdgeProfile() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 160, height: 120))
        let box = layer(CGRect(x: 10, y: 10, width: 30, height: 100), red, in: root)
        box.shadowOpacity = 1
        box.shadowRadius = 5
        box.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        box.shadowOffset = CGSize(width: 60, height: 0)
        let image = try render(root, 160, 120)
        let row = (0..<160).map { Double(image.pixel(x: $0, y: 60)?.alpha ?? 0) / 255 }
        assertGaussianBandProfile(row, from: 70, to: 100, sigma: 5, samples: 50..<120)
        XCTAssertEqual(image.pixel(x: 20, y: 60), redPixel, "the body is drawn over its shadow")
    }

    // shadowPath gives the shadow's outline (a contact shadow below the layer).
    func testShadowPathGivesTheOutline() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 60, height: 60))
        let box = layer(CGRect(x: 10, y: 10, width: 20, height: 20), red, in: root)
        box.shadowOpacity = 1
        box.shadowRadius = 0
        box.shadowOffset = .zero
        box.shadowPath = CGPath(rect: CGRect(x: 0, y: 30, width: 20, height: 5), transform: nil)
        let image = try render(root, 60, 60)
        XCTAssertEqual(image.pixel(x: 20, y: 42), rgba(0, 0, 0, 255))
        XCTAssertEqual(image.pixel(x: 20, y: 31), clear)
        XCTAssertEqual(image.pixel(x: 20, y: 20), redPixel)
        XCTAssertEqual(image.pixel(x: 20, y: 8), clear, "no shape shadow above the layer")
        XCTAssertNotNil(box.makeRenderTree().shadowPath)
        XCTAssertEqual(box.shadowPath?.boundingBox, CGRect(x: 0, y: 30, width: 20, height: 5))
    }

    // shadowOpacity 0 (the default) draws no shadow.
    func testNoShadowByDefault() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 40, height: 40))
        _ = layer(CGRect(x: 10, y: 10, width: 10, height: 10), red, in: root)
        XCTAssertEqual(try render(root, 40, 40).pixel(x: 15, y: 8), clear)
    }

    // With kCAGravityCenter the image keeps its size, centred.
    func testGravityCenter() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 10, height: 10))
        root.contents = quad
        root.contentsGravity = .center
        let image = try render(root, 10, 10)
        XCTAssertEqual(image.pixel(x: 4, y: 4), redPixel)
        XCTAssertEqual(image.pixel(x: 5, y: 4), greenPixel)
        XCTAssertEqual(image.pixel(x: 4, y: 5), bluePixel)
        XCTAssertEqual(image.pixel(x: 3, y: 4), clear)
        XCTAssertEqual(image.pixel(x: 6, y: 6), clear)
    }

    // "top" means maximum y (the bottom of a y-down layer) unless contents are flipped.
    func testVerticalGravitiesFollowTheYAxis() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 10, height: 10))
        root.contents = quad
        root.contentsGravity = .topLeft
        XCTAssertTrue(root.contentsAreFlipped(), "a y-down layer's contents are flipped, as a UIKit view's layer's are")
        var image = try render(root, 10, 10)
        XCTAssertEqual(image.pixel(x: 0, y: 8), redPixel)
        XCTAssertEqual(image.pixel(x: 1, y: 9), rgba(255, 255, 255, 255))
        XCTAssertEqual(image.pixel(x: 0, y: 0), clear)
        root.isGeometryFlipped = true
        XCTAssertFalse(root.contentsAreFlipped())
        image = try render(root, 10, 10)
        XCTAssertEqual(image.pixel(x: 0, y: 0), redPixel)
        XCTAssertEqual(image.pixel(x: 0, y: 8), clear)
        root.isGeometryFlipped = false
        root.contentsGravity = .bottomRight
        image = try render(root, 10, 10)
        XCTAssertEqual(image.pixel(x: 8, y: 0), redPixel)
        XCTAssertEqual(image.pixel(x: 9, y: 1), rgba(255, 255, 255, 255))
    }

    // resizeAspect fits the image keeping its aspect; resizeAspectFill fills it.
    func testResizeAspectAndAspectFill() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 10, height: 10))
        root.contents = makeImage(width: 2, height: 1) { x, _ in x == 0 ? rgba(255, 0, 0, 255) : rgba(0, 255, 0, 255) }
        root.magnificationFilter = .nearest
        root.contentsGravity = .resizeAspect
        var image = try render(root, 10, 10)
        // 10×5 points centred: rows 2.5...7.5, the half-covered rows antialiased.
        XCTAssertEqual(image.pixel(x: 0, y: 1), clear)
        XCTAssertEqual(image.pixel(x: 0, y: 2), rgba(128, 0, 0, 128))
        XCTAssertEqual(image.pixel(x: 0, y: 3), redPixel)
        XCTAssertEqual(image.pixel(x: 9, y: 6), greenPixel)
        XCTAssertEqual(image.pixel(x: 9, y: 7), rgba(0, 128, 0, 128))
        XCTAssertEqual(image.pixel(x: 9, y: 8), clear)
        root.contentsGravity = .resizeAspectFill
        image = try render(root, 30, 10)
        XCTAssertEqual(image.pixel(x: 0, y: 0), redPixel)
        XCTAssertEqual(image.pixel(x: 9, y: 9), greenPixel)
        XCTAssertEqual(image.pixel(x: 14, y: 5), greenPixel, "overflows the bounds: aspect fill")
        XCTAssertEqual(image.pixel(x: 16, y: 5), clear)
    }

    /// Vertical stripes, one pixel wide: black at even x, white at odd x.
    private func stripes(width: Int) -> CGImage {
        makeImage(width: width, height: 1) { x, _ in x % 2 == 0 ? rgba(0, 0, 0, 255) : rgba(255, 255, 255, 255) }
    }

    /// Asserts the grey levels of row 0 of `image` (opaque greys) within `tolerance`.
    private func assertGreys(
        _ image: CGImage, _ expected: [Double], tolerance: Double, file: StaticString = #filePath, line: UInt = #line
    ) {
        for (x, grey) in expected.enumerated() {
            guard let pixel = image.pixel(x: x, y: 0) else { return XCTFail("no pixel \(x)", file: file, line: line) }
            XCTAssertEqual(pixel.alpha, 255, "alpha at \(x)", file: file, line: line)
            for channel in [pixel.red, pixel.green, pixel.blue] {
                XCTAssertEqual(Double(channel), grey, accuracy: tolerance, "pixel \(x) is \(pixel)", file: file, line: line)
            }
        }
    }

    // minificationFilter: 10 stripes drawn into 4 points (scale 0.4). The centre of pixel i
    // samples the image at x = 2.5 (i + ½): 1.25, 3.75, 6.25, 8.75.
    func testMinificationFilterChoosesNearestOrLinearSampling() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 4, height: 1))
        root.contents = stripes(width: 10)
        root.minificationFilter = .nearest
        root.magnificationFilter = .linear
        // Nearest: texels 1, 3, 6, 8 → white, white, black, black.
        assertGreys(try render(root, 4, 1), [255, 255, 0, 0], tolerance: 0)
        root.minificationFilter = .linear
        root.magnificationFilter = .nearest
        // Linear, shrinking by more than 4/3: the average of the 2.5 texels under each pixel,
        // as Core Graphics draws an image: 1, 1, 1.5 and 1.5 of them white.
        assertGreys(try render(root, 4, 1), [0.4 * 255, 0.4 * 255, 0.6 * 255, 0.6 * 255], tolerance: 2)
    }

    // magnificationFilter: 2 texels (black, white) drawn into 8 points (scale 4). The centre
    // of pixel i samples the image at x = (i + ½) / 4.
    func testMagnificationFilterChoosesNearestOrLinearSampling() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 8, height: 1))
        root.contents = stripes(width: 2)
        root.magnificationFilter = .nearest
        root.minificationFilter = .linear
        assertGreys(try render(root, 8, 1), [0, 0, 0, 0, 255, 255, 255, 255], tolerance: 0)
        root.magnificationFilter = .linear
        root.minificationFilter = .nearest
        // Linear: weight of the white texel = clamp(x − ½, 0, 1); edge texels extend outwards.
        let expected = (0..<8).map { i in 255 * min(max((Double(i) + 0.5) / 4 - 0.5, 0), 1) }
        XCTAssertEqual(expected, [0, 0, 31.875, 95.625, 159.375, 223.125, 255, 255])
        assertGreys(try render(root, 8, 1), expected, tolerance: 1)
    }

    // contentsRect selects part of the image, in unit coordinates.
    func testContentsRectSelectsPartOfImage() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 4, height: 4))
        root.contents = quad
        root.magnificationFilter = .nearest
        root.contentsRect = CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)
        let image = try render(root, 4, 4)
        for (x, y) in [(0, 0), (3, 0), (0, 3), (3, 3)] {
            XCTAssertEqual(image.pixel(x: x, y: y), rgba(255, 255, 255, 255))
        }
    }

    // Outside the unit rectangle the edge pixels extend outwards.
    func testContentsRectOutsideUnitSquareExtendsEdges() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 4, height: 2))
        root.contents = makeImage(width: 1, height: 1) { _, _ in rgba(0, 0, 255, 255) }
        root.contentsRect = CGRect(x: -1, y: 0, width: 2, height: 1)
        let image = try render(root, 4, 2)
        XCTAssertEqual(image.pixel(x: 0, y: 0), bluePixel)
        XCTAssertEqual(image.pixel(x: 3, y: 1), bluePixel)
    }

    // contentsCenter: corners unscaled, edges stretched one way, centre both ways.
    func testContentsCenterNineSlice() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 9, height: 9))
        root.contents = makeImage(width: 3, height: 3) { x, y in
            if x == 1 && y == 1 { return rgba(0, 255, 0, 255) }
            if x == 1 || y == 1 { return rgba(0, 0, 255, 255) }
            return rgba(255, 0, 0, 255)
        }
        root.magnificationFilter = .nearest
        root.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        let image = try render(root, 9, 9)
        for (x, y) in [(0, 0), (8, 0), (0, 8), (8, 8)] {
            XCTAssertEqual(image.pixel(x: x, y: y), redPixel, "corner \(x), \(y)")
        }
        for (x, y) in [(1, 0), (4, 0), (7, 0), (0, 4), (8, 4), (4, 8)] {
            XCTAssertEqual(image.pixel(x: x, y: y), bluePixel, "edge \(x), \(y)")
        }
        for (x, y) in [(1, 1), (4, 4), (7, 7)] {
            XCTAssertEqual(image.pixel(x: x, y: y), greenPixel, "centre \(x), \(y)")
        }
    }

    // With a positioning gravity contentsCenter is ignored.
    func testContentsCenterIgnoredForPositioningGravity() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 4, height: 4))
        root.contents = quad
        root.contentsGravity = .topLeft
        root.isGeometryFlipped = true
        root.contentsCenter = CGRect(x: 0.5, y: 0.5, width: 0, height: 0)
        let image = try render(root, 4, 4)
        XCTAssertEqual(image.pixel(x: 0, y: 0), redPixel)
        XCTAssertEqual(image.pixel(x: 2, y: 2), clear)
    }

    // contentsScale: an image of 4×4 pixels at scale 2 is 2×2 points under a positioning gravity.
    func testContentsScaleSetsNaturalSize() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 10, height: 10))
        root.contents = makeImage(width: 4, height: 4) { _, _ in rgba(255, 0, 0, 255) }
        root.contentsGravity = .center
        root.contentsScale = 2
        let image = try render(root, 10, 10)
        XCTAssertEqual(image.pixel(x: 4, y: 4), redPixel)
        XCTAssertEqual(image.pixel(x: 5, y: 5), redPixel)
        XCTAssertEqual(image.pixel(x: 3, y: 4), clear)
        XCTAssertEqual(image.pixel(x: 6, y: 4), clear)
    }

    // Nearest magnification keeps hard pixels; linear blends.
    func testMagnificationFilters() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 4, height: 1))
        root.contents = makeImage(width: 2, height: 1) { x, _ in x == 0 ? rgba(255, 0, 0, 255) : rgba(0, 255, 0, 255) }
        root.magnificationFilter = .nearest
        var image = try render(root, 4, 1)
        XCTAssertEqual(image.pixel(x: 1, y: 0), redPixel)
        XCTAssertEqual(image.pixel(x: 2, y: 0), greenPixel)
        root.magnificationFilter = .linear
        image = try render(root, 4, 1)
        let blended = try XCTUnwrap(image.pixel(x: 1, y: 0))
        XCTAssertTrue(blended.red > 0 && blended.green > 0, "\(blended)")
    }

    func testSublayerTransformScalesSublayersAboutAnchor() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        root.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        _ = layer(CGRect(x: 5, y: 5, width: 5, height: 5), red, in: root)
        let image = try render(root, 20, 20)
        XCTAssertEqual(image.pixel(x: 0, y: 0), redPixel)
        XCTAssertEqual(image.pixel(x: 9, y: 9), redPixel)
        XCTAssertEqual(image.pixel(x: 10, y: 10), clear)
    }

    // The mask's alpha channel decides how much of the layer shows.
    func testMaskAlphaMasksLayer() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 10, height: 10), red)
        _ = layer(CGRect(x: 0, y: 0, width: 10, height: 10), green, in: root)
        let maskLayer = layer(CGRect(x: 0, y: 0, width: 5, height: 10), CGColor(gray: 0, alpha: 1))
        let half = layer(CGRect(x: 5, y: 0, width: 5, height: 5), CGColor(gray: 0, alpha: 0.5))
        maskLayer.addSublayer(half)
        root.mask = maskLayer
        let image = try render(root, 10, 10)
        XCTAssertEqual(image.pixel(x: 2, y: 2), greenPixel)
        XCTAssertEqual(image.pixel(x: 2, y: 8), greenPixel)
        XCTAssertEqual(image.pixel(x: 7, y: 8), clear)
        XCTAssertEqual(image.pixel(x: 12 - 5, y: 2), rgba(0, 128, 0, 128))
    }

    // doubleSided NO hides a layer turned to face away; YES (default) shows it.
    func testDoubleSidedHidesBackFacingLayer() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 10, height: 10))
        let card = layer(CGRect(x: 0, y: 0, width: 10, height: 10), red, in: root)
        card.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        XCTAssertEqual(try render(root, 10, 10).pixel(x: 5, y: 5), redPixel)
        card.isDoubleSided = false
        XCTAssertEqual(try render(root, 10, 10).pixel(x: 5, y: 5), clear)
        card.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        XCTAssertEqual(try render(root, 10, 10).pixel(x: 5, y: 5), redPixel)
    }

    // allowsGroupOpacity composites a translucent layer and its sublayers as one group.
    func testGroupOpacity() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 10))
        root.opacity = 0.5
        _ = layer(CGRect(x: 0, y: 0, width: 15, height: 10), red, in: root)
        _ = layer(CGRect(x: 5, y: 0, width: 15, height: 10), red, in: root)
        var image = try render(root, 20, 10)
        XCTAssertEqual(image.pixel(x: 2, y: 5), rgba(128, 0, 0, 128))
        XCTAssertEqual(image.pixel(x: 10, y: 5), rgba(128, 0, 0, 128), "overlap looks the same in a group")
        root.allowsGroupOpacity = false
        image = try render(root, 20, 10)
        XCTAssertEqual(image.pixel(x: 2, y: 5), rgba(128, 0, 0, 128))
        XCTAssertEqual(image.pixel(x: 10, y: 5), rgba(192, 0, 0, 192), "each part faded on its own: 0.5 + 0.5 × 0.5")
    }

    // Hidden layers are not drawn.
    func testHiddenIsNotDrawn() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 10, height: 10), red)
        root.isHidden = true
        XCTAssertEqual(try render(root, 10, 10).pixel(x: 5, y: 5), clear)
    }

    // A perspective transform goes through the projective path: nearer parts get larger.
    func testPerspectiveRotationIsDrawnProjected() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 200
        root.sublayerTransform = perspective
        let card = layer(CGRect(x: 25, y: 25, width: 50, height: 50), red, in: root)
        card.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        let image = try render(root, 100, 100)
        XCTAssertEqual(image.pixel(x: 50, y: 50), redPixel)
        // Left edge comes closer (taller than 50), right edge recedes (shorter).
        let left = card.convert(CGPoint(x: 0, y: 0), to: root)
        let right = card.convert(CGPoint(x: 50, y: 0), to: root)
        XCTAssertLessThan(left.y, 25)
        XCTAssertGreaterThan(right.y, 25)
        XCTAssertEqual(image.pixel(x: Int(left.x) + 2, y: 24), redPixel)
        XCTAssertEqual(image.pixel(x: Int(right.x) - 2, y: 26), clear)
        XCTAssertEqual(image.pixel(x: 5, y: 50), clear)
    }
}
