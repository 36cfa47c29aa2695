import Foundation
import QuartzCore
import TestSupport
import XCTest

// Apple's threading rules, exercised with threads that really run at the same time: other
// threads build animated trees in explicit transactions and hand them to the main thread,
// change a displayed tree in explicit transactions while the main thread commits,
// evaluates, snapshots and hit-tests it, and let go of the last reference to animated
// layers; a render thread evaluates the updates the main thread sends it. Seeded and
// bounded by counts of steps, not by time; run under ThreadSanitizer and AddressSanitizer
// by scripts/stress.sh.

/// Values passed between threads through a lock, as an app passes them through a queue.
private final class Mailbox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []

    func post(_ value: Value) { lock.withLock { values.append(value) } }

    func takeAll() -> [Value] {
        lock.withLock {
            defer { values = [] }
            return values
        }
    }
}

/// Something a single thread writes while it runs and others read once it has ended.
private final class Outcome<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// A flag one thread sets while others poll it.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    var isRaised: Bool { lock.withLock { raised } }

    func raise() { lock.withLock { raised = true } }
}

/// A layer with a colour and a size, at `position`.
private func makeTile(_ position: CGPoint) -> CALayer {
    let tile = CALayer()
    tile.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
    tile.position = position
    tile.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
    return tile
}

/// A repeating fade, as an app adds to a layer it builds.
private func makePulse(duration: CFTimeInterval) -> CABasicAnimation {
    let pulse = CABasicAnimation(keyPath: "opacity")
    pulse.fromValue = 1
    pulse.toValue = 0.25
    pulse.duration = duration
    pulse.autoreverses = true
    pulse.repeatCount = 3
    return pulse
}

/// The number of layers in a render tree.
private func count(_ tree: CARenderLayer) -> Int {
    var total = 0
    var stack = [tree]
    while let layer = stack.popLast() {
        total += 1
        stack += layer.sublayers
    }
    return total
}

@MainActor
final class ThreadStressTests: XCTestCase {
    override func setUp() async throws {
        commitEarlierTestsChanges()
    }

    /// Builders hand animated trees to the main thread, a mutator changes a displayed tree,
    /// a releaser lets go of animated layers, a render thread evaluates updates — all at
    /// once, while the main thread commits, advances, snapshots and hit-tests.
    func testThreadsFollowingApplesRulesOverlapWithTheMainThread() async {
        let seed = stressSeed(0x5EED_0001)
        let builders = 3, treesPerBuilder = 40, mutatorSteps = 400, releaserSteps = 150
        let window = CALayer()
        let context = CARenderContext(rootLayer: window)
        defer { context.invalidate() }
        CATransaction.begin()
        window.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
        window.position = CGPoint(x: 200, y: 200)
        let mutated = (0..<16).map { index in makeTile(CGPoint(x: 12 + 24 * CGFloat(index % 8), y: 12 + 24 * CGFloat(index / 8))) }
        let panel = CALayer()
        panel.frame = CGRect(x: 0, y: 0, width: 200, height: 50)
        mutated.forEach(panel.addSublayer)
        window.addSublayer(panel)
        CATransaction.commit()

        let built = Mailbox<CALayer>()
        let toRelease = Mailbox<CALayer>()
        let updates = Mailbox<CARenderUpdate>()
        let renderedLayers = Outcome(0)
        let lastValues = Outcome([(opacity: Float, position: CGPoint)](repeating: (1, .zero), count: mutated.count))
        for index in 0..<mutated.count { lastValues.value[index] = (mutated[index].opacity, mutated[index].position) }
        nonisolated(unsafe) let mutatedLayers = mutated
        nonisolated(unsafe) let displayedPanel = panel
        let crew = ThreadCrew()
        let mainStepsDone = Flag()

        for builder in 0..<builders {
            crew.add("builder \(builder)") {
                var random = SplitMix64(seed: seed &+ UInt64(builder))
                for tree in 0..<treesPerBuilder {
                    CATransaction.begin()
                    let root = CALayer()
                    root.name = "tree \(builder).\(tree)"
                    root.frame = CGRect(x: random.uniform(0, 300), y: random.uniform(60, 300), width: 80, height: 80)
                    for tile in 0..<3 {
                        let layer = makeTile(CGPoint(x: 12 + 24 * CGFloat(tile), y: 12))
                        layer.add(makePulse(duration: Double(random.uniform(0.01, 0.2))), forKey: "pulse")
                        root.addSublayer(layer)
                    }
                    CATransaction.commit()
                    built.post(root)
                }
            }
        }
        crew.add("mutator") {
            var random = SplitMix64(seed: seed &+ 100)
            var extras: [CALayer] = []
            for step in 0..<mutatorSteps {
                let index = random.int(mutatedLayers.count)
                let layer = mutatedLayers[index]
                CATransaction.begin()
                CATransaction.setAnimationDuration(Double(random.uniform(0.005, 0.05)))
                let opacity = Float(random.uniform(0.1, 1))
                let position = CGPoint(x: random.uniform(10, 190), y: random.uniform(10, 40))
                layer.opacity = opacity
                layer.position = position
                if random.chance(0.2) { layer.add(makePulse(duration: 0.01), forKey: "pulse") }
                if random.chance(0.1) { layer.removeAnimation(forKey: "pulse") }
                _ = layer.animationKeys()
                if step % 10 == 0 {
                    // Layers added to and taken out of the displayed tree, dropped here.
                    let extra = makeTile(CGPoint(x: random.uniform(10, 190), y: 25))
                    extra.add(makePulse(duration: 0.02), forKey: "pulse")
                    displayedPanel.addSublayer(extra)
                    extras.append(extra)
                    if extras.count > 3 { extras.removeFirst().removeFromSuperlayer() }
                }
                CATransaction.commit()
                _ = layer.presentation()?.opacity
                lastValues.value[index] = (opacity, position)
            }
            CATransaction.begin()
            extras.forEach { $0.removeFromSuperlayer() }
            CATransaction.commit()
        }
        crew.add("releaser") {
            var random = SplitMix64(seed: seed &+ 200)
            var step = 0
            while step < releaserSteps || !mainStepsDone.isRaised {
                // Trees the main thread took off the screen: the last reference goes here.
                _ = toRelease.takeAll()
                // A tree of its own, animated, committed and dropped.
                CATransaction.begin()
                let root = makeTile(CGPoint(x: 10, y: 10))
                let child = makeTile(CGPoint(x: 5, y: 5))
                child.add(makePulse(duration: Double(random.uniform(0.01, 0.1))), forKey: nil)
                root.addSublayer(child)
                CATransaction.commit()
                step += 1
                if step > releaserSteps * 20 { break }
            }
            _ = toRelease.takeAll()
        }
        crew.add("render") {
            var step = 0
            while step < 200 || !mainStepsDone.isRaised {
                for update in updates.takeAll() {
                    renderedLayers.value += count(update.tree(at: update.mediaTime + 0.01))
                }
                step += 1
                if step > 200_000 { break }
                sched_yield()
            }
        }

        crew.start()
        var random = SplitMix64(seed: seed &+ 300)
        var shown: [CALayer] = []
        var received = 0
        var mainSteps = 0
        while !crew.isFinished {
            let arrivals = built.takeAll()
            received += arrivals.count
            CATransaction.begin()
            for tree in arrivals {
                window.addSublayer(tree)
                shown.append(tree)
            }
            while shown.count > 6 {
                let old = shown.removeFirst()
                old.removeFromSuperlayer()
                toRelease.post(old)
            }
            CATransaction.commit()
            CATransaction.flush()
            let now = CACurrentMediaTime()
            context.advanceAnimations(to: now)
            updates.post(context.makeRenderUpdate(at: now))
            let point = CGPoint(x: random.uniform(0, 400), y: random.uniform(0, 400))
            let hit = context.withPresentationTime(now) { window.presentation()?.hitTest(point)?.model() }
            if let hit { _ = hit.name }
            _ = mutated[random.int(mutated.count)].presentation()?.opacity
            mainSteps += 1
            if mainSteps == 300 { mainStepsDone.raise() }
        }
        mainStepsDone.raise()
        CATransaction.flush()

        XCTAssertEqual(received, builders * treesPerBuilder, "every tree built arrives")
        XCTAssertEqual(window.sublayers?.count, 1 + min(6, builders * treesPerBuilder))
        XCTAssertEqual(panel.sublayers?.count, mutated.count, "the mutator took out every layer it added")
        XCTAssertEqual(panel.presentation()?.sublayers?.count, mutated.count)
        XCTAssertGreaterThan(renderedLayers.value, 0)
        // Once every animation is over, the presentation shows the mutator's last values.
        let later = CACurrentMediaTime() + 100
        context.advanceAnimations(to: later)
        for (index, layer) in mutated.enumerated() {
            XCTAssertEqual(layer.opacity, lastValues.value[index].opacity)
            XCTAssertEqual(layer.position, lastValues.value[index].position)
            let shown = context.withPresentationTime(later) { (layer.presentation()?.opacity, layer.presentation()?.position) }
            XCTAssertEqual(shown.0, lastValues.value[index].opacity, "layer \(index)")
            XCTAssertEqual(shown.1, lastValues.value[index].position, "layer \(index)")
        }
    }

    /// Independent trees, each built, animated, committed, evaluated and dropped by its own
    /// thread, at the same time as the main thread animates its displayed tree.
    func testIndependentTreesOnSeveralThreadsDoNotDisturbEachOther() async {
        let seed = stressSeed(0x5EED_0002)
        let threads = 3, steps = 400
        let window = CALayer()
        let context = CARenderContext(rootLayer: window)
        defer { context.invalidate() }
        CATransaction.begin()
        window.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let tile = makeTile(CGPoint(x: 50, y: 50))
        window.addSublayer(tile)
        CATransaction.commit()

        let crew = ThreadCrew()
        let results = (0..<threads).map { _ in Outcome<[Float]>([]) }
        for thread in 0..<threads {
            let result = results[thread]
            crew.add("tree \(thread)") {
                var random = SplitMix64(seed: seed &+ UInt64(thread))
                var seen: [Float] = []
                for step in 0..<steps {
                    CATransaction.begin()
                    let root = CALayer()
                    root.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
                    let layer = makeTile(CGPoint(x: 30, y: 30))
                    root.addSublayer(layer)
                    layer.opacity = Float(step % 10) / 10
                    layer.add(makePulse(duration: Double(random.uniform(0.01, 0.05))), forKey: "pulse")
                    CATransaction.commit()
                    // Once the pulse is over, the presentation shows the committed opacity.
                    let far = CACurrentMediaTime() + 100
                    let context = CARenderContext(rootLayer: root)
                    context.advanceAnimations(to: far)
                    seen.append(context.withPresentationTime(far) { layer.presentation()?.opacity } ?? -1)
                    context.invalidate()
                }
                result.value = seen
            }
        }
        crew.start()
        var random = SplitMix64(seed: seed &+ 100)
        while !crew.isFinished {
            CATransaction.begin()
            tile.opacity = Float(random.uniform(0, 1))
            CATransaction.commit()
            let now = CACurrentMediaTime()
            context.advanceAnimations(to: now)
            _ = context.makeRenderUpdate(at: now)
            _ = context.withPresentationTime(now) { window.presentation()?.hitTest(CGPoint(x: 50, y: 50)) }
        }
        for result in results {
            XCTAssertEqual(result.value, (0..<steps).map { Float($0 % 10) / 10 })
        }
    }
}
