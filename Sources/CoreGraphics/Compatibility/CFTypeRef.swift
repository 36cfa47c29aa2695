/// Any Core Foundation object (Apple's `CFTypeRef`), as an `AnyObject`.
///
/// Apple code writes `textLayer.font = "Helvetica" as CFTypeRef` or stores a `CGColor` as a
/// `CFTypeRef`; swift-corelibs-foundation does not export the name, so Lamina declares it.
public typealias CFTypeRef = AnyObject
