import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// `wl_surface.preferred_buffer_scale` (surface version 6): the compositor's integer scale
/// for the window, preferred over the scales of the outputs it is on.
@MainActor
final class WindowPreferredBufferScaleTests: XCTestCase {
    private func window(compositorVersion: UInt32 = 6, outputScale: Int32 = 1) async throws -> ScriptedWindow {
        var configuration = ScriptedCompositor.Configuration()
        configuration.desktopProtocols.compositorVersion = compositorVersion
        configuration.outputScale = outputScale
        let scripted = try await ScriptedWindow(test: self, configuration: configuration)
        await scripted.completeFrame()
        return scripted
    }

    func testThePreferredBufferScaleIsUsedOverTheOutputsScale() async throws {
        let scripted = try await window(outputScale: 1)
        scripted.compositor.sendPreferredBufferScale(3)
        await scripted.waitForFrames(2, "the frame at the preferred scale")
        let frame = try XCTUnwrap(scripted.compositor.state.frames.last)
        XCTAssertEqual(frame.bufferScale, 3)
        XCTAssertEqual(frame.bufferSize?.width, 960, "320 points at 3 pixels each")
        XCTAssertEqual(frame.bufferSize?.height, 600)
        XCTAssertEqual(scripted.window.backingScaleFactor, 3)
        XCTAssertEqual(scripted.window.size, CGSize(width: 320, height: 200), "sizes stay in points")
    }

    func testAPreferenceOfOneWinsOverADenseOutput() async throws {
        let scripted = try await window(outputScale: 2)
        XCTAssertEqual(scripted.window.backingScaleFactor, 2, "drawn at the output's scale first")
        XCTAssertEqual(scripted.compositor.state.frames.last?.bufferScale, 2)
        let before = scripted.compositor.state.frames.count
        scripted.compositor.sendPreferredBufferScale(1)
        await scripted.waitForFrames(before + 1, "the frame at the preferred scale")
        XCTAssertEqual(scripted.window.backingScaleFactor, 1)
        XCTAssertEqual(scripted.compositor.state.frames.last?.bufferScale, 1)
        XCTAssertEqual(scripted.compositor.state.frames.last?.bufferSize?.width, 320)
    }

    func testZeroAndNegativeScalesAreIgnoredAndHugeOnesClamped() async throws {
        let scripted = try await window()
        scripted.compositor.sendPreferredBufferScale(2)
        await waitUntil("the preference applied") { scripted.window.backingScaleFactor == 2 }
        scripted.compositor.sendPreferredBufferScale(0)
        scripted.compositor.sendPreferredBufferScale(-2)
        _ = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(scripted.window.backingScaleFactor, 2, "the last usable preference stays")
        scripted.compositor.sendPreferredBufferScale(1000)
        await waitUntil("clamped to 8") { scripted.window.backingScaleFactor == 8 }
        XCTAssertEqual(scripted.fatalErrors.count, 0)
    }

    func testAVersion5SurfaceIsSentNothingAndKeepsTheOutputsScale() async throws {
        let scripted = try await window(compositorVersion: 5, outputScale: 2)
        scripted.compositor.sendPreferredBufferScale(3)
        _ = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(scripted.window.backingScaleFactor, 2)
    }
}
