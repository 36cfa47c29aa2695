import QuartzCore
import TestSupport
import XCTest

@testable import QuartzCore

/// Snapshots reuse what did not change, and still always equal a snapshot made from
/// scratch: for random sequences of property, hierarchy and mask changes, the displayed
/// tree's snapshot after each commit equals one built fresh from the model layers.
@MainActor
final class IncrementalSnapshotTests: XCTestCase {
    override func setUp() async throws {
        commitEarlierTestsChanges()
    }

    /// Asserts two snapshots describe the same drawing, recursively.
    private func assertSame(_ a: CARenderLayer, _ b: CARenderLayer, path: String = "root", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.layerID, b.layerID, "\(path): layer", file: file, line: line)
        XCTAssertEqual(a.bounds, b.bounds, "\(path): bounds", file: file, line: line)
        XCTAssertEqual(a.position, b.position, "\(path): position", file: file, line: line)
        XCTAssertEqual(a.opacity, b.opacity, "\(path): opacity", file: file, line: line)
        XCTAssertEqual(a.isHidden, b.isHidden, "\(path): hidden", file: file, line: line)
        XCTAssertEqual(a.zPosition, b.zPosition, "\(path): zPosition", file: file, line: line)
        XCTAssertEqual(a.backgroundColor, b.backgroundColor, "\(path): backgroundColor", file: file, line: line)
        XCTAssertEqual(a.cornerRadius, b.cornerRadius, "\(path): cornerRadius", file: file, line: line)
        XCTAssertEqual(a.transform, b.transform, "\(path): transform", file: file, line: line)
        XCTAssertEqual(a.geometryFlipParity, b.geometryFlipParity, "\(path): flipped contents", file: file, line: line)
        XCTAssertEqual(a.mask == nil, b.mask == nil, "\(path): mask", file: file, line: line)
        if let ma = a.mask, let mb = b.mask { assertSame(ma, mb, path: path + ".mask", file: file, line: line) }
        XCTAssertEqual(a.sublayers.count, b.sublayers.count, "\(path): sublayer count", file: file, line: line)
        for (index, (sa, sb)) in zip(a.sublayers, b.sublayers).enumerated() {
            assertSame(sa, sb, path: "\(path).\(index)", file: file, line: line)
        }
    }

    func testIncrementalSnapshotsEqualFreshOnesAfterRandomChanges() async {
        var random = SplitMix64(seed: 0x5EED_2026)
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        let context = CARenderContext(rootLayer: root)
        CATransaction.setDisableActions(true)
        var layers = [root]
        for _ in 0..<40 {
            let layer = CALayer()
            layer.frame = CGRect(x: CGFloat(random.unit()) * 300, y: CGFloat(random.unit()) * 200, width: 20, height: 20)
            layers[random.int(layers.count)].addSublayer(layer)
            layers.append(layer)
        }
        CATransaction.flush()
        for step in 0..<300 {
            CATransaction.setDisableActions(true)
            for _ in 0..<(1 + random.int(4)) {
                let layer = layers[1 + random.int(layers.count - 1)]
                switch random.int(14) {
                case 0: layer.position = CGPoint(x: CGFloat(random.unit()) * 400, y: CGFloat(random.unit()) * 300)
                case 1: layer.opacity = Float(CGFloat(random.unit()))
                case 2: layer.isHidden.toggle()
                case 3: layer.backgroundColor = CGColor(red: CGFloat(random.unit()), green: CGFloat(random.unit()), blue: 0, alpha: 1)
                case 4: layer.zPosition = CGFloat(random.int(3))
                case 5: layer.isGeometryFlipped.toggle()
                case 6:
                    // Move it under another layer that is not in its own subtree.
                    let target = layers[random.int(layers.count)]
                    if !layer.isSelfOrAncestor(target) { target.addSublayer(layer) }
                case 7:
                    let owner = layers[1 + random.int(layers.count - 1)]
                    if layer.superlayer == nil, layer.mask == nil, owner !== layer { owner.mask = layer } else if layer.superlayer == nil {
                        layer.maskOwner?.mask = nil
                        root.addSublayer(layer)
                    }
                default: layer.transform = CATransform3DMakeRotation(CGFloat(random.unit()) * 3, 0, 0, 1)
                }
            }
            CATransaction.flush()
            let incremental = context.makeRenderTree(at: 0)
            let fresh = root.snapshot(geometryFlipped: root.geometryFlipParity)
            assertSame(incremental, fresh, path: "step \(step)")
            if testRun?.failureCount ?? 0 > 0 { return }
        }
    }

    func testAnUnchangedSubtreeIsSharedAndAChangedLayerIsNot() async {
        let root = CALayer()
        let context = CARenderContext(rootLayer: root)
        let a = CALayer(), b = CALayer()
        root.addSublayer(a)
        root.addSublayer(b)
        CATransaction.flush()
        let first = context.makeRenderTree(at: 0)
        CATransaction.setDisableActions(true)
        b.position = CGPoint(x: 7, y: 8)
        CATransaction.flush()
        let second = context.makeRenderTree(at: 0)
        XCTAssertEqual(first.sublayers[1].position, .zero, "an earlier snapshot is a value: unchanged")
        XCTAssertEqual(second.sublayers[1].position, CGPoint(x: 7, y: 8))
        XCTAssertEqual(second.sublayers[0].position, .zero)
        let third = context.makeRenderTree(at: 0)
        XCTAssertEqual(third.sublayers[1].position, CGPoint(x: 7, y: 8), "nothing changed: the same snapshot")
    }

    func testTextAndShapeContentKeptBetweenSnapshotsEqualsFreshContentAfterRandomChanges() async {
        var random = SplitMix64(seed: 0x7E47)
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        let context = CARenderContext(rootLayer: root)
        CATransaction.setDisableActions(true)
        let texts = (0..<4).map { index -> CATextLayer in
            let text = CATextLayer()
            text.frame = CGRect(x: 10, y: CGFloat(index) * 30, width: 120, height: 24)
            text.string = "label \(index)"
            root.addSublayer(text)
            return text
        }
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: 2, y: 2, width: 36, height: 36))
        let otherPath = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 20), transform: nil)
        let shapes = (0..<4).map { index -> CAShapeLayer in
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: 200, y: CGFloat(index) * 45, width: 40, height: 40)
            shape.path = path
            root.addSublayer(shape)
            return shape
        }
        CATransaction.flush()
        for step in 0..<200 {
            CATransaction.setDisableActions(true)
            for _ in 0..<(1 + random.int(3)) {
                let text = texts[random.int(texts.count)], shape = shapes[random.int(shapes.count)]
                switch random.int(14) {
                case 0: text.position = CGPoint(x: CGFloat(random.int(300)), y: CGFloat(random.int(200)))
                case 1: text.string = "label \(random.int(100))"
                case 2: text.fontSize = CGFloat(8 + random.int(20))
                case 3: text.setValue(CGColor(red: CGFloat(random.unit()), green: 0, blue: 1, alpha: 1), forKey: "foregroundColor")
                case 4: shape.position = CGPoint(x: CGFloat(random.int(300)), y: CGFloat(random.int(200)))
                case 5: shape.strokeEnd = CGFloat(random.unit())
                case 6: shape.path = random.chance(0.5) ? path : otherPath
                case 7: shape.setValue(CGFloat(1 + random.int(6)), forKey: "lineWidth")
                case 8: shape.strokeStart = CGFloat(random.unit())
                case 9: shape.strokeColor = random.chance(0.3) ? nil : CGColor(red: CGFloat(random.unit()), green: 0.5, blue: 0, alpha: 1)
                case 10: shape.fillColor = random.chance(0.3) ? nil : CGColor(red: 0, green: CGFloat(random.unit()), blue: 1, alpha: 1)
                case 11: shape.transform = CATransform3DMakeRotation(CGFloat(random.unit()), 0, 0, 1)
                case 12: text.shadowOpacity = Float(random.unit())
                default: shape.opacity = Float(CGFloat(random.unit()))
                }
            }
            CATransaction.flush()
            let kept = context.makeRenderTree(at: 0)
            let fresh = root.snapshot(geometryFlipped: root.geometryFlipParity)
            for index in kept.sublayers.indices {
                XCTAssertEqual(kept.sublayers[index].text, fresh.sublayers[index].text, "step \(step): layer \(index)'s text")
                XCTAssertEqual(kept.sublayers[index].shape, fresh.sublayers[index].shape, "step \(step): layer \(index)'s shape")
                XCTAssertEqual(kept.sublayers[index].transform, fresh.sublayers[index].transform, "step \(step): layer \(index)'s transform")
                XCTAssertEqual(kept.sublayers[index].shadowOpacity, fresh.sublayers[index].shadowOpacity, "step \(step): layer \(index)'s shadow")
            }
            if testRun?.failureCount ?? 0 > 0 { return }
        }
    }

    func testAShapeWhoseStrokeEndChangesDrawsItsPathAsItIsNowEvenWhenThePathWasChangedInPlace() async throws {
        let root = CALayer()
        let context = CARenderContext(rootLayer: root)
        CATransaction.setDisableActions(true)
        let ring = CAShapeLayer()
        let path = CGMutablePath()
        // A move, four curves and a close.
        path.addEllipse(in: CGRect(x: 2, y: 2, width: 36, height: 36))
        ring.path = path
        root.addSublayer(ring)
        CATransaction.flush()
        XCTAssertEqual(context.makeRenderTree(at: 0).sublayers[0].shape?.path.elements.count, 6)
        CATransaction.setDisableActions(true)
        ring.strokeEnd = 0.5
        CATransaction.flush()
        var shape = try XCTUnwrap(context.makeRenderTree(at: 0).sublayers[0].shape)
        XCTAssertEqual(shape.path.elements.count, 6)
        XCTAssertEqual(shape.strokeEnd, 0.5)
        // The app changes the path it set, then another key: the next snapshot draws the
        // path as it is now.
        path.addLine(to: CGPoint(x: 40, y: 40))
        CATransaction.setDisableActions(true)
        ring.strokeEnd = 0.75
        CATransaction.flush()
        shape = try XCTUnwrap(context.makeRenderTree(at: 0).sublayers[0].shape)
        XCTAssertEqual(shape.path.elements.count, 8, "after a close, a line starts a subpath: a move and the line more")
        XCTAssertEqual(shape.path.elements.last, .line(CGPoint(x: 40, y: 40)))
        XCTAssertEqual(shape.strokeEnd, 0.75)
        // Another path object with other points.
        CATransaction.setDisableActions(true)
        ring.path = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 20), transform: nil)
        CATransaction.flush()
        shape = try XCTUnwrap(context.makeRenderTree(at: 0).sublayers[0].shape)
        XCTAssertEqual(shape.path.elements.first, .move(CGPoint(x: 0, y: 0)))
        XCTAssertEqual(shape.path.elements.count, 5, "a rectangle: a move, three lines and a close")
    }

    func testAShapeLayersAnimatedStrokeEndReachesEachSnapshot() async throws {
        let root = CALayer()
        let context = CARenderContext(rootLayer: root)
        let ring = CAShapeLayer()
        ring.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        root.addSublayer(ring)
        CATransaction.flush()
        let begin = CACurrentMediaTime()
        ring.add(linearAnimation("strokeEnd", from: 0.0, to: 1.0, duration: 1, begin: begin), forKey: "progress")
        CATransaction.flush()
        // Linear timing: the stroke ends at the fraction of the duration gone by.
        for fraction in [0.25, 0.5, 0.75, 0.5] {
            let snapshot = context.makeRenderTree(at: begin + fraction)
            let strokeEnd = try XCTUnwrap(snapshot.sublayers[0].shape?.strokeEnd)
            XCTAssertEqual(strokeEnd, CGFloat(fraction), accuracy: 1e-9, "at \(fraction) s")
        }
    }

    /// `layer`, 20×20, as the only sublayer of a displayed tree's root, committed.
    private func displayedLayer<Layer: CALayer>(_ layer: Layer) -> (context: CARenderContext, layer: Layer) {
        let root = CALayer()
        let context = CARenderContext(rootLayer: root)
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.addSublayer(layer)
        CATransaction.flush()
        return (context, layer)
    }

    func testAMovedOrFadedLayersSnapshotSharesEveryOtherValueWithItsLastOne() async {
        let (context, a) = displayedLayer(CALayer())
        a.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        CATransaction.flush()
        let first = context.makeRenderTree(at: 0).sublayers[0]
        CATransaction.setDisableActions(true)
        a.position = CGPoint(x: 30, y: 40)
        CATransaction.flush()
        let second = context.makeRenderTree(at: 0).sublayers[0]
        XCTAssertEqual(second.position, CGPoint(x: 30, y: 40))
        XCTAssertEqual(first.position, .zero, "an earlier snapshot is a value: unchanged")
        XCTAssertTrue(second.storage === first.storage, "only the position changed: every other value is shared")
        XCTAssertFalse(second.isSameSnapshot(as: first), "at another position it is not the same snapshot")
        XCTAssertTrue(second.hasSameAppearance(as: first))
        // Faded: the same.
        CATransaction.setDisableActions(true)
        a.opacity = 0.25
        CATransaction.flush()
        let faded = context.makeRenderTree(at: 0).sublayers[0]
        XCTAssertEqual(faded.opacity, 0.25)
        XCTAssertEqual(faded.position, CGPoint(x: 30, y: 40))
        XCTAssertEqual(second.opacity, 1)
        XCTAssertTrue(faded.storage === second.storage, "only the opacity changed: every other value is shared")
        XCTAssertFalse(faded.isSameSnapshot(as: second), "at another opacity it is not the same snapshot")
        // Moved and recoloured: built again.
        CATransaction.setDisableActions(true)
        a.position = CGPoint(x: 50, y: 60)
        a.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        CATransaction.flush()
        let third = context.makeRenderTree(at: 0).sublayers[0]
        XCTAssertFalse(third.storage === faded.storage)
        XCTAssertEqual(third.position, CGPoint(x: 50, y: 60))
        XCTAssertEqual(third.backgroundColor, CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        XCTAssertEqual(second.backgroundColor, CGColor(red: 1, green: 0, blue: 0, alpha: 1))
    }

    func testAnAnimatedPositionMovesEachSnapshotAndATransitionStillReachesIt() async throws {
        let (context, a) = displayedLayer(CALayer())
        a.position = CGPoint(x: 10, y: 10)
        CATransaction.flush()
        let begin = CACurrentMediaTime()
        a.add(linearAnimation("position.x", from: 0.0, to: 100.0, duration: 1, begin: begin), forKey: "move")
        CATransaction.flush()
        var previous: CARenderLayer?
        // Linear timing: x is 100 times the fraction of the duration gone by.
        for fraction in [0.25, 0.5, 0.75, 0.5] {
            let snapshot = context.makeRenderTree(at: begin + fraction).sublayers[0]
            XCTAssertEqual(snapshot.position.x, 100 * fraction, accuracy: 1e-9, "at \(fraction) s")
            XCTAssertEqual(snapshot.position.y, 10)
            if let previous { XCTAssertTrue(snapshot.storage === previous.storage, "only the position changed at \(fraction) s") }
            previous = snapshot
        }
        // A transition on the moving layer: drawn from the next snapshot on.
        let transition = CATransition()
        transition.duration = 1
        transition.beginTime = begin + 0.5
        a.add(transition, forKey: kCATransition)
        CATransaction.flush()
        let during = context.makeRenderTree(at: begin + 0.6).sublayers[0]
        XCTAssertNotNil(during.transition, "the transition in progress")
        XCTAssertEqual(during.position.x, 60, accuracy: 1e-9)
        // Both over: the model's values, without a transition.
        let after = context.makeRenderTree(at: begin + 3).sublayers[0]
        XCTAssertNil(after.transition)
        XCTAssertEqual(after.position, CGPoint(x: 10, y: 10))
    }

    func testATransitionOnALayerThatWasStillReachesItsNextSnapshot() async {
        let (context, a) = displayedLayer(CALayer())
        XCTAssertNil(context.makeRenderTree(at: 0).sublayers[0].transition)
        let begin = CACurrentMediaTime()
        let transition = CATransition()
        transition.duration = 1
        transition.beginTime = begin
        a.add(transition, forKey: kCATransition)
        CATransaction.flush()
        XCTAssertNotNil(context.makeRenderTree(at: begin + 0.5).sublayers[0].transition, "half way through")
        XCTAssertNil(context.makeRenderTree(at: begin + 2).sublayers[0].transition, "over")
    }

    func testAnOpacityAnimationOnALayerThatWasStillReachesItsNextSnapshot() async {
        let (context, a) = displayedLayer(CALayer())
        XCTAssertEqual(context.makeRenderTree(at: 0).sublayers[0].opacity, 1)
        let begin = CACurrentMediaTime()
        a.add(linearAnimation("opacity", from: 1.0, to: 0.0, duration: 1, begin: begin), forKey: "fade")
        CATransaction.flush()
        // Linear timing: the opacity falls by the fraction of the duration gone by.
        XCTAssertEqual(context.makeRenderTree(at: begin + 0.25).sublayers[0].opacity, 0.75, accuracy: 1e-6)
        XCTAssertEqual(context.makeRenderTree(at: begin + 0.5).sublayers[0].opacity, 0.5, accuracy: 1e-6)
    }

    func testALayerWhosePositionGetterIsOverriddenShowsWhatItsGetterAnswersOnceMoved() async {
        let (context, a) = displayedLayer(OffsetPositionLayer())
        _ = context.makeRenderTree(at: 0)
        CATransaction.setDisableActions(true)
        a.position = CGPoint(x: 5, y: 6)
        CATransaction.flush()
        XCTAssertEqual(context.makeRenderTree(at: 0).sublayers[0].position, CGPoint(x: 1005, y: 6))
    }
}

/// A layer whose position getter answers its stored position moved right by 1000.
private final class OffsetPositionLayer: CALayer {
    override var position: CGPoint {
        get { CGPoint(x: super.position.x + 1000, y: super.position.y) }
        set { super.position = newValue }
    }
}
