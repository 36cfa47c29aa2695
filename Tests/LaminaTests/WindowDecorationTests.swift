import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// Where the compositor offers `xdg-decoration` it draws the decorations; elsewhere Lamina
/// draws a title bar in the window's surface above the content, whose presses move, resize,
/// maximise, minimise and close the window through `xdg_toplevel` requests.
@MainActor
final class WindowDecorationTests: XCTestCase {
    private let titleBar = CGImage.Pixel(red: 235, green: 235, blue: 235, alpha: 255)
    private let dimmedTitleBar = CGImage.Pixel(red: 246, green: 246, blue: 246, alpha: 255)
    private let red = CGImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255)
    private let white = CGImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255)
    /// Where a press is on the title bar, away from its title and buttons (surface coordinates).
    private let onTitleBar = (x: 60.0, y: 16.0)

    private func configuration(_ manager: ScriptedCompositor.DecorationManager) -> ScriptedCompositor.Configuration {
        var configuration = ScriptedCompositor.Configuration()
        configuration.decorationManager = manager
        return configuration
    }

    /// A 320×200-point window on a compositor without `xdg-decoration`, its first frame shown.
    private func clientSideWindow() async throws -> ScriptedWindow {
        let scripted = try await ScriptedWindow(test: self, configuration: configuration(.notOffered))
        await scripted.completeFrame()
        return scripted
    }

    private func lastImage(_ scripted: ScriptedWindow) throws -> CGImage {
        try XCTUnwrap(scripted.compositor.state.frames.last?.image)
    }

    // MARK: - Negotiation

    func testWhereXdgDecorationIsOfferedTheWindowAsksForServerSideAndDrawsNoTitleBar() async throws {
        let scripted = try await ScriptedWindow(test: self, configuration: configuration(.honoursRequests))
        let state = scripted.compositor.state
        XCTAssertEqual(state.decorationModeRequests, [2], "server_side asked for")
        XCTAssertEqual(state.decorationModesSent, [2])
        XCTAssertEqual(scripted.window.decorationMode, .serverSide)
        XCTAssertEqual(scripted.window.size, CGSize(width: 320, height: 200))
        XCTAssertEqual(scripted.window.rootLayer.frame, CGRect(x: 0, y: 0, width: 320, height: 200))
        XCTAssertEqual(scripted.window.contentOrigin, .zero)
        let frame = try XCTUnwrap(state.frames.first)
        XCTAssertEqual(frame.bufferSize?.width, 320)
        XCTAssertEqual(frame.bufferSize?.height, 200, "the buffer is the content alone")
        XCTAssertEqual(try XCTUnwrap(frame.image).pixel(x: onTitleBar.x.int, y: onTitleBar.y.int), white, "no title bar")
    }

    func testWithoutXdgDecorationATitleBarIsDrawnAboveTheContentAtItsOwnCoordinates() async throws {
        let scripted = try await clientSideWindow()
        XCTAssertEqual(scripted.compositor.state.decorationModeRequests, [], "nothing to ask")
        XCTAssertEqual(scripted.window.decorationMode, .clientSide)
        XCTAssertEqual(scripted.window.size, CGSize(width: 320, height: 232), "the preferred content size plus the title bar")
        XCTAssertEqual(scripted.window.rootLayer.frame, CGRect(x: 0, y: 0, width: 320, height: 200))
        XCTAssertEqual(scripted.window.contentOrigin, CGPoint(x: 0, y: 32))
        scripted.addLayer(CGRect(x: 0, y: 0, width: 40, height: 40), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        await scripted.waitForFrames(2)
        let frame = try XCTUnwrap(scripted.compositor.state.frames.last)
        XCTAssertEqual(frame.bufferSize?.width, 320)
        XCTAssertEqual(frame.bufferSize?.height, 232)
        let image = try XCTUnwrap(frame.image)
        XCTAssertEqual(image.pixel(x: 10, y: 0), titleBar, "the title bar's top row")
        XCTAssertEqual(image.pixel(x: 10, y: 31), titleBar, "the title bar's bottom row")
        XCTAssertEqual(image.pixel(x: 10, y: 32), red, "a layer at (0, 0) of the root layer starts just below it")
        XCTAssertEqual(image.pixel(x: 39, y: 71), red)
        XCTAssertEqual(image.pixel(x: 40, y: 72), white)
        XCTAssertEqual(image.pixel(x: 319, y: 231), white, "the content reaches the bottom")
    }

    func testACompositorThatAnswersClientSideGetsLaminasTitleBar() async throws {
        let scripted = try await ScriptedWindow(test: self, configuration: configuration(.answers(1)))
        XCTAssertEqual(scripted.compositor.state.decorationModeRequests, [2])
        XCTAssertEqual(scripted.window.decorationMode, .clientSide)
        XCTAssertEqual(scripted.compositor.state.frames.first?.bufferSize?.height, 232)
        XCTAssertEqual(try lastImage(scripted).pixel(x: 10, y: 10), titleBar)
    }

    func testAnUndefinedDecorationModeFromTheCompositorIsTakenAsClientSide() async throws {
        let scripted = try await ScriptedWindow(test: self, configuration: configuration(.answers(77)))
        XCTAssertEqual(scripted.window.decorationMode, .clientSide)
        XCTAssertEqual(scripted.compositor.state.frames.first?.bufferSize?.height, 232)
        XCTAssertEqual(scripted.fatalErrors.count, 0)
    }

    func testAnAppThatOptsOutAsksForClientSideAndDrawsNoDecorations() async throws {
        let scripted = try await ScriptedWindow(
            test: self, configuration: configuration(.honoursRequests), decorations: .none)
        XCTAssertEqual(scripted.compositor.state.decorationModeRequests, [1], "client_side: the compositor draws none")
        XCTAssertEqual(scripted.window.decorationMode, .none)
        XCTAssertEqual(scripted.compositor.state.frames.first?.bufferSize?.height, 200)
        XCTAssertEqual(try lastImage(scripted).pixel(x: 10, y: 10), white)
    }

    func testAskingForLaminasDecorationsAtRunTimeRedrawsWithTheTitleBar() async throws {
        let scripted = try await ScriptedWindow(test: self, configuration: configuration(.honoursRequests))
        await scripted.completeFrame()
        scripted.window.decorations = .clientSide
        await scripted.waitForFrames(2, "the frame after the compositor's new configure")
        XCTAssertEqual(scripted.compositor.state.decorationModeRequests, [2, 1])
        XCTAssertEqual(scripted.window.decorationMode, .clientSide)
        XCTAssertEqual(scripted.compositor.state.frames.last?.bufferSize?.height, 232)
        XCTAssertEqual(try lastImage(scripted).pixel(x: 10, y: 10), titleBar)
    }

    func testTheWindowFollowsTheCompositorChangingTheModeUnasked() async throws {
        let scripted = try await ScriptedWindow(test: self, configuration: configuration(.honoursRequests))
        await scripted.completeFrame()
        scripted.compositor.sendDecorationMode(1)
        await scripted.waitForFrames(2, "the frame with Lamina's title bar")
        XCTAssertEqual(scripted.window.decorationMode, .clientSide)
        XCTAssertEqual(scripted.compositor.state.frames.last?.bufferSize?.height, 232)
        XCTAssertEqual(try lastImage(scripted).pixel(x: 10, y: 10), titleBar)
        await scripted.completeFrame()
        scripted.compositor.sendDecorationMode(2)
        await scripted.waitForFrames(3, "the frame without it")
        XCTAssertEqual(scripted.window.decorationMode, .serverSide)
        XCTAssertEqual(scripted.compositor.state.frames.last?.bufferSize?.height, 200)
        await scripted.completeFrame()
        scripted.compositor.sendDecorationMode(0)
        await scripted.waitForFrames(4, "the frame after an undefined mode")
        XCTAssertEqual(scripted.window.decorationMode, .clientSide, "an undefined mode: Lamina draws them")
        XCTAssertEqual(scripted.fatalErrors.count, 0)
    }

    func testClosingDestroysTheDecorationObjectBeforeTheToplevel() async throws {
        let scripted = try await ScriptedWindow(test: self, configuration: configuration(.honoursRequests))
        scripted.window.close()
        let destroyed = await scripted.compositor.waitUntil { $0.requests.contains("xdg_surface.destroy") }
        XCTAssertTrue(destroyed)
        let requests = scripted.compositor.state.requests
        let decoration = try XCTUnwrap(requests.firstIndex(of: "zxdg_toplevel_decoration_v1.destroy"))
        let toplevel = try XCTUnwrap(requests.firstIndex(of: "xdg_toplevel.destroy"))
        let xdgSurface = try XCTUnwrap(requests.firstIndex(of: "xdg_surface.destroy"))
        XCTAssertLessThan(decoration, toplevel)
        XCTAssertLessThan(toplevel, xdgSurface)
        _ = await scripted.compositor.roundtrip()
        XCTAssertEqual(scripted.compositor.state.violations, [])
        XCTAssertEqual(scripted.fatalErrors.count, 0)
    }

    // MARK: - States

    func testFullscreenHidesTheDecorationsAndAnInactiveWindowHasADimmedTitleBar() async throws {
        let scripted = try await clientSideWindow()
        scripted.compositor.configure(width: 640, height: 480, states: [.fullscreen, .activated])
        await scripted.waitForFrames(2, "the fullscreen frame")
        XCTAssertEqual(scripted.window.decorationMode, .none)
        XCTAssertTrue(scripted.window.isFullscreen)
        XCTAssertEqual(scripted.window.rootLayer.frame, CGRect(x: 0, y: 0, width: 640, height: 480))
        XCTAssertEqual(try lastImage(scripted).pixel(x: 10, y: 10), white, "no title bar")
        await scripted.completeFrame()
        scripted.compositor.configure(width: 0, height: 0, states: [])
        await scripted.waitForFrames(3, "the inactive frame")
        XCTAssertEqual(scripted.window.decorationMode, .clientSide)
        XCTAssertFalse(scripted.window.isActive)
        XCTAssertEqual(scripted.compositor.state.frames.last?.bufferSize?.height, 232)
        XCTAssertEqual(try lastImage(scripted).pixel(x: 10, y: 10), dimmedTitleBar)
    }

    func testAMaximizedOrTiledEdgeDoesNotResize() async throws {
        let scripted = try await clientSideWindow()
        scripted.compositor.configure(width: 400, height: 300, states: [.maximized, .activated])
        await scripted.waitForFrames(2)
        XCTAssertTrue(scripted.window.isMaximized)
        scripted.compositor.pointerEnter(x: 200, y: 1)
        let serial = scripted.compositor.pointerButton(pressed: true)
        scripted.compositor.pointerButton(pressed: false)
        let moved = await scripted.compositor.waitUntil { $0.moves == [serial] }
        XCTAssertTrue(moved, "the top edge of a maximised window is its title bar")
        scripted.compositor.configure(width: 400, height: 300, states: [.tiledLeft, .activated])
        await scripted.waitForFrames(3)
        scripted.compositor.pointerMove(x: 1, y: 150)
        scripted.compositor.pointerButton(pressed: true)
        scripted.compositor.pointerButton(pressed: false)
        scripted.compositor.pointerMove(x: 399, y: 150)
        let right = scripted.compositor.pointerButton(pressed: true)
        scripted.compositor.pointerButton(pressed: false)
        let resized = await scripted.compositor.waitUntil { $0.resizes.count == 1 }
        XCTAssertTrue(resized)
        XCTAssertEqual(scripted.compositor.state.resizes, [.init(serial: right, edges: 8)], "the tiled left edge is not one")
    }

    // MARK: - Pointer on the title bar

    func testAPressOnTheTitleBarMovesTheWindowWithThePressSerial() async throws {
        let scripted = try await clientSideWindow()
        scripted.compositor.pointerEnter(x: onTitleBar.x, y: onTitleBar.y)
        let serial = scripted.compositor.pointerButton(pressed: true)
        let moved = await scripted.compositor.waitUntil { $0.moves.count == 1 }
        XCTAssertTrue(moved)
        XCTAssertEqual(scripted.compositor.state.moves, [serial])
    }

    func testAPressNearAnEdgeResizesFromThatEdge() async throws {
        let scripted = try await clientSideWindow()
        // (position, xdg_toplevel.resize_edge): the window is 320×232.
        let presses: [(x: Double, y: Double, edges: UInt32)] = [
            (160, 1, 1), (160, 230, 2), (1, 100, 4), (1, 1, 5), (2, 231, 6), (318, 100, 8), (319, 0, 9), (319, 231, 10),
        ]
        scripted.compositor.pointerEnter(x: 160, y: 100)
        var expected: [ScriptedCompositor.ResizeRequest] = []
        for press in presses {
            scripted.compositor.pointerMove(x: press.x, y: press.y)
            let serial = scripted.compositor.pointerButton(pressed: true)
            scripted.compositor.pointerButton(pressed: false)
            expected.append(.init(serial: serial, edges: press.edges))
        }
        let resized = await scripted.compositor.waitUntil { $0.resizes.count == presses.count }
        XCTAssertTrue(resized)
        XCTAssertEqual(scripted.compositor.state.resizes, expected)
        XCTAssertEqual(scripted.compositor.state.moves, [], "no edge press moves the window")
    }

    func testADoubleClickOnTheTitleBarTogglesMaximise() async throws {
        let scripted = try await clientSideWindow()
        scripted.compositor.pointerEnter(x: onTitleBar.x, y: onTitleBar.y)
        for _ in 0..<2 {
            scripted.compositor.pointerButton(pressed: true)
            scripted.compositor.pointerButton(pressed: false)
        }
        let maximized = await scripted.compositor.waitUntil { $0.requests.contains("xdg_toplevel.set_maximized") }
        XCTAssertTrue(maximized)
        XCTAssertEqual(scripted.compositor.state.moves.count, 1, "the first press moves, the second maximises")
        scripted.compositor.configure(width: 400, height: 300, states: [.maximized, .activated])
        await scripted.waitForFrames(2)
        for _ in 0..<2 {
            scripted.compositor.pointerButton(pressed: true)
            scripted.compositor.pointerButton(pressed: false)
        }
        let restored = await scripted.compositor.waitUntil { $0.requests.contains("xdg_toplevel.unset_maximized") }
        XCTAssertTrue(restored, "a maximised window is restored")
    }

    func testARightClickOnTheTitleBarShowsTheWindowMenuWhereItWas() async throws {
        let scripted = try await clientSideWindow()
        scripted.compositor.pointerEnter(x: onTitleBar.x, y: onTitleBar.y)
        let serial = scripted.compositor.pointerButton(0x111, pressed: true)
        let shown = await scripted.compositor.waitUntil { $0.windowMenus.count == 1 }
        XCTAssertTrue(shown)
        XCTAssertEqual(scripted.compositor.state.windowMenus, [.init(serial: serial, x: 60, y: 16)])
    }

    func testTheTitleBarButtonsCloseMaximiseAndMinimise() async throws {
        let scripted = try await clientSideWindow()
        var closeRequests = 0
        scripted.window.onClose = { closeRequests += 1 }
        // The buttons, 24 points wide, right to left from 8 points off the right edge.
        scripted.compositor.pointerEnter(x: 300, y: 16)
        scripted.compositor.pointerButton(pressed: true)
        scripted.compositor.pointerButton(pressed: false)
        await waitUntil("the close button reached the close handler") { closeRequests == 1 }
        XCTAssertFalse(scripted.window.isClosed, "the app decides: the library does not close or exit")
        scripted.compositor.pointerMove(x: 270, y: 16)
        scripted.compositor.pointerButton(pressed: true)
        scripted.compositor.pointerButton(pressed: false)
        scripted.compositor.pointerMove(x: 240, y: 16)
        scripted.compositor.pointerButton(pressed: true)
        scripted.compositor.pointerButton(pressed: false)
        let sent = await scripted.compositor.waitUntil { $0.requests.contains("xdg_toplevel.set_minimized") }
        XCTAssertTrue(sent)
        XCTAssertEqual(scripted.compositor.state.count(of: "xdg_toplevel.set_maximized"), 1)
        XCTAssertEqual(scripted.compositor.state.moves, [], "buttons do not move the window")
        XCTAssertEqual(closeRequests, 1)
    }

    func testAButtonActsOnlyWhenReleasedOverIt() async throws {
        let scripted = try await clientSideWindow()
        var closeRequests = 0
        scripted.window.onClose = { closeRequests += 1 }
        scripted.compositor.pointerEnter(x: 300, y: 16)
        scripted.compositor.pointerButton(pressed: true)
        scripted.compositor.pointerMove(x: 150, y: 100)
        scripted.compositor.pointerButton(pressed: false)
        _ = await scripted.compositor.roundtrip()
        XCTAssertEqual(closeRequests, 0)
    }

    func testHoveringAButtonRedrawsItHighlighted() async throws {
        let scripted = try await clientSideWindow()
        scripted.compositor.pointerEnter(x: 300, y: 16)
        await scripted.waitForFrames(2, "the hovered close button")
        // The close button's centre is at (300, 16); its glyph crosses there, so look beside it.
        XCTAssertEqual(try lastImage(scripted).pixel(x: 293, y: 16), CGImage.Pixel(red: 224, green: 69, blue: 61, alpha: 255))
    }

    // MARK: - Pointer on the content

    func testContentEventsAreInTheRootLayersCoordinatesAndLeaveForTheTitleBar() async throws {
        let scripted = try await clientSideWindow()
        let layer = scripted.addLayer(CGRect(x: 0, y: 0, width: 40, height: 40), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        await scripted.waitForFrames(2)
        var events: [PointerEvent] = []
        scripted.window.onPointerEvent = { events.append($0) }
        scripted.compositor.pointerEnter(x: 10, y: 42)
        scripted.compositor.pointerButton(pressed: true)
        scripted.compositor.pointerButton(pressed: false)
        scripted.compositor.pointerMove(x: 10, y: 20)
        scripted.compositor.pointerMove(x: 12, y: 50)
        await waitUntil("six events arrived (have \(events.count))") { events.count >= 6 }
        XCTAssertEqual(events.map(\.kind), [
            .entered, .pressed(button: 0x110), .released(button: 0x110), .exited, .entered, .moved,
        ])
        guard events.count == 6 else { return }
        XCTAssertEqual(events[0].location, CGPoint(x: 10, y: 10), "content coordinates")
        XCTAssertTrue(events[0].layer === layer)
        XCTAssertEqual(events[5].location, CGPoint(x: 12, y: 18))
        XCTAssertEqual(scripted.compositor.state.moves, [], "presses in the content do not move the window")
    }
}

private extension Double {
    /// The value as an `Int` (for pixel coordinates the tests choose).
    var int: Int { Int(self) }
}
