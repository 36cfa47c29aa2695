// Lamina's CoreGraphics: Apple's CoreGraphics API for Linux, drawn with cairo.
//
// Foundation on Linux already defines `CGFloat`, `CGPoint`, `CGSize` and `CGRect`;
// re-exporting it makes `import CoreGraphics` bring them in, as on Apple platforms.

@_exported import Foundation
