// Lamina's QuartzCore: Apple's Core Animation API for Linux, composited on the CPU.
//
// Re-exporting CoreGraphics (which re-exports Foundation) makes `import QuartzCore`
// bring in CGFloat, CGRect, CGColor, CGImage and CGAffineTransform, as on Apple platforms.

@_exported import CoreGraphics
// As on macOS, `import QuartzCore` also brings Core Image's `CIFilter` (for `filters`).
@_exported import CoreImage
// Text layers take Core Text fonts (`CTFont`) and attributed strings with Core Text's keys:
// `import QuartzCore` brings Core Text's names too, as the QuartzCore code Lamina was first
// written against expected.
@_exported import CoreText
