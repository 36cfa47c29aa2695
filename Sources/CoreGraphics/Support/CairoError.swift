import CCairo

/// Lamina: an error reported by cairo, the library Lamina's CoreGraphics draws with.
///
/// Carries cairo's status code, cairo's own description of it, and what Lamina was doing.
public struct CairoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The raw `cairo_status_t` value.
    public let rawValue: UInt32
    /// What Lamina was doing when cairo failed, e.g. "decoding PNG data".
    public let operation: String
    /// cairo's description of the status (`cairo_status_to_string`).
    public let message: String

    /// Wraps a cairo status (Lamina-internal: other Lamina modules use it too).
    package init(_ status: cairo_status_t, operation: String) {
        rawValue = status.rawValue
        self.operation = operation
        message = String(cString: cairo_status_to_string(status))
    }

    /// "<operation> failed: <cairo's message> (cairo status N)".
    public var description: String {
        "\(operation) failed: \(message) (cairo status \(rawValue))"
    }

    /// Throws a ``CairoError`` unless `status` is `CAIRO_STATUS_SUCCESS`.
    package static func check(_ status: cairo_status_t, _ operation: @autoclosure () -> String) throws {
        if status != CAIRO_STATUS_SUCCESS {
            throw CairoError(status, operation: operation())
        }
    }
}
