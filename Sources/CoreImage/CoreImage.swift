// Lamina's CoreImage: the part of Apple's Core Image API that layers use — `CIFilter`s
// with Apple's names and input keys, given to `CALayer.filters`, `backgroundFilters` and
// `compositingFilter`, and the `CIVector` and `CIColor` values of their inputs.
//
// Lamina does not process `CIImage`s: a filter here describes an effect the layer
// renderer applies to layer pixels. Re-exporting CoreGraphics (which re-exports
// Foundation) makes `import CoreImage` bring in CGFloat and CGRect, as on Apple platforms.

@_exported import CoreGraphics
