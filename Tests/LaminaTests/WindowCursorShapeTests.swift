import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import Wayland
import XCTest

/// A layer that chooses a cursor.
@MainActor
private final class ShapedLayer: CALayer, CursorProviding {
    var cursor: Cursor?
}

/// Where the compositor offers `wp_cursor_shape_v1`, cursors are set by name and the
/// compositor draws them; names the protocol lacks, and compositors without it, get the
/// cursor theme's image on a cursor surface.
@MainActor
final class WindowCursorShapeTests: XCTestCase {
    private func window(cursorShapeVersion: UInt32?) async throws -> (ScriptedWindow, ShapedLayer) {
        var configuration = ScriptedCompositor.Configuration()
        configuration.desktopProtocols.cursorShapeVersion = cursorShapeVersion
        let scripted = try await ScriptedWindow(test: self, configuration: configuration)
        await scripted.completeFrame()
        let layer = ShapedLayer()
        layer.frame = CGRect(x: 20, y: 20, width: 100, height: 100)
        scripted.window.rootLayer.addSublayer(layer)
        await scripted.waitForFrames(2)
        return (scripted, layer)
    }

    func testCursorsAreSetByShapeForTheEntersSerialWithNoCursorSurface() async throws {
        let (scripted, layer) = try await window(cursorShapeVersion: 1)
        layer.cursor = .resizeLeftRight
        let serial = scripted.compositor.pointerEnter(x: 200, y: 150)  // the root: the arrow
        scripted.compositor.pointerMove(x: 50, y: 50)  // the layer
        _ = await scripted.framesAfterRoundtrip()
        let state = scripted.compositor.state
        XCTAssertEqual(state.desktop.cursorShapes, [
            .init(serial: serial, shape: 1),  // default
            .init(serial: serial, shape: 26),  // ew-resize
        ])
        XCTAssertEqual(state.cursors, [], "no wl_pointer.set_cursor")
        XCTAssertEqual(state.cursorCommits.count, 0, "no cursor surface drawn")
        XCTAssertEqual(state.requests.filter { $0 == "wp_cursor_shape_manager_v1.get_pointer" }.count, 1, "one device for the pointer")
        XCTAssertEqual(state.violations, [])
    }

    func testAShapeOfALaterVersionIsNotSentToAnEarlierDevice() async throws {
        let (scripted, layer) = try await window(cursorShapeVersion: 1)
        layer.cursor = Cursor(name: "all-resize")  // version 2 only: from the theme instead
        scripted.compositor.pointerEnter(x: 50, y: 50)
        _ = await scripted.framesAfterRoundtrip()
        let state = scripted.compositor.state
        XCTAssertEqual(state.desktop.cursorShapes, [])
        XCTAssertEqual(state.cursors.count, 1, "shown from the cursor theme")
        XCTAssertEqual(state.violations, [])
    }

    func testAVersion2DeviceGetsTheVersion2Shapes() async throws {
        let (scripted, layer) = try await window(cursorShapeVersion: 2)
        layer.cursor = Cursor(name: "all-resize")
        let serial = scripted.compositor.pointerEnter(x: 50, y: 50)
        _ = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(scripted.compositor.state.desktop.cursorShapes, [.init(serial: serial, shape: 36)])
    }

    func testANameTheProtocolLacksComesFromTheTheme() async throws {
        let (scripted, layer) = try await window(cursorShapeVersion: 1)
        layer.cursor = Cursor(name: "left_ptr")  // a theme's traditional name, no CSS shape
        let serial = scripted.compositor.pointerEnter(x: 50, y: 50)
        scripted.compositor.pointerMove(x: 200, y: 150)  // the root: the arrow, by shape
        _ = await scripted.framesAfterRoundtrip()
        let state = scripted.compositor.state
        XCTAssertEqual(state.cursors.map(\.serial), [serial], "left_ptr from the theme")
        XCTAssertEqual(state.desktop.cursorShapes, [.init(serial: serial, shape: 1)], "then the arrow by shape")
    }

    func testWithoutTheProtocolCursorsComeFromTheTheme() async throws {
        let (scripted, layer) = try await window(cursorShapeVersion: nil)
        layer.cursor = .pointingHand
        scripted.compositor.pointerEnter(x: 50, y: 50)
        _ = await scripted.framesAfterRoundtrip()
        let state = scripted.compositor.state
        XCTAssertFalse(state.boundGlobals.contains("wp_cursor_shape_manager_v1"))
        XCTAssertEqual(state.desktop.cursorShapes, [])
        XCTAssertEqual(state.cursors.count, 1)
    }

    func testEveryCSSNameOfTheProtocolMapsToItsValue() async throws {
        // Values from the protocol's `shape` enum: default is 1, zoom-out 34, all-resize 36.
        XCTAssertEqual(WpCursorShapeDeviceV1.Shape(cssName: "default", version: 1)?.rawValue, 1)
        XCTAssertEqual(WpCursorShapeDeviceV1.Shape(cssName: "pointer", version: 1)?.rawValue, 4)
        XCTAssertEqual(WpCursorShapeDeviceV1.Shape(cssName: "text", version: 1)?.rawValue, 9)
        XCTAssertEqual(WpCursorShapeDeviceV1.Shape(cssName: "not-allowed", version: 1)?.rawValue, 15)
        XCTAssertEqual(WpCursorShapeDeviceV1.Shape(cssName: "nwse-resize", version: 1)?.rawValue, 29)
        XCTAssertEqual(WpCursorShapeDeviceV1.Shape(cssName: "zoom-out", version: 1)?.rawValue, 34)
        XCTAssertNil(WpCursorShapeDeviceV1.Shape(cssName: "dnd-ask", version: 1))
        XCTAssertEqual(WpCursorShapeDeviceV1.Shape(cssName: "dnd-ask", version: 2)?.rawValue, 35)
        XCTAssertNil(WpCursorShapeDeviceV1.Shape(cssName: "hand2", version: 2))
        XCTAssertNil(WpCursorShapeDeviceV1.Shape(cssName: "", version: 2))
    }
}
