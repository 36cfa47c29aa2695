import Foundation

/// A Core Foundation error (Apple's `CFError`), as Foundation's `NSError`.
///
/// Apple functions report failures through an `UnsafeMutablePointer<Unmanaged<CFError>?>`
/// (`CTFontManagerRegisterFontsForURL(url, .process, &error)`); the caller takes the error
/// with `takeRetainedValue()` and reads its `domain`, `code` and `localizedDescription`.
/// swift-corelibs-foundation does not export the name, so Lamina declares it.
public typealias CFError = NSError

/// A Core Foundation URL (Apple's `CFURL`), as Foundation's `URL`, so `url as CFURL` compiles
/// and costs nothing.
public typealias CFURL = URL
