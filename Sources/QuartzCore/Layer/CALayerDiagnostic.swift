import Foundation

/// Lamina: a report that a layer refused an input that Apple's Core Animation would
/// raise an exception for (or leave undefined), such as NaN geometry or a hierarchy cycle.
///
/// Lamina never crashes on such input: the offending call is ignored, the layer tree is
/// left unchanged and consistent, and a diagnostic goes to ``CALayer/diagnosticHandler``
/// (standard error by default). Drawing cairo cannot do (``Code/drawingFailed``) is reported
/// the same way: the part is skipped, never silently. Tests replace the handler to assert on
/// diagnostics.
public struct CALayerDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// What kind of input was refused.
    public enum Code: Hashable, Sendable {
        /// A geometry value (bounds, position, frame, transform, …) was NaN or infinite.
        case nonFiniteValue
        /// A value was outside the property's domain (e.g. a contents scale of 0).
        case invalidValue
        /// The change would make a layer its own ancestor.
        case cycle
        /// A layer with a superlayer was assigned as a mask, or a mask was added as a sublayer.
        case maskInUse
        /// An insertion index was past the end of the sublayers.
        case indexOutOfRange
        /// A layer named as a sibling or as the layer to replace is not a sublayer.
        case notASublayer
        /// A key-value coding call gave a value of the wrong type for the key.
        case typeMismatch
        /// A key path could not be resolved.
        case invalidKeyPath
        /// Lamina: cairo could not draw part of the tree (out of memory, or a size beyond its
        /// limits); that part was skipped. The message names what cairo failed to do.
        case drawingFailed
    }

    /// What kind of input was refused.
    public let code: Code
    /// What was wrong and what was done (the call was ignored).
    public let message: String

    /// Creates a diagnostic.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension CALayerDiagnostic {
    /// How diagnostics name the type of `value`: its Swift type, or "nil".
    static func typeName(of value: Any?) -> String {
        value.map { String(describing: type(of: $0)) } ?? "nil"
    }

    /// The message of a `setValue(_:forKey:)` call refused because `value` is not of the
    /// `expected` type.
    static func typeMismatchMessage(forKey key: String, expected: String, value: Any?) -> String {
        "setValue(_:forKey: \"\(key)\"): expected \(expected), got \(typeName(of: value)); ignored"
    }
}

extension CALayer {
    /// Lamina: receives every ``CALayerDiagnostic``; by default writes it to standard error
    /// as `QuartzCore: <message>`.
    ///
    /// Replace it to collect diagnostics (tests) or route them to a logger. Runs
    /// synchronously, inside the call that was refused, on the thread that made it (set it
    /// before other threads use layers if they may call it).
    public static var diagnosticHandler: (CALayerDiagnostic) -> Void {
        get { handler.current }
        set { handler.current = newValue }
    }
    private static let handler = DiagnosticHandlerBox()
    /// Whether the calling thread's diagnostics are silenced (see `withDiagnosticsMuted`).
    static let diagnosticsMuted = ThreadLocal({ false })

    /// The default ``diagnosticHandler``: one line on standard error.
    public static func writeToStandardError(_ diagnostic: CALayerDiagnostic) {
        FileHandle.standardError.write(Data("QuartzCore: \(diagnostic.message)\n".utf8))
    }

    /// Sends a diagnostic about this layer to ``diagnosticHandler``.
    func diagnose(_ code: CALayerDiagnostic.Code, _ message: String) {
        guard !CALayer.diagnosticsMuted.value else { return }
        CALayer.diagnosticHandler(CALayerDiagnostic(code, "\(debugName): \(message)"))
    }

    /// Sends a diagnostic not about one layer (a transaction value, an animation) to
    /// ``diagnosticHandler``.
    static func diagnoseGlobally(_ code: CALayerDiagnostic.Code, _ message: String) {
        guard !CALayer.diagnosticsMuted.value else { return }
        CALayer.diagnosticHandler(CALayerDiagnostic(code, message))
    }

    /// Reports drawing cairo could not do as a `.drawingFailed` diagnostic (the part is skipped).
    static func diagnoseDrawingFailure(_ error: CairoError) {
        diagnoseGlobally(.drawingFailed, "\(error); that part is not drawn")
    }

    /// How diagnostics name this layer: its class and name.
    var debugName: String {
        let type = String(describing: Swift.type(of: self))
        if let name = storedName { return "\(type) \"\(name)\"" }
        return type
    }
}

/// The diagnostic handler behind a lock, stored as its concrete function type. (Read through a
/// generic container's `inout` closure, each read wrapped the stored closure in two more
/// reabstraction thunks: after tens of thousands of diagnostics, calling it overflowed the
/// stack.)
private final class DiagnosticHandlerBox: @unchecked Sendable {
    // Read and written with `lock` held.
    private let lock = NSLock()
    private var handler: (CALayerDiagnostic) -> Void = CALayer.writeToStandardError

    var current: (CALayerDiagnostic) -> Void {
        get {
            lock.lock()
            defer { lock.unlock() }
            return handler
        }
        set {
            lock.lock()
            handler = newValue
            lock.unlock()
        }
    }
}
