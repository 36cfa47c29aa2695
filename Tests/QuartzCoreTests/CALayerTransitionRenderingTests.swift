import QuartzCore
import TestSupport
import XCTest

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
//
// Unless said otherwise, the transitioning layer is 10 × 10 points at (10, 10)…(20, 20) of a
// 30 × 30 target, its old body red and its new body green; at progress 0.5 a moving body is
// offset by 5 points, so every region boundary falls on a pixel boundary.
@MainActor
final class CALayerTransitionRenderingTests: XCTestCase, RenderingSwatches {
    private let allTypes: [CATransitionType] = [.fade, .moveIn, .push, .reveal]
    private let allSubtypes: [CATransitionSubtype] = [.fromLeft, .fromRight, .fromTop, .fromBottom]

    private func body(_ color: CGColor?, size: CGFloat = 10, at position: CGPoint = CGPoint(x: 15, y: 15)) -> CARenderLayer {
        CARenderLayer(bounds: CGRect(x: 0, y: 0, width: size, height: size), position: position, backgroundColor: color)
    }

    /// The green layer in a transition from the red one.
    private func transitioning(
        _ type: CATransitionType, _ subtype: CATransitionSubtype = .fromLeft, progress: Double,
        from: CARenderLayer? = nil
    ) -> CARenderLayer {
        var layer = body(green)
        layer.transition = CARenderTransition(type: type, subtype: subtype, progress: progress, from: from ?? body(red))
        return layer
    }

    private func render(_ tree: CARenderLayer, _ width: Int = 30, _ height: Int = 30) throws -> CGImage {
        try CALayerCompositor().renderImage(tree, width: width, height: height)
    }

    /// Asserts the two images are equal pixel for pixel.
    private func assertSameImage(
        _ a: CGImage, _ b: CGImage, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(a.width, b.width, message, file: file, line: line)
        XCTAssertEqual(a.height, b.height, message, file: file, line: line)
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
                let found = String(describing: a.pixel(x: x, y: y))
                let wanted = String(describing: b.pixel(x: x, y: y))
                XCTFail("\(message): pixel \(x),\(y) is \(found), expected \(wanted)", file: file, line: line)
                return
            }
        }
    }

    /// Asserts the pixels at 2, 7, 12, 17, 22, 27 along the subtype's axis (through the
    /// layer's middle, 15) are `pattern`: R red, G green, . transparent. The parallel line
    /// at 7, outside the layer, must stay transparent (no movement across the axis).
    private func assertAxis(
        _ image: CGImage, _ subtype: CATransitionSubtype, _ pattern: String, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let horizontal = subtype == .fromLeft || subtype == .fromRight
        for (index, symbol) in pattern.enumerated() {
            let along = 2 + 5 * index
            let expected = symbol == "R" ? redPixel : symbol == "G" ? greenPixel : clear
            let (x, y) = horizontal ? (along, 15) : (15, along)
            XCTAssertEqual(image.pixel(x: x, y: y), expected, "\(message) at \(x),\(y)", file: file, line: line)
            let (ox, oy) = horizontal ? (along, 7) : (7, along)
            XCTAssertEqual(image.pixel(x: ox, y: oy), clear, "\(message) off the axis at \(ox),\(oy)", file: file, line: line)
        }
    }

    // MARK: - Model

    func testTransitionDefaultsAndNoTransitionByDefault() async throws {
        let transition = CARenderTransition(progress: 0.5, from: body(red))
        XCTAssertEqual(transition.type, .fade)
        XCTAssertEqual(transition.subtype, .fromLeft)
        XCTAssertEqual(transition.progress, 0.5)
        XCTAssertNil(CARenderLayer().transition)
        XCTAssertNil(CARenderLayer().contentsCrossFade)
        var layer = body(green)
        layer.transition = transition
        XCTAssertEqual(layer.transition?.from.backgroundColor, red)
        layer.transition = nil
        XCTAssertNil(layer.transition)
    }

    func testProgressAndFractionAreClamped() async throws {
        for (input, expected) in [(Double.nan, 0.0), (-1, 0), (-.infinity, 0), (2, 1), (.infinity, 1), (0.25, 0.25)] {
            XCTAssertEqual(CARenderTransition(progress: input, from: body(red)).progress, expected, "progress \(input)")
            XCTAssertEqual(CARenderContentsCrossFade(from: nil, fraction: input).fraction, expected, "fraction \(input)")
            var transition = CARenderTransition(progress: 0.5, from: body(red))
            transition.progress = input
            XCTAssertEqual(transition.progress, expected, "progress set to \(input)")
            var crossFade = CARenderContentsCrossFade(from: nil, fraction: 0.5)
            crossFade.fraction = input
            XCTAssertEqual(crossFade.fraction, expected, "fraction set to \(input)")
        }
    }

    // MARK: - Fade

    func testFadeAtZeroHalfAndOne() async throws {
        XCTAssertEqual(try render(transitioning(.fade, progress: 0)).pixel(x: 15, y: 15), redPixel)
        // A linear mix: half red plus half green, opaque (painting green at 50 % over red
        // would give (128, 128, 0, 255) too, but over a transparent old body it would not:
        // see testFadeOfIdenticalImagesIsThatImage).
        let half = try render(transitioning(.fade, progress: 0.5))
        assertPixel(half.pixel(x: 15, y: 15), rgba(128, 128, 0, 255), tolerance: 1)
        XCTAssertEqual(half.pixel(x: 5, y: 15), clear, "nothing moves in a fade")
        XCTAssertEqual(half.pixel(x: 25, y: 15), clear)
        XCTAssertEqual(try render(transitioning(.fade, progress: 1)).pixel(x: 15, y: 15), greenPixel)
        assertPixel(try render(transitioning(.fade, progress: 0.25)).pixel(x: 15, y: 15), rgba(191, 64, 0, 255), tolerance: 1)
    }

    func testFadeOfIdenticalImagesIsThatImage() async throws {
        for progress in [0.25, 0.5, 0.75] {
            var layer = body(red)
            layer.transition = CARenderTransition(type: .fade, progress: progress, from: body(red))
            // Exact but for rounding: the two halves are rounded apart, then added.
            assertPixel(try render(layer).pixel(x: 15, y: 15), redPixel, "progress \(progress)", tolerance: 1)
        }
    }

    func testFadeOverABackgroundHidesIt() async throws {
        var root = CARenderLayer(
            bounds: CGRect(x: 0, y: 0, width: 30, height: 30), position: CGPoint(x: 15, y: 15), backgroundColor: blue)
        root.sublayers = [transitioning(.fade, progress: 0.5)]
        let image = try render(root)
        assertPixel(image.pixel(x: 15, y: 15), rgba(128, 128, 0, 255), "no blue shows through two opaque bodies", tolerance: 1)
        XCTAssertEqual(image.pixel(x: 5, y: 5), bluePixel)
    }

    // MARK: - Moving transitions

    func testMovingTransitionsAtHalfProgress() async throws {
        let patterns: [(CATransitionType, CATransitionSubtype, String)] = [
            (.moveIn, .fromLeft, ".GGR.."), (.moveIn, .fromRight, "..RGG."),
            (.moveIn, .fromTop, ".GGR.."), (.moveIn, .fromBottom, "..RGG."),
            (.push, .fromLeft, ".GGRR."), (.push, .fromRight, ".RRGG."),
            (.push, .fromTop, ".GGRR."), (.push, .fromBottom, ".RRGG."),
            (.reveal, .fromLeft, "..GRR."), (.reveal, .fromRight, ".RRG.."),
            (.reveal, .fromTop, "..GRR."), (.reveal, .fromBottom, ".RRG.."),
        ]
        for (type, subtype, pattern) in patterns {
            let image = try render(transitioning(type, subtype, progress: 0.5))
            assertAxis(image, subtype, pattern, "\(type.rawValue) \(subtype.rawValue)")
        }
    }

    func testEndPointsAreExactlyTheOldAndNewRenderings() async throws {
        let quad = makeImage(width: 2, height: 2) { x, y in
            [[rgba(255, 0, 0, 255), rgba(0, 255, 0, 255)], [rgba(0, 0, 255, 255), rgba(255, 255, 255, 255)]][y][x]
        }
        var old = body(red)
        old.borderWidth = 2
        old.borderColor = blue
        old.cornerRadius = 3
        old.sublayers = [
            CARenderLayer(
                bounds: CGRect(x: 0, y: 0, width: 6, height: 6), position: CGPoint(x: 10, y: 2), backgroundColor: green)
        ]
        var new = body(CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        new.contents = quad
        new.contentsGravity = .center
        new.sublayers = [
            CARenderLayer(
                bounds: CGRect(x: 0, y: 0, width: 4, height: 4), position: CGPoint(x: -1, y: 9), backgroundColor: red)
        ]
        let oldImage = try render(old)
        let newImage = try render(new)
        for type in allTypes {
            for subtype in allSubtypes {
                var layer = new
                layer.transition = CARenderTransition(type: type, subtype: subtype, progress: 0, from: old)
                assertSameImage(try render(layer), oldImage, "\(type.rawValue) \(subtype.rawValue) at 0")
                layer.transition?.progress = 1
                assertSameImage(try render(layer), newImage, "\(type.rawValue) \(subtype.rawValue) at 1")
            }
        }
    }

    func testUnknownTypeFadesAndUnknownSubtypeIsFromLeft() async throws {
        let cube = try render(transitioning(CATransitionType(rawValue: "cube"), progress: 0.5))
        assertPixel(cube.pixel(x: 15, y: 15), rgba(128, 128, 0, 255), tolerance: 1)
        let sideways = try render(transitioning(.push, CATransitionSubtype(rawValue: "sideways"), progress: 0.5))
        assertAxis(sideways, .fromLeft, ".GGRR.", "unknown subtype")
    }

    // MARK: - The layer's placement and clipping

    func testMasksToBoundsClipsBothBodiesToTheRoundedBounds() async throws {
        var layer = transitioning(.push, progress: 0.5)
        let unclipped = try render(layer)
        XCTAssertEqual(unclipped.pixel(x: 10, y: 10), greenPixel, "unclipped: the new body covers the corner")
        layer.masksToBounds = true
        // Radius 5 around (15, 15): the corner pixels 10…11 and 19…20 lie wholly outside.
        layer.cornerRadius = 5
        let image = try render(layer)
        assertAxis(image, .fromLeft, "..GR..", "clipped push")
        XCTAssertEqual(image.pixel(x: 10, y: 10), clear, "the rounded corner clips the new body")
        XCTAssertEqual(image.pixel(x: 19, y: 19), clear, "the rounded corner clips the old body")
    }

    func testLayerTransformAndOpacityApplyToBothBodiesNotFromsPlacement() async throws {
        // Scaled 2×: the layer covers 10…30; half opacity. The old snapshot's own position,
        // transform and opacity are ignored.
        var from = body(red, at: CGPoint(x: 100, y: 100))
        from.transform = CATransform3DMakeRotation(1, 0, 0, 1)
        from.opacity = 0.2
        var layer = transitioning(.push, progress: 0.5, from: from)
        layer.position = CGPoint(x: 20, y: 20)
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        layer.opacity = 0.5
        var root = CARenderLayer(bounds: CGRect(x: 0, y: 0, width: 44, height: 44), position: CGPoint(x: 22, y: 22))
        root.sublayers = [layer]
        let image = try render(root, 44, 44)
        let halfGreen = rgba(0, 128, 0, 128)
        let halfRed = rgba(128, 0, 0, 128)
        assertPixel(image.pixel(x: 2, y: 20), halfGreen, "new body at −10…10 points", tolerance: 1)
        assertPixel(image.pixel(x: 18, y: 20), halfGreen, tolerance: 1)
        assertPixel(image.pixel(x: 22, y: 20), halfRed, "old body at 10…30 points", tolerance: 1)
        assertPixel(image.pixel(x: 38, y: 20), halfRed, tolerance: 1)
        XCTAssertEqual(image.pixel(x: 42, y: 20), clear)
        XCTAssertEqual(image.pixel(x: 20, y: 8), clear, "2× tall: 10…30")
        XCTAssertEqual(image.pixel(x: 20, y: 31), clear)
    }

    func testRotatedLayerMovesAlongItsOwnAxis() async throws {
        // Rotated a quarter turn, the layer's x axis points down the target.
        var layer = transitioning(.push, progress: 0.5)
        layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let image = try render(layer)
        XCTAssertEqual(image.pixel(x: 15, y: 7), greenPixel)
        XCTAssertEqual(image.pixel(x: 15, y: 22), redPixel)
        XCTAssertEqual(image.pixel(x: 7, y: 15), clear)
        XCTAssertEqual(image.pixel(x: 22, y: 15), clear)
    }

    func testLayerMaskAppliesToBothBodies() async throws {
        var layer = transitioning(.push, progress: 0.5)
        layer.mask = CARenderLayer(
            bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 5, y: 5), backgroundColor: .black)
        assertAxis(try render(layer), .fromLeft, "..GR..", "masked push")
    }

    func testLayerShadowFollowsBothBodies() async throws {
        var layer = transitioning(.push, progress: 0.5)
        layer.shadowOpacity = 1
        layer.shadowRadius = 0
        layer.shadowOffset = CGSize(width: 0, height: 10)
        layer.shadowColor = blue
        let image = try render(layer, 30, 35)
        XCTAssertEqual(image.pixel(x: 7, y: 25), bluePixel, "shadow of the new body")
        XCTAssertEqual(image.pixel(x: 22, y: 25), bluePixel, "shadow of the old body")
        XCTAssertEqual(image.pixel(x: 27, y: 25), clear)
        XCTAssertEqual(image.pixel(x: 7, y: 15), greenPixel)
        XCTAssertEqual(image.pixel(x: 22, y: 15), redPixel)
    }

    func testOldBodyOfOtherBoundsIsCentredOnTheAnchorPoint() async throws {
        // A 20 × 20 old body around the 10 × 10 layer's centre: 5…25.
        let image = try render(transitioning(.fade, progress: 0, from: body(red, size: 20)))
        XCTAssertEqual(image.pixel(x: 5, y: 15), redPixel)
        XCTAssertEqual(image.pixel(x: 24, y: 24), redPixel)
        XCTAssertEqual(image.pixel(x: 4, y: 15), clear)
        XCTAssertEqual(image.pixel(x: 25, y: 15), clear)
    }

    func testHiddenLayerFadesOutAndHiddenOldFadesIn() async throws {
        var hiding = transitioning(.fade, progress: 0.5)
        hiding.isHidden = true
        assertPixel(try render(hiding).pixel(x: 15, y: 15), rgba(128, 0, 0, 128), tolerance: 1)
        hiding.transition = nil
        XCTAssertEqual(try render(hiding).pixel(x: 15, y: 15), clear, "hidden without a transition: nothing")
        var oldHidden = body(red)
        oldHidden.isHidden = true
        let showing = try render(transitioning(.push, progress: 0.5, from: oldHidden))
        assertAxis(showing, .fromLeft, ".GG...", "push from a hidden layer")
    }

    func testInterruptedTransitionIsTheOldBody() async throws {
        // The old rendering was itself halfway through a fade from blue to red.
        var old = body(red)
        old.transition = CARenderTransition(type: .fade, progress: 0.5, from: body(blue))
        let image = try render(transitioning(.push, progress: 0.5, from: old))
        assertPixel(image.pixel(x: 17, y: 15), rgba(128, 0, 128, 255), "the frozen fade, pushed out", tolerance: 1)
        assertPixel(image.pixel(x: 22, y: 15), rgba(128, 0, 128, 255), tolerance: 1)
        XCTAssertEqual(image.pixel(x: 7, y: 15), greenPixel)
        XCTAssertEqual(image.pixel(x: 27, y: 15), clear)
    }

    func testPerspectiveLayerDrawsBothBodies() async throws {
        // The projected path draws the layer flat offscreen, transition included, then warps it.
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 200
        let rotation = CATransform3DMakeRotation(.pi / 6, 0, 1, 0)
        var card = CARenderLayer(
            bounds: CGRect(x: 0, y: 0, width: 40, height: 40), position: CGPoint(x: 50, y: 50), transform: rotation,
            backgroundColor: green)
        var from = card
        from.backgroundColor = red
        card.transition = CARenderTransition(type: .push, progress: 0.5, from: from)
        var root = CARenderLayer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50))
        root.sublayerTransform = perspective
        root.sublayers = [card]
        let image = try render(root, 100, 100)

        // The same geometry as layers, to find where card points land.
        let rootLayer = CALayer()
        rootLayer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        rootLayer.sublayerTransform = perspective
        let cardLayer = CALayer()
        cardLayer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        cardLayer.position = CGPoint(x: 50, y: 50)
        cardLayer.transform = rotation
        rootLayer.addSublayer(cardLayer)
        func pixel(atCardX x: CGFloat) -> CGImage.Pixel? {
            let p = cardLayer.convert(CGPoint(x: x, y: 20), to: rootLayer)
            return image.pixel(x: Int(p.x.rounded(.down)), y: Int(p.y.rounded(.down)))
        }
        // New body at −20…20, old at 20…60 (card points); both reach outside the card.
        XCTAssertEqual(pixel(atCardX: -10), greenPixel)
        XCTAssertEqual(pixel(atCardX: 10), greenPixel)
        XCTAssertEqual(pixel(atCardX: 30), redPixel)
        XCTAssertEqual(pixel(atCardX: 50), redPixel)
        XCTAssertEqual(pixel(atCardX: 70), clear)
        XCTAssertEqual(pixel(atCardX: -30), clear)
    }

    // MARK: - Bad inputs

    func testOutOfRangeProgressDrawsTheEndPoints() async throws {
        for progress in [Double.nan, -1, -Double.infinity] {
            XCTAssertEqual(try render(transitioning(.push, progress: progress)).pixel(x: 15, y: 15), redPixel, "\(progress)")
        }
        for progress in [7.0, Double.infinity] {
            let image = try render(transitioning(.push, progress: progress))
            XCTAssertEqual(image.pixel(x: 15, y: 15), greenPixel, "\(progress)")
            XCTAssertEqual(image.pixel(x: 7, y: 15), clear, "\(progress): the old body is gone")
        }
    }

    func testEmptyBoundsDrawNothing() async throws {
        for type in allTypes {
            for subtype in allSubtypes {
                for progress in [0, 0.5, 1] {
                    for masksToBounds in [false, true] {
                        var old = body(red, size: 0)
                        old.contents = makeImage(width: 1, height: 1) { _, _ in rgba(255, 0, 0, 255) }
                        var layer = body(green, size: 0)
                        layer.contents = makeImage(width: 1, height: 1) { _, _ in rgba(0, 255, 0, 255) }
                        layer.masksToBounds = masksToBounds
                        layer.transition = CARenderTransition(
                            type: type, subtype: subtype, progress: progress, from: old)
                        let image = try render(layer)
                        let label = "\(type.rawValue) \(subtype.rawValue) \(progress) \(masksToBounds)"
                        for y in 0..<30 {
                            for x in 0..<30 where image.pixel(x: x, y: y) != clear {
                                XCTFail("\(label): pixel \(x),\(y) is drawn")
                            }
                        }
                    }
                }
            }
        }
    }

    // MARK: - Contents cross-fade

    private let redImage = makeImage(width: 1, height: 1) { _, _ in rgba(255, 0, 0, 255) }
    private let greenImage = makeImage(width: 1, height: 1) { _, _ in rgba(0, 255, 0, 255) }

    /// A 10 × 10 layer filling a 10 × 10 target with `contents`, cross-fading from `old`.
    private func crossFading(_ old: CGImage?, to new: CGImage?, _ fraction: Double) throws -> CGImage.Pixel? {
        var layer = CARenderLayer(
            bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 5, y: 5), contents: new)
        layer.contentsCrossFade = CARenderContentsCrossFade(from: old, fraction: fraction)
        return try render(layer, 10, 10).pixel(x: 5, y: 5)
    }

    func testContentsCrossFade() async throws {
        XCTAssertEqual(try crossFading(redImage, to: greenImage, 0), redPixel)
        assertPixel(try crossFading(redImage, to: greenImage, 0.25), rgba(191, 64, 0, 255), tolerance: 1)
        XCTAssertEqual(try crossFading(redImage, to: greenImage, 1), greenPixel)
    }

    func testContentsCrossFadeFromNothing() async throws {
        XCTAssertEqual(try crossFading(nil, to: greenImage, 0), clear)
        assertPixel(try crossFading(nil, to: greenImage, 0.25), rgba(0, 64, 0, 64), tolerance: 1)
        XCTAssertEqual(try crossFading(nil, to: greenImage, 1), greenPixel)
    }

    func testContentsCrossFadeToNothing() async throws {
        XCTAssertEqual(try crossFading(redImage, to: nil, 0), redPixel)
        assertPixel(try crossFading(redImage, to: nil, 0.25), rgba(191, 0, 0, 191), tolerance: 1)
        XCTAssertEqual(try crossFading(redImage, to: nil, 1), clear)
        XCTAssertEqual(try crossFading(nil, to: nil, 0.5), clear)
        XCTAssertEqual(try crossFading(redImage, to: greenImage, .nan), redPixel, "NaN is 0")
    }

    func testContentsCrossFadeUsesTheLayersGravityForBothImages() async throws {
        // Centred without scaling: the old 6 × 6 image covers 2…8, the new 2 × 2 one 4…6.
        var layer = CARenderLayer(
            bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 5, y: 5),
            backgroundColor: blue, contents: makeImage(width: 2, height: 2) { _, _ in rgba(0, 255, 0, 255) })
        layer.contentsGravity = .center
        layer.contentsCrossFade = CARenderContentsCrossFade(
            from: makeImage(width: 6, height: 6) { _, _ in rgba(255, 0, 0, 255) }, fraction: 0.5)
        let image = try render(layer, 10, 10)
        assertPixel(image.pixel(x: 5, y: 5), rgba(128, 128, 0, 255), "both: an opaque mix", tolerance: 1)
        assertPixel(image.pixel(x: 2, y: 2), rgba(128, 0, 127, 255), "old only, half over the blue background", tolerance: 1)
        XCTAssertEqual(image.pixel(x: 1, y: 1), bluePixel)
    }

    func testContentsCrossFadeWithLayerOpacity() async throws {
        var layer = CARenderLayer(
            bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 5, y: 5), opacity: 0.5,
            contents: greenImage)
        layer.contentsCrossFade = CARenderContentsCrossFade(from: redImage, fraction: 0.5)
        assertPixel(try render(layer, 10, 10).pixel(x: 5, y: 5), rgba(64, 64, 0, 128), tolerance: 1)
    }
}
