import Foundation
import QuartzCore
import TestSupport
import XCTest

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CAGradientLayerTests: XCTestCase, RenderingSwatches {
    // MARK: - Defaults and key-value coding

    func testDefaultsAreApples() async {
        let gradient = CAGradientLayer()
        XCTAssertNil(gradient.colors)
        XCTAssertNil(gradient.locations)
        XCTAssertEqual(gradient.startPoint, CGPoint(x: 0.5, y: 0))
        XCTAssertEqual(gradient.endPoint, CGPoint(x: 0.5, y: 1))
        XCTAssertEqual(gradient.type, .axial)
    }

    func testTypeRawValuesAreApples() async {
        XCTAssertEqual(CAGradientLayerType.axial.rawValue, "axial")
        XCTAssertEqual(CAGradientLayerType.radial.rawValue, "radial")
        XCTAssertEqual(CAGradientLayerType.conic.rawValue, "conic")
    }

    func testDefaultValueForEachKey() async {
        XCTAssertNil(CAGradientLayer.defaultValue(forKey: "colors"))
        XCTAssertNil(CAGradientLayer.defaultValue(forKey: "locations"))
        XCTAssertEqual(CAGradientLayer.defaultValue(forKey: "startPoint") as? CGPoint, CGPoint(x: 0.5, y: 0))
        XCTAssertEqual(CAGradientLayer.defaultValue(forKey: "endPoint") as? CGPoint, CGPoint(x: 0.5, y: 1))
        XCTAssertEqual(CAGradientLayer.defaultValue(forKey: "type") as? CAGradientLayerType, .axial)
    }

    func testKeyValueCodingReadsAndWritesEveryKey() async {
        let gradient = CAGradientLayer()
        gradient.setValue([red, blue], forKey: "colors")
        gradient.setValue([0.25, 0.75], forKey: "locations")
        gradient.setValue(CGPoint(x: 0, y: 0.5), forKey: "startPoint")
        gradient.setValue(CGPoint(x: 1, y: 0.5), forKey: "endPoint")
        gradient.setValue("radial", forKey: "type")
        XCTAssertEqual(gradient.colors?.compactMap { $0 as? CGColor }, [red, blue])
        XCTAssertEqual(gradient.locations?.map(\.doubleValue), [0.25, 0.75], "numbers become NSNumbers")
        XCTAssertEqual(gradient.startPoint, CGPoint(x: 0, y: 0.5))
        XCTAssertEqual(gradient.endPoint, CGPoint(x: 1, y: 0.5))
        XCTAssertEqual(gradient.type, .radial)
        XCTAssertEqual(gradient.value(forKey: "type") as? CAGradientLayerType, .radial)
        XCTAssertEqual((gradient.value(forKey: "locations") as? [NSNumber])?.count, 2)
        XCTAssertEqual(gradient.value(forKey: "endPoint") as? CGPoint, CGPoint(x: 1, y: 0.5))
    }

    // MARK: - Implicit animations

    func testColorsAndLocationsAnimateElementByElement() async {
        let world = AnimationWorld(test: self, displayed: true)
        let gradient = CAGradientLayer()
        gradient.colors = [red, blue]
        gradient.locations = [0, 1]
        _ = world.committedSublayer(gradient)
        world.animateImplicitly(gradient, to: 0.25) {
            $0.colors = [blue, green]
            $0.locations = [0.5, 0.75]
        }
        XCTAssertEqual(Set(gradient.animationKeys() ?? []), ["colors", "locations"])
        let colors = gradient.presentation()?.colors?.compactMap { $0 as? CGColor } ?? []
        XCTAssertEqual(colors.count, 2)
        assertComponents(colors.first, [lerp(1, 0, 0.25), 0, lerp(0, 1, 0.25), 1])
        assertComponents(colors.last, [0, lerp(0, 1, 0.25), lerp(1, 0, 0.25), 1])
        let locations = gradient.presentation()?.locations?.map(\.doubleValue) ?? []
        XCTAssertEqual(locations.count, 2)
        XCTAssertEqual(locations.first ?? -1, lerp(0, 0.5, 0.25), accuracy: 1e-12)
        XCTAssertEqual(locations.last ?? -1, lerp(1, 0.75, 0.25), accuracy: 1e-12)
    }

    func testColorArraysOfDifferentLengthsChangeHalfWay() async {
        let world = AnimationWorld(test: self, displayed: true)
        let gradient = CAGradientLayer()
        gradient.colors = [red, blue]
        _ = world.committedSublayer(gradient)
        world.animateImplicitly(gradient, to: 0.25) { $0.colors = [green, green, green] }
        XCTAssertEqual(gradient.presentation()?.colors?.compactMap { $0 as? CGColor }, [red, blue])
        world.clock.set(102.5)
        XCTAssertEqual(gradient.presentation()?.colors?.compactMap { $0 as? CGColor }, [green, green, green])
    }

    func testStartAndEndPointsAnimateImplicitly() async {
        let world = AnimationWorld(test: self, displayed: true)
        let gradient = CAGradientLayer()
        _ = world.committedSublayer(gradient)
        world.animateImplicitly(gradient, to: 0.25) {
            $0.startPoint = CGPoint(x: 1, y: 1)
            $0.endPoint = CGPoint(x: 0, y: 0)
        }
        let start = gradient.presentation()?.startPoint ?? .zero
        let end = gradient.presentation()?.endPoint ?? .zero
        XCTAssertEqual(start.x, lerp(0.5, 1, 0.25), accuracy: 1e-12)
        XCTAssertEqual(start.y, lerp(0, 1, 0.25), accuracy: 1e-12)
        XCTAssertEqual(end.x, lerp(0.5, 0, 0.25), accuracy: 1e-12)
        XCTAssertEqual(end.y, lerp(1, 0, 0.25), accuracy: 1e-12)
    }

    func testTypeChangesAtOnce() async {
        let world = AnimationWorld(test: self, displayed: true)
        let gradient = CAGradientLayer()
        _ = world.committedSublayer(gradient)
        gradient.type = .conic
        XCTAssertNil(gradient.animationKeys())
    }

    // MARK: - Rendering

    private func gradientScene(width: CGFloat, height: CGFloat) -> (root: CALayer, gradient: CAGradientLayer) {
        let root = layer(CGRect(x: 0, y: 0, width: width, height: height))
        let gradient = CAGradientLayer()
        gradient.frame = root.bounds
        root.addSublayer(gradient)
        return (root, gradient)
    }

    /// The pixel a gradient layer draws at `t` along sRGB `colors` at `locations` (evenly
    /// spread when nil): mixed in Generic RGB as Apple draws gradient layers, computed by the
    /// independent oracle.
    private func mixed(
        _ t: Double, _ colors: [GenericRGBGradientOracle.RGB], _ locations: [Double]? = nil
    ) -> CGImage.Pixel {
        let locations = locations ?? colors.indices.map { colors.count == 1 ? 0 : Double($0) / Double(colors.count - 1) }
        let c = GenericRGBGradientOracle.bytes(GenericRGBGradientOracle.sRGB(at: t, of: colors, locations: locations))
        return px(UInt8(c.0), UInt8(c.1), UInt8(c.2))
    }

    private let redRGB: GenericRGBGradientOracle.RGB = (1, 0, 0)
    private let greenRGB: GenericRGBGradientOracle.RGB = (0, 1, 0)
    private let blueRGB: GenericRGBGradientOracle.RGB = (0, 0, 1)

    func testDefaultAxialGradientRunsTopToBottom() async throws {
        let (root, gradient) = gradientScene(width: 10, height: 100)
        gradient.colors = [red, blue]
        let image = try renderImage(of: root, 10, 100)
        // Row y samples the gradient at (y + ½) / 100.
        for y in [0, 25, 49, 75, 99] {
            let t = (Double(y) + 0.5) / 100
            assertPixel(image, 5, y, mixed(t, [redRGB, blueRGB]), tolerance: 1)
        }
    }

    func testHorizontalAxialMidpointIsMixedInGenericRGB() async throws {
        let (root, gradient) = gradientScene(width: 101, height: 4)
        gradient.colors = [red, blue]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        let image = try renderImage(of: root, 101, 4)
        // x = 50's centre is exactly half-way: ½ red + ½ blue in Generic RGB, which is
        // lighter than sRGB's (128, 0, 128) and greener, as sRGB red and blue lie outside
        // Generic RGB's gamut.
        assertPixel(image, 50, 2, mixed(0.5, [redRGB, blueRGB]), tolerance: 1)
    }

    func testLocationsHoldTheEndColoursOutsideThem() async throws {
        let (root, gradient) = gradientScene(width: 100, height: 4)
        gradient.colors = [red, blue]
        gradient.locations = [0.25, 0.75]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        let image = try renderImage(of: root, 100, 4)
        for x in [0, 10, 24] { assertPixel(image, x, 1, mixed(0, [redRGB, blueRGB]), tolerance: 1) }
        for x in [75, 90, 99] { assertPixel(image, x, 1, mixed(1, [redRGB, blueRGB]), tolerance: 1) }
        assertPixel(image, 50, 1, mixed(0.51, [redRGB, blueRGB]), tolerance: 1)
    }

    func testThreeStopsWithoutLocationsAreEvenlySpread() async throws {
        let (root, gradient) = gradientScene(width: 100, height: 4)
        gradient.colors = [red, green, blue]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        let image = try renderImage(of: root, 100, 4)
        // x = 24: t = 0.245, 0.49 of the way from red to green.
        assertPixel(image, 24, 1, mixed(0.245, [redRGB, greenRGB, blueRGB]), tolerance: 1)
        // x = 74: t = 0.745, 0.49 of the way from green to blue.
        assertPixel(image, 74, 1, mixed(0.745, [redRGB, greenRGB, blueRGB]), tolerance: 1)
    }

    func testRadialGradientFromCentreToEllipse() async throws {
        let (root, gradient) = gradientScene(width: 40, height: 20)
        gradient.type = .radial
        gradient.colors = [red, blue]
        gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 1)
        let image = try renderImage(of: root, 40, 20)
        // Radii 20 and 10: the pixel at (29, 9) has its centre at (29.5, 9.5), so
        // t = hypot(9.5 / 20, 0.5 / 10).
        let t = hypot(9.5 / 20, 0.5 / 10)
        assertPixel(image, 29, 9, mixed(t, [redRGB, blueRGB]), tolerance: 1)
        // Past the ellipse: the last colour.
        assertPixel(image, 0, 0, mixed(1, [redRGB, blueRGB]), tolerance: 1)
        assertPixel(image, 39, 19, mixed(1, [redRGB, blueRGB]), tolerance: 1)
    }

    func testConicGradientTurnsClockwiseFromTheEndPoint() async throws {
        let (root, gradient) = gradientScene(width: 40, height: 40)
        gradient.type = .conic
        gradient.colors = [red, blue]
        gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        let image = try renderImage(of: root, 40, 40)
        // Angles from the centre (20, 20), y down: a quarter turn is straight down.
        assertPixel(image, 20, 35, mixed(0.25, [redRGB, blueRGB]), tolerance: 3)
        assertPixel(image, 5, 20, mixed(0.5, [redRGB, blueRGB]), tolerance: 3)
        assertPixel(image, 20, 4, mixed(0.75, [redRGB, blueRGB]), tolerance: 3)
    }

    func testGradientIsClippedToRoundedBoundsAndBelowSublayers() async throws {
        let (root, gradient) = gradientScene(width: 20, height: 20)
        gradient.colors = [red, red]
        gradient.cornerRadius = 10
        _ = layer(CGRect(x: 8, y: 8, width: 4, height: 4), green, in: gradient)
        let image = try renderImage(of: root, 20, 20)
        XCTAssertEqual(image.pixel(x: 0, y: 0), clear, "outside the rounded corner")
        assertPixel(image, 10, 2, mixed(0, [redRGB, redRGB]), tolerance: 1)
        XCTAssertEqual(image.pixel(x: 10, y: 10), greenPixel, "sublayers draw above the gradient")
    }

    // MARK: - Bad input

    func testMismatchedLocationsAreSpreadEvenly() async throws {
        let (root, gradient) = gradientScene(width: 101, height: 4)
        gradient.colors = [red, blue]
        gradient.locations = [0.9]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        let image = try renderImage(of: root, 101, 4)
        assertPixel(image, 50, 2, mixed(0.5, [redRGB, blueRGB]), tolerance: 1)
    }

    func testBadValuesDrawWithoutCrashing() async throws {
        let (root, gradient) = gradientScene(width: 20, height: 20)
        gradient.colors = ["not a colour", red, 42]
        var image = try renderImage(of: root, 20, 20)
        // Only the colours count.
        assertPixel(image, 10, 10, mixed(0, [redRGB]), tolerance: 1)
        gradient.colors = []
        image = try renderImage(of: root, 20, 20)
        XCTAssertEqual(image.pixel(x: 10, y: 10), clear)
        gradient.colors = [red, blue]
        gradient.locations = [NSNumber(value: Double.nan), 1]
        gradient.startPoint = CGPoint(x: CGFloat.nan, y: .infinity)
        for type in [CAGradientLayerType.axial, .radial, .conic, CAGradientLayerType(rawValue: "unknown")] {
            gradient.type = type
            _ = try renderImage(of: root, 20, 20)
        }
        gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
        gradient.endPoint = CGPoint(x: 0.5, y: 0.5)
        for type in [CAGradientLayerType.axial, .radial, .conic] {
            gradient.type = type
            image = try renderImage(of: root, 20, 20)
            XCTAssertNotEqual(image.pixel(x: 10, y: 10), clear, "\(type.rawValue): a zero-length gradient still paints")
        }
        gradient.colors = Array(repeating: red, count: 100_000)
        image = try renderImage(of: root, 20, 20)
        // Many stops are capped, not refused.
        assertPixel(image, 10, 10, mixed(0, [redRGB]), tolerance: 1)
    }
}
