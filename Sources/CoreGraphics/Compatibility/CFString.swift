/// A Core Foundation string (Apple's `CFString`), as a Swift `String`.
///
/// Apple code spells font, colour-space and attribute names as `CFString`
/// (`"Helvetica" as CFString`, `kCTFontAttributeName as String`);
/// swift-corelibs-foundation does not export the name, so Lamina declares it. Being
/// `String`, both casts compile unchanged and cost nothing.
public typealias CFString = String
