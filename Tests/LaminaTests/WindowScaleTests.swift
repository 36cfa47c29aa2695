import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// On a dense output the window draws its buffers at the output's scale (sharp, not pixel-
/// doubled) and tells the compositor with `wl_surface.set_buffer_scale`; its size and pointer
/// coordinates stay in points. Scales from the compositor are clamped to 1…8.
@MainActor
final class WindowScaleTests: XCTestCase {
    private func scripted(outputScale: Int32) async throws -> ScriptedWindow {
        var configuration = ScriptedCompositor.Configuration()
        configuration.outputScale = outputScale
        return try await ScriptedWindow(test: self, configuration: configuration)
    }

    func testAtScaleTwoTheBufferHasTwiceThePixelsAndTheLayersAreDrawnAtThem() async throws {
        let scripted = try await scripted(outputScale: 2)
        let first = try XCTUnwrap(scripted.compositor.state.frames.first)
        XCTAssertEqual(first.bufferSize?.width, 640)
        XCTAssertEqual(first.bufferSize?.height, 400)
        XCTAssertEqual(first.bufferScale, 2)
        XCTAssertEqual(scripted.window.size, CGSize(width: 320, height: 200), "the window's size stays in points")
        await scripted.completeFrame()
        scripted.addLayer(CGRect(x: 10, y: 20, width: 30, height: 40), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        await scripted.waitForFrames(2)
        let image = try XCTUnwrap(scripted.compositor.state.frames.last?.image)
        // Points (10, 20)–(40, 60) are pixels (20, 40)–(80, 120).
        let red = CGImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255)
        XCTAssertEqual(image.pixel(x: 20, y: 40), red)
        XCTAssertEqual(image.pixel(x: 79, y: 119), red)
        XCTAssertEqual(image.pixel(x: 19, y: 40), CGImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255), "the window's background")
        XCTAssertEqual(image.pixel(x: 80, y: 119), CGImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
    }

    func testScalesOutsideOneToEightAreClamped() async throws {
        let none = try await scripted(outputScale: 0)
        XCTAssertEqual(none.compositor.state.frames.first?.bufferSize?.width, 320)
        XCTAssertEqual(none.compositor.state.frames.first?.bufferScale, 1)
        let huge = try await scripted(outputScale: Int32.max)
        XCTAssertEqual(huge.compositor.state.frames.first?.bufferSize?.width, 320 * 8)
        XCTAssertEqual(huge.compositor.state.frames.first?.bufferScale, 8)
    }
}
