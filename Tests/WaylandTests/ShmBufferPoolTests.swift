import CWaylandClient
import CoreGraphics
import Foundation
import LaminaTesting
import XCTest

@testable import Wayland

/// The shm buffer pool against a compositor that holds and releases buffers when the test
/// says so: the buffer limit, real `wl_buffer.release`, reuse of buffers and of pool space,
/// and growth of the pool.
final class ShmBufferPoolTests: XCTestCase {
    private var compositor: ScriptedCompositor!
    private var connection: WaylandConnection!
    private var surface: ToplevelSurface!
    private var shm: WlShm!

    override func setUpWithError() throws {
        var configuration = ScriptedCompositor.Configuration()
        configuration.releasesReplacedBuffers = false
        configuration.firstConfigure = (100, 50)
        compositor = try ScriptedCompositor(configuration)
        connection = try WaylandConnection(name: compositor.socketPath)
        let globals = try WaylandGlobals(connection: connection)
        shm = try globals.require(WlShm.self)
        surface = try ToplevelSurface(
            compositor: try globals.require(WlCompositor.self), shell: try XdgShell(globals: globals),
            title: "pool", appID: "lamina.test", preferredSize: (10, 10))
        XCTAssertTrue(try connection.dispatch(until: { self.surface.configuration != nil }, timeout: 10))
    }

    override func tearDown() {
        surface = nil
        connection = nil
        compositor.stop()
    }

    /// Fills the buffer with one opaque colour (premultiplied ARGB8888 words), attaches and
    /// commits it, and marks it held.
    private func present(_ buffer: ShmBuffer, color: UInt32) throws {
        try buffer.withPixels { pixels in
            let words = pixels.bindMemory(to: UInt32.self, capacity: buffer.width * buffer.height)
            for index in 0..<(buffer.width * buffer.height) { words[index] = color }
        }
        try surface.surface.attach(buffer: buffer.buffer, x: 0, y: 0)
        buffer.markAttached()
        try surface.surface.commit()
        try connection.flush()
    }

    func testAtMostThreeBuffersExistAndAHeldOneIsNeverHandedOut() throws {
        let pool = try ShmBufferPool(shm: shm)
        var handedOut: [ShmBuffer] = []
        for _ in 0..<3 {
            let buffer = try XCTUnwrap(try pool.freeBuffer(width: 100, height: 50))
            XCTAssertFalse(handedOut.contains { $0 === buffer }, "a held buffer is never handed out again")
            try present(buffer, color: 0xFF00_00FF)
            handedOut.append(buffer)
        }
        XCTAssertTrue(compositor.wait { $0.heldBuffers == 3 }, "the compositor holds all three")
        XCTAssertNil(try pool.freeBuffer(width: 100, height: 50), "the limit is three: the fourth request waits for a release")
        XCTAssertNil(try pool.freeBuffer(width: 100, height: 50, maximumBuffers: 3))
        XCTAssertNotNil(try pool.freeBuffer(width: 100, height: 50, maximumBuffers: 4), "a higher limit creates a fourth")
        XCTAssertEqual(compositor.state.count(of: "wl_shm_pool.create_buffer"), 3, "the fourth exists only on our side until used")
    }

    func testAReleasedBufferIsReusedInsteadOfCreatingANewOne() throws {
        let pool = try ShmBufferPool(shm: shm)
        let first = try XCTUnwrap(try pool.freeBuffer(width: 100, height: 50))
        try present(first, color: 0xFFFF_0000)
        XCTAssertTrue(first.isBusy)
        XCTAssertThrowsError(try first.withPixels { _ in }, "held by the compositor: not writable")
        compositor.releaseBuffers()
        XCTAssertTrue(try connection.dispatch(until: { !first.isBusy }, timeout: 10), "wl_buffer.release reached the client")
        XCTAssertNoThrow(try first.withPixels { _ in })
        let again = try XCTUnwrap(try pool.freeBuffer(width: 100, height: 50))
        XCTAssertIdentical(again, first, "the released buffer is reused")
        try connection.roundtrip()
        XCTAssertEqual(compositor.state.count(of: "wl_shm_pool.create_buffer"), 1, "no second wl_buffer was created")
    }

    func testBuffersOfAnOldSizeAreDestroyedOnceReleasedAndTheirSpaceIsReused() throws {
        let pool = try ShmBufferPool(shm: shm)
        let old = try XCTUnwrap(try pool.freeBuffer(width: 100, height: 50))
        try present(old, color: 0xFF00_FF00)
        // A smaller size while the old buffer is held: the old one is retired, not destroyed.
        let small = try XCTUnwrap(try pool.freeBuffer(width: 40, height: 40))
        XCTAssertEqual(small.offset, 100 * 50 * 4, "new space after the held buffer's")
        try present(small, color: 0xFF00_FF00)
        XCTAssertTrue(compositor.wait { $0.heldBuffers == 2 })
        XCTAssertEqual(compositor.state.count(of: "wl_buffer.destroy"), 0, "a held buffer is not destroyed")
        compositor.releaseBuffers()
        XCTAssertTrue(try connection.dispatch(until: { !old.isBusy && !small.isBusy }, timeout: 10))
        try connection.roundtrip()
        XCTAssertEqual(compositor.state.count(of: "wl_buffer.destroy"), 1, "released, the retired buffer is destroyed")
        // With the small buffer held again, a second one goes into the retired buffer's
        // slot (20,000 bytes at offset 0) rather than growing the pool.
        try present(small, color: 0xFF00_FF00)
        let second = try XCTUnwrap(try pool.freeBuffer(width: 40, height: 40))
        XCTAssertNotIdentical(second, small)
        XCTAssertEqual(second.offset, 0, "the retired buffer's space is reused")
    }

    func testThePoolGrowsAndTheCompositorSeesTheWholeBuffer() throws {
        let pool = try ShmBufferPool(shm: shm, initialSize: 4096)
        let buffer = try XCTUnwrap(try pool.freeBuffer(width: 100, height: 50))
        XCTAssertEqual(buffer.segment.file.size, 60_000, "grown from 4,096 bytes to room for three 20,000-byte buffers")
        try present(buffer, color: 0xFF11_2233)
        XCTAssertTrue(compositor.wait { $0.frames.count == 1 })
        XCTAssertEqual(compositor.state.count(of: "wl_shm_pool.resize"), 1)
        let image = try XCTUnwrap(compositor.state.frames.first?.image)
        XCTAssertEqual(image.width, 100)
        XCTAssertEqual(image.height, 50)
        XCTAssertEqual(image.pixel(x: 99, y: 49), CGImage.Pixel(red: 0x11, green: 0x22, blue: 0x33, alpha: 0xFF), "the last pixel, beyond the first 4,096 bytes")
    }

    func testWhileTheCompositorHoldsABufferItsPoolIsNotGrownButANewOneMade() throws {
        // A compositor may read a held buffer through its mapping of the pool, which growing
        // can move: the new buffers go into a pool of their own.
        let pool = try ShmBufferPool(shm: shm, initialSize: 4096)
        let held = try XCTUnwrap(try pool.freeBuffer(width: 100, height: 50))
        try present(held, color: 0xFF00_00FF)
        XCTAssertTrue(compositor.wait { $0.heldBuffers == 1 })
        // 200×100 needs 80,000 bytes, more than the 40,000 left after the held buffer.
        let larger = try XCTUnwrap(try pool.freeBuffer(width: 200, height: 100))
        XCTAssertNotIdentical(larger.segment, held.segment)
        XCTAssertEqual(larger.offset, 0)
        XCTAssertEqual(pool.poolCount, 2)
        try present(larger, color: 0xFF44_5566)
        XCTAssertTrue(compositor.wait { $0.frames.count == 2 })
        XCTAssertEqual(compositor.state.count(of: "wl_shm_pool.resize"), 1, "only the first growth, while nothing was held")
        XCTAssertEqual(compositor.state.count(of: "wl_shm.create_pool"), 2)
        let image = try XCTUnwrap(compositor.state.frames.last?.image)
        XCTAssertEqual(image.pixel(x: 199, y: 99), CGImage.Pixel(red: 0x44, green: 0x55, blue: 0x66, alpha: 0xFF))
        // Released, the old size's buffer is destroyed and its pool closed.
        compositor.releaseBuffers()
        XCTAssertTrue(try connection.dispatch(until: { !held.isBusy }, timeout: 10))
        _ = try pool.freeBuffer(width: 200, height: 100)
        try connection.roundtrip()
        XCTAssertEqual(compositor.state.count(of: "wl_shm_pool.destroy"), 1, "the emptied older pool is closed")
        XCTAssertEqual(pool.poolCount, 1)
    }

    func testAPoolWhoseBuffersAreAllGoneIsUsedAgainFromItsStart() throws {
        // Sixty sizes one after another, each released before the next: without starting over,
        // each would take new space after the last (about 60 MB).
        let pool = try ShmBufferPool(shm: shm)
        for step in 0..<60 {
            let buffer = try XCTUnwrap(try pool.freeBuffer(width: 500 + step, height: 500))
            XCTAssertEqual(buffer.offset, 0, "size \(500 + step)×500 starts at the pool's beginning")
            try present(buffer, color: 0xFF00_00FF)
            XCTAssertTrue(compositor.wait { $0.heldBuffers == 1 })
            compositor.releaseBuffers()
            XCTAssertTrue(try connection.dispatch(until: { !buffer.isBusy }, timeout: 10))
        }
        XCTAssertEqual(pool.poolCount, 1)
        XCTAssertEqual(pool.mappedByteCount, 4 * 1024 * 1024, "the initial 4 MiB were enough for every size")
        XCTAssertEqual(compositor.state.count(of: "wl_shm_pool.resize"), 0)
    }

    func testAPoolMuchLargerThanTheBuffersToComeIsReplacedOnceEmpty() throws {
        let pool = try ShmBufferPool(shm: shm)
        let large = try XCTUnwrap(try pool.freeBuffer(width: 2000, height: 2000))
        XCTAssertEqual(pool.mappedByteCount, 3 * 16_000_000, "room for three 16 MB buffers")
        try present(large, color: 0xFF00_00FF)
        XCTAssertTrue(compositor.wait { $0.heldBuffers == 1 })
        compositor.releaseBuffers()
        XCTAssertTrue(try connection.dispatch(until: { !large.isBusy }, timeout: 10))
        _ = try XCTUnwrap(try pool.freeBuffer(width: 100, height: 100))
        XCTAssertEqual(pool.mappedByteCount, 4 * 1024 * 1024, "the 48 MB pool gave way to one of the initial size")
        XCTAssertEqual(pool.poolCount, 1)
        XCTAssertEqual(pool.bufferCount, 1)
        try connection.roundtrip()
        XCTAssertEqual(compositor.state.count(of: "wl_shm_pool.destroy"), 1, "the large pool was closed")
    }

    func testTheMemoryFileIsSealedAgainstShrinking() throws {
        let file = try SharedMemoryFile(name: "sealed", size: 4096)
        let seals = fcntl(file.descriptor, lamina_f_get_seals())
        XCTAssertEqual(seals & lamina_f_seal_shrink(), lamina_f_seal_shrink())
        XCTAssertEqual(ftruncate(file.descriptor, 1024), -1, "shrinking is refused")
        XCTAssertEqual(errno, EPERM)
        try file.grow(to: 8192)
        XCTAssertEqual(file.size, 8192, "growing is allowed")
    }
}
