import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// A window's buffers stay within its memory budget: sizes whose two buffers exceed it are
/// refused (the window keeps its last size), a scale whose buffers would exceed it is drawn at
/// scale 1, and fewer buffers are used where three do not fit. The default budget is four
/// screens of the largest output, a screen counting as at least 1920 × 1080 pixels.
@MainActor
final class WindowBufferBudgetTests: XCTestCase {
    /// Sends a configure once the client has handled everything before it, and waits for the
    /// frame that answers it.
    private func configure(_ scripted: ScriptedWindow, _ width: Int32, _ height: Int32) async {
        let before = await scripted.framesAfterRoundtrip()
        scripted.compositor.configure(width: width, height: height)
        await scripted.waitForFrames(before + 1, "the answer to a configure of \(width)×\(height)")
    }

    func testTheDefaultBudgetIsFourScreensOfTheLargestOutputAndAtLeastFourFullHDScreens() async throws {
        let small = try await ScriptedWindow(test: self)
        XCTAssertNil(small.window.bufferMemoryBudget)
        // The scripted output is 1280 × 720, less than a 1920 × 1080 screen.
        XCTAssertEqual(small.window.effectiveBufferMemoryBudget, 4 * 1920 * 1080 * 4)
        var configuration = ScriptedCompositor.Configuration()
        configuration.outputWidth = 2560
        configuration.outputHeight = 1440
        let large = try await ScriptedWindow(test: self, configuration: configuration)
        XCTAssertEqual(large.window.effectiveBufferMemoryBudget, 4 * 2560 * 1440 * 4)
        large.window.bufferMemoryBudget = 1_000_000
        XCTAssertEqual(large.window.effectiveBufferMemoryBudget, 1_000_000)
        large.window.bufferMemoryBudget = 3
        XCTAssertEqual(large.window.effectiveBufferMemoryBudget, 8, "two 1 × 1 buffers at least")
    }

    func testAConfigureBeyondTheBudgetIsRefusedAndTheWindowKeepsItsLastSize() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let window = scripted.window
        await configure(scripted, 640, 480)
        XCTAssertEqual(window.size, CGSize(width: 640, height: 480))
        // 16384 × 16384 is 1 GiB a buffer.
        await configure(scripted, 16384, 16384)
        XCTAssertEqual(window.size, CGSize(width: 640, height: 480), "the last size within the budget is kept")
        XCTAssertEqual(scripted.compositor.state.frames.last?.bufferSize?.width, 640)
        XCTAssertEqual(scripted.compositor.state.frames.last?.bufferSize?.height, 480)
        // Two buffers of 2048 × 2025 are 33,177,600 bytes: the default budget exactly.
        await configure(scripted, 2048, 2026)
        XCTAssertEqual(window.size, CGSize(width: 640, height: 480), "one row more than fits is refused")
        await configure(scripted, 2048, 2025)
        XCTAssertEqual(window.size, CGSize(width: 2048, height: 2025))
        XCTAssertEqual(scripted.compositor.state.frames.last?.bufferSize?.width, 2048)
        XCTAssertEqual(scripted.compositor.state.frames.last?.bufferSize?.height, 2025)
        XCTAssertEqual(window.rootLayer.bounds.size, CGSize(width: 2048, height: 2025))
    }

    func testWhereOnlyTwoBuffersFitTheWindowDrawsWithTwo() async throws {
        var configuration = ScriptedCompositor.Configuration()
        configuration.releasesReplacedBuffers = false
        let scripted = try await ScriptedWindow(test: self, configuration: configuration)
        // Two 400 × 300 buffers, not three.
        scripted.window.bufferMemoryBudget = 2 * 400 * 300 * 4
        await configure(scripted, 401, 300)
        XCTAssertEqual(scripted.window.size, CGSize(width: 320, height: 200), "401 × 300 exceeds the budget")
        await configure(scripted, 400, 300)
        XCTAssertEqual(scripted.window.size, CGSize(width: 400, height: 300))
        let created = scripted.compositor.state.count(of: "wl_shm_pool.create_buffer")
        let frames = scripted.compositor.state.frames.count
        // The compositor releases nothing: the next frame takes the second buffer, the one
        // after waits for a release.
        let layer = scripted.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10), .black)
        await scripted.completeFrame()
        await scripted.waitForFrames(frames + 1)
        await scripted.completeFrame()
        layer.position.x += 10
        CATransaction.flush()
        let framesWithoutRelease = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(framesWithoutRelease, frames + 1, "no third buffer: the frame waits")
        XCTAssertEqual(scripted.compositor.state.count(of: "wl_shm_pool.create_buffer"), created + 1)
        // The older of the two (the 320 × 200 ones of the earlier frames are held before them).
        scripted.compositor.releaseBuffer(at: scripted.compositor.state.heldBuffers - 2)
        await scripted.waitForFrames(frames + 2, "the frame drawn into the released buffer")
        XCTAssertEqual(scripted.compositor.state.count(of: "wl_shm_pool.create_buffer"), created + 1, "reused")
    }

    func testAScaleWhoseBuffersExceedTheBudgetIsDrawnAtScaleOne() async throws {
        var configuration = ScriptedCompositor.Configuration()
        configuration.outputScale = 2
        let scripted = try await ScriptedWindow(test: self, configuration: configuration)
        XCTAssertEqual(scripted.compositor.state.frames.last?.bufferScale, 2)
        // At scale 2 a 320 × 200 buffer is 1,024,000 bytes: two exceed 1,000,000; at scale 1
        // three of 256,000 fit.
        scripted.window.bufferMemoryBudget = 1_000_000
        await configure(scripted, 320, 200)
        let frame = try XCTUnwrap(scripted.compositor.state.frames.last)
        XCTAssertEqual(frame.bufferScale, 1)
        XCTAssertEqual(frame.bufferSize?.width, 320)
        XCTAssertEqual(frame.bufferSize?.height, 200)
        XCTAssertEqual(scripted.window.size, CGSize(width: 320, height: 200))
    }

    func testWithoutAnEarlierSizeWithinTheBudgetTheWindowTakesTheLargestOfTheSameProportions() async throws {
        let scripted = try await ScriptedWindow(test: self)
        // 10,000 pixels a buffer; the window's 320 × 200 (64,000) is beyond it as well.
        scripted.window.bufferMemoryBudget = 2 * 10_000 * 4
        await configure(scripted, 0, 0)
        // √(10,000 / 64,000) = 0.3953: 126.5 × 79.06, rounded down.
        XCTAssertEqual(scripted.window.size, CGSize(width: 126, height: 79))
        XCTAssertEqual(scripted.compositor.state.frames.last?.bufferSize?.width, 126)
        XCTAssertEqual(scripted.compositor.state.frames.last?.bufferSize?.height, 79)
    }
}
