/// Core Foundation's option bits (Apple's `CFOptionFlags`), as the unsigned integer it is.
/// swift-corelibs-foundation does not export the name, so Lamina declares it.
public typealias CFOptionFlags = UInt
