import Synchronization

/// Prints Lamina's CoreGraphics diagnostics to standard error, as Apple's CoreGraphics
/// logs invalid arguments (e.g. "CGBitmapContextCreate: invalid data bytes/row").
package enum Diagnostics {
    private static let last = Mutex<String?>(nil)

    /// Writes `message` and a newline to standard error and remembers it for tests.
    package static func log(_ message: String) {
        last.withLock { $0 = message }
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// A reporter of the ``CairoError``s met inside `function` (named as Apple's diagnostics
    /// name it): `<function>: <what failed>; skipped`.
    package static func cairoFailure(in function: String) -> (CairoError) -> Void {
        { log("\(function): \($0); skipped") }
    }

    /// The most recent diagnostic (for tests), or `nil` if none was logged.
    package static var lastMessage: String? {
        last.withLock { $0 }
    }
}
