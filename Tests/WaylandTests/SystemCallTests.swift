import Glibc
import XCTest

@testable import Wayland

/// The one helper every C call goes through: `errno` read at once, interrupted calls repeated
/// where they may be, failures thrown with the call's name. The calls are injected: each
/// closure plays a system call that fails the way the test needs.
final class SystemCallTests: XCTestCase {
    func testAnInterruptedCallIsRepeatedUntilItSucceeds() throws {
        var calls = 0
        let result = try SystemCall.run("read") { () -> Int in
            calls += 1
            if calls <= 3 {
                errno = EINTR
                return -1
            }
            return 42
        }
        XCTAssertEqual(result, 42)
        XCTAssertEqual(calls, 4, "three interrupted calls, then the one that succeeded")
    }

    func testAnInterruptedCallThatMustNotBeRepeatedIsReportedAsInterrupted() {
        var calls = 0
        XCTAssertThrowsError(
            try SystemCall.run("poll", restartable: false) { () -> Int32 in
                calls += 1
                errno = EINTR
                return -1
            }
        ) { error in
            XCTAssertEqual(error as? SystemCallError, SystemCallError(operation: "poll", code: EINTR))
            XCTAssertTrue((error as? SystemCallError)?.isInterrupted ?? false)
        }
        XCTAssertEqual(calls, 1)
    }

    func testAFailureIsThrownOnceWithTheCallsNameAndErrnosMessage() {
        var calls = 0
        XCTAssertThrowsError(
            try SystemCall.run("ftruncate to 4096 bytes") { () -> Int32 in
                calls += 1
                errno = ENOSPC
                return -1
            }
        ) { error in
            XCTAssertEqual(error as? SystemCallError, SystemCallError(operation: "ftruncate to 4096 bytes", code: ENOSPC))
            XCTAssertEqual("\(error)", "ftruncate to 4096 bytes failed: No space left on device")
        }
        XCTAssertEqual(calls, 1, "only EINTR is retried")
    }

    func testTheCallsErrnoIsReportedEvenWhenWorkDoneAfterTheCallChangesErrno() {
        // Building the operation's name runs after the call; here it makes a failing call of
        // its own (as formatting, logging or a cleanup call may), which sets errno to EBADF.
        XCTAssertThrowsError(
            try SystemCall.run("mmap of \(Self.failingCallThatSetsEBADF()) bytes") { () -> Int32 in
                errno = ENOMEM
                return -1
            }
        ) { error in
            XCTAssertEqual((error as? SystemCallError)?.code, ENOMEM, "the errno of the call itself, not of what ran after it")
            XCTAssertEqual((error as? SystemCallError)?.operation, "mmap of 4096 bytes")
        }
    }

    func testAValueOtherThanMinusOneIsASuccessWhateverErrnoHolds() throws {
        errno = EINVAL
        XCTAssertEqual(try SystemCall.run("write") { () -> Int in 0 }, 0)
    }

    func testARealCallsFailureIsCaptured() {
        XCTAssertThrowsError(try SystemCall.run("fcntl of a closed descriptor") { fcntl(-1, F_GETFD) }) { error in
            XCTAssertEqual((error as? SystemCallError)?.code, EBADF)
        }
    }

    func testAMappingInterruptedTwiceIsRepeatedAndAFailedOneThrows() throws {
        var calls = 0
        var storage: UInt8 = 0
        let pointer = try withUnsafeMutablePointer(to: &storage) { target in
            try SystemCall.map("mmap") { () -> UnsafeMutableRawPointer? in
                calls += 1
                if calls <= 2 {
                    errno = EINTR
                    return MAP_FAILED
                }
                return UnsafeMutableRawPointer(target)
            }
        }
        XCTAssertEqual(calls, 3)
        XCTAssertNotNil(pointer)
        XCTAssertThrowsError(
            try SystemCall.map("mmap of 1 byte") { () -> UnsafeMutableRawPointer? in
                errno = EACCES
                return MAP_FAILED
            }
        ) { error in
            XCTAssertEqual(error as? SystemCallError, SystemCallError(operation: "mmap of 1 byte", code: EACCES))
        }
    }

    /// Makes a call that fails with `EBADF`, and returns 4096.
    private static func failingCallThatSetsEBADF() -> Int {
        _ = fcntl(-1, F_GETFD)
        return 4096
    }
}
