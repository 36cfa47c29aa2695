// The keys of the options image sources take, with Apple's values.

/// A hint of the data's type (a type identifier); Lamina tells the type from the data's
/// signature and uses the hint only when the signature names none.
public let kCGImageSourceTypeIdentifierHint: CFString = "kCGImageSourceTypeIdentifierHint"
/// Whether the decoded image is kept for the next request (a boolean; default true).
public let kCGImageSourceShouldCache: CFString = "kCGImageSourceShouldCache"
/// Whether the image is decoded when it is created rather than when first drawn (a boolean;
/// default false). Lamina always decodes at creation.
public let kCGImageSourceShouldCacheImmediately: CFString = "kCGImageSourceShouldCacheImmediately"
/// Whether floating-point images may be returned (a boolean; default false). Recorded and
/// ignored: Lamina's images are 8 bits a component.
public let kCGImageSourceShouldAllowFloat: CFString = "kCGImageSourceShouldAllowFloat"
/// Whether a thumbnail is made from the full image when the file has none (a boolean;
/// default false). PNG files carry none.
public let kCGImageSourceCreateThumbnailFromImageIfAbsent: CFString = "kCGImageSourceCreateThumbnailFromImageIfAbsent"
/// Whether a thumbnail is always made from the full image, even when the file has one
/// (a boolean; default false).
public let kCGImageSourceCreateThumbnailFromImageAlways: CFString = "kCGImageSourceCreateThumbnailFromImageAlways"
/// The largest width and height of a thumbnail in pixels (a number); without it, a
/// thumbnail has the image's size.
public let kCGImageSourceThumbnailMaxPixelSize: CFString = "kCGImageSourceThumbnailMaxPixelSize"
/// Whether a thumbnail is turned and mirrored upright from the image's EXIF orientation
/// (a boolean; default false). Pixels are square in every format Lamina reads.
public let kCGImageSourceCreateThumbnailWithTransform: CFString = "kCGImageSourceCreateThumbnailWithTransform"
/// The factor images are scaled down by (a number: 2, 4 or 8; other values are ignored, as
/// Apple gives the full-size image for a factor it does not support). Each side becomes
/// the full side divided by the factor, rounded up.
public let kCGImageSourceSubsampleFactor: CFString = "kCGImageSourceSubsampleFactor"

// The keys of the options and properties image destinations take, with Apple's values.

/// The quality of lossy compression, 0…1 (a number): JPEG's quantization, coarsest at 0, all
/// ones at 1; default 0.75. PNG is lossless: ignored.
public let kCGImageDestinationLossyCompressionQuality: CFString = "kCGImageDestinationLossyCompressionQuality"
/// The colour images with alpha are composited over when the format has no alpha (a
/// `CGColor`): JPEG's, black by default. PNG keeps alpha: ignored.
public let kCGImageDestinationBackgroundColor: CFString = "kCGImageDestinationBackgroundColor"
/// The largest width and height of the written image in pixels (a number): larger images
/// are scaled down to fit, keeping their aspect ratio.
public let kCGImageDestinationImageMaxPixelSize: CFString = "kCGImageDestinationImageMaxPixelSize"
