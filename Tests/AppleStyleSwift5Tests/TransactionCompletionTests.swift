import Foundation
import QuartzCore
import TestSupport
import XCTest

// The classic completion-block example of the Core Animation books, in Swift 5 style: a
// colour change in a one-second transaction whose completion block turns the layer a
// quarter turn — animated with the default duration again, since the transaction that set
// one second has been committed by then.

class ColorChangeController {
    let colorLayer = CALayer()
    var completedChanges = 0

    init() {
        colorLayer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        colorLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    }

    func changeColor(to color: CGColor) {
        CATransaction.begin()
        CATransaction.setAnimationDuration(1.0)
        CATransaction.setCompletionBlock {
            var transform = self.colorLayer.affineTransform()
            transform = transform.rotated(by: CGFloat.pi / 2)
            self.colorLayer.setAffineTransform(transform)
            self.completedChanges += 1
        }
        colorLayer.backgroundColor = color
        CATransaction.commit()
    }
}

class TransactionCompletionTests: XCTestCase {
    var window: WindowStandIn!
    var controller: ColorChangeController!

    override func setUp() {
        super.setUp()
        window = WindowStandIn()
        controller = ColorChangeController()
        CATransaction.begin()
        window.rootLayer.addSublayer(controller.colorLayer)
        CATransaction.commit()
    }

    override func tearDown() {
        window.close()
        window = nil
        controller = nil
        super.tearDown()
    }

    func testTheColourAnimatesForTheTransactionsDuration() {
        controller.changeColor(to: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        let animation = controller.colorLayer.animation(forKey: "backgroundColor") as? CABasicAnimation
        XCTAssertEqual(animation?.duration, 1)
        XCTAssertEqual(animation?.keyPath, "backgroundColor")
        XCTAssertEqual(controller.completedChanges, 0)
    }

    func testTheCompletionBlockTurnsTheLayerWithTheDefaultDuration() {
        controller.changeColor(to: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        window.advance(by: 0.5)
        XCTAssertEqual(controller.completedChanges, 0)
        window.advance(by: 0.5)
        XCTAssertEqual(controller.completedChanges, 1)
        CATransaction.flush()
        let turn = controller.colorLayer.animation(forKey: "transform") as? CABasicAnimation
        XCTAssertEqual(turn?.duration, 0.25)
        let angle = atan2(controller.colorLayer.affineTransform().b, controller.colorLayer.affineTransform().a)
        XCTAssertEqual(Double(angle), Double.pi / 2, accuracy: 1e-12)
    }

    func testTransactionsNestAndTheOutermostCommitApplies() {
        let layer = controller.colorLayer
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = 0.5
        CATransaction.begin()
        CATransaction.setDisableActions(false)
        CATransaction.setAnimationDuration(2)
        layer.cornerRadius = 10
        CATransaction.commit()
        XCTAssertEqual(layer.presentation()?.opacity, 1, "not committed before the outermost commit")
        CATransaction.commit()
        XCTAssertEqual(layer.presentation()?.opacity, 0.5)
        XCTAssertNil(layer.animation(forKey: "opacity"))
        XCTAssertEqual(layer.animation(forKey: "cornerRadius")?.duration, 2)
    }
}
