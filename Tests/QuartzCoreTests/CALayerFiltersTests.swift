import Foundation
@testable import QuartzCore
import TestSupport
import XCTest

/// `filters`, `backgroundFilters` and `compositingFilter`: Apple's defaults, copies kept by
/// the layer, key paths through a filter's name, and animation of a filter's input.
@MainActor
final class CALayerFiltersTests: XCTestCase {
    private func blur(named name: String, radius: Double) throws -> CIFilter {
        let filter = try XCTUnwrap(CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: radius]))
        filter.name = name
        return filter
    }

    private func radius(_ layer: CALayer, _ keyPath: String = "filters.blur.inputRadius") -> Double? {
        (layer.value(forKeyPath: keyPath) as? NSNumber)?.doubleValue
    }

    func testTheFilterPropertiesDefaultToNil() async throws {
        let layer = CALayer()
        XCTAssertNil(layer.filters)
        XCTAssertNil(layer.backgroundFilters)
        XCTAssertNil(layer.compositingFilter)
        XCTAssertNil(CALayer.defaultValue(forKey: "filters"))
        XCTAssertNil(layer.value(forKey: "compositingFilter"))
    }

    func testTheLayerKeepsCopiesOfTheFiltersItIsGiven() async throws {
        let layer = CALayer()
        let filter = try blur(named: "blur", radius: 4)
        layer.filters = [filter]
        filter.setValue(9, forKey: kCIInputRadiusKey)
        XCTAssertEqual(radius(layer), 4, "a change to the filter object after it was set changes nothing")
        XCTAssertFalse((layer.filters?.first as? CIFilter) === filter)
        CATransaction.flush()
        XCTAssertEqual(layer.makeRenderTree().filters, [.gaussianBlur(radius: 4)])
    }

    func testKeyPathsThroughAFiltersNameReadAndChangeItsInputs() async throws {
        let layer = CALayer()
        let filter = try blur(named: "blur", radius: 4)
        layer.filters = [try blur(named: "other", radius: 1), filter]
        layer.backgroundFilters = [try blur(named: "frost", radius: 2)]
        layer.setValue(7, forKeyPath: "filters.blur.inputRadius")
        layer.setValue(3, forKeyPath: "backgroundFilters.frost.inputRadius")
        XCTAssertEqual(radius(layer), 7)
        XCTAssertEqual(radius(layer, "filters.other.inputRadius"), 1)
        XCTAssertEqual(radius(layer, "backgroundFilters.frost.inputRadius"), 3)
        XCTAssertEqual((filter.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue, 4, "the given object is not changed")
        XCTAssertNil(layer.value(forKeyPath: "filters.missing.inputRadius"))
        CATransaction.flush()
        let tree = layer.makeRenderTree()
        XCTAssertEqual(tree.filters, [.gaussianBlur(radius: 1), .gaussianBlur(radius: 7)])
        XCTAssertEqual(tree.backgroundFilters, [.gaussianBlur(radius: 3)])
    }

    func testACompositingFilterOrItsNameChoosesTheBlendMode() async throws {
        let layer = CALayer()
        layer.compositingFilter = CIFilter(name: "CIScreenBlendMode")
        CATransaction.flush()
        XCTAssertEqual(layer.makeRenderTree().compositingMode, .blendMode(.screen))
        layer.compositingFilter = "multiplyBlendMode"
        CATransaction.flush()
        XCTAssertEqual(layer.makeRenderTree().compositingMode, .blendMode(.multiply))
        layer.compositingFilter = CIFilter(name: "CISourceOverCompositing")
        CATransaction.flush()
        XCTAssertNil(layer.makeRenderTree().compositingMode, "source over is the plain compositing")
        layer.compositingFilter = nil
        CATransaction.flush()
        XCTAssertNil(layer.makeRenderTree().compositingMode)
    }

    func testAFiltersInputAnimatesByKeyPathOnTheMainThread() async throws {
        let root = layer("root", CGRect(x: 0, y: 0, width: 100, height: 100))
        let context = CARenderContext(rootLayer: root)
        let blurred = layer("blurred", CGRect(x: 0, y: 0, width: 20, height: 20), CGColor(red: 1, green: 0, blue: 0, alpha: 1), in: root)
        blurred.filters = [try blur(named: "blur", radius: 0)]
        CATransaction.flush()
        let animation = CABasicAnimation(keyPath: "filters.blur.inputRadius")
        animation.fromValue = 0
        animation.toValue = 10
        animation.duration = 2
        animation.beginTime = 100
        blurred.add(animation, forKey: "blur")
        CATransaction.flush()
        let update = context.makeRenderUpdate(at: 101)
        XCTAssertTrue(update.needsMainThreadEvaluation, "the render server does not evaluate filter inputs")
        XCTAssertEqual(update.tree(at: 101).sublayers[0].filters, [.gaussianBlur(radius: 5)])
        context.withPresentationTime(101.5) {
            XCTAssertEqual((blurred.presentation()?.value(forKeyPath: "filters.blur.inputRadius") as? NSNumber)?.doubleValue ?? .nan, 7.5, accuracy: 1e-9)
        }
        XCTAssertEqual(radius(blurred), 0, "the model keeps its value")
    }
}
