import Foundation
import LaminaTesting
import XCTest

/// `examples/frame-timing` on a real weston (which reports every presented frame): a
/// window's animations keep being presented while its main thread is blocked, because its
/// render thread draws them.
final class FrameTimingEndToEndTests: XCTestCase {
    /// The rates in a summary line: (all frames per second, frames per second while blocked).
    private func rates(_ line: String) -> (all: Double, blocked: Double)? {
        // "layers N, presented F frames in S s (R fps); ... B frames in T s (Q fps)"
        let numbers = line.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }
        guard line.hasPrefix("frame-timing: layers"), numbers.count >= 7 else { return nil }
        return (numbers[3], numbers[6])
    }

    func testAnimationsArePresentedWhileTheMainThreadIsBlocked() throws {
        let weston = try HeadlessCompositor.start(.weston)
        defer { weston.stop() }
        // Half a second blocked out of every 1.5 s, for 3 s: two blocks.
        let example = try ExampleProcess(
            "frame-timing",
            arguments: ["--layers", "50", "--seconds", "3", "--block-milliseconds", "500", "--block-every", "1.5"],
            environment: weston.environment)
        XCTAssertTrue(example.waitForExit(timeout: 60), "stderr: \(example.errors.suffix(5))")
        XCTAssertEqual(example.exitStatus, 0, "stderr: \(example.errors.suffix(5))")
        let line = try XCTUnwrap(example.output.last, "stderr: \(example.errors.suffix(5))")
        let measured = try XCTUnwrap(rates(line), line)
        XCTAssertGreaterThan(measured.all, 10, line)
        // Frames keep coming while the main thread is blocked: at least 70% of the overall
        // rate (1.0 in release builds; a debug build on a shared machine is slower).
        XCTAssertGreaterThan(measured.blocked, 0.7 * measured.all, line)
    }
}
