import Foundation

// Core Foundation's boolean constants. On Apple platforms they are `CFBoolean` objects,
// toll-free bridged to `NSNumber`; swift-corelibs-foundation does not export them, so
// Lamina declares them as the `NSNumber`s they bridge to. Key-value coding
// (`layer.setValue(kCFBooleanTrue, forKey: "x")`) stores them, `as? Bool` reads them
// back as `true`/`false`, and a `Bool` property set through key-value coding accepts them.

/// The boolean true value: an `NSNumber` whose `boolValue` is `true`.
public let kCFBooleanTrue: NSNumber = NSNumber(value: true)

/// The boolean false value: an `NSNumber` whose `boolValue` is `false`.
public let kCFBooleanFalse: NSNumber = NSNumber(value: false)
