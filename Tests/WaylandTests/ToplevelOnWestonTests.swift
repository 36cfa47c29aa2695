import Foundation
import LaminaTesting
import XCTest

@testable import Wayland

/// The Wayland module against a real weston: a toplevel is configured, a shm buffer reaches the
/// screen, and frame callbacks and presentation feedback arrive.
final class ToplevelOnWestonTests: XCTestCase {
    private var compositor: HeadlessCompositor!

    override func setUpWithError() throws {
        compositor = try HeadlessCompositor.start(.weston, width: 640, height: 480)
    }

    override func tearDown() {
        compositor.stop()
    }

    func testFrameCallbacksAndPresentationFeedbackArrive() throws {
        let connection = try WaylandConnection(name: compositor.socketPath)
        let globals = try WaylandGlobals(connection: connection)
        let compositorGlobal = try globals.require(WlCompositor.self, minVersion: 4)
        let shell = try XdgShell(globals: globals)
        let shm = try globals.require(WlShm.self)
        let presentation = try XCTUnwrap(try globals.bind(WpPresentation.self), "weston offers wp_presentation")
        let timing = PresentationTiming(presentation: presentation)

        let window = try ToplevelSurface(
            compositor: compositorGlobal, shell: shell, title: "test", appID: "lamina.test",
            preferredSize: (200, 100))
        XCTAssertTrue(try connection.dispatch(until: { window.configuration != nil }, timeout: 5))
        let size = try XCTUnwrap(window.configuration)
        // weston lets a floating window choose (0×0): the preferred size.
        XCTAssertEqual(size.width, 200)
        XCTAssertEqual(size.height, 100)

        let pool = try ShmBufferPool(shm: shm)
        var framesDone = 0
        var results: [PresentationResult] = []
        for frame in 0..<3 {
            let buffer = try XCTUnwrap(try pool.freeBuffer(width: size.width, height: size.height))
            try buffer.withPixels { pixels in
                let words = pixels.bindMemory(to: UInt32.self, capacity: size.width * size.height)
                for index in 0..<(size.width * size.height) { words[index] = 0xFF00_0000 | UInt32(frame * 80) }
            }
            try window.surface.attach(buffer: buffer.buffer, x: 0, y: 0)
            buffer.markAttached()
            try window.surface.damageBuffer(x: 0, y: 0, width: Int32(size.width), height: Int32(size.height))
            try window.requestFrame { _ in framesDone += 1 }
            try timing.feedback(for: window.surface) { results.append($0) }
            try window.surface.commit()
            XCTAssertTrue(try connection.dispatch(until: { framesDone == frame + 1 }, timeout: 5), "frame callback \(frame)")
        }
        XCTAssertTrue(try connection.dispatch(until: { results.count == 3 }, timeout: 5))
        let presented = results.compactMap { result -> Double? in
            if case .presented(let time, _, _, _) = result { return time }
            return nil
        }
        XCTAssertFalse(presented.isEmpty, "weston reports presented frames: \(results)")
        XCTAssertEqual(presented, presented.sorted(), "presentation times increase")
        XCTAssertNotNil(timing.clockID)
    }

    func testWritingABufferTheCompositorHoldsThrows() throws {
        let connection = try WaylandConnection(name: compositor.socketPath)
        let globals = try WaylandGlobals(connection: connection)
        let pool = try ShmBufferPool(shm: try globals.require(WlShm.self))
        let buffer = try XCTUnwrap(try pool.freeBuffer(width: 4, height: 4))
        buffer.markAttached()
        XCTAssertThrowsError(try buffer.withPixels { _ in })
        XCTAssertNotIdentical(try pool.freeBuffer(width: 4, height: 4), buffer, "a held buffer is never handed out")
    }

    func testImpossibleBufferSizesAreRefused() throws {
        XCTAssertThrowsError(try ShmBufferPool.byteCount(width: 0, height: 10))
        XCTAssertThrowsError(try ShmBufferPool.byteCount(width: -5, height: 10))
        XCTAssertThrowsError(try ShmBufferPool.byteCount(width: 100_000, height: 100_000))
        XCTAssertEqual(try ShmBufferPool.byteCount(width: 3, height: 2), 24)
    }

    func testConnectingToAMissingSocketNamesWaylandDisplay() {
        XCTAssertThrowsError(try WaylandConnection(name: "/nonexistent/wayland-socket")) { error in
            XCTAssertTrue("\(error)".contains("WAYLAND_DISPLAY"), "\(error)")
        }
    }

    func testRequestOnADestroyedObjectThrows() throws {
        let connection = try WaylandConnection(name: compositor.socketPath)
        let globals = try WaylandGlobals(connection: connection)
        let compositorGlobal = try globals.require(WlCompositor.self)
        let surface = try compositorGlobal.createSurface()
        surface.destroy()
        XCTAssertThrowsError(try surface.commit()) { error in
            XCTAssertEqual(error as? WaylandError, .objectDestroyed(interface: "wl_surface", request: "commit"))
        }
        surface.destroy()  // idempotent
        try connection.roundtrip()
    }

    func testCompositorDyingSurfacesAsAnError() throws {
        let connection = try WaylandConnection(name: compositor.socketPath)
        _ = try WaylandGlobals(connection: connection)
        compositor.stop()
        XCTAssertThrowsError(try connection.roundtrip()) { error in
            guard case .connectionLost = error as? WaylandError else {
                return XCTFail("expected connectionLost, got \(error)")
            }
        }
    }
}
