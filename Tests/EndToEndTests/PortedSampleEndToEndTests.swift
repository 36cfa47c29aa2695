import Foundation
import XCTest

/// `examples/ported-sample`, Apple-style code ported by two edits: on an embedded headless
/// sway its custom property animates implicitly over many frames, and the transaction's
/// completion block reports the end.
final class PortedSampleEndToEndTests: XCTestCase {
    func testTheCustomPropertyAnimatesImplicitlyAndTheCompletionBlockReportsTheEnd() throws {
        var env = ProcessInfo.processInfo.environment
        env["WAYLAND_DISPLAY"] = nil
        let example = try ExampleProcess("ported-sample", arguments: [], environment: env)
        XCTAssertTrue(example.waitForExit(timeout: 60), "stderr: \(example.errors)")
        XCTAssertEqual(example.exitStatus, 0, "stderr: \(example.errors)")
        let line = try XCTUnwrap(example.output.first, "stderr: \(example.errors)")
        let prefix = "ported-sample: progress animated to 0.75 in "
        XCTAssertTrue(line.hasPrefix(prefix) && line.hasSuffix(" frames"), line)
        // 0.8 s at sway's 60 Hz is about 48 frames; a change without its action would be one.
        let frames = Int(line.dropFirst(prefix.count).dropLast(" frames".count)) ?? 0
        XCTAssertGreaterThanOrEqual(frames, 10, line)
    }
}
