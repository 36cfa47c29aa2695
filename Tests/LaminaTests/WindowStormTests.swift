import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import TestSupport
import XCTest

/// Under a storm of compositor events — a thousand configures of any size, a hundred scale
/// changes, outputs plugged and unplugged, seat capabilities coming and going, buffers
/// released in any order, frames completed at random — the window ends at the size and scale
/// the events imply, and keeps no buffer, pool, frame callback or file descriptor it does not
/// need. Seeded: a failure names the seed that replays it.
@MainActor
final class WindowStormTests: XCTestCase {
    /// What the window's size must be after each configure: 0 or negative sides are the
    /// preferred ones, larger than 16,384 is 16,384, and a size whose two buffers exceed the
    /// budget leaves the size as it was.
    private struct ExpectedSize {
        var width = 320, height = 200
        let budget: Int

        mutating func configure(_ width: Int32, _ height: Int32) {
            let w = width > 0 ? min(Int(width), 16_384) : 320
            let h = height > 0 ? min(Int(height), 16_384) : 200
            if 2 * w * h * 4 <= budget { (self.width, self.height) = (w, h) }
        }
    }

    private static func side(_ random: inout SplitMix64) -> Int32 {
        switch random.int(10) {
        case 0: return 0
        case 1: return -Int32(random.int(100_000)) - 1
        case 2: return random.chance(0.5) ? Int32.max : Int32(16_385 + random.int(100_000))
        case 3: return Int32(2_000 + random.int(14_385))
        case 4, 5: return Int32(1 + random.int(8))
        default: return Int32(9 + random.int(1_500))
        }
    }

    private static let scales: [Int32] = [-1, 0, 1, 2, 3, 8, 1_000, Int32.max]

    private static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }

    func testAfterAThousandRandomConfiguresAndHotplugsTheWindowHasTheRightSizeAndNothingLeaked() async throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["LAMINA_STORM_SEED"] ?? "") ?? 28
        var random = SplitMix64(seed: seed)
        var configuration = ScriptedCompositor.Configuration()
        configuration.releasesReplacedBuffers = false
        configuration.offersKeyboard = true
        configuration.capturesFrames = false
        configuration.additionalOutputScales = [1]
        let scripted = try await ScriptedWindow(test: self, configuration: configuration)
        let window = scripted.window, compositor = scripted.compositor
        compositor.releaseBuffers()
        await scripted.completeFrame()
        try await window.settled(timeout: 10)
        let descriptorsBefore = Self.openDescriptors()
        var expected = ExpectedSize(budget: window.effectiveBufferMemoryBudget)
        XCTAssertEqual(expected.budget, 4 * 1920 * 1080 * 4, "the scripted outputs are smaller than 1920 × 1080")
        var outputs: Set<Int> = [0, 1]

        for step in 0..<1_000 {
            let width = Self.side(&random), height = Self.side(&random)
            compositor.configure(width: width, height: height)
            expected.configure(width, height)
            if step % 10 == 0 {
                let scale = Self.scales[random.int(Self.scales.count)]
                if let output = outputs.sorted().randomElement(using: &random) {
                    compositor.setOutputScale(scale, output: output)
                }
            }
            if random.chance(0.04) { outputs.insert(compositor.addOutput(scale: Self.scales[random.int(Self.scales.count)])) }
            if random.chance(0.03), let output = outputs.sorted().randomElement(using: &random) {
                compositor.removeOutput(output)
                outputs.remove(output)
            }
            if random.chance(0.05), let output = outputs.sorted().randomElement(using: &random) {
                if random.chance(0.5) { compositor.enterOutput(output) } else { compositor.leaveOutput(output) }
            }
            if random.chance(0.05) { compositor.setSeatCapabilities(pointer: random.chance(0.5), keyboard: random.chance(0.5)) }
            if random.chance(0.5) { compositor.releaseBuffer(at: random.int(4)) }
            if random.chance(0.3) { compositor.completeFrame() }
            if step % 25 == 24 {
                let answered = await compositor.roundtrip()
                XCTAssertTrue(answered, "the client answered a ping at step \(step) (seed \(seed))")
                XCTAssertEqual(window.size, CGSize(width: expected.width, height: expected.height), "step \(step), seed \(seed)")
            }
        }

        // The end state: an output at scale 2 (the window draws at 2 on any of them), a pointer
        // and a keyboard, every buffer released and every frame completed.
        outputs.insert(compositor.addOutput(scale: 2))
        // Once the client bound every output added (at the scale each was added with), all go
        // to scale 2.
        _ = await compositor.roundtrip()
        compositor.setOutputScale(2)
        compositor.setSeatCapabilities(pointer: true, keyboard: true)
        let (width, height) = (expected.width, expected.height)
        let scaleFits = 2 * (2 * width) * (2 * height) * 4 <= expected.budget && 2 * width <= 16_384 && 2 * height <= 16_384
        let (pixelWidth, pixelHeight, bufferScale) = scaleFits ? (2 * width, 2 * height, Int32(2)) : (width, height, Int32(1))
        // The compositor keeps releasing buffers and completing frames until the frame at the
        // final size and scale came (or ten seconds passed: the render thread may be slow to
        // draw under load, which is no failure).
        var settled = false
        let deadline = Date().addingTimeInterval(10)
        repeat {
            compositor.releaseBuffers()
            compositor.completeFrame()
            _ = await compositor.roundtrip()
            _ = await compositor.roundtrip()
            let last = compositor.state.frames.last
            if window.isSettled, last?.bufferSize?.width == pixelWidth, last?.bufferSize?.height == pixelHeight,
                last?.bufferScale == bufferScale, compositor.state.heldBuffers <= 1
            {
                settled = true
                break
            }
        } while Date() < deadline
        let last = compositor.state.frames.last
        let lastSize = last?.bufferSize.map { "\($0.width)×\($0.height)" } ?? "none"
        let lastScale = last.map { String($0.bufferScale) } ?? "none"
        let state = "the last frame \(lastSize) at scale \(lastScale), settled \(window.isSettled), "
            + "buffers held \(compositor.state.heldBuffers), \(window.renderResources)"
        XCTAssertTrue(settled, "the window settled at \(pixelWidth)×\(pixelHeight) pixels at scale \(bufferScale) (seed \(seed)); \(state)")
        XCTAssertEqual(window.size, CGSize(width: width, height: height))
        XCTAssertEqual(window.backingScaleFactor, 2, "the scale follows the outputs")
        XCTAssertEqual(scripted.fatalErrors.count, 0)
        XCTAssertEqual(compositor.state.violations, [])

        // Nothing kept beyond what the current size needs: once the compositor released the
        // last buffer, a pool larger than the current size needs gives way to a smaller one.
        let bufferBytes = pixelWidth * pixelHeight * 4
        let poolBound = 2 * max(4 * 1024 * 1024, 3 * bufferBytes)
        compositor.releaseBuffers()
        await waitUntil("the release reached the render thread") { window.renderResources.shmBytes <= poolBound }
        _ = await compositor.roundtrip()
        let resources = window.renderResources
        XCTAssertEqual(resources.shmPools, 1, "one pool")
        XCTAssertEqual(compositor.liveObjectCount("wl_shm_pool"), 1)
        XCTAssertEqual(resources.buffers, compositor.liveObjectCount("wl_buffer"))
        XCTAssertLessThanOrEqual(resources.buffers, 3, "buffers of the current size only")
        XCTAssertLessThanOrEqual(resources.shmBytes, poolBound, "the pool's memory follows the size")
        XCTAssertEqual(resources.pendingFrameCallbacks, 0)
        XCTAssertEqual(compositor.state.pendingFrameCallbacks, 0)
        XCTAssertEqual(compositor.liveObjectCount("wl_callback"), 0, "no frame callback left")
        XCTAssertEqual(compositor.liveObjectCount("wl_pointer"), 1)
        XCTAssertEqual(compositor.liveObjectCount("wl_keyboard"), 1)
        XCTAssertEqual(compositor.liveObjectCount("wl_output"), outputs.count, "removed outputs were released")
        XCTAssertEqual(Self.openDescriptors(), descriptorsBefore, "file descriptors (the client's and the scripted compositor's)")
    }
}
