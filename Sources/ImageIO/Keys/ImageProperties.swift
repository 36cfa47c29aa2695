// The keys of the properties `CGImageSourceCopyPropertiesAtIndex` and
// `CGImageSourceCopyProperties` return, with Apple's values. Numbers are
// `NSNumber`s (`props[kCGImagePropertyPixelWidth] as? Int`).

/// The image's width in pixels (a number).
public let kCGImagePropertyPixelWidth: CFString = "PixelWidth"
/// The image's height in pixels (a number).
public let kCGImagePropertyPixelHeight: CFString = "PixelHeight"
/// The bits per component of the stored pixels (a number: 1, 2, 4, 8 or 16 for PNG).
public let kCGImagePropertyDepth: CFString = "Depth"
/// Whether the image has an alpha channel or transparency (a boolean number).
public let kCGImagePropertyHasAlpha: CFString = "HasAlpha"
/// The colour model of the stored pixels: ``kCGImagePropertyColorModelRGB`` or
/// ``kCGImagePropertyColorModelGray``.
public let kCGImagePropertyColorModel: CFString = "ColorModel"
/// The colour model of RGB and palette images.
public let kCGImagePropertyColorModelRGB: CFString = "RGB"
/// The colour model of gray images.
public let kCGImagePropertyColorModelGray: CFString = "Gray"
/// The name of the image's colour profile (`"sRGB IEC61966-2.1"` where the file names sRGB).
public let kCGImagePropertyProfileName: CFString = "ProfileName"
/// The horizontal resolution in dots per inch, where the file gives one (a number).
public let kCGImagePropertyDPIWidth: CFString = "DPIWidth"
/// The vertical resolution in dots per inch, where the file gives one (a number).
public let kCGImagePropertyDPIHeight: CFString = "DPIHeight"
/// The image's orientation (1: upright; PNG files here are always 1).
public let kCGImagePropertyOrientation: CFString = "Orientation"
/// The size of the whole file in bytes (a number; a property of the source).
public let kCGImagePropertyFileSize: CFString = "FileSize"
/// The PNG-specific properties (a dictionary with the keys below).
public let kCGImagePropertyPNGDictionary: CFString = "{PNG}"
/// In the PNG dictionary: the interlace type (0 none, 1 Adam7).
public let kCGImagePropertyPNGInterlaceType: CFString = "InterlaceType"
/// In the PNG dictionary: the file's gamma (`gAMA`), where it gives one.
public let kCGImagePropertyPNGGamma: CFString = "Gamma"
/// In the PNG dictionary: the horizontal pixels per metre (`pHYs`), where the file gives them.
public let kCGImagePropertyPNGXPixelsPerMeter: CFString = "XPixelsPerMeter"
/// In the PNG dictionary: the vertical pixels per metre (`pHYs`), where the file gives them.
public let kCGImagePropertyPNGYPixelsPerMeter: CFString = "YPixelsPerMeter"
/// In the PNG dictionary: the sRGB rendering intent (`sRGB`), where the file names one.
public let kCGImagePropertyPNGsRGBIntent: CFString = "sRGBIntent"
/// The GIF-specific properties (a dictionary): of an image, its delay times; of the source,
/// its loop count and whether it has a global colour table.
public let kCGImagePropertyGIFDictionary: CFString = "{GIF}"
/// In the GIF dictionary of an image: seconds before the next frame, clamped at the low end
/// (below 0.011 s reads 0.1 s).
public let kCGImagePropertyGIFDelayTime: CFString = "DelayTime"
/// In the GIF dictionary of an image: seconds before the next frame, as the file gives them.
public let kCGImagePropertyGIFUnclampedDelayTime: CFString = "UnclampedDelayTime"
/// In the GIF dictionary of the source: how many times the animation repeats (0: for ever),
/// where the file says.
public let kCGImagePropertyGIFLoopCount: CFString = "LoopCount"
/// In the GIF dictionary of the source: whether the file has a global colour table.
public let kCGImagePropertyGIFHasGlobalColorMap: CFString = "HasGlobalColorMap"
