import Foundation
import Glibc
import XCTest

@testable import Wayland

/// The keymap descriptor a compositor sends is not trusted: what it refers to, its size and
/// whether it can be mapped are checked, and each problem is a `KeymapError` that names it —
/// never a fault reading memory that is not there. The descriptor is closed either way.
final class KeymapDescriptorTests: XCTestCase {
    private let text = Array("xkb_keymap {".utf8)

    /// Why loading the keymap behind `descriptor` failed (nil: it loaded).
    private func loadError(_ descriptor: consuming OwnedFileDescriptor, size: UInt32) -> KeymapError? {
        guard let context = XKBContext() else { return .xkbUnavailable }
        do {
            _ = try XKBKeymap.load(format: 1, descriptor: descriptor, size: size, context: context)
            return nil
        } catch {
            return error
        }
    }

    /// A regular file holding `text`, opened with `flags`.
    private func file(opened flags: Int32) throws -> OwnedFileDescriptor {
        let path = NSTemporaryDirectory() + "lamina-keymap-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text)))
        defer { unlink(path) }
        let fd = open(path, flags | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(fd, 0, "opening \(path)")
        return OwnedFileDescriptor(adopting: fd)
    }

    func testAPipeInsteadOfAFileIsRefusedAsNotARegularFile() throws {
        let error = loadError(try NonBlockingPipe().takeReadEnd(), size: 12)
        XCTAssertEqual(error, .notARegularFile)
        XCTAssertTrue(error?.description.contains("not a regular file") ?? false, "\(String(describing: error))")
    }

    func testAFileThatCannotBeReadIsReportedAsAFailedMapping() throws {
        let error = loadError(try file(opened: O_WRONLY), size: 12)
        XCTAssertEqual(error, .system(operation: "mmap of 12 bytes", errno: EACCES))
        XCTAssertEqual(error?.description, "cannot read the compositor's keymap: mmap of 12 bytes failed: Permission denied")
    }

    func testASizeLargerThanTheFileIsRefusedBeforeMapping() throws {
        XCTAssertEqual(loadError(try file(opened: O_RDONLY), size: 4096), .sizeExceedsFile(size: 4096, fileSize: 12))
    }

    func testADescriptorThatIsNotOpenIsReportedByFstat() throws {
        XCTAssertEqual(loadError(OwnedFileDescriptor(adopting: -1), size: 12), .system(operation: "fstat", errno: EBADF))
    }

    func testEveryRefusedDescriptorIsClosed() throws {
        let before = try openDescriptorCount()
        XCTAssertNotNil(loadError(try NonBlockingPipe().takeReadEnd(), size: 12))
        XCTAssertNotNil(loadError(try file(opened: O_WRONLY), size: 12))
        XCTAssertNotNil(loadError(try file(opened: O_RDONLY), size: 4096))
        XCTAssertEqual(try openDescriptorCount(), before)
    }
}

/// How many descriptors this process has open.
func openDescriptorCount() throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
}
