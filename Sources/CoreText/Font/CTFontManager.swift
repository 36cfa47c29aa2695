import CoreGraphics
import Foundation

/// Where a registered font is available (Core Text's `CTFontManagerScope`).
///
/// Lamina registers fonts for the process only: the other scopes install fonts for a user or
/// a login session, which an application on Linux does through fontconfig's own folders.
public enum CTFontManagerScope: UInt32, Sendable {
    /// Not available for matching.
    case none = 0
    /// Available to this process until it exits or unregisters them.
    case process = 1
    /// Installed for the user (not supported by Lamina).
    case persistent = 2
    /// Available to the user's session (not supported by Lamina).
    case session = 3

    /// The same as ``persistent``.
    public static var user: CTFontManagerScope { .persistent }
}

/// The codes of the errors the font manager reports (Core Text's `CTFontManagerError`), in
/// the domain ``kCTFontManagerErrorDomain``.
public enum CTFontManagerError: CFIndex, Sendable {
    /// The file does not exist or cannot be read.
    case fileNotFound = 101
    /// The process may not read the file.
    case insufficientPermissions = 102
    /// The file holds no font fontconfig can read.
    case unrecognizedFormat = 103
    /// The font data is damaged.
    case invalidFontData = 104
    /// The file was registered before.
    case alreadyRegistered = 105
    /// The file was not registered.
    case notRegistered = 201
    /// The font is in use.
    case inUse = 202
    /// The font is one the system needs.
    case systemRequired = 203
    /// Registering failed for another reason.
    case registrationFailed = 301
    /// The scope is not one Lamina supports: register for ``CTFontManagerScope/process``.
    case unsupportedScope = 307
}

/// The domain of the font manager's errors.
public let kCTFontManagerErrorDomain: CFString = "com.apple.CoreText.CTFontManagerErrorDomain"

/// The key of a font manager error's `userInfo` holding the URLs that failed.
public let kCTFontManagerErrorFontURLsKey: CFString = "CTFontManagerErrorFontURLs"

/// Registers the fonts in the file at `fontURL` so that fonts created by name find them.
///
/// After registering, ``CTFontCreateWithName(_:_:_:)-(CFString,_,_)`` (and `CATextLayer`, `CTFrameDraw`, …)
/// find the file's faces by PostScript name (`"Pacifico-Regular"`), full name or family, as
/// installed fonts. Lamina supports the ``CTFontManagerScope/process`` scope (fontconfig's
/// application fonts): the fonts stay until the process exits or
/// ``CTFontManagerUnregisterFontsForURL(_:_:_:)``.
///
/// - Returns: Whether the fonts were registered. On failure `error`, when given, receives a
///   retained error in ``kCTFontManagerErrorDomain`` whose code is a ``CTFontManagerError``
///   (take it with `takeRetainedValue()`).
@discardableResult
public func CTFontManagerRegisterFontsForURL(
    _ fontURL: CFURL, _ scope: CTFontManagerScope, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool {
    FontManagerCall(function: "CTFontManagerRegisterFontsForURL", url: fontURL, scope: scope, error: error)
        .run { FontRegistry.register(path: $0) }
}

/// Unregisters the fonts of a file registered with
/// ``CTFontManagerRegisterFontsForURL(_:_:_:)``.
///
/// - Returns: Whether they were unregistered; on failure `error`, when given, receives a
///   retained error (``CTFontManagerError/notRegistered`` for a file that was not registered).
@discardableResult
public func CTFontManagerUnregisterFontsForURL(
    _ fontURL: CFURL, _ scope: CTFontManagerScope, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool {
    FontManagerCall(function: "CTFontManagerUnregisterFontsForURL", url: fontURL, scope: scope, error: error)
        .run { FontRegistry.unregister(path: $0) }
}

/// Registers the fonts of each file of `fontURLs` (`URL`s) for this process (Core Text's
/// `CTFontManagerRegisterFontURLs`), as ``CTFontManagerRegisterFontsForURL(_:_:_:)`` does
/// each, then calls `registrationHandler` once, before returning, with the errors of the
/// files that failed (`CFError`s, empty when none did) and `true` for done. `enabled` is
/// accepted for source compatibility: registered fonts are always enabled.
public func CTFontManagerRegisterFontURLs(
    _ fontURLs: CFArray, _ scope: CTFontManagerScope, _ enabled: Bool, _ registrationHandler: ((CFArray, Bool) -> Bool)?
) {
    let errors = FontManagerCall.errors(of: fontURLs, function: "CTFontManagerRegisterFontURLs", scope: scope) {
        CTFontManagerRegisterFontsForURL($0, scope, $1)
    }
    _ = registrationHandler?(errors, true)
}

/// Unregisters the fonts of each file of `fontURLs` registered before (Core Text's
/// `CTFontManagerUnregisterFontURLs`), then calls `registrationHandler` once with the errors
/// of the files that failed and `true` for done.
public func CTFontManagerUnregisterFontURLs(
    _ fontURLs: CFArray, _ scope: CTFontManagerScope, _ registrationHandler: ((CFArray, Bool) -> Bool)?
) {
    let errors = FontManagerCall.errors(of: fontURLs, function: "CTFontManagerUnregisterFontURLs", scope: scope) {
        CTFontManagerUnregisterFontsForURL($0, scope, $1)
    }
    _ = registrationHandler?(errors, true)
}

/// Registers the fonts of each file of `fontURLs` (`URL`s) for this process, as
/// ``CTFontManagerRegisterFontsForURL(_:_:_:)`` does each (Core Text's
/// `CTFontManagerRegisterFontsForURLs`, which Apple deprecates for
/// ``CTFontManagerRegisterFontURLs(_:_:_:_:)``).
///
/// The files that can be registered are, whatever happens to the others.
///
/// - Returns: Whether every file was registered. When one was not and `errors` is given, it
///   receives a retained array of the failures (`NSError`s in ``kCTFontManagerErrorDomain``,
///   one a file; take it with `takeRetainedValue()`). Lamina's `CFArray` is a Swift array,
///   so the array comes as an `NSArray`: pass `nil`, or a `Unmanaged<NSArray>?`.
@discardableResult
public func CTFontManagerRegisterFontsForURLs(
    _ fontURLs: CFArray, _ scope: CTFontManagerScope, _ errors: UnsafeMutablePointer<Unmanaged<NSArray>?>?
) -> Bool {
    let failures = FontManagerCall.errors(of: fontURLs, function: "CTFontManagerRegisterFontsForURLs", scope: scope) {
        CTFontManagerRegisterFontsForURL($0, scope, $1)
    }
    return FontManagerCall.report(failures, to: errors)
}

/// Unregisters the fonts of each file of `fontURLs` registered before (Core Text's
/// `CTFontManagerUnregisterFontsForURLs`, which Apple deprecates for
/// ``CTFontManagerUnregisterFontURLs(_:_:_:)``).
///
/// - Returns: Whether every file was unregistered; otherwise `errors`, when given, receives
///   the failures as ``CTFontManagerRegisterFontsForURLs(_:_:_:)`` hands them over.
@discardableResult
public func CTFontManagerUnregisterFontsForURLs(
    _ fontURLs: CFArray, _ scope: CTFontManagerScope, _ errors: UnsafeMutablePointer<Unmanaged<NSArray>?>?
) -> Bool {
    let failures = FontManagerCall.errors(of: fontURLs, function: "CTFontManagerUnregisterFontsForURLs", scope: scope) {
        CTFontManagerUnregisterFontsForURL($0, scope, $1)
    }
    return FontManagerCall.report(failures, to: errors)
}

/// One registration call: checks the URL and scope, runs the change, reports a failure.
struct FontManagerCall {
    var function: String
    var url: URL
    var scope: CTFontManagerScope
    var error: UnsafeMutablePointer<Unmanaged<CFError>?>?

    func run(_ change: (String) -> Result<Void, FontRegistry.Failure>) -> Bool {
        guard url.isFileURL else {
            return fail(.fileNotFound, "\(url) is not a file URL; fonts are registered from files")
        }
        guard scope == .process else {
            return fail(.unsupportedScope, "scope \(scope) is not supported; register fonts for the process (.process)")
        }
        switch change(url.path) {
        case .success: return true
        case .failure(.notFound): return fail(.fileNotFound, "\(url.path) does not exist or cannot be read")
        case .failure(.unrecognizedFormat): return fail(.unrecognizedFormat, "\(url.path) holds no font fontconfig can read")
        case .failure(.alreadyRegistered): return fail(.alreadyRegistered, "\(url.path) is registered already")
        case .failure(.notRegistered): return fail(.notRegistered, "\(url.path) was not registered")
        }
    }

    /// Runs `change` on each of `values` (`URL`s), each with its own error pointer: the errors
    /// of those that failed, and of values that are not URLs.
    static func errors(
        of values: [Any], function: String, scope: CTFontManagerScope,
        _ change: (URL, UnsafeMutablePointer<Unmanaged<CFError>?>) -> Bool
    ) -> [NSError] {
        values.compactMap { value -> NSError? in
            var error: Unmanaged<CFError>?
            let succeeded = withUnsafeMutablePointer(to: &error) { pointer in
                guard let url = value as? URL else {
                    return FontManagerCall(function: function, url: URL(fileURLWithPath: "/"), scope: scope, error: pointer)
                        .fail(.invalidFontData, "\(value) is not a URL")
                }
                return change(url, pointer)
            }
            return succeeded ? nil : error?.takeRetainedValue()
        }
    }

    /// Whether `failures` is empty; if not, hands them to `errors` (when given) as a retained
    /// array.
    static func report(_ failures: [NSError], to errors: UnsafeMutablePointer<Unmanaged<NSArray>?>?) -> Bool {
        guard !failures.isEmpty else { return true }
        errors?.pointee = Unmanaged.passRetained(NSArray(array: failures))
        return false
    }

    /// Reports a failure of `code`: logged, and given to the caller's error pointer.
    func fail(_ code: CTFontManagerError, _ message: String) -> Bool {
        Diagnostics.log("\(function): \(message)")
        error?.pointee = Unmanaged.passRetained(
            NSError(
                domain: kCTFontManagerErrorDomain, code: code.rawValue,
                userInfo: [NSLocalizedDescriptionKey: message, kCTFontManagerErrorFontURLsKey: [url]]))
        return false
    }
}

/// The families of the installed and registered fonts, sorted (Core Text's
/// `CTFontManagerCopyAvailableFontFamilyNames`); cast it to `[String]`.
@discardableResult
public func CTFontManagerCopyAvailableFontFamilyNames() -> CFArray {
    FontRegistry.allValues(of: "family")
}

/// The files of the installed and registered fonts, each once, sorted by path (Core Text's
/// `CTFontManagerCopyAvailableFontURLs`); cast it to `[URL]`.
@discardableResult
public func CTFontManagerCopyAvailableFontURLs() -> CFArray {
    FontRegistry.allValues(of: "file").map { URL(fileURLWithPath: $0) }
}

/// The PostScript names of the installed and registered fonts, sorted (Core Text's
/// `CTFontManagerCopyAvailablePostScriptNames`); cast it to `[String]`.
@discardableResult
public func CTFontManagerCopyAvailablePostScriptNames() -> CFArray {
    FontRegistry.allValues(of: "postscriptname")
}
