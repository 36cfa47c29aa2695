import Foundation

/// Creates a destination that writes `count` images of type `type` to the file at `url` when
/// finalized (replacing it atomically). Returns `nil`, with a diagnostic, for a type Lamina
/// does not write (it writes `"public.png"` and `"public.jpeg"`) or a count other than 1 (a
/// PNG or JPEG file holds one image).
@discardableResult
public func CGImageDestinationCreateWithURL(
    _ url: CFURL, _ type: CFString, _ count: Int, _ options: [CFString: Any]?
) -> CGImageDestination? {
    guard let format = checkDestination(type: type, count: count, function: "CGImageDestinationCreateWithURL") else {
        return nil
    }
    return CGImageDestination(target: .file(url), format: format, capacity: count, options: options)
}

/// Creates a destination that writes `count` images of type `type` into `data` when finalized
/// (Apple's takes a `CFMutableData`; Lamina takes `NSMutableData`). Returns `nil` as
/// ``CGImageDestinationCreateWithURL(_:_:_:_:)`` does.
@discardableResult
public func CGImageDestinationCreateWithData(
    _ data: NSMutableData, _ type: CFString, _ count: Int, _ options: [CFString: Any]?
) -> CGImageDestination? {
    guard let format = checkDestination(type: type, count: count, function: "CGImageDestinationCreateWithData") else {
        return nil
    }
    return CGImageDestination(target: .data(SendableMutableData(data: data)), format: format, capacity: count, options: options)
}

/// The format a destination of `type` writes, or nil (with a diagnostic) for one Lamina does not.
private func checkDestination(type: CFString, count: Int, function: String) -> ImageFormat? {
    guard let format = ImageFormat(typeIdentifier: type) else {
        Diagnostics.log("\(function): '\(type)' is not an image type Lamina knows; Lamina writes public.png and public.jpeg")
        return nil
    }
    guard ImageFormat.encodable.contains(format) else {
        Diagnostics.log("\(function): \(format.unencodableAdvice)")
        return nil
    }
    guard count == 1 else {
        Diagnostics.log("\(function): a \(format == .png ? "PNG" : "JPEG") file holds one image, not \(count)")
        return nil
    }
    return format
}

/// Adds `image` to the destination; `properties` may set
/// ``kCGImageDestinationImageMaxPixelSize``, ``kCGImageDestinationLossyCompressionQuality``
/// and ``kCGImageDestinationBackgroundColor``. An image beyond the count the destination was
/// made for, or after it was finalized, is not added (a diagnostic says so).
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: [CFString: Any]?) {
    idst.add(image, properties: properties, function: "CGImageDestinationAddImage")
}

/// Adds the image at `index` of `isrc` to the destination; nothing (with a diagnostic) when
/// the source has no image there.
public func CGImageDestinationAddImageFromSource(
    _ idst: CGImageDestination, _ isrc: CGImageSource, _ index: Int, _ properties: [CFString: Any]?
) {
    let function = "CGImageDestinationAddImageFromSource"
    guard let image = isrc.image(at: index, options: nil, function: function) else { return }
    idst.add(image, properties: properties, function: function)
}

/// Sets properties for the whole destination: ``kCGImageDestinationImageMaxPixelSize``,
/// ``kCGImageDestinationLossyCompressionQuality`` and ``kCGImageDestinationBackgroundColor``.
public func CGImageDestinationSetProperties(_ idst: CGImageDestination, _ properties: [CFString: Any]?) {
    idst.setProperties(properties)
}

/// Writes the images: true when the file or data now holds them. False, with a diagnostic,
/// when fewer images were added than the destination was made for, when it was finalized
/// already, or when writing fails (the file is then left as it was).
@discardableResult
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool {
    idst.finalize()
}

/// The type identifiers of the formats image destinations write: `["public.png", "public.jpeg"]`.
@discardableResult
public func CGImageDestinationCopyTypeIdentifiers() -> [CFString] {
    ImageFormat.encodable.map(\.typeIdentifier)
}
