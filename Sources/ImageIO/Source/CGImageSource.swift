import Foundation
import Synchronization

/// An image source: reads images and their properties from data or a file, as Apple's
/// `CGImageSource`. Thread-safe.
///
/// Lamina decodes PNG (every colour type and bit depth, interlaced or not, through cairo);
/// the pixels are taken as sRGB (a file's `iCCP`, `gAMA` and `cHRM` chunks are reported, not
/// applied). JPEG, GIF, TIFF, BMP, WebP, HEIC and ICO data are recognised by their signatures
/// — ``CGImageSourceGetType(_:)`` names them — but not decoded: their status is
/// ``CGImageSourceStatus/statusUnknownType`` and creating an image returns `nil` with a
/// diagnostic on standard error saying so.
public final class CGImageSource: Sendable {
    private struct State {
        var data: Data
        var isFinal: Bool
        var cached: CGImage?
    }

    private let state: Mutex<State>
    private let options: SourceOptions

    init(data: Data, isFinal: Bool, options: [CFString: Any]?) {
        state = Mutex(State(data: data, isFinal: isFinal))
        self.options = SourceOptions(options)
    }

    /// The data so far, whether it is all, and the format its signature names.
    private var snapshot: (data: Data, isFinal: Bool) {
        state.withLock { ($0.data, $0.isFinal) }
    }

    /// The format of the data: from its signature, else from the type hint.
    var format: ImageFormat? {
        ImageFormat(signatureOf: snapshot.data) ?? options.typeHint.flatMap { ImageFormat(typeIdentifier: $0) }
    }

    var status: CGImageSourceStatus {
        let (data, isFinal) = snapshot
        guard data.count >= PNGFile.signature.count || isFinal else {
            return data.isEmpty || PNGFile.signature.starts(with: data) ? .statusReadingHeader : .statusUnknownType
        }
        guard let format = ImageFormat(signatureOf: data) else { return .statusUnknownType }
        guard format == .png else { return .statusUnknownType }
        switch PNGFile(data).completeness {
        case .complete: return .statusComplete
        case .invalid: return .statusInvalidData
        case .truncated(let headerRead):
            if isFinal { return .statusUnexpectedEOF }
            return headerRead ? .statusIncomplete : .statusReadingHeader
        }
    }

    /// The number of images: 1 for complete PNG data, 0 otherwise.
    var count: Int {
        let data = snapshot.data
        guard ImageFormat(signatureOf: data) == .png, PNGFile(data).header != nil else { return 0 }
        return 1
    }

    func setData(_ data: Data, isFinal: Bool) {
        state.withLock {
            guard !$0.isFinal else { return }
            $0.data = data
            $0.isFinal = isFinal
            $0.cached = nil
        }
    }

    /// The image at `index`, scaled down by the subsample factor; nil (with a diagnostic
    /// naming why) when there is none.
    func image(at index: Int, options callOptions: [CFString: Any]?, function: String) -> CGImage? {
        let merged = options.merging(callOptions)
        guard let full = decodedImage(at: index, caching: merged.shouldCache, function: function) else { return nil }
        guard let factor = merged.subsampleFactor else { return full }
        let width = (full.width + factor - 1) / factor, height = (full.height + factor - 1) / factor
        return ImageScaling.scaled(full, toWidth: width, height: height)
    }

    /// The decoded full-size image, kept when `caching`.
    func decodedImage(at index: Int, caching: Bool, function: String) -> CGImage? {
        if let cached = state.withLock({ $0.cached }), index == 0 { return cached }
        let (data, isFinal) = snapshot
        guard index == 0 else {
            Diagnostics.log("\(function): index \(index) is beyond the source's \(count) image(s)")
            return nil
        }
        guard let format = ImageFormat(signatureOf: data) else {
            Diagnostics.log("\(function): the data (\(data.count) bytes) is not an image format Lamina recognises")
            return nil
        }
        guard format == .png else {
            Diagnostics.log("\(function): \(format.unsupportedAdvice)")
            return nil
        }
        let file = PNGFile(data)
        switch file.completeness {
        case .complete: break
        case .invalid(let reason):
            Diagnostics.log("\(function): the PNG data is invalid: \(reason)")
            return nil
        case .truncated:
            Diagnostics.log(
                "\(function): the PNG data ends before the image does (\(data.count) bytes\(isFinal ? "" : " so far; more are expected"))")
            return nil
        }
        let image: CGImage
        do {
            image = try CGImage(pngData: data)
        } catch {
            Diagnostics.log("\(function): the PNG data could not be decoded: \(error)")
            return nil
        }
        if caching { state.withLock { $0.cached = image } }
        return image
    }

    /// The properties of the image at `index`.
    func properties(at index: Int) -> [CFString: Any]? {
        let data = snapshot.data
        guard index == 0, ImageFormat(signatureOf: data) == .png else { return nil }
        let file = PNGFile(data)
        guard let header = file.header else { return nil }
        var png: [CFString: Any] = [kCGImagePropertyPNGInterlaceType: NSNumber(value: header.isInterlaced ? 1 : 0)]
        var properties: [CFString: Any] = [
            kCGImagePropertyPixelWidth: NSNumber(value: header.width),
            kCGImagePropertyPixelHeight: NSNumber(value: header.height),
            kCGImagePropertyDepth: NSNumber(value: header.bitDepth),
            kCGImagePropertyHasAlpha: NSNumber(value: file.hasAlpha),
            kCGImagePropertyColorModel: header.colorType == 0 || header.colorType == 4
                ? kCGImagePropertyColorModelGray : kCGImagePropertyColorModelRGB,
            kCGImagePropertyOrientation: NSNumber(value: 1),
        ]
        if file.namesSRGB { properties[kCGImagePropertyProfileName] = "sRGB IEC61966-2.1" }
        if let gamma = file.gamma { png[kCGImagePropertyPNGGamma] = NSNumber(value: gamma) }
        if let ppm = file.pixelsPerMetre {
            png[kCGImagePropertyPNGXPixelsPerMeter] = NSNumber(value: ppm.x)
            png[kCGImagePropertyPNGYPixelsPerMeter] = NSNumber(value: ppm.y)
            // Dots per inch, as Apple reports them: pixels per metre × 0.0254, whole.
            properties[kCGImagePropertyDPIWidth] = NSNumber(value: Int((Double(ppm.x) * 0.0254).rounded()))
            properties[kCGImagePropertyDPIHeight] = NSNumber(value: Int((Double(ppm.y) * 0.0254).rounded()))
        }
        properties[kCGImagePropertyPNGDictionary] = png
        return properties
    }

    /// The properties of the whole source: its file size.
    func sourceProperties() -> [CFString: Any] {
        [kCGImagePropertyFileSize: NSNumber(value: snapshot.data.count)]
    }
}
