import Foundation

/// A Core Foundation number (Apple's `CFNumber`), as the `NSNumber` it is toll-free bridged
/// to: `value as? CFNumber` reads a number a dictionary holds. swift-corelibs-foundation does
/// not export the name, so Lamina declares it.
public typealias CFNumber = NSNumber

/// A Core Foundation boolean (Apple's `CFBoolean`, the type of `kCFBooleanTrue`), as the
/// `NSNumber` it is bridged to.
public typealias CFBoolean = NSNumber
