import Foundation
import QuartzCore
import TestSupport
import XCTest

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CAReplicatorLayerTests: XCTestCase, RenderingSwatches {
    private var white: CGColor { CGColor(gray: 1, alpha: 1) }

    // MARK: - Defaults and key-value coding

    func testDefaultsAreApples() async {
        let replicator = CAReplicatorLayer()
        XCTAssertEqual(replicator.instanceCount, 1)
        XCTAssertFalse(replicator.preservesDepth)
        XCTAssertEqual(replicator.instanceDelay, 0)
        XCTAssertTrue(CATransform3DIsIdentity(replicator.instanceTransform))
        XCTAssertEqual(replicator.instanceColor, CGColor(gray: 1, alpha: 1), "opaque white")
        XCTAssertEqual(replicator.instanceRedOffset, 0)
        XCTAssertEqual(replicator.instanceGreenOffset, 0)
        XCTAssertEqual(replicator.instanceBlueOffset, 0)
        XCTAssertEqual(replicator.instanceAlphaOffset, 0)
    }

    func testDefaultValueForEachKey() async {
        XCTAssertEqual(CAReplicatorLayer.defaultValue(forKey: "instanceCount") as? Int, 1)
        XCTAssertEqual(CAReplicatorLayer.defaultValue(forKey: "preservesDepth") as? Bool, false)
        XCTAssertEqual(CAReplicatorLayer.defaultValue(forKey: "instanceDelay") as? Double, 0)
        XCTAssertEqual(
            (CAReplicatorLayer.defaultValue(forKey: "instanceTransform") as? CATransform3D).map(CATransform3DIsIdentity), true)
        XCTAssertEqual(CAReplicatorLayer.defaultValue(forKey: "instanceColor") as? CGColor, CGColor(gray: 1, alpha: 1))
        for key in ["instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset"] {
            XCTAssertEqual(CAReplicatorLayer.defaultValue(forKey: key) as? Float, 0, key)
        }
    }

    func testKeyValueCodingReadsAndWritesEveryKey() async {
        let replicator = CAReplicatorLayer()
        replicator.setValue(3.0, forKey: "instanceCount")
        replicator.setValue(true, forKey: "preservesDepth")
        replicator.setValue(Float(0.5), forKey: "instanceDelay")
        replicator.setValue(CATransform3DMakeTranslation(1, 2, 3), forKey: "instanceTransform")
        replicator.setValue(red, forKey: "instanceColor")
        replicator.setValue(-0.25, forKey: "instanceRedOffset")
        replicator.setValue(0.5, forKey: "instanceGreenOffset")
        replicator.setValue(NSNumber(value: 0.125), forKey: "instanceBlueOffset")
        replicator.setValue(-1, forKey: "instanceAlphaOffset")
        XCTAssertEqual(replicator.instanceCount, 3, "a whole Double converted")
        XCTAssertTrue(replicator.preservesDepth)
        XCTAssertEqual(replicator.instanceDelay, 0.5)
        XCTAssertEqual(replicator.instanceTransform.m42, 2)
        XCTAssertEqual(replicator.instanceColor, red)
        XCTAssertEqual(replicator.instanceRedOffset, -0.25)
        XCTAssertEqual(replicator.instanceGreenOffset, 0.5)
        XCTAssertEqual(replicator.instanceBlueOffset, 0.125)
        XCTAssertEqual(replicator.instanceAlphaOffset, -1)
        XCTAssertEqual(replicator.value(forKey: "instanceCount") as? Int, 3)
        XCTAssertEqual(replicator.value(forKey: "instanceGreenOffset") as? Float, 0.5)
    }

    // MARK: - Implicit animations

    func testInstancePropertiesAnimateImplicitly() async throws {
        let world = AnimationWorld(test: self, displayed: true)
        let replicator = CAReplicatorLayer()
        _ = world.committedSublayer(replicator)
        world.animateImplicitly(replicator, to: 0.25) {
            $0.instanceTransform = CATransform3DMakeTranslation(40, 0, 0)
            $0.instanceColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            $0.instanceRedOffset = -1
            $0.instanceAlphaOffset = 0.5
            $0.instanceDelay = 2
            $0.instanceCount = 5
            $0.preservesDepth = true
        }
        XCTAssertEqual(
            Set(replicator.animationKeys() ?? []),
            ["instanceTransform", "instanceColor", "instanceRedOffset", "instanceAlphaOffset", "instanceDelay"],
            "instanceCount and preservesDepth are not animatable")
        let shown = try XCTUnwrap(replicator.presentation())
        XCTAssertEqual(shown.instanceTransform.m41, lerp(0, 40, 0.25), accuracy: 1e-9)
        assertComponents(shown.instanceColor, [lerp(1, 0, 0.25), lerp(1, 0, 0.25), 1, 1])
        XCTAssertEqual(Double(shown.instanceRedOffset), lerp(0, -1, 0.25), accuracy: 1e-6)
        XCTAssertEqual(Double(shown.instanceAlphaOffset), lerp(0, 0.5, 0.25), accuracy: 1e-6)
        XCTAssertEqual(shown.instanceDelay, lerp(0, 2, 0.25), accuracy: 1e-9)
        XCTAssertEqual(shown.instanceCount, 5)
    }

    // MARK: - Rendering

    /// A replicator filling a `size` root, with a white `bar` sublayer.
    private func replicatorScene(
        size: CGFloat, bar: CGRect, in root: CALayer? = nil
    ) -> (root: CALayer, replicator: CAReplicatorLayer, bar: CALayer) {
        let root = root ?? layer(CGRect(x: 0, y: 0, width: size, height: size))
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: size, height: size)
        root.addSublayer(replicator)
        let bar = layer(bar, white, in: replicator)
        return (root, replicator, bar)
    }

    func testThreeInstancesWithTranslationAndColourOffsets() async throws {
        let (root, replicator, _) = replicatorScene(size: 40, bar: CGRect(x: 0, y: 0, width: 10, height: 10))
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(12, 0, 0)
        replicator.instanceGreenOffset = -0.5
        replicator.instanceBlueOffset = -1
        let image = try renderImage(of: root, 40, 40)
        for (x, y) in [(0, 0), (9, 9), (5, 5)] { XCTAssertEqual(image.pixel(x: x, y: y), px(255, 255, 255), "instance 0") }
        for (x, y) in [(12, 0), (21, 9)] {
            // White × (1, 0.5, 0): green 255 × 0.5 = 127.5.
            assertPixel(image, x, y, px(255, 128, 0), tolerance: 1)
        }
        for (x, y) in [(24, 0), (33, 9)] { XCTAssertEqual(image.pixel(x: x, y: y), px(255, 0, 0), "instance 2") }
        XCTAssertEqual(image.pixel(x: 10, y: 5), clear, "the gap between instances")
        XCTAssertEqual(image.pixel(x: 36, y: 5), clear, "no fourth instance")
    }

    func testPreservingDepthDrawsAnInstanceFartherBackBehindTheOnesBeforeIt() async throws {
        // Instance 1 overlaps instance 0 and lies 5 points behind it: in instance order it
        // covers it; in the shared 3D space (preservesDepth) it is drawn first, behind.
        let (root, replicator, _) = replicatorScene(size: 40, bar: CGRect(x: 0, y: 0, width: 10, height: 10))
        replicator.instanceCount = 2
        replicator.instanceTransform = CATransform3DMakeTranslation(5, 0, -5)
        replicator.instanceColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        replicator.instanceRedOffset = -1
        replicator.instanceGreenOffset = 1
        let flattened = try renderImage(of: root, 40, 40)
        XCTAssertEqual(flattened.pixel(x: 7, y: 5), px(0, 255, 0), "instance order: instance 1 (green) on top")
        replicator.preservesDepth = true
        CATransaction.flush()
        let deep = try renderImage(of: root, 40, 40)
        XCTAssertEqual(deep.pixel(x: 7, y: 5), px(255, 0, 0), "by depth: instance 0 (red) in front")
        XCTAssertEqual(deep.pixel(x: 12, y: 5), px(0, 255, 0), "instance 1 where nothing covers it")
        XCTAssertEqual(deep.pixel(x: 2, y: 5), px(255, 0, 0))
    }

    func testInstanceColourMultipliesTheFirstInstanceAndAlphaOffsetsFade() async throws {
        let (root, replicator, _) = replicatorScene(size: 40, bar: CGRect(x: 0, y: 0, width: 10, height: 10))
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(12, 0, 0)
        replicator.instanceColor = CGColor(red: 0, green: 1, blue: 1, alpha: 1)
        replicator.instanceAlphaOffset = -0.5
        let image = try renderImage(of: root, 40, 40)
        XCTAssertEqual(image.pixel(x: 5, y: 5), px(0, 255, 255), "instance 0 is tinted too")
        assertPixel(image, 17, 5, rgba(0, 128, 128, 128), tolerance: 1)
        XCTAssertEqual(image.pixel(x: 29, y: 5), clear, "alpha 1 − 2 × 0.5 = 0")
    }

    func testInstanceTransformTurnsAroundTheAnchorPoint() async throws {
        let (root, replicator, _) = replicatorScene(size: 40, bar: CGRect(x: 19, y: 2, width: 2, height: 8))
        replicator.instanceCount = 4
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let image = try renderImage(of: root, 40, 40)
        // A quarter turn in y-down coordinates takes the top (x, y − 14) to the right.
        XCTAssertEqual(image.pixel(x: 20, y: 5), px(255, 255, 255), "top")
        XCTAssertEqual(image.pixel(x: 34, y: 20), px(255, 255, 255), "right")
        XCTAssertEqual(image.pixel(x: 19, y: 34), px(255, 255, 255), "bottom")
        XCTAssertEqual(image.pixel(x: 5, y: 19), px(255, 255, 255), "left")
        XCTAssertEqual(image.pixel(x: 20, y: 20), clear)
    }

    func testActivityIndicatorFadesEachBarOneDelayLater() async throws {
        let world = AnimationWorld(test: self, displayed: true)
        let (_, replicator, bar) = replicatorScene(
            size: 40, bar: CGRect(x: 19, y: 2, width: 2, height: 8), in: world.root)
        replicator.instanceCount = 8
        replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / 8, 0, 0, 1)
        replicator.instanceDelay = 0.1
        CATransaction.flush()
        let fade = linearAnimation("opacity", from: 1, to: 0, duration: 0.8)
        fade.repeatCount = .infinity
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        bar.add(fade, forKey: "fade")
        CATransaction.flush()  // the animation begins at 100

        /// Instance i's opacity at media time t: 1 − the fraction of its 0.8 s cycle done.
        func opacity(instance i: Int, at t: Double) -> Double {
            let elapsed = t - 100 - 0.1 * Double(i)
            let cycles = elapsed / 0.8
            return 1 - (cycles - cycles.rounded(.down))
        }
        func expected(_ o: Double) -> CGImage.Pixel {
            let v = UInt8((o * 255).rounded())
            return rgba(v, v, v, v)
        }
        for t in [101.05, 101.15, 103.33] {
            world.clock.set(t)
            let image = try renderImage(of: world.root, 40, 40)
            assertPixel(image, 20, 5, expected(opacity(instance: 0, at: t)), tolerance: 1)
            assertPixel(image, 34, 20, expected(opacity(instance: 2, at: t)), tolerance: 1)
            assertPixel(image, 19, 34, expected(opacity(instance: 4, at: t)), tolerance: 1)
            assertPixel(image, 5, 19, expected(opacity(instance: 6, at: t)), tolerance: 1)
        }
        // The model tree shows the presentation time again after the shifted instances.
        XCTAssertEqual(Double(bar.presentation()?.opacity ?? -1), opacity(instance: 0, at: 103.33), accuracy: 1e-6)
    }

    func testUnchangedReplicatorTreeRedrawsWhenTheAnimationMovesOn() async throws {
        // Snapshots are cached between frames: the next frame must still show the
        // animation's progress for every instance.
        let world = AnimationWorld(test: self, displayed: true)
        let (_, replicator, bar) = replicatorScene(
            size: 40, bar: CGRect(x: 0, y: 0, width: 10, height: 10), in: world.root)
        replicator.instanceCount = 2
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        replicator.instanceDelay = 1
        CATransaction.flush()
        bar.add(linearAnimation("opacity", from: 0, to: 1, duration: 10), forKey: "in")
        CATransaction.flush()
        for t in [102.0, 104.0, 106.0] {
            world.clock.set(t)
            let image = try renderImage(of: world.root, 40, 40)
            let first = UInt8(((t - 100) / 10 * 255).rounded())
            let second = UInt8(((t - 101) / 10 * 255).rounded())
            assertPixel(image, 5, 5, rgba(first, first, first, first), tolerance: 1)
            assertPixel(image, 25, 5, rgba(second, second, second, second), tolerance: 1)
        }
    }

    // MARK: - Bad input

    func testNoInstancesForZeroOrNegativeCounts() async throws {
        for count in [0, -3, Int.min] {
            let (root, replicator, _) = replicatorScene(size: 20, bar: CGRect(x: 0, y: 0, width: 10, height: 10))
            replicator.instanceCount = count
            let image = try renderImage(of: root, 20, 20)
            XCTAssertEqual(image.pixel(x: 5, y: 5), clear, "instanceCount \(count): the sublayers are not drawn")
        }
    }

    func testHugeCountsAreCappedAndBadTransformsIgnored() async throws {
        let (root, replicator, _) = replicatorScene(size: 20, bar: CGRect(x: 0, y: 0, width: 2, height: 2))
        replicator.instanceCount = Int.max
        replicator.instanceTransform = CATransform3DMakeTranslation(1, 0, 0)
        replicator.instanceDelay = .nan
        replicator.instanceRedOffset = .nan
        replicator.instanceColor = nil
        let start = Date()
        let image = try renderImage(of: root, 20, 20)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "at most maximumInstanceCount instances")
        XCTAssertEqual(CAReplicatorLayer.maximumInstanceCount, 10_000)
        XCTAssertEqual(image.pixel(x: 19, y: 0), px(255, 255, 255), "instance 18 (nil colour is white)")
        var bad = CATransform3DIdentity
        bad.m41 = .nan
        replicator.instanceTransform = bad
        replicator.instanceCount = 3
        let flat = try renderImage(of: root, 20, 20)
        XCTAssertEqual(flat.pixel(x: 0, y: 0), px(255, 255, 255), "a non-finite transform is the identity")
        XCTAssertEqual(flat.pixel(x: 3, y: 0), clear)
    }
}

/// The damage of a turning replicator: its instances, not the whole destination.
@MainActor
final class CAReplicatorLayerDamageTests: XCTestCase {
    /// A 200×100 white root with a 44×44 replicator centred at (40, 40): twelve 6×6 dots
    /// 18 points from its centre, turned by `angle`.
    private func tree(turnedBy angle: CGFloat) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let spinner = CAReplicatorLayer()
        spinner.bounds = CGRect(x: 0, y: 0, width: 44, height: 44)
        spinner.position = CGPoint(x: 40, y: 40)
        spinner.instanceCount = 12
        spinner.instanceTransform = CATransform3DMakeRotation(2 * .pi / 12, 0, 0, 1)
        spinner.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: 6, height: 6)
        dot.position = CGPoint(x: 22, y: 4)
        dot.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        spinner.addSublayer(dot)
        root.addSublayer(spinner)
        return root
    }

    /// Draws `root` with `renderer` into `pixels` (200×100), reusing what they hold.
    private func draw(_ root: CALayer, with renderer: CARenderer, into pixels: inout [UInt8], bufferAge: Int) throws {
        renderer.update = CARenderUpdate(tree: root.makeRenderTree(), mediaTime: 100)
        try pixels.withUnsafeMutableBytes { bytes in
            try renderer.setDestination(bytes.baseAddress!, width: 200, height: 100, bytesPerRow: 800, bufferAge: bufferAge)
        }
        renderer.beginFrame(atTime: 100)
        try renderer.render()
        renderer.endFrame()
    }

    func testATurningReplicatorDamagesTheBoxOfItsInstancesAndDrawsWhatAFullRedrawDraws() async throws {
        let renderer = CARenderer()
        var pixels = [UInt8](repeating: 0, count: 200 * 100 * 4)
        let root = tree(turnedBy: 0)
        try draw(root, with: renderer, into: &pixels, bufferAge: 0)
        root.sublayers?.first?.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        try draw(root, with: renderer, into: &pixels, bufferAge: 1)
        // Every dot is within the replicator's bounds, turned by 0.3: a square 22 × (cos 0.3 +
        // sin 0.3) ≈ 27.5 points around the centre. The damage is within it (with 3 pixels of
        // antialiasing), not the 200×100 frame.
        let half = 22 * (cos(0.3) + sin(0.3)) + 3
        let damage = renderer.updateRegion.reduce(CGRect.null) { $0.union($1) }
        XCTAssertFalse(damage.isEmpty, "the dots moved")
        XCTAssertTrue(
            damage.minX >= 40 - half && damage.minY >= 40 - half && damage.maxX <= 40 + half && damage.maxY <= 40 + half,
            "\(renderer.updateRegion)")
        var full = [UInt8](repeating: 0, count: 200 * 100 * 4)
        try draw(tree(turnedBy: 0.3), with: CARenderer(), into: &full, bufferAge: 0)
        XCTAssertTrue(pixels == full, "the damaged frame has the pixels of a full redraw")
    }
}
