import Foundation
import QuartzCore
import TestSupport
import XCTest

// Delegate objects in Swift 5 style: a controller that is the delegate of its layers and of
// its animations and calls back through closures; a layout manager; an action object.

class GridController: NSObject, CALayerDelegate, CAAnimationDelegate {
    let containerLayer = CALayer()
    var columns = 2
    var cellSize = CGSize(width: 10, height: 10)
    var onAnimationEvent: ((String) -> Void)?

    override init() {
        super.init()
        containerLayer.delegate = self
    }

    func addCells(_ count: Int) {
        for _ in 0..<count {
            let cell = CALayer()
            cell.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            containerLayer.addSublayer(cell)
        }
    }

    // MARK: CALayerDelegate

    func layoutSublayers(of layer: CALayer) {
        guard let cells = layer.sublayers else { return }
        for (index, cell) in cells.enumerated() {
            let column = index % columns
            let row = index / columns
            cell.frame = CGRect(x: CGFloat(column) * cellSize.width, y: CGFloat(row) * cellSize.height,
                                width: cellSize.width, height: cellSize.height)
        }
    }

    func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.setFillColor(CGColor(gray: 1, alpha: 1))
        ctx.fill(layer.bounds)
    }

    func action(for layer: CALayer, forKey event: String) -> CAAction? {
        if event == "sublayers" {
            return NSNull()
        }
        return nil
    }

    // MARK: CAAnimationDelegate

    func animationDidStart(_ anim: CAAnimation) {
        onAnimationEvent?("start")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        onAnimationEvent?(flag ? "finished" : "cancelled")
    }
}

class CenteringLayoutManager: NSObject, CALayoutManager {
    var invalidations = 0

    func invalidateLayout(of layer: CALayer) {
        invalidations += 1
    }

    func layoutSublayers(of layer: CALayer) {
        for sublayer in layer.sublayers ?? [] {
            sublayer.position = CGPoint(x: layer.bounds.midX, y: layer.bounds.midY)
        }
    }
}

class BounceAction: NSObject, CAAction {
    var runs: [String] = []

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        runs.append(event)
        guard let layer = anObject as? CALayer else { return }
        let bounce = CAKeyframeAnimation(keyPath: "transform.scale")
        bounce.values = [1, 1.3, 1]
        bounce.duration = 0.3
        layer.add(bounce, forKey: "bounce")
    }
}

class DelegateObjectTests: XCTestCase {
    func testTheControllerLaysOutAndDrawsItsLayer() {
        let controller = GridController()
        controller.containerLayer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        controller.addCells(3)
        controller.containerLayer.setNeedsDisplay()
        CATransaction.flush()
        let frames = controller.containerLayer.sublayers?.map { $0.frame } ?? []
        XCTAssertEqual(frames, [
            CGRect(x: 0, y: 0, width: 10, height: 10),
            CGRect(x: 10, y: 0, width: 10, height: 10),
            CGRect(x: 0, y: 10, width: 10, height: 10),
        ])
        guard let bytes = controller.containerLayer.snapshotBytes(width: 20, height: 20) else {
            return XCTFail("no snapshot")
        }
        XCTAssertEqual(bytes.pixel(x: 5, y: 15, width: 20), [0, 0, 255, 255], "a cell")
        XCTAssertEqual(bytes.pixel(x: 15, y: 15, width: 20), [255, 255, 255, 255], "the drawn background")
    }

    func testTheControllerHearsItsAnimationsThroughAClosure() {
        let window = WindowStandIn()
        defer { window.close() }
        let controller = GridController()
        var events: [String] = []
        controller.onAnimationEvent = { events.append($0) }
        CATransaction.begin()
        window.rootLayer.addSublayer(controller.containerLayer)
        CATransaction.commit()
        let grow = CABasicAnimation(keyPath: "bounds.size.width")
        grow.fromValue = 0
        grow.toValue = 100
        grow.duration = 1
        grow.delegate = controller
        controller.containerLayer.add(grow, forKey: "grow")
        CATransaction.flush()
        window.advance(by: 0.5)
        XCTAssertEqual(events, ["start"])
        XCTAssertEqual(controller.containerLayer.presentation()?.bounds.width, 50)
        window.advance(by: 0.5)
        XCTAssertEqual(events, ["start", "finished"])
    }

    func testALayoutManagerIsToldAndCentresTheSublayers() {
        let manager = CenteringLayoutManager()
        let layer = CALayer()
        layer.layoutManager = manager
        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.addSublayer(dot)
        layer.bounds = CGRect(x: 0, y: 0, width: 50, height: 30)
        layer.layoutIfNeeded()
        XCTAssertEqual(dot.position, CGPoint(x: 25, y: 15))
        XCTAssertGreaterThan(manager.invalidations, 0)
        let invalidations = manager.invalidations
        layer.setNeedsLayout()
        XCTAssertEqual(manager.invalidations, invalidations + 1)
    }

    func testAnActionObjectRunsForItsEventsOnly() {
        let window = WindowStandIn()
        defer { window.close() }
        let bounce = BounceAction()
        let button = CALayer()
        button.actions = ["onOrderIn": bounce, "contents": bounce]
        CATransaction.begin()
        window.rootLayer.addSublayer(button)
        CATransaction.commit()
        XCTAssertEqual(bounce.runs, ["onOrderIn"])
        XCTAssertEqual((button.animation(forKey: "bounce") as? CAKeyframeAnimation)?.values?.count, 3)
        button.removeAllAnimations()
        CATransaction.begin()
        button.opacity = 0.5
        CATransaction.commit()
        XCTAssertEqual(bounce.runs, ["onOrderIn"])
        XCTAssertEqual(button.animationKeys(), ["opacity"])
    }
}
