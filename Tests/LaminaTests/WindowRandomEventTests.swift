import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import TestSupport
import XCTest

/// Random layer mutations (extreme values, hostile animations) in a window while the scripted
/// compositor sends random events: configures of any size, output scales, fractional scales,
/// pointer and keyboard input, seat capabilities, buffer releases in any order and frame
/// completions. Nothing may trap; the client keeps answering, the compositor sees no protocol
/// violation, and the window's size stays within its buffer budget.
///
/// `LAMINA_FUZZ_STEPS` (default 300) and `LAMINA_FUZZ_SEED` (default 0x1A31A) override the run;
/// `scripts/fuzz.sh` runs many steps and seeds under AddressSanitizer.
@MainActor
final class WindowRandomEventTests: XCTestCase {
    func testRandomMutationsWhileTheCompositorSendsRandomEventsNeverBreakTheWindow() async throws {
        let environment = ProcessInfo.processInfo.environment
        let steps = environment["LAMINA_FUZZ_STEPS"].flatMap { Int($0) } ?? 300
        let seed = environment["LAMINA_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x1A31A
        print("WindowRandomEventTests: LAMINA_FUZZ_SEED=\(seed) LAMINA_FUZZ_STEPS=\(steps)")
        var configuration = ScriptedCompositor.Configuration()
        configuration.releasesReplacedBuffers = false
        configuration.offersKeyboard = true
        configuration.capturesFrames = false
        configuration.offersViewporter = true
        configuration.offersFractionalScale = true
        // Nothing here reads old commits or requests: keep the state (and each step) small.
        configuration.historyLimit = 1_000
        let scripted = try await ScriptedWindow(test: self, configuration: configuration)
        let window = scripted.window, compositor = scripted.compositor
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 150)
        window.rootLayer.addSublayer(root)
        let fuzzer = LayerFuzzer(seed: seed, layers: [root], now: { CACurrentMediaTime() })
        for _ in 0..<4 {
            let layer = CALayer()
            layer.frame = CGRect(x: fuzzer.int(150), y: fuzzer.int(100), width: 40, height: 40)
            layer.backgroundColor = fuzzer.color()
            fuzzer.pick(fuzzer.layers).addSublayer(layer)
            fuzzer.layers.append(layer)
        }
        CATransaction.flush()
        let sides: [Int32] = [0, -1, 1, 7, 64, 300, 800, 2_000, 16_384, 16_385, Int32.max, Int32.min]
        let scales: [Int32] = [-1, 0, 1, 2, 3, 8, 1_000, Int32.max]
        let failuresBefore = testRun?.failureCount ?? 0
        let start = Date()
        for step in 0..<steps {
            if step > 0, step % 100_000 == 0 {
                // Long runs report their pace: a step must not get slower as the run goes on.
                print(String(format: "WindowRandomEventTests: %d steps in %.0f s", step, Date().timeIntervalSince(start)))
            }
            switch fuzzer.int(20) {
            case 0, 1, 2: fuzzer.mutateTree()
            case 3, 4, 5, 6: fuzzer.mutateProperty()
            case 7, 8: fuzzer.pick(fuzzer.layers).add(fuzzer.randomAnimation(), forKey: fuzzer.chance(50) ? "k\(fuzzer.int(3))" : nil)
            case 9: fuzzer.pick(fuzzer.layers).removeAllAnimations()
            case 10: compositor.configure(width: fuzzer.pick(sides), height: fuzzer.pick(sides))
            case 11:
                if fuzzer.chance(50) {
                    compositor.setOutputScale(fuzzer.pick(scales))
                } else {
                    compositor.setPreferredFractionalScale(UInt32(truncatingIfNeeded: fuzzer.pick(scales) &* 60))
                }
            case 12:
                let x = fuzzer.pick([-1e6, -1, 0, 10, 100, 1e6]), y = fuzzer.pick([-1e6, -1, 0, 10, 100, 1e6])
                switch fuzzer.int(5) {
                case 0: compositor.pointerEnter(x: x, y: y)
                case 1: compositor.pointerMove(x: x, y: y)
                case 2: compositor.pointerButton(pressed: fuzzer.chance(50))
                case 3: compositor.pointerScroll(vertical: fuzzer.pick([-1e6, -1, 0, 1, 1e6]))
                default: compositor.pointerLeave()
                }
            case 13:
                switch fuzzer.int(3) {
                case 0: compositor.keyboardEnter()
                case 1: compositor.key(fuzzer.pick([ScriptedCompositor.KeyCode.a, ScriptedCompositor.KeyCode.enter, 0, 0xFFFF]), pressed: fuzzer.chance(50))
                default: compositor.keyboardLeave()
                }
            case 14: compositor.setSeatCapabilities(pointer: fuzzer.chance(70), keyboard: fuzzer.chance(70))
            case 15, 16: compositor.releaseBuffer(at: fuzzer.int(4))
            case 17, 18: compositor.completeFrame(fuzzer.pick([.presented, .discarded, .unanswered]))
            default: CATransaction.flush()
            }
            if fuzzer.chance(30) { CATransaction.flush() }
            if step % 50 == 49 || step == steps - 1 {
                let answered = await compositor.roundtrip()
                XCTAssertTrue(answered, "the client answers (step \(step))")
                XCTAssertEqual(scripted.fatalErrors.count, 0, "no fatal error (step \(step))")
                XCTAssertEqual(compositor.state.violations, [], "no protocol violation (step \(step))")
                XCTAssertLessThanOrEqual(compositor.state.requests.count, 2_000, "the compositor's history stays bounded")
                let size = window.size
                XCTAssertTrue(size.width >= 1 && size.height >= 1, "a usable size, not \(size)")
                XCTAssertLessThanOrEqual(
                    2 * Int(size.width) * Int(size.height) * 4, window.effectiveBufferMemoryBudget, "within the budget")
                _ = window.layer(at: CGPoint(x: fuzzer.int(200), y: fuzzer.int(150)))
            }
            if (testRun?.failureCount ?? 0) > failuresBefore {
                XCTFail("failed at step \(step); replay with LAMINA_FUZZ_SEED=\(seed) LAMINA_FUZZ_STEPS=\(step + 1)")
                return
            }
        }
    }
}
