import LaminaTesting
import XCTest

@testable import Wayland

/// An event queue of its own lives as long as any object on it: libwayland leaves objects
/// pointing at a destroyed queue, and the next event for one of them (a frame callback's
/// `done`, a buffer's `release`) would be queued into freed memory.
final class WaylandEventQueueLifetimeTests: XCTestCase {
    func testObjectsMadeOnAQueueKeepItUntilTheLastOfThemIsGone() throws {
        let compositor = try ScriptedCompositor(ScriptedCompositor.Configuration())
        defer { compositor.stop() }
        let connection = try WaylandConnection(name: compositor.socketPath)
        let globals = try WaylandGlobals(connection: connection)
        let shared = try globals.require(WlCompositor.self)

        var queue: WaylandEventQueue? = try WaylandEventQueue(connection: connection)
        weak let released = queue
        var wrapper: WlCompositor? = try queue?.wrapper(of: shared)
        var surface: WlSurface? = try wrapper?.createSurface()
        var callback: WlCallback? = try surface?.frame()
        XCTAssertNotNil(callback)
        queue = nil
        wrapper = nil
        XCTAssertNotNil(released, "the surface and its frame callback, made through the queue's wrapper, hold it")
        surface = nil
        XCTAssertNotNil(released, "the callback, made by an object on the queue, holds it")
        try connection.roundtrip()
        callback = nil
        XCTAssertNil(released, "gone with the last object on it")
    }
}
