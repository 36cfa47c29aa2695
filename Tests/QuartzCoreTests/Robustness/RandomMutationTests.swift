import Foundation
import QuartzCore
import TestSupport
import XCTest

/// Random trees, properties, animations, transactions, clock jumps, rendering and hit
/// testing, with extreme values everywhere. Nothing may trap, and after every step the tree is
/// acyclic, every sublayer's superlayer is its parent, hit testing finds nil or a layer of the
/// tree and rendering gives an image of the requested size.
///
/// `LAMINA_FUZZ_STEPS` (default 300) and `LAMINA_FUZZ_SEED` (default 0x1A31A) override the run;
/// `scripts/fuzz.sh` runs many steps and seeds under AddressSanitizer.
@MainActor
final class RandomMutationTests: XCTestCase {
    private var fuzzer: LayerFuzzer!
    private var layers: [CALayer] { fuzzer.layers }
    private var root = CALayer()
    private var clock = CAManualMediaClock(start: 0)
    private var log: [String] = []
    /// One compositor for the whole run, so its bitmap caches see the tree change too.
    private var compositor = CALayerCompositor()
    /// Each mask's owner, found once per check of the invariants.
    private var maskOwners: [ObjectIdentifier: CALayer] = [:]

    override func setUp() async throws {
        clock = useManualMediaClock(start: 1000)
    }

    override func tearDown() async throws {
        CATransaction.flush()
    }

    private func int(_ n: Int) -> Int { fuzzer.int(n) }
    private func chance(_ percent: Int) -> Bool { fuzzer.chance(percent) }
    private func pick<T>(_ items: [T]) -> T { fuzzer.pick(items) }
    private func point() -> CGPoint { fuzzer.point() }
    private func color() -> CGColor { fuzzer.color() }

    private func isInTree(_ layer: CALayer) -> Bool {
        var current: CALayer? = layer
        var steps = 0
        while let c = current, steps < 10_000 {
            if c === root { return true }
            current = c.superlayer ?? owner(ofMask: c)
            steps += 1
        }
        return false
    }

    /// Whether the presentation layer `layer` is `root` or below it: up through presentation
    /// superlayers, and from a mask to the presentation layer whose mask it is.
    private func isInPresentationTree(_ layer: CALayer, root: CALayer) -> Bool {
        let presentations = layers.compactMap { $0.presentation() }
        var current: CALayer? = layer
        var steps = 0
        while let c = current, steps < 10_000 {
            if c === root { return true }
            current = c.superlayer ?? presentations.first { $0.mask.map { $0 === c || $0.model() === c.model() } ?? false }
            steps += 1
        }
        return false
    }

    private func owner(ofMask layer: CALayer) -> CALayer? {
        maskOwners[ObjectIdentifier(layer)]
    }

    private func moveClock() {
        switch int(6) {
        case 0: clock.advance(by: 1e300)
        case 1: clock.set(pick([-1e308, 1e308, .greatestFiniteMagnitude, 0]))
        case 2: clock.advance(by: -Double(int(10)))
        default: clock.advance(by: Double(int(100)) / 60)
        }
    }

    // MARK: - Invariants

    private func checkInvariants(_ context: CARenderContext, file: StaticString = #filePath, line: UInt = #line) throws {
        maskOwners = [:]
        for owner in layers {
            if let mask = owner.mask { maskOwners[ObjectIdentifier(mask)] = owner }
        }
        for layer in layers {
            var seen = Set<ObjectIdentifier>()
            var current: CALayer? = layer
            // Up through superlayers and mask owners: a mask's owner is its parent too.
            while let c = current {
                guard seen.insert(ObjectIdentifier(c)).inserted else {
                    return XCTFail("cycle through \(c)", file: file, line: line)
                }
                current = c.superlayer ?? owner(ofMask: c)
            }
            for sublayer in layer.sublayers ?? [] {
                XCTAssertTrue(sublayer.superlayer === layer, "a sublayer's superlayer is its parent", file: file, line: line)
            }
        }
        let time = clock.now()
        context.advanceAnimations(to: time)
        let tree = context.makeRenderTree(at: time)
        let width = 1 + int(24), height = 1 + int(24)
        let image = try compositor.renderImage(tree, width: width, height: height)
        XCTAssertEqual(image.width, width, file: file, line: line)
        XCTAssertEqual(image.height, height, file: file, line: line)
        let probe = chance(70) ? CGPoint(x: int(30), y: int(30)) : point()
        if let hit = root.hitTest(probe) {
            XCTAssertTrue(isInTree(hit), "hitTest returned a layer outside the tree", file: file, line: line)
        }
        if let presented = root.presentation(), let hit = presented.hitTest(probe) {
            XCTAssertTrue(hit.model() === hit.model(), file: file, line: line)
            // The presentation tree is the last commit's: its layer may since have moved out of
            // the model tree, but it is in the presentation tree.
            XCTAssertTrue(isInPresentationTree(hit, root: presented), "presentation hitTest outside the presentation tree", file: file, line: line)
        }
        for layer in layers.prefix(8) { _ = layer.presentation()?.position }
    }

    // MARK: - The test

    func testRandomMutationsNeverBreakTheTree() async throws {
        let environment = ProcessInfo.processInfo.environment
        let steps = environment["LAMINA_FUZZ_STEPS"].flatMap { Int($0) } ?? 300
        let seed = environment["LAMINA_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x1A31A
        let clock = clock
        fuzzer = LayerFuzzer(seed: seed, layers: [], now: { clock.now() })
        // Printed first, so a trap's log names the seed too.
        print("RandomMutationTests: LAMINA_FUZZ_SEED=\(seed) LAMINA_FUZZ_STEPS=\(steps)")
        root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 24, height: 24)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        fuzzer.layers = [root]
        for _ in 0..<4 {
            let layer = CALayer()
            layer.frame = CGRect(x: int(20), y: int(20), width: 8, height: 8)
            layer.backgroundColor = color()
            pick(layers).addSublayer(layer)
            fuzzer.layers.append(layer)
        }
        let context = CARenderContext(rootLayer: root)
        defer { context.invalidate() }
        CATransaction.flush()
        let failuresBefore = testRun?.failureCount ?? 0
        for step in 0..<steps {
            switch int(10) {
            case 0, 1: fuzzer.mutateTree()
            case 2, 3, 4: fuzzer.mutateProperty()
            case 5, 6: pick(layers).add(fuzzer.randomAnimation(), forKey: chance(50) ? "k\(int(3))" : nil)
            case 7: moveClock()
            case 8:
                CATransaction.begin()
                CATransaction.setAnimationDuration(fuzzer.number())
                fuzzer.mutateProperty()
                CATransaction.commit()
            default: pick(layers).removeAllAnimations()
            }
            if chance(40) { CATransaction.flush() }
            if step % 3 == 0 || step == steps - 1 {
                try checkInvariants(context)
            }
            if (testRun?.failureCount ?? 0) > failuresBefore {
                XCTFail("failed at step \(step); replay with LAMINA_FUZZ_SEED=\(seed) LAMINA_FUZZ_STEPS=\(step + 1)")
                return
            }
        }
    }
}
