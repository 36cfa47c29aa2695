import Glibc
import XCTest

@testable import Wayland

/// The one owner of a file descriptor: it closes the descriptor exactly once, whichever way its
/// life ends, and reports a close that failed instead of ignoring it.
final class OwnedFileDescriptorTests: XCTestCase {
    func testADescriptorIsClosedWhenItsOwnerEnds() throws {
        let before = try openDescriptorCount()
        do {
            let pipe = try NonBlockingPipe()
            XCTAssertEqual(try openDescriptorCount(), before + 2)
            let (readFlags, writeDescriptorFlags) = (fcntl(pipe.readEnd.rawValue, F_GETFL), fcntl(pipe.writeEnd.rawValue, F_GETFD))
            XCTAssertEqual(readFlags & O_NONBLOCK, O_NONBLOCK)
            XCTAssertEqual(writeDescriptorFlags & FD_CLOEXEC, FD_CLOEXEC)
        }
        XCTAssertEqual(try openDescriptorCount(), before)
    }

    func testClosingExplicitlyClosesOnceAndTheEndOfTheOwnerDoesNotCloseAgain() throws {
        let before = try openDescriptorCount()
        let failures = SystemCall.reportedFailureCount
        let owned = OwnedFileDescriptor(adopting: dup(STDIN_FILENO))
        XCTAssertEqual(try openDescriptorCount(), before + 1)
        try owned.close()
        XCTAssertEqual(try openDescriptorCount(), before)
        XCTAssertEqual(SystemCall.reportedFailureCount, failures, "a second close would have failed with EBADF and been reported")
    }

    func testAReleasedDescriptorStaysOpenForItsNewOwner() throws {
        let before = try openDescriptorCount()
        let raw = OwnedFileDescriptor(adopting: dup(STDIN_FILENO)).release()
        XCTAssertEqual(try openDescriptorCount(), before + 1)
        XCTAssertEqual(close(raw), 0)
    }

    func testAFailedCloseIsReportedNotIgnored() throws {
        let failures = SystemCall.reportedFailureCount
        let raw = dup(STDIN_FILENO)
        XCTAssertEqual(close(raw), 0)
        do {
            _ = OwnedFileDescriptor(adopting: raw)  // closed already: its owner's close fails
        }
        XCTAssertEqual(SystemCall.reportedFailureCount, failures + 1)
        XCTAssertEqual(SystemCall.lastReportedFailure, SystemCallError(operation: "close", code: EBADF))
    }
}
