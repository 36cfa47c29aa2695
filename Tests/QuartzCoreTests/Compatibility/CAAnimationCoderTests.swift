import QuartzCore
import XCTest

/// An animation subclass written as for Apple platforms: an initializer of its own, so it
/// must declare `init?(coder:)` (here calling `super`) and Lamina's `init(copying:)`.
private final class BlinkAnimation: CABasicAnimation {
    let blinks: Int

    init(blinks: Int) {
        self.blinks = blinks
        super.init()
        keyPath = "opacity"
    }

    required init(copying animation: CAAnimation) {
        blinks = (animation as! BlinkAnimation).blinks
        super.init(copying: animation)
    }

    required init?(coder: NSCoder) {
        blinks = 1
        super.init(coder: coder)
    }
}

/// An emitter cell subclass with an initializer of its own, as Apple code writes one.
private final class EmberCell: CAEmitterCell {
    override init() {
        super.init()
        birthRate = 12
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

/// `init?(coder:)` on animations and emitter cells: declared so Apple subclasses compile;
/// Lamina cannot decode them.
final class CAAnimationCoderTests: XCTestCase {
    func testDecodingAnAnimationOrCellAnswersNil() {
        let coder = NSKeyedArchiver(requiringSecureCoding: false)
        XCTAssertNil(CABasicAnimation(coder: coder))
        XCTAssertNil(CAKeyframeAnimation(coder: coder))
        XCTAssertNil(CASpringAnimation(coder: coder))
        XCTAssertNil(CAAnimationGroup(coder: coder))
        XCTAssertNil(CATransition(coder: coder))
        XCTAssertNil(CAEmitterCell(coder: coder))
        XCTAssertNil(BlinkAnimation(coder: coder))
        XCTAssertNil(EmberCell(coder: coder))
    }

    func testASubclassWithItsOwnInitializerStillCopiesAsItself() throws {
        let copy = try XCTUnwrap(BlinkAnimation(blinks: 3).copy() as? BlinkAnimation)
        XCTAssertEqual(copy.blinks, 3)
        XCTAssertEqual(copy.keyPath, "opacity")
        XCTAssertEqual(EmberCell().birthRate, 12)
    }
}
