import QuartzCore
import TestSupport
import XCTest

/// A translucent gradient drawn the way real Apple animation code draws one: an opaque colour
/// gradient layer masked by an alpha gradient layer, both 10,000 points larger than what they
/// show on every side, the mask placed from `mask.superlayer`'s frame in a layout pass (on
/// Apple platforms a mask's superlayer is the layer it masks). Expected pixels are computed
/// here from the gradients' definitions.
@MainActor
final class MaskedGradientRenderingTests: XCTestCase {
    private let padding: CGFloat = 10_000

    /// A gradient layer covering `size` with `padding` on every side, centred on its
    /// superlayer (or on `size` when it has none), radial from `centre` out to `radius`.
    private final class PaddedGradientLayer: CAGradientLayer {
        var reference = CGSize.zero
        var centre = CGPoint.zero
        var radius: CGFloat = 0
        var padding: CGFloat = 0

        override func layoutSublayers() {
            super.layoutSublayers()
            anchorPoint = .zero
            bounds = CGRect(x: 0, y: 0, width: reference.width + 2 * padding, height: reference.height + 2 * padding)
            let around = superlayer?.frame.size ?? reference
            transform = CATransform3DMakeTranslation((around.width - bounds.width) / 2, (around.height - bounds.height) / 2, 0)
            type = .radial
            func unit(_ p: CGPoint) -> CGPoint { CGPoint(x: (p.x + padding) / bounds.width, y: (p.y + padding) / bounds.height) }
            startPoint = unit(centre)
            endPoint = unit(CGPoint(x: centre.x + radius, y: centre.y + radius))
            (mask as? PaddedGradientLayer)?.setNeedsLayout()
            mask?.layoutIfNeeded()
        }
    }

    private func gradient(_ colors: [CGColor], size: CGSize) -> PaddedGradientLayer {
        let layer = PaddedGradientLayer()
        layer.reference = size
        layer.centre = CGPoint(x: size.width / 2, y: size.height / 2)
        layer.radius = 80
        layer.padding = padding
        layer.colors = colors
        layer.locations = [0, 1]
        layer.setNeedsLayout()
        return layer
    }

    func testAnAlphaGradientMaskLaidOutFromItsSuperlayerFadesTheColourRadially() async throws {
        let size = CGSize(width: 200, height: 200)
        let root = layer(CGRect(origin: .zero, size: size), CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        let purple = CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
        let body = gradient([purple, purple], size: size)
        root.addSublayer(body)
        body.mask = gradient([CGColor(gray: 0, alpha: 1), CGColor(gray: 0, alpha: 0)], size: size)
        root.layoutIfNeeded()
        body.layoutIfNeeded()
        let image = try renderImage(of: root, 200, 200)
        // Alpha 1 − d / 80 at distance d from the centre: purple over white, the purple as a
        // gradient layer draws it (mixed in Generic RGB, whose gamut it leaves a little).
        let drawn = GenericRGBGradientOracle.sRGB(at: 0, of: [(0.5, 0, 0.5)], locations: [0])
        for d in stride(from: 0, through: 90, by: 10) {
            let x = 100 + d
            let alpha = max(0, 1 - (Double(d) + 0.5) / 80)
            let red = drawn.0 * alpha + (1 - alpha), green = drawn.1 * alpha + (1 - alpha)
            let pixel = try XCTUnwrap(image.pixel(x: x, y: 100))
            XCTAssertEqual(Double(pixel.red), red * 255, accuracy: 2, "red \(d) from the centre")
            XCTAssertEqual(Double(pixel.green), green * 255, accuracy: 2, "green \(d) from the centre")
        }
    }
}
