import Foundation
import LaminaTesting

/// Waits for `condition` while the main actor keeps running (a window of the test's process
/// handles its events meanwhile); throws after `timeout` seconds, naming `what`.
@MainActor
func waitFor(_ what: String, timeout: Double = 20, _ condition: () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard Date() < deadline else { throw CompositorError("timed out waiting until \(what)") }
        try await Task.sleep(nanoseconds: 5_000_000)
    }
}
