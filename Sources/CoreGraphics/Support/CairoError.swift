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
    package static func check(_ status: cairo_status_t, _ operation: @autoclosure () -> String) throws(CairoError) {
        if status != CAIRO_STATUS_SUCCESS {
            throw CairoError(status, operation: operation())
        }
    }

    /// Returns the surface cairo made, or throws naming `operation`. A failed surface is not
    /// NULL but an inert one carrying the error status: it is destroyed here.
    package static func checked(
        surface: OpaquePointer?, _ operation: @autoclosure () -> String
    ) throws(CairoError) -> OpaquePointer {
        try checked(surface, status: cairo_surface_status, destroy: cairo_surface_destroy, operation)
    }

    /// Returns the context `cairo_create` made, or throws naming `operation` (a failed context
    /// is destroyed here).
    package static func checked(
        context: OpaquePointer?, _ operation: @autoclosure () -> String
    ) throws(CairoError) -> OpaquePointer {
        try checked(context, status: cairo_status, destroy: cairo_destroy, operation)
    }

    /// `object` when its `status` is success; otherwise it is destroyed and the status thrown.
    private static func checked(
        _ object: OpaquePointer?, status: (OpaquePointer?) -> cairo_status_t, destroy: (OpaquePointer?) -> Void,
        _ operation: () -> String
    ) throws(CairoError) -> OpaquePointer {
        guard let object else { throw CairoError(CAIRO_STATUS_NO_MEMORY, operation: operation()) }
        let code = status(object)
        guard code == CAIRO_STATUS_SUCCESS else {
            destroy(object)
            throw CairoError(code, operation: operation())
        }
        return object
    }

    /// The surface cairo made, or nil after `report` was given the failure naming `operation`.
    package static func surface(
        _ surface: OpaquePointer?, _ operation: @autoclosure () -> String, reportingTo report: (CairoError) -> Void
    ) -> OpaquePointer? {
        reporting(to: report) { () throws(CairoError) in try checked(surface: surface, operation()) }
    }

    /// The context `cairo_create` made, or nil after `report` was given the failure naming
    /// `operation`.
    package static func context(
        _ context: OpaquePointer?, _ operation: @autoclosure () -> String, reportingTo report: (CairoError) -> Void
    ) -> OpaquePointer? {
        reporting(to: report) { () throws(CairoError) in try checked(context: context, operation()) }
    }

    /// Runs the cairo work `body`; when cairo fails, passes the error to `report` (a module's
    /// diagnostic handler) and returns nil, so the caller skips what it would have drawn.
    package static func reporting<T>(
        to report: (CairoError) -> Void, _ body: () throws(CairoError) -> T
    ) -> T? {
        do {
            return try body()
        } catch {
            report(error)
            return nil
        }
    }
}
