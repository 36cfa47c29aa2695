// Lamina's CoreText: Apple's Core Text API for Linux, laid out by Pango and HarfBuzz with
// fonts from fontconfig, drawn with cairo into CoreGraphics contexts.
//
// Re-exporting CoreGraphics (which re-exports Foundation) makes `import CoreText` bring in
// CGFloat, CGContext, CGPath and NSAttributedString, as on Apple platforms.

@_exported import CoreGraphics
