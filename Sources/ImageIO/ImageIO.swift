// Lamina's ImageIO: Apple's image sources and destinations for Linux — PNG read and written
// through cairo, GIF animations and JPEG read, other formats recognised by their signatures and reported.
//
// Re-exporting CoreGraphics (which re-exports Foundation) makes `import ImageIO` bring in
// CGImage, CGColorSpace and Data, as on Apple platforms.

@_exported import CoreGraphics
