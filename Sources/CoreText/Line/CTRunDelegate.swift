import CoreGraphics
import Foundation

// Apple's callbacks are C function pointers; Linux's `CGFloat` is a Swift structure no C
// function returns, so Lamina's are `@Sendable` Swift functions, which take the same closure
// literals and functions (a C function pointer captures nothing, so Apple's are Sendable, and a
// global constant holding one compiles in Swift 6 mode).

/// Called when a run delegate is freed, with the delegate's reference value.
public typealias CTRunDelegateDeallocateCallback = @Sendable (UnsafeMutableRawPointer) -> Void
/// Answers the ascent of each glyph of a delegate's run, from the delegate's reference value.
public typealias CTRunDelegateGetAscentCallback = @Sendable (UnsafeMutableRawPointer) -> CGFloat
/// Answers the descent of each glyph of a delegate's run.
public typealias CTRunDelegateGetDescentCallback = @Sendable (UnsafeMutableRawPointer) -> CGFloat
/// Answers the width of each glyph of a delegate's run.
public typealias CTRunDelegateGetWidthCallback = @Sendable (UnsafeMutableRawPointer) -> CGFloat

/// The first version of the run delegate callbacks.
public let kCTRunDelegateVersion1: CFIndex = 1
/// The current version of the run delegate callbacks.
public let kCTRunDelegateCurrentVersion: CFIndex = kCTRunDelegateVersion1

/// The attribute key of a run's delegate (`kCTRunDelegateAttributeName`), a ``CTRunDelegate``.
public let kCTRunDelegateAttributeName: CFString = "CTRunDelegate"

/// The callbacks of a run delegate (`CTRunDelegateCallbacks`).
public struct CTRunDelegateCallbacks: Sendable {
    /// The callbacks' version: ``kCTRunDelegateCurrentVersion``.
    public var version: CFIndex
    /// Called when the delegate is freed.
    public var dealloc: CTRunDelegateDeallocateCallback
    /// The ascent of each glyph of the run.
    public var getAscent: CTRunDelegateGetAscentCallback
    /// The descent of each glyph of the run.
    public var getDescent: CTRunDelegateGetDescentCallback
    /// The width of each glyph of the run.
    public var getWidth: CTRunDelegateGetWidthCallback

    /// Callbacks of `version` with these functions.
    public init(
        version: CFIndex, dealloc: @escaping CTRunDelegateDeallocateCallback,
        getAscent: @escaping CTRunDelegateGetAscentCallback, getDescent: @escaping CTRunDelegateGetDescentCallback,
        getWidth: @escaping CTRunDelegateGetWidthCallback
    ) {
        self.version = version
        self.dealloc = dealloc
        self.getAscent = getAscent
        self.getDescent = getDescent
        self.getWidth = getWidth
    }
}

/// What sizes the glyphs of a run (Core Text's `CTRunDelegate`): set as a run's
/// ``kCTRunDelegateAttributeName`` attribute, each of its characters takes the width, ascent
/// and descent the callbacks answer, and draws nothing — the space an inline image or other
/// drawing is put in, read back from the run's typographic bounds and position.
public final class CTRunDelegate: @unchecked Sendable {
    let callbacks: CTRunDelegateCallbacks
    let refCon: UnsafeMutableRawPointer?

    /// What ``CTRunDelegateGetRefCon(_:)`` gives for a delegate made without a reference value.
    nonisolated(unsafe) static let noReferenceValue = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

    init(_ callbacks: CTRunDelegateCallbacks, refCon: UnsafeMutableRawPointer?) {
        self.callbacks = callbacks
        self.refCon = refCon
    }

    deinit {
        if let refCon { callbacks.dealloc(refCon) }
    }

    /// Each glyph's width, ascent and descent, as the callbacks answer them (0 without a
    /// reference value; negative and non-finite answers are 0).
    var metrics: (width: CGFloat, ascent: CGFloat, descent: CGFloat) {
        guard let refCon else { return (0, 0, 0) }
        func length(_ value: CGFloat) -> CGFloat { value.isFinite ? min(max(value, 0), 1_000_000) : 0 }
        return (length(callbacks.getWidth(refCon)), length(callbacks.getAscent(refCon)), length(callbacks.getDescent(refCon)))
    }
}

/// A run delegate with `callbacks` and the reference value `refCon` they are called with
/// (Core Text's `CTRunDelegateCreate`); nil for a version other than
/// ``kCTRunDelegateVersion1``.
@discardableResult
public func CTRunDelegateCreate(_ callbacks: UnsafePointer<CTRunDelegateCallbacks>, _ refCon: UnsafeMutableRawPointer?) -> CTRunDelegate? {
    guard callbacks.pointee.version == kCTRunDelegateVersion1 else { return nil }
    return CTRunDelegate(callbacks.pointee, refCon: refCon)
}

/// The reference value the delegate was made with (Core Text's `CTRunDelegateGetRefCon`); for
/// a delegate made with nil, a pointer to one byte that means nothing (Apple's is null).
@discardableResult
public func CTRunDelegateGetRefCon(_ runDelegate: CTRunDelegate) -> UnsafeMutableRawPointer {
    runDelegate.refCon ?? CTRunDelegate.noReferenceValue
}
