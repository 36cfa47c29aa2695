import Foundation
@testable import QuartzCore
import TestSupport
import XCTest

/// The render server evaluates plain two-ended basic animations of geometry and opacity as
/// typed writes, with exactly the values the general key-value path gives, and leaves every
/// other animation to that path.
@MainActor
final class CARenderAnimationPlanTests: XCTestCase {
    private func displayedTree() -> (CARenderContext, CALayer) {
        let root = layer("root", CGRect(x: 0, y: 0, width: 200, height: 100))
        let context = CARenderContext(rootLayer: root)
        let mover = layer("mover", CGRect(x: 0, y: 0, width: 20, height: 20), CGColor(red: 1, green: 0, blue: 0, alpha: 1), in: root)
        CATransaction.flush()
        return (context, mover)
    }

    /// Media time 0 of these tests: animations begin at it (a begin time of 0 would mean
    /// the time of the commit).
    private let start: CFTimeInterval = 10

    private func basic(_ keyPath: String, from: Any?, to: Any?, begin: CFTimeInterval = 0, duration: CFTimeInterval = 2) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.beginTime = start + begin
        animation.duration = duration
        return animation
    }

    /// The values the key-value path shows for the layer's snapshot at media time `time`.
    private func byKeyPath(_ update: CARenderUpdate, at time: CFTimeInterval) -> CARenderLayer {
        let animated = update.animatedLayers[0]
        var node = update.tree.sublayers[0]
        animated.evaluateByKeyPath(on: &node, atLocalTime: animated.localTime(atMediaTime: time))
        return node
    }

    private func assertSameValues(_ a: CARenderLayer, _ b: CARenderLayer, at time: CFTimeInterval, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.position, b.position, "position at \(time)", file: file, line: line)
        XCTAssertEqual(a.bounds, b.bounds, "bounds at \(time)", file: file, line: line)
        XCTAssertEqual(a.anchorPoint, b.anchorPoint, "anchorPoint at \(time)", file: file, line: line)
        XCTAssertTrue(CATransform3DEqualToTransform(a.transform, b.transform), "transform at \(time)", file: file, line: line)
        XCTAssertEqual(a.opacity, b.opacity, "opacity at \(time)", file: file, line: line)
        XCTAssertEqual(a.cornerRadius, b.cornerRadius, "cornerRadius at \(time)", file: file, line: line)
        XCTAssertEqual(a.shadowOpacity, b.shadowOpacity, "shadowOpacity at \(time)", file: file, line: line)
        XCTAssertEqual(a.shadowOffset, b.shadowOffset, "shadowOffset at \(time)", file: file, line: line)
        XCTAssertEqual(a.zPosition, b.zPosition, "zPosition at \(time)", file: file, line: line)
    }

    func testMovesScalesAndFadesAreTypedWritesWithExactValues() async throws {
        let (context, mover) = displayedTree()
        mover.add(basic("position.x", from: 30, to: 130), forKey: "slide")
        mover.add(basic("transform.scale", from: 1, to: 2), forKey: "grow")
        mover.add(basic("opacity", from: Float(1), to: Float(0.3)), forKey: "fade")
        mover.add(basic("bounds.size.width", from: CGFloat(20), to: CGFloat(60)), forKey: "widen")
        CATransaction.flush()
        let update = context.makeRenderUpdate(at: 0)
        XCTAssertTrue(try XCTUnwrap(update.animatedLayers.first).hasPlan)
        // A quarter of the way (linear timing, 2 s): x = 30 + 100/4, scale 1.25, width 30,
        // and the opacity's ends as the Floats they were given, mixed, then rounded to Float.
        let quarter = update.tree(at: start + 0.5).sublayers[0]
        XCTAssertEqual(quarter.position.x, 55)
        XCTAssertEqual(quarter.position.y, 10, "the committed y")
        XCTAssertEqual(quarter.transform.m11, 1.25)
        XCTAssertEqual(quarter.transform.m22, 1.25)
        XCTAssertEqual(quarter.transform.m33, 1.25)
        XCTAssertEqual(quarter.transform.m12, 0)
        XCTAssertEqual(quarter.bounds.size.width, 30)
        XCTAssertEqual(quarter.opacity, Float(1 + (Double(Float(0.3)) - 1) * 0.25))
        // Once they end (removed on completion): the committed values.
        let after = update.tree(at: start + 3).sublayers[0]
        XCTAssertEqual(after.position.x, 10)
        XCTAssertTrue(CATransform3DIsIdentity(after.transform))
        XCTAssertEqual(after.bounds.size.width, 20)
        XCTAssertEqual(after.opacity, 1)
    }

    private func basic(_ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any?) -> CABasicAnimation {
        let animation = basic(keyPath, from: from, to: to)
        animation.byValue = by
        return animation
    }

    func testByValuesAreTypedWritesWithApplesFromToByRules() async throws {
        let (context, mover) = displayedTree()
        // The layer's frame is 0, 0, 20, 20: its position is 10, 10.
        mover.add(basic("position.x", by: CGFloat(40)), forKey: "by alone")
        mover.add(basic("position.y", from: CGFloat(5), by: CGFloat(40)), forKey: "from and by")
        mover.add(basic("transform.scale", to: CGFloat(3), by: CGFloat(1)), forKey: "to and by")
        mover.add(basic("opacity", from: Float(1), to: Float(0.5), by: Float(7)), forKey: "by ignored")
        mover.add(basic("bounds.size.width", by: CGFloat(-8)), forKey: "by shrinking")
        CATransaction.flush()
        let update = context.makeRenderUpdate(at: 0)
        XCTAssertTrue(try XCTUnwrap(update.animatedLayers.first).hasPlan)
        // A quarter of the way (linear timing, 2 s).
        let quarter = update.tree(at: start + 0.5).sublayers[0]
        XCTAssertEqual(quarter.position.x, 20, "the value before, to the value before + by")
        XCTAssertEqual(quarter.position.y, 15, "from, to from + by")
        XCTAssertEqual(quarter.transform.m11, 2.25, "to − by, to to")
        XCTAssertEqual(quarter.transform.m22, 2.25)
        XCTAssertEqual(quarter.opacity, 0.875, "from, to to: by is ignored beside both")
        XCTAssertEqual(quarter.bounds.size.width, 18)
        let late = update.tree(at: start + 1.5).sublayers[0]
        XCTAssertEqual(late.position.x, 40)
        XCTAssertEqual(late.position.y, 35)
        XCTAssertEqual(late.transform.m11, 2.75)
        XCTAssertEqual(late.bounds.size.width, 14)
        for step in -2...40 {
            let time = start + Double(step) * 0.0625 + 0.01
            assertSameValues(update.tree(at: time).sublayers[0], byKeyPath(update, at: time), at: time)
        }
    }

    func testAByValueOfAnotherTypeThanItsEndTakesTheKeyValuePath() async throws {
        let (context, mover) = displayedTree()
        mover.add(basic("position", from: CGPoint(x: 1, y: 2), by: CGSize(width: 3, height: 4)), forKey: "k")
        CATransaction.flush()
        let update = context.makeRenderUpdate(at: 0)
        XCTAssertFalse(try XCTUnwrap(update.animatedLayers.first).hasPlan)
    }

    func testAnimatedOpacitiesAreClampedToTheUnitIntervalAsTheirSettersClamp() async throws {
        let (context, mover) = displayedTree()
        // Linear over 2 s: a quarter of the way is 2 (shadow) and -0.5 (layer) unclamped.
        mover.add(basic("shadowOpacity", from: Float(0), to: Float(8)), forKey: "shadow")
        mover.add(basic("opacity", from: Float(1), to: Float(-5)), forKey: "fade")
        mover.add(basic("contentsScale", from: CGFloat(1), to: CGFloat(3)), forKey: "scale")
        CATransaction.flush()
        let update = context.makeRenderUpdate(at: 0)
        XCTAssertTrue(try XCTUnwrap(update.animatedLayers.first).hasPlan)
        let planned = update.tree(at: start + 0.5).sublayers[0]
        let general = byKeyPath(update, at: start + 0.5)
        for node in [planned, general] {
            XCTAssertEqual(node.shadowOpacity, 1, "as the shadowOpacity setter clamps")
            XCTAssertEqual(node.opacity, 0, "as the opacity setter clamps")
            XCTAssertEqual(node.contentsScale, 1.5)
        }
        mover.shadowOpacity = 8
        XCTAssertEqual(mover.shadowOpacity, 1, "the setter's clamp")
    }

    func testTypedWritesEqualTheKeyValuePathAtEveryTime() async throws {
        let (context, mover) = displayedTree()
        // An implicit animation: from the value before to the committed value.
        mover.cornerRadius = 4
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        mover.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        CATransaction.commit()
        let eased = basic("position", from: CGPoint(x: 3.25, y: 7), to: CGPoint(x: 91.5, y: 40.125), begin: 0.5)
        eased.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        eased.autoreverses = true
        eased.repeatCount = 2
        eased.fillMode = .both
        eased.isRemovedOnCompletion = false
        mover.add(eased, forKey: "move")
        let spin = basic("transform.rotation.z", from: 0.3, to: 2.9, begin: 1)
        spin.timingFunction = CAMediaTimingFunction(name: .easeOut)
        mover.add(spin, forKey: "spin")
        let fade = basic("opacity", from: 0.9, to: -0.5, duration: 1.5)
        fade.fillMode = .backwards
        mover.add(fade, forKey: "fade")
        mover.add(basic("cornerRadius", from: Float(2.5), to: Float(13.3)), forKey: "round")
        mover.add(basic("shadowOffset", from: CGSize(width: 1, height: 2), to: CGSize(width: -3, height: 9.5)), forKey: "lift")
        mover.add(basic("shadowOpacity", from: 0.0, to: 0.8), forKey: "shade")
        mover.add(basic("opacity", from: nil, to: Float(0.25), begin: 1.75), forKey: "dim")
        mover.add(basic("zPosition", from: 1, to: nil), forKey: "raise")
        mover.add(basic("anchorPoint.y", from: nil, to: 1, begin: 0.25), forKey: "pivot")
        CATransaction.flush()
        let update = context.makeRenderUpdate(at: 0)
        XCTAssertTrue(try XCTUnwrap(update.animatedLayers.first).hasPlan)
        for step in -2...90 {
            let time = start + Double(step) * 0.0625 + 0.01
            assertSameValues(update.tree(at: time).sublayers[0], byKeyPath(update, at: time), at: time)
        }
    }

    func testOtherAnimationsTakeTheKeyValuePath() async throws {
        let cases: [(String, (CALayer) -> Void)] = [
            ("keyframes", { layer in
                let animation = CAKeyframeAnimation(keyPath: "position.x")
                animation.values = [0, 40, 10]
                animation.beginTime = self.start
                animation.duration = 1
                layer.add(animation, forKey: "k")
            }),
            ("additive", { layer in
                let animation = CABasicAnimation(keyPath: "position.x")
                animation.fromValue = 0
                animation.toValue = 40
                animation.isAdditive = true
                animation.beginTime = self.start
                animation.duration = 1
                layer.add(animation, forKey: "k")
            }),
            ("two animations of one transform", { layer in
                layer.add(self.basic("transform.scale", from: 1, to: 2), forKey: "a")
                layer.add(self.basic("transform.rotation.z", from: 0, to: 1), forKey: "b")
            }),
            ("a colour", { layer in
                layer.add(self.basic("backgroundColor", from: CGColor(gray: 0, alpha: 1), to: CGColor(gray: 1, alpha: 1)), forKey: "k")
            }),
            ("a point written to a number", { layer in
                layer.add(self.basic("position.x", from: CGPoint(x: 1, y: 2), to: CGPoint(x: 3, y: 4)), forKey: "k")
            }),
        ]
        for (name, animate) in cases {
            let (context, mover) = displayedTree()
            animate(mover)
            CATransaction.flush()
            let update = context.makeRenderUpdate(at: 0)
            let animated = try XCTUnwrap(update.animatedLayers.first, name)
            XCTAssertFalse(animated.hasPlan, name)
            for time in [0.0, 0.3, 0.7, 1.5].map({ start + $0 }) {
                assertSameValues(update.tree(at: time).sublayers[0], byKeyPath(update, at: time), at: time)
            }
        }
    }
}
