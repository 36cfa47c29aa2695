import Foundation
import QuartzCore
import TestSupport
import XCTest

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CAShapeLayerTests: XCTestCase, RenderingSwatches {
    // MARK: - Defaults and key-value coding

    func testDefaultsAreApples() async {
        let shape = CAShapeLayer()
        XCTAssertNil(shape.path)
        XCTAssertEqual(shape.fillColor, CGColor(gray: 0, alpha: 1), "opaque black")
        XCTAssertEqual(shape.fillRule, .nonZero)
        XCTAssertNil(shape.strokeColor)
        XCTAssertEqual(shape.strokeStart, 0)
        XCTAssertEqual(shape.strokeEnd, 1)
        XCTAssertEqual(shape.lineWidth, 1)
        XCTAssertEqual(shape.miterLimit, 10)
        XCTAssertEqual(shape.lineCap, .butt)
        XCTAssertEqual(shape.lineJoin, .miter)
        XCTAssertEqual(shape.lineDashPhase, 0)
        XCTAssertNil(shape.lineDashPattern)
        XCTAssertNil(shape.backgroundColor, "CALayer's own defaults are kept")
    }

    func testOptionRawValuesAreApples() async {
        XCTAssertEqual(CAShapeLayerFillRule.nonZero.rawValue, "non-zero")
        XCTAssertEqual(CAShapeLayerFillRule.evenOdd.rawValue, "even-odd")
        XCTAssertEqual(CAShapeLayerLineCap.butt.rawValue, "butt")
        XCTAssertEqual(CAShapeLayerLineCap.round.rawValue, "round")
        XCTAssertEqual(CAShapeLayerLineCap.square.rawValue, "square")
        XCTAssertEqual(CAShapeLayerLineJoin.miter.rawValue, "miter")
        XCTAssertEqual(CAShapeLayerLineJoin.round.rawValue, "round")
        XCTAssertEqual(CAShapeLayerLineJoin.bevel.rawValue, "bevel")
    }

    func testDefaultValueForEachKey() async {
        XCTAssertNil(CAShapeLayer.defaultValue(forKey: "path"))
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "fillColor") as? CGColor, CGColor(gray: 0, alpha: 1))
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "fillRule") as? CAShapeLayerFillRule, .nonZero)
        XCTAssertNil(CAShapeLayer.defaultValue(forKey: "strokeColor"))
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "strokeStart") as? CGFloat, 0)
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "strokeEnd") as? CGFloat, 1)
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "lineWidth") as? CGFloat, 1)
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "miterLimit") as? CGFloat, 10)
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "lineCap") as? CAShapeLayerLineCap, .butt)
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "lineJoin") as? CAShapeLayerLineJoin, .miter)
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "lineDashPhase") as? CGFloat, 0)
        XCTAssertNil(CAShapeLayer.defaultValue(forKey: "lineDashPattern"))
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "opacity") as? Float, 1, "CALayer's keys still answer")
    }

    func testKeyValueCodingReadsAndWritesEveryKey() async {
        let shape = CAShapeLayer()
        let path = CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil)
        shape.setValue(path, forKey: "path")
        shape.setValue(CGColor(red: 1, green: 0, blue: 0, alpha: 1), forKey: "fillColor")
        shape.setValue("even-odd", forKey: "fillRule")
        shape.setValue(CGColor(red: 0, green: 0, blue: 1, alpha: 1), forKey: "strokeColor")
        shape.setValue(0.25, forKey: "strokeStart")
        shape.setValue(Float(0.75), forKey: "strokeEnd")
        shape.setValue(3, forKey: "lineWidth")
        shape.setValue(NSNumber(value: 4.5), forKey: "miterLimit")
        shape.setValue("round", forKey: "lineCap")
        shape.setValue(CAShapeLayerLineJoin.bevel, forKey: "lineJoin")
        shape.setValue(2.0, forKey: "lineDashPhase")
        shape.setValue([2.0, 1.0], forKey: "lineDashPattern")

        XCTAssertTrue(shape.path === path)
        XCTAssertEqual(shape.fillColor, CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual(shape.fillRule, .evenOdd, "an option from its raw string")
        XCTAssertEqual(shape.strokeColor, CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        XCTAssertEqual(shape.strokeStart, 0.25)
        XCTAssertEqual(shape.strokeEnd, 0.75, "a Float converted")
        XCTAssertEqual(shape.lineWidth, 3, "an Int converted")
        XCTAssertEqual(shape.miterLimit, 4.5, "an NSNumber converted")
        XCTAssertEqual(shape.lineCap, .round)
        XCTAssertEqual(shape.lineJoin, .bevel)
        XCTAssertEqual(shape.lineDashPhase, 2)
        XCTAssertEqual(shape.lineDashPattern?.map(\.doubleValue), [2, 1], "numbers become NSNumbers")

        XCTAssertEqual(shape.value(forKey: "lineWidth") as? CGFloat, 3)
        XCTAssertEqual(shape.value(forKey: "lineCap") as? CAShapeLayerLineCap, .round)
        XCTAssertTrue(shape.value(forKey: "path") as? CGPath === path)
        shape.setValue(nil, forKey: "fillColor")
        XCTAssertNil(shape.fillColor, "nil clears the fill")
        XCTAssertNil(shape.value(forKey: "fillColor"))
    }

    func testSubclassCanChangeADefault() async {
        final class RedShape: CAShapeLayer {
            override class func defaultValue(forKey key: String) -> Any? {
                key == "fillColor" ? CGColor(red: 1, green: 0, blue: 0, alpha: 1) : super.defaultValue(forKey: key)
            }
        }
        XCTAssertEqual(RedShape().fillColor, CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual(RedShape().lineWidth, 1)
    }

    // MARK: - Implicit animations

    private func committedShape(_ world: AnimationWorld) -> CAShapeLayer {
        let shape = CAShapeLayer()
        _ = world.committedSublayer(shape)
        return shape
    }

    func testNumericShapeKeysAnimateImplicitly() async throws {
        let cases: [(key: String, from: Double, to: Double)] = [
            ("strokeStart", 0, 0.5), ("strokeEnd", 1, 0.2), ("lineWidth", 1, 9), ("miterLimit", 10, 2),
            ("lineDashPhase", 0, 8),
        ]
        for (key, from, to) in cases {
            let world = AnimationWorld(test: self, displayed: true)
            let shape = committedShape(world)
            world.animateImplicitly(shape, to: 0.25) { $0.setValue(to, forKey: key) }
            XCTAssertEqual(shape.animationKeys(), [key], "\(key) runs its implicit animation")
            let animation = try XCTUnwrap(shape.animation(forKey: key) as? CABasicAnimation)
            XCTAssertEqual(animation.keyPath, key)
            let shown = try XCTUnwrap(shape.presentation()?.value(forKey: key) as? CGFloat, key)
            XCTAssertEqual(Double(shown), lerp(from, to, 0.25), accuracy: 1e-9, key)
            XCTAssertEqual((shape.value(forKey: key) as? CGFloat).map(Double.init), to, "the model changes at once")
            world.clock.set(104)
            XCTAssertEqual((shape.presentation()?.value(forKey: key) as? CGFloat).map(Double.init), to)
        }
    }

    func testColorsAnimateImplicitlyPerComponent() async {
        let world = AnimationWorld(test: self, displayed: true)
        let shape = committedShape(world)
        world.animateImplicitly(shape, to: 0.25) {
            $0.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            $0.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        }
        XCTAssertEqual(Set(shape.animationKeys() ?? []), ["fillColor", "strokeColor"])
        // Black (gray 0) to red; no stroke (clear) to blue.
        assertComponents(shape.presentation()?.fillColor, [lerp(0, 1, 0.25), 0, 0, 1])
        assertComponents(shape.presentation()?.strokeColor, [0, 0, lerp(0, 1, 0.25), lerp(0, 1, 0.25)])
    }

    func testPathAnimatesPointByPointBetweenMatchingStructures() async {
        let world = AnimationWorld(test: self, displayed: true)
        let shape = committedShape(world)
        let from = CGMutablePath()
        from.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10)])
        from.closeSubpath()
        let to = CGMutablePath()
        to.addLines(between: [CGPoint(x: 20, y: 40), CGPoint(x: 50, y: 0), CGPoint(x: 0, y: 90)])
        to.closeSubpath()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shape.path = from
        CATransaction.commit()
        world.animateImplicitly(shape, to: 0.25) { $0.path = to }
        XCTAssertEqual(shape.animationKeys(), ["path"])
        let expected = zip(points(of: from), points(of: to)).map {
            CGPoint(x: lerp($0.x, $1.x, 0.25), y: lerp($0.y, $1.y, 0.25))
        }
        let shown = points(of: shape.presentation()?.path)
        XCTAssertEqual(shown.count, expected.count)
        for (got, want) in zip(shown, expected) {
            XCTAssertEqual(got.x, want.x, accuracy: 1e-9)
            XCTAssertEqual(got.y, want.y, accuracy: 1e-9)
        }
    }

    func testPathOfAnotherStructureDoesNotBlend() async {
        let world = AnimationWorld(test: self, displayed: true)
        let shape = committedShape(world)
        let triangle = CGMutablePath()
        triangle.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10)])
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 30), transform: nil)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shape.path = triangle
        CATransaction.commit()
        world.animateImplicitly(shape, to: 0.25) { $0.path = square }
        XCTAssertEqual(points(of: shape.presentation()?.path), points(of: triangle), "the old path until half-way")
        world.clock.set(102.5)
        XCTAssertEqual(points(of: shape.presentation()?.path), points(of: square), "then the new one")
    }

    func testNonAnimatableShapeKeysChangeAtOnce() async {
        let world = AnimationWorld(test: self, displayed: true)
        let shape = committedShape(world)
        shape.fillRule = .evenOdd
        shape.lineCap = .round
        shape.lineJoin = .bevel
        shape.lineDashPattern = [1, 2]
        XCTAssertNil(shape.animationKeys())
        CATransaction.flush()
        XCTAssertEqual(shape.presentation()?.fillRule, .evenOdd)
        XCTAssertEqual(shape.presentation()?.lineDashPattern?.map(\.doubleValue), [1, 2])
    }

    // MARK: - Rendering

    /// A root of `size` with a shape layer filling it.
    private func shapeScene(_ size: CGFloat = 20) -> (root: CALayer, shape: CAShapeLayer) {
        let root = layer(CGRect(x: 0, y: 0, width: size, height: size))
        let shape = CAShapeLayer()
        shape.frame = root.bounds
        root.addSublayer(shape)
        return (root, shape)
    }

    func testFilledTriangle() async throws {
        let (root, shape) = shapeScene()
        let triangle = CGMutablePath()
        triangle.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 20, y: 0), CGPoint(x: 0, y: 20)])
        triangle.closeSubpath()
        shape.path = triangle
        shape.fillColor = red
        let image = try renderImage(of: root, 20, 20)
        XCTAssertEqual(image.pixel(x: 2, y: 2), redPixel, "inside")
        XCTAssertEqual(image.pixel(x: 15, y: 2), redPixel, "inside, near the top edge")
        XCTAssertEqual(image.pixel(x: 15, y: 15), clear, "past the hypotenuse")
        XCTAssertEqual(image.pixel(x: 19, y: 19), clear)
        // A pixel the hypotenuse x + y = 20 crosses through its centre is half covered.
        assertPixel(image, 10, 9, rgba(128, 0, 0, 128), tolerance: 2)
    }

    func testDefaultFillIsOpaqueBlackAndNoStroke() async throws {
        let (root, shape) = shapeScene()
        shape.path = CGPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10), transform: nil)
        let image = try renderImage(of: root, 20, 20)
        XCTAssertEqual(image.pixel(x: 5, y: 5), rgba(0, 0, 0, 255))
        XCTAssertEqual(image.pixel(x: 14, y: 14), rgba(0, 0, 0, 255))
        XCTAssertEqual(image.pixel(x: 4, y: 5), clear, "no stroke outside the path")
    }

    func testEvenOddLeavesAHoleNonZeroDoesNot() async throws {
        for (rule, centre) in [(CAShapeLayerFillRule.evenOdd, clear), (.nonZero, redPixel)] {
            let (root, shape) = shapeScene()
            let rings = CGMutablePath()
            rings.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
            rings.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
            shape.path = rings
            shape.fillColor = red
            shape.fillRule = rule
            let image = try renderImage(of: root, 20, 20)
            XCTAssertEqual(image.pixel(x: 2, y: 2), redPixel, rule.rawValue)
            XCTAssertEqual(image.pixel(x: 17, y: 12), redPixel, rule.rawValue)
            XCTAssertEqual(image.pixel(x: 10, y: 10), centre, rule.rawValue)
            XCTAssertEqual(image.pixel(x: 5, y: 5), centre, rule.rawValue)
        }
    }

    func testStrokeEndHalfStrokesTheFirstHalfOfALine() async throws {
        let (root, shape) = shapeScene()
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 10))
        line.addLine(to: CGPoint(x: 20, y: 10))
        shape.path = line
        shape.fillColor = nil
        shape.strokeColor = blue
        shape.lineWidth = 4
        shape.strokeEnd = 0.5
        let image = try renderImage(of: root, 20, 20)
        for x in 0..<10 {
            XCTAssertEqual(image.pixel(x: x, y: 8), bluePixel, "x = \(x)")
            XCTAssertEqual(image.pixel(x: x, y: 11), bluePixel, "x = \(x)")
            XCTAssertEqual(image.pixel(x: x, y: 12), clear, "x = \(x): the stroke is 4 wide")
        }
        for x in 10..<20 {
            XCTAssertEqual(image.pixel(x: x, y: 9), clear, "x = \(x): past strokeEnd")
        }
    }

    func testStrokeStartAndEndSelectTheMiddleOfALine() async throws {
        let (root, shape) = shapeScene()
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 10))
        line.addLine(to: CGPoint(x: 20, y: 10))
        shape.path = line
        shape.strokeColor = blue
        shape.lineWidth = 2
        shape.strokeStart = 0.25
        shape.strokeEnd = 0.75
        let image = try renderImage(of: root, 20, 20)
        XCTAssertEqual(image.pixel(x: 4, y: 10), clear)
        XCTAssertEqual(image.pixel(x: 5, y: 10), bluePixel)
        XCTAssertEqual(image.pixel(x: 14, y: 10), bluePixel)
        XCTAssertEqual(image.pixel(x: 15, y: 10), clear)
    }

    func testProgressRingAtHalfCoversExactlyHalfTheCircle() async throws {
        // A circle starts at its right-most point and sweeps towards increasing angles,
        // which in y-down coordinates is through the bottom.
        let (root, shape) = shapeScene(40)
        shape.path = CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 30, height: 30), transform: nil)
        shape.fillColor = nil
        shape.strokeColor = blue
        shape.lineWidth = 4
        shape.strokeEnd = 0.5
        let image = try renderImage(of: root, 40, 40)
        XCTAssertEqual(image.pixel(x: 20, y: 34), bluePixel, "bottom of the ring")
        XCTAssertEqual(image.pixel(x: 19, y: 34), bluePixel, "bottom of the ring")
        XCTAssertEqual(image.pixel(x: 5, y: 21), bluePixel, "left, just below the half-way point")
        XCTAssertEqual(image.pixel(x: 34, y: 21), bluePixel, "right, just below the start")
        XCTAssertEqual(image.pixel(x: 20, y: 5), clear, "top of the ring")
        XCTAssertEqual(image.pixel(x: 19, y: 5), clear, "top of the ring")
        assertPixel(image, 5, 18, clear, tolerance: 1)
        assertPixel(image, 34, 18, clear, tolerance: 1)
        // The butt ends lie on y = 20: the rows either side are whole or empty.
        assertPixel(image, 4, 20, bluePixel, tolerance: 3)
        assertPixel(image, 4, 19, clear, tolerance: 3)
        XCTAssertEqual(image.pixel(x: 20, y: 20), clear, "nothing filled")
    }

    func testStrokeSpansSubpathsByTotalLength() async throws {
        // Two lines of lengths 10 and 30: strokeEnd 0.5 covers the first and a third of
        // the second.
        let (root, shape) = shapeScene(40)
        let lines = CGMutablePath()
        lines.move(to: CGPoint(x: 0, y: 5))
        lines.addLine(to: CGPoint(x: 10, y: 5))
        lines.move(to: CGPoint(x: 0, y: 20))
        lines.addLine(to: CGPoint(x: 30, y: 20))
        shape.path = lines
        shape.strokeColor = blue
        shape.lineWidth = 2
        shape.strokeEnd = 0.5
        let image = try renderImage(of: root, 40, 40)
        XCTAssertEqual(image.pixel(x: 9, y: 5), bluePixel)
        XCTAssertEqual(image.pixel(x: 9, y: 20), bluePixel)
        XCTAssertEqual(image.pixel(x: 10, y: 20), clear)
    }

    func testStrokeStartPastStrokeEndDrawsNoStroke() async throws {
        let (root, shape) = shapeScene()
        shape.path = CGPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10), transform: nil)
        shape.fillColor = nil
        shape.strokeColor = blue
        shape.lineWidth = 4
        shape.strokeStart = 0.8
        shape.strokeEnd = 0.2
        let image = try renderImage(of: root, 20, 20)
        for (x, y) in [(5, 5), (10, 5), (15, 10), (10, 15), (5, 10)] {
            XCTAssertEqual(image.pixel(x: x, y: y), clear, "(\(x), \(y))")
        }
    }

    func testClosedSubpathKeptWholeByAPartialStrokeStaysClosed() async throws {
        // A square (perimeter 48) then a line (length 48): strokeEnd 0.5 keeps the whole
        // square, which stays closed, so the corner where it starts is mitred like the others.
        let (root, shape) = shapeScene(60)
        let path = CGMutablePath()
        path.addRect(CGRect(x: 4, y: 4, width: 12, height: 12))
        path.move(to: CGPoint(x: 0, y: 40))
        path.addLine(to: CGPoint(x: 48, y: 40))
        shape.path = path
        shape.fillColor = nil
        shape.strokeColor = blue
        shape.lineWidth = 4
        shape.strokeEnd = 0.5
        let image = try renderImage(of: root, 60, 60)
        XCTAssertEqual(image.pixel(x: 2, y: 2), bluePixel, "the start corner is mitred")
        XCTAssertEqual(image.pixel(x: 17, y: 2), bluePixel, "as the next corner is")
        XCTAssertEqual(image.pixel(x: 1, y: 40), clear, "the line is not reached")
    }

    func testDashesAlternatePaintedAndUnpaintedLengths() async throws {
        let (root, shape) = shapeScene()
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 10))
        line.addLine(to: CGPoint(x: 20, y: 10))
        shape.path = line
        shape.strokeColor = blue
        shape.lineWidth = 2
        shape.lineDashPattern = [4, 2]
        shape.lineDashPhase = 1
        let image = try renderImage(of: root, 20, 20)
        // Phase 1: painted 0..<3, gap 3..<5, painted 5..<9, gap 9..<11.
        for x in [0, 2, 5, 8, 11] { XCTAssertEqual(image.pixel(x: x, y: 10), bluePixel, "x = \(x)") }
        for x in [3, 4, 9, 10] { XCTAssertEqual(image.pixel(x: x, y: 10), clear, "x = \(x)") }
    }

    func testRoundCapsExtendPastTheEnds() async throws {
        let (root, shape) = shapeScene()
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 6, y: 10))
        line.addLine(to: CGPoint(x: 14, y: 10))
        shape.path = line
        shape.strokeColor = blue
        shape.lineWidth = 6
        let butt = try renderImage(of: root, 20, 20)
        XCTAssertEqual(butt.pixel(x: 4, y: 10), clear)
        shape.lineCap = .round
        let round = try renderImage(of: root, 20, 20)
        XCTAssertEqual(round.pixel(x: 4, y: 10), bluePixel)
        XCTAssertEqual(round.pixel(x: 15, y: 10), bluePixel)
    }

    func testShapeWithZeroBoundsStillDrawsItsPath() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        let shape = CAShapeLayer()
        shape.position = CGPoint(x: 5, y: 5)
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        shape.fillColor = red
        shape.shadowOpacity = 1
        shape.shadowRadius = 0
        shape.shadowOffset = CGSize(width: 2, height: 2)
        root.addSublayer(shape)
        let image = try renderImage(of: root, 20, 20)
        XCTAssertEqual(image.pixel(x: 5, y: 5), redPixel)
        XCTAssertEqual(image.pixel(x: 14, y: 14), redPixel)
        XCTAssertEqual(image.pixel(x: 16, y: 16), rgba(0, 0, 0, 255), "the shadow of the path, through a group")
    }

    func testTranslucentShapeIsCompositedAsOneGroup() async throws {
        let (root, shape) = shapeScene()
        shape.path = CGPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10), transform: nil)
        shape.fillColor = red
        shape.strokeColor = blue
        shape.lineWidth = 2
        shape.opacity = 0.5
        let image = try renderImage(of: root, 20, 20)
        assertPixel(image, 10, 10, rgba(128, 0, 0, 128), tolerance: 1)
        assertPixel(image, 5, 10, rgba(0, 0, 128, 128), tolerance: 1)  // the stroke hides the fill under it
    }

    func testStrokeIsScaledWithTheLayer() async throws {
        let (root, shape) = shapeScene()
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 5))
        line.addLine(to: CGPoint(x: 10, y: 5))
        shape.path = line
        shape.strokeColor = blue
        shape.lineWidth = 2
        shape.strokeEnd = 0.5
        shape.anchorPoint = .zero
        shape.position = .zero
        shape.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
        let image = try renderImage(of: root, 20, 20)
        XCTAssertEqual(image.pixel(x: 9, y: 8), bluePixel)
        XCTAssertEqual(image.pixel(x: 9, y: 11), bluePixel)
        XCTAssertEqual(image.pixel(x: 10, y: 10), clear)
    }

    // MARK: - Bad input

    func testBadValuesDrawWhatTheyCanWithoutCrashing() async throws {
        let (root, shape) = shapeScene()
        shape.path = CGPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10), transform: nil)
        shape.fillColor = red
        shape.strokeColor = blue
        for width in [CGFloat.nan, .infinity, -3] {
            shape.lineWidth = width
            let image = try renderImage(of: root, 20, 20)
            XCTAssertEqual(image.pixel(x: 5, y: 5), redPixel, "line width \(width): no stroke, the fill stays")
            XCTAssertEqual(image.pixel(x: 4, y: 4), clear)
        }
        shape.lineWidth = 2
        shape.strokeEnd = .nan
        shape.strokeStart = -.infinity
        shape.miterLimit = .nan
        shape.lineDashPhase = .infinity
        for pattern: [NSNumber] in [[0, 0], [-1, 2], [NSNumber(value: Double.nan)], []] {
            shape.lineDashPattern = pattern
            let image = try renderImage(of: root, 20, 20)
            XCTAssertEqual(image.pixel(x: 5, y: 10), bluePixel, "dashes \(pattern): a solid stroke")
            XCTAssertEqual(image.pixel(x: 10, y: 10), redPixel)
        }
        shape.path = CGMutablePath()
        let empty = try renderImage(of: root, 20, 20)
        XCTAssertEqual(empty.pixel(x: 10, y: 10), clear, "an empty path draws nothing")
        let huge = CGMutablePath()
        huge.move(to: CGPoint(x: -1e30, y: 10))
        huge.addLine(to: CGPoint(x: 1e30, y: 10))
        shape.path = huge
        shape.strokeEnd = 0.5
        _ = try renderImage(of: root, 20, 20)
    }
}
