import CoreImage
import QuartzCore
import XCTest

// Filters as macOS code puts them on layers, written against Apple's API: a frosted
// sidebar, a desaturated disabled state, a multiply-blended badge and a blur animated
// through the filter's name.

enum LayerEffects {
    /// A sidebar that frosts what scrolls behind it.
    static func makeFrostedSidebar(frame: CGRect) -> CALayer {
        let sidebar = CALayer()
        sidebar.frame = frame
        sidebar.backgroundColor = CGColor(gray: 1, alpha: 0.6)
        sidebar.cornerRadius = 10
        if let blur = CIFilter(name: "CIGaussianBlur") {
            blur.setDefaults()
            blur.setValue(20, forKey: kCIInputRadiusKey)
            sidebar.backgroundFilters = [blur]
        }
        return sidebar
    }

    /// Greys a control out, or brings its colours back.
    static func setDisabled(_ disabled: Bool, on layer: CALayer) {
        guard disabled else {
            layer.filters = nil
            return
        }
        let controls = CIFilter(name: "CIColorControls", parameters: [kCIInputSaturationKey: 0, kCIInputBrightnessKey: 0.1])
        layer.filters = controls.map { [$0] }
    }

    /// A badge multiplied onto what is behind it.
    static func makeBadge() -> CALayer {
        let badge = CALayer()
        badge.bounds = CGRect(x: 0, y: 0, width: 24, height: 24)
        badge.compositingFilter = CIFilter(name: "CIMultiplyBlendMode")
        return badge
    }

    /// Blurs a layer in over `duration` seconds through its named filter.
    static func blurIn(_ layer: CALayer, to radius: Double, duration: CFTimeInterval) {
        guard let blur = CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 0]) else { return }
        blur.name = "blur"
        layer.filters = [blur]
        let animation = CABasicAnimation(keyPath: "filters.blur.inputRadius")
        animation.fromValue = 0
        animation.toValue = radius
        animation.duration = duration
        layer.add(animation, forKey: "blurIn")
        layer.setValue(radius, forKeyPath: "filters.blur.inputRadius")
    }
}

final class LayerFilterSnippetTests: XCTestCase {
    func testTheSnippetsSetTheFiltersTheySay() throws {
        let sidebar = LayerEffects.makeFrostedSidebar(frame: CGRect(x: 0, y: 0, width: 240, height: 600))
        let frost = try XCTUnwrap(sidebar.backgroundFilters?.first as? CIFilter)
        XCTAssertEqual((frost.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue, 20)

        let button = CALayer()
        LayerEffects.setDisabled(true, on: button)
        let controls = try XCTUnwrap(button.filters?.first as? CIFilter)
        XCTAssertEqual(controls.attributes[kCIAttributeFilterName] as? String, "CIColorControls")
        XCTAssertEqual((controls.value(forKey: kCIInputSaturationKey) as? NSNumber)?.doubleValue, 0)
        LayerEffects.setDisabled(false, on: button)
        XCTAssertNil(button.filters)

        XCTAssertEqual((LayerEffects.makeBadge().compositingFilter as? CIFilter)?.name, "CIMultiplyBlendMode")

        let panel = CALayer()
        LayerEffects.blurIn(panel, to: 8, duration: 0.3)
        XCTAssertEqual((panel.value(forKeyPath: "filters.blur.inputRadius") as? NSNumber)?.doubleValue, 8)
        XCTAssertEqual((panel.animation(forKey: "blurIn") as? CABasicAnimation)?.keyPath, "filters.blur.inputRadius")
    }
}
