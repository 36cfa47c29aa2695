import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// A window draws at the scale of the outputs its surface is on (`wl_surface.enter`/`leave`),
/// or at the compositor's preferred fractional scale through a viewport where it offers
/// `wp_fractional_scale_v1` and `wp_viewporter`; compositor values out of range are clamped
/// or ignored, never trusted.
@MainActor
final class WindowOutputScaleTests: XCTestCase {
    private let red = CGImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255)
    private let white = CGImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255)

    private func scripted(
        outputScales: [Int32] = [1], viewporter: Bool = false, fractional: Bool = false
    ) async throws -> ScriptedWindow {
        var configuration = ScriptedCompositor.Configuration()
        configuration.outputScale = outputScales[0]
        configuration.additionalOutputScales = Array(outputScales.dropFirst())
        configuration.offersViewporter = viewporter
        configuration.offersFractionalScale = fractional
        return try await ScriptedWindow(test: self, configuration: configuration)
    }

    /// Waits until the window heard of a new scale.
    private func waitForScale(_ scripted: ScriptedWindow, _ factor: CGFloat) async {
        let window = scripted.window
        await waitUntil("the window draws at \(factor)") { window.backingScaleFactor == factor }
    }

    /// Completes the pending frame, then waits for frame `count` and returns it.
    private func nextFrame(_ scripted: ScriptedWindow, _ count: Int, _ what: String) async throws -> ScriptedCompositor.Commit {
        await scripted.completeFrame()
        await scripted.waitForFrames(count, what)
        return try XCTUnwrap(scripted.compositor.state.frames.last)
    }

    func testTheBufferScaleFollowsTheOutputsTheSurfaceEntersAndLeaves() async throws {
        let scripted = try await scripted(outputScales: [1, 3])
        // Before the compositor says where the surface is: the densest output.
        XCTAssertEqual(scripted.compositor.state.frames.first?.bufferScale, 3)
        // Its first buffer puts it on the first output (scale 1) only.
        var frame = try await nextFrame(scripted, 2, "the frame on the scale-1 output")
        XCTAssertEqual(frame.bufferScale, 1)
        XCTAssertEqual(frame.bufferSize?.width, 320)
        XCTAssertEqual(scripted.window.backingScaleFactor, 1)
        scripted.compositor.enterOutput(1)
        await waitForScale(scripted, 3)
        frame = try await nextFrame(scripted, 3, "the frame once it is also on the scale-3 output")
        XCTAssertEqual(frame.bufferScale, 3)
        XCTAssertEqual(frame.bufferSize?.width, 960)
        XCTAssertEqual(frame.bufferSize?.height, 600)
        XCTAssertEqual(scripted.window.backingScaleFactor, 3)
        scripted.compositor.leaveOutput(1)
        await waitForScale(scripted, 1)
        frame = try await nextFrame(scripted, 4, "the frame after it left the scale-3 output")
        XCTAssertEqual(frame.bufferScale, 1)
        XCTAssertEqual(frame.bufferSize?.width, 320)
    }

    func testAScaleChangeOfAnOutputTheSurfaceIsNotOnChangesNothing() async throws {
        let scripted = try await scripted(outputScales: [2, 1])
        XCTAssertEqual(scripted.compositor.state.frames.first?.bufferScale, 2)
        await scripted.completeFrame()
        scripted.compositor.setOutputScale(4, output: 1)
        let frames = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(frames, 1, "no new frame")
        XCTAssertEqual(scripted.window.backingScaleFactor, 2)
        scripted.compositor.setOutputScale(3, output: 0)
        await waitForScale(scripted, 3)
        await scripted.waitForFrames(2, "the frame at the new scale of its output")
        XCTAssertEqual(scripted.compositor.state.frames.last?.bufferScale, 3)
    }

    func testWhenAnOutputTheSurfaceIsOnGoesAwayItsScaleNoLongerCounts() async throws {
        let scripted = try await scripted(outputScales: [1, 3])
        var frame = try await nextFrame(scripted, 2, "the frame on the scale-1 output")
        XCTAssertEqual(frame.bufferScale, 1)
        scripted.compositor.enterOutput(1)
        await waitForScale(scripted, 3)
        frame = try await nextFrame(scripted, 3, "the frame on both outputs")
        XCTAssertEqual(frame.bufferScale, 3)
        scripted.compositor.removeOutput(1)
        await waitForScale(scripted, 1)
        frame = try await nextFrame(scripted, 4, "the frame once the scale-3 output is gone")
        XCTAssertEqual(frame.bufferScale, 1)
    }

    func testLeavingAnOutputNeverEnteredIsIgnored() async throws {
        let scripted = try await scripted(outputScales: [2, 1])
        await scripted.completeFrame()
        scripted.compositor.leaveOutput(1)
        let frames = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(frames, 1)
        XCTAssertEqual(scripted.window.backingScaleFactor, 2)
    }

    func testAPreferredFractionalScaleDrawsRoundedPixelsShownThroughAViewport() async throws {
        let scripted = try await scripted(outputScales: [2], viewporter: true, fractional: true)
        XCTAssertTrue(scripted.compositor.state.requests.contains("wp_fractional_scale_manager_v1.get_fractional_scale"))
        scripted.addLayer(CGRect(x: 10, y: 20, width: 30, height: 40), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        CATransaction.flush()
        scripted.compositor.setPreferredFractionalScale(180)  // 1.5
        await waitForScale(scripted, 1.5)
        var frame = try await nextFrame(scripted, 2, "the frame at 1.5")
        XCTAssertEqual(frame.bufferSize?.width, 480)
        XCTAssertEqual(frame.bufferSize?.height, 300)
        XCTAssertEqual(frame.bufferScale, 1)
        XCTAssertEqual(frame.viewportDestination?.width, 320)
        XCTAssertEqual(frame.viewportDestination?.height, 200)
        XCTAssertEqual(scripted.window.backingScaleFactor, 1.5)
        // Points (10, 20)–(40, 60) are pixels (15, 30)–(60, 90).
        let image = try XCTUnwrap(frame.image)
        XCTAssertEqual(image.pixel(x: 15, y: 30), red)
        XCTAssertEqual(image.pixel(x: 59, y: 89), red)
        XCTAssertEqual(image.pixel(x: 14, y: 30), white)
        XCTAssertEqual(image.pixel(x: 60, y: 89), white)
        // Odd sizes round: 333 × 1.5 = 499.5 → 500, 201 × 1.5 = 301.5 → 302.
        await scripted.completeFrame()
        scripted.compositor.configure(width: 333, height: 201)
        await scripted.waitForFrames(3, "the resized frame")
        frame = try XCTUnwrap(scripted.compositor.state.frames.last)
        XCTAssertEqual(frame.bufferSize?.width, 500)
        XCTAssertEqual(frame.bufferSize?.height, 302)
        XCTAssertEqual(frame.viewportDestination?.width, 333)
        XCTAssertEqual(frame.viewportDestination?.height, 201)
    }

    func testFractionalScalesOfZeroAreIgnoredAndAbsurdOnesClamped() async throws {
        let scripted = try await scripted(outputScales: [2], viewporter: true, fractional: true)
        scripted.compositor.setPreferredFractionalScale(0)
        let frames = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(frames, 1, "a scale of 0 changes nothing")
        XCTAssertEqual(scripted.window.backingScaleFactor, 2)
        scripted.compositor.setPreferredFractionalScale(.max)
        await waitForScale(scripted, 8)
        var frame = try await nextFrame(scripted, 2, "the frame at the largest scale, 8")
        XCTAssertEqual(frame.bufferSize?.width, 2560)
        XCTAssertEqual(frame.viewportDestination?.width, 320)
        scripted.compositor.setPreferredFractionalScale(60)
        await waitForScale(scripted, 1)
        frame = try await nextFrame(scripted, 3, "the frame at the smallest scale, 1")
        XCTAssertEqual(frame.bufferSize?.width, 320)
        XCTAssertEqual(scripted.window.backingScaleFactor, 1)
    }

    func testWithoutAViewporterAFractionalScaleIsNotAskedFor() async throws {
        let scripted = try await scripted(outputScales: [2], viewporter: false, fractional: true)
        _ = await scripted.framesAfterRoundtrip()
        XCTAssertFalse(scripted.compositor.state.requests.contains("wp_fractional_scale_manager_v1.get_fractional_scale"))
        XCTAssertEqual(scripted.compositor.state.frames.first?.bufferScale, 2)
    }

    func testBackingStoresAreDrawnAtTheWindowsScaleNotPixelDoubled() async throws {
        let scripted = try await scripted(outputScales: [2])
        await scripted.completeFrame()
        let stripe = HalfPointStripeLayer()
        stripe.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        scripted.window.rootLayer.addSublayer(stripe)
        stripe.setNeedsDisplay()
        await scripted.waitForFrames(2)
        XCTAssertEqual(stripe.contentsScale, 2, "it follows the window")
        let image = try XCTUnwrap(scripted.compositor.state.frames.last?.image)
        // The half-point stripe at x = 12 is device column 24 exactly (drawn at scale 1 and
        // magnified, it would be a half-covered pixel spread over columns 24 and 25).
        XCTAssertEqual(image.pixel(x: 24, y: 30), red)
        XCTAssertEqual(image.pixel(x: 23, y: 30), white)
        XCTAssertEqual(image.pixel(x: 25, y: 30), white)
    }
}

/// Fills a stripe half a point wide, 2 points from its left edge.
@MainActor
private final class HalfPointStripeLayer: CALayer {
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 2, y: 0, width: 0.5, height: 10))
    }
}
