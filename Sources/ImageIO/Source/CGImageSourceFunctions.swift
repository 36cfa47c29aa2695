import Foundation

/// Creates an image source that reads from `data` (Apple's takes a `CFData`). Returns a source
/// for any data — its status says whether it holds an image — as Apple's does.
@discardableResult
public func CGImageSourceCreateWithData(_ data: Data, _ options: [CFString: Any]?) -> CGImageSource? {
    CGImageSource(data: data, isFinal: true, options: options)
}

/// Creates an image source that reads from `data` (Apple's takes a `CFData`; Lamina takes
/// `NSData`, as `data as CFData` gives on Apple platforms).
@discardableResult
public func CGImageSourceCreateWithData(_ data: NSData, _ options: [CFString: Any]?) -> CGImageSource? {
    CGImageSource(data: Data(referencing: data), isFinal: true, options: options)
}

/// Creates an image source that reads the file at `url` (read whole when the source is
/// made). Returns `nil`, with a diagnostic naming the file and the reason, when the file
/// cannot be read.
@discardableResult
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: [CFString: Any]?) -> CGImageSource? {
    do {
        return CGImageSource(data: try Data(contentsOf: url), isFinal: true, options: options)
    } catch {
        Diagnostics.log("CGImageSourceCreateWithURL: cannot read '\(url.path)': \(error.localizedDescription)")
        return nil
    }
}

/// Creates an image source that reads the bytes of `provider`.
@discardableResult
public func CGImageSourceCreateWithDataProvider(_ provider: CGDataProvider, _ options: [CFString: Any]?) -> CGImageSource? {
    CGImageSource(data: provider.data ?? Data(), isFinal: true, options: options)
}

/// Creates an image source that is given its data as it arrives, with
/// ``CGImageSourceUpdateData(_:_:_:)``; until then its status is
/// ``CGImageSourceStatus/statusReadingHeader``.
@discardableResult
public func CGImageSourceCreateIncremental(_ options: [CFString: Any]?) -> CGImageSource {
    CGImageSource(data: Data(), isFinal: false, options: options)
}

/// Gives an incremental source all of its data so far (not just what is new); `final` says it
/// is all. A source whose data was final already keeps it.
public func CGImageSourceUpdateData(_ isrc: CGImageSource, _ data: Data, _ final: Bool) {
    isrc.setData(data, isFinal: final)
}

/// Gives an incremental source the bytes of `provider` so far; `final` says they are all.
public func CGImageSourceUpdateDataProvider(_ isrc: CGImageSource, _ provider: CGDataProvider, _ final: Bool) {
    isrc.setData(provider.data ?? Data(), isFinal: final)
}

/// The number of images in the source: 1 for PNG data whose header is read, else 0.
@discardableResult
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int {
    isrc.count
}

/// The index of the image a viewer shows first: always 0.
@discardableResult
public func CGImageSourceGetPrimaryImageIndex(_ isrc: CGImageSource) -> Int {
    0
}

/// The uniform type identifier of the source's data (`"public.png"`, `"public.jpeg"`, …),
/// from its signature — or from ``kCGImageSourceTypeIdentifierHint`` when the signature names
/// none — or `nil`.
@discardableResult
public func CGImageSourceGetType(_ isrc: CGImageSource) -> CFString? {
    isrc.format?.typeIdentifier
}

/// How far the source got reading its data.
@discardableResult
public func CGImageSourceGetStatus(_ isrc: CGImageSource) -> CGImageSourceStatus {
    isrc.status
}

/// How far the source got reading the image at `index` (the source's status for index 0,
/// ``CGImageSourceStatus/statusUnknownType`` for an index it has no image at).
@discardableResult
public func CGImageSourceGetStatusAtIndex(_ isrc: CGImageSource, _ index: Int) -> CGImageSourceStatus {
    index == 0 ? isrc.status : .statusUnknownType
}

/// Decodes the image at `index`. Returns `nil`, with a diagnostic saying why, when the data
/// holds no image there, is incomplete or invalid, or is in a format Lamina does not decode.
///
/// `options` may set ``kCGImageSourceShouldCache`` (keep the decoded image for the next call;
/// default true) and ``kCGImageSourceSubsampleFactor``.
@discardableResult
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: [CFString: Any]?) -> CGImage? {
    isrc.image(at: index, options: options, function: "CGImageSourceCreateImageAtIndex")
}

/// A thumbnail of the image at `index`. PNG files carry no thumbnail, so as on Apple platforms
/// one is made from the full image only with ``kCGImageSourceCreateThumbnailFromImageIfAbsent``
/// or ``kCGImageSourceCreateThumbnailFromImageAlways`` set; otherwise the result is `nil`. It
/// fits within ``kCGImageSourceThumbnailMaxPixelSize`` pixels on its longer side (never larger
/// than the image), keeping the aspect ratio. With ``kCGImageSourceCreateThumbnailWithTransform``
/// it is turned and mirrored upright from the image's EXIF orientation
/// (``kCGImagePropertyOrientation``), as Apple's is.
@discardableResult
public func CGImageSourceCreateThumbnailAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: [CFString: Any]?) -> CGImage? {
    let function = "CGImageSourceCreateThumbnailAtIndex"
    let settings = SourceOptions(options)
    guard settings.thumbnailFromImageIfAbsent || settings.thumbnailFromImageAlways else { return nil }
    guard var image = isrc.image(at: index, options: options, function: function) else { return nil }
    if settings.thumbnailWithTransform,
        let orientation = CGImageSourceCopyPropertiesAtIndex(isrc, index, nil)?[kCGImagePropertyOrientation] as? Int
    {
        guard let upright = ImageOrientation.upright(image, orientation: orientation) else { return nil }
        image = upright
    }
    guard let limit = settings.thumbnailMaxPixelSize else { return image }
    let size = ImageScaling.size(of: image, fittingIn: limit)
    return ImageScaling.scaled(image, toWidth: size.width, height: size.height)
}

/// The properties of the image at `index` — ``kCGImagePropertyPixelWidth``,
/// ``kCGImagePropertyPixelHeight``, ``kCGImagePropertyDepth``, ``kCGImagePropertyHasAlpha``,
/// ``kCGImagePropertyColorModel``, ``kCGImagePropertyOrientation``, resolution where the file
/// gives one, and the ``kCGImagePropertyPNGDictionary`` — read from the file's header without
/// decoding its pixels; `nil` when there is no image at `index` (Apple returns a `CFDictionary`).
@discardableResult
public func CGImageSourceCopyPropertiesAtIndex(
    _ isrc: CGImageSource, _ index: Int, _ options: [CFString: Any]?
) -> [CFString: Any]? {
    isrc.properties(at: index)
}

/// The properties of the source as a whole: ``kCGImagePropertyFileSize``.
@discardableResult
public func CGImageSourceCopyProperties(_ isrc: CGImageSource, _ options: [CFString: Any]?) -> [CFString: Any]? {
    isrc.sourceProperties()
}

/// The type identifiers of the formats image sources decode: `["public.png", "com.compuserve.gif"]`.
@discardableResult
public func CGImageSourceCopyTypeIdentifiers() -> [CFString] {
    ImageFormat.decodable.map(\.typeIdentifier)
}
