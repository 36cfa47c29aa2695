import QuartzCore
import XCTest

/// A layer subclass written as for Apple platforms: an initializer of its own, so it must
/// declare `init?(coder:)`, which here calls `super`.
private final class BadgeLayer: CALayer {
    var count = 0

    init(count: Int) {
        self.count = count
        super.init()
    }

    required init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

/// `init?(coder:)`: declared so Apple subclasses compile; Lamina cannot decode layers.
@MainActor
final class CALayerCoderTests: XCTestCase {
    func testDecodingALayerAnswersNil() async {
        let coder = NSKeyedArchiver(requiringSecureCoding: false)
        XCTAssertNil(CALayer(coder: coder))
        XCTAssertNil(CAShapeLayer(coder: coder))
        XCTAssertNil(BadgeLayer(coder: coder))
        XCTAssertEqual(BadgeLayer(count: 3).count, 3)
    }
}
