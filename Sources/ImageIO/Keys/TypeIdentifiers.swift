// Uniform type identifiers of image formats, with the names Apple's CoreServices
// (`MobileCoreServices` on iOS) gives them and their values. Lamina's ImageIO declares them,
// so `CGImageDestinationCreateWithURL(url, kUTTypePNG, 1, nil)` compiles with `import ImageIO`.

/// Any image (`public.image`).
public let kUTTypeImage: CFString = "public.image"
/// PNG (`public.png`): read and written.
public let kUTTypePNG: CFString = "public.png"
/// JPEG (`public.jpeg`): read (baseline and extended sequential).
public let kUTTypeJPEG: CFString = "public.jpeg"
/// GIF (`com.compuserve.gif`): read (every frame).
public let kUTTypeGIF: CFString = "com.compuserve.gif"
/// TIFF (`public.tiff`): recognised, not decoded.
public let kUTTypeTIFF: CFString = "public.tiff"
/// BMP (`com.microsoft.bmp`): recognised, not decoded.
public let kUTTypeBMP: CFString = "com.microsoft.bmp"
/// ICO (`com.microsoft.ico`): recognised, not decoded.
public let kUTTypeICO: CFString = "com.microsoft.ico"
