import CoreGraphics

/// The type of a colour literal where the code names no type (`let tint = #colorLiteral(…)`):
/// `CGColor`, the colour Lamina's layers take. UIKit and AppKit, which `import QuartzCore`
/// stands for on Linux, make it `UIColor` or `NSColor`; code that reads such a colour's
/// `cgColor` is written by `lamina-port` to use the `CGColor` itself.
public typealias _ColorLiteralType = CGColor
