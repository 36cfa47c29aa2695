import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// A window fills what its layer tree leaves transparent with its background colour.
@MainActor
final class WindowBackgroundTests: XCTestCase {
    private let white = CGImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255)

    func testAWindowIsOpaqueWhiteByDefault() async throws {
        let scripted = try await ScriptedWindow(test: self)
        XCTAssertEqual(scripted.window.backgroundColor, .white)
        let image = try XCTUnwrap(scripted.compositor.state.frames.first?.image)
        XCTAssertEqual(image.pixel(x: 0, y: 0), white)
        XCTAssertEqual(image.pixel(x: 319, y: 199), white)
    }

    func testANewBackgroundRedrawsTheWholeWindowBehindTheTree() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame()
        scripted.addLayer(CGRect(x: 10, y: 20, width: 30, height: 40), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        await scripted.waitForFrames(2)
        await scripted.completeFrame()
        scripted.window.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        await scripted.waitForFrames(3, "the frame over the new background")
        let frame = try XCTUnwrap(scripted.compositor.state.frames.last)
        XCTAssertEqual(frame.bufferDamage, [.init(x: 0, y: 0, width: 320, height: 200)])
        let image = try XCTUnwrap(frame.image)
        XCTAssertEqual(image.pixel(x: 0, y: 0), CGImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255))
        XCTAssertEqual(image.pixel(x: 10, y: 20), CGImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255), "the tree on top")
        let window = scripted.window
        await scripted.completeFrame()
        try await window.settled(timeout: 10)  // over its new background
    }

    func testTheRootLayersOwnBackgroundCoversTheWindows() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        scripted.window.rootLayer.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        CATransaction.commit()
        await scripted.waitForFrames(2)
        let image = try XCTUnwrap(scripted.compositor.state.frames.last?.image)
        XCTAssertEqual(image.pixel(x: 160, y: 100), CGImage.Pixel(red: 0, green: 255, blue: 0, alpha: 255))
    }

    func testANilBackgroundLeavesTheWindowTransparent() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame()
        scripted.window.backgroundColor = nil
        await scripted.waitForFrames(2)
        let image = try XCTUnwrap(scripted.compositor.state.frames.last?.image)
        XCTAssertEqual(image.pixel(x: 0, y: 0), CGImage.Pixel(red: 0, green: 0, blue: 0, alpha: 0))
        XCTAssertEqual(image.pixel(x: 319, y: 199), CGImage.Pixel(red: 0, green: 0, blue: 0, alpha: 0))
    }
}
