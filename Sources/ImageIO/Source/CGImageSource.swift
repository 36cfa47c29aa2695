import Foundation
import Synchronization

/// An image source: reads images and their properties from data or a file, as Apple's
/// `CGImageSource`. Thread-safe.
///
/// Lamina decodes PNG (every colour type and bit depth, interlaced or not, through cairo) and
/// GIF (every frame, composed on the logical screen with the disposal each frame asks, as
/// Apple's image sources return animation frames), and baseline, extended sequential and
/// progressive JPEG (gray, YCbCr with any chroma subsampling, Adobe RGB; chroma interpolated
/// between its samples;
/// the EXIF orientation reported, not applied, as Apple's images are returned as stored).
/// Pixels are taken as sRGB (a PNG's `iCCP`, `gAMA` and `cHRM` chunks and a JPEG's embedded
/// profile are not applied). Arithmetic-coded, 12-bit and CMYK JPEG are refused
/// with the reason; TIFF, BMP, WebP, HEIC and ICO
/// data are recognised by their signatures — ``CGImageSourceGetType(_:)`` names them — but not
/// decoded: their status is ``CGImageSourceStatus/statusUnknownType`` and creating an image
/// returns `nil` with a diagnostic on standard error saying so.
public final class CGImageSource: Sendable {
    private struct State {
        var data: Data
        var isFinal: Bool
        /// Decoded images by index (kept unless the options say not to).
        var cached: [Int: CGImage] = [:]
        /// A GIF's screen as far as it was drawn (the next frame continues from it).
        var gif: GIFDecoder?
        /// What the data is, read once for all the calls that ask.
        var contents: Contents?
    }

    private let state: Mutex<State>
    private let options: SourceOptions

    init(data: Data, isFinal: Bool, options: [CFString: Any]?) {
        state = Mutex(State(data: data, isFinal: isFinal))
        self.options = SourceOptions(options)
    }

    /// The data so far and whether it is all.
    private var snapshot: (data: Data, isFinal: Bool) {
        state.withLock { ($0.data, $0.isFinal) }
    }

    /// What the data so far is (read the first time it is asked, again after new data).
    private var contents: Contents {
        state.withLock { state in
            if let contents = state.contents { return contents }
            let contents = Contents(state.data)
            state.contents = contents
            return contents
        }
    }

    /// What the data is, read as far as it goes.
    private enum Contents: Sendable {
        case png(PNGFile)
        case gif(GIFFile)
        case jpeg(JPEGFile)
        case undecodable(ImageFormat)
        case unknown

        init(_ data: Data) {
            switch ImageFormat(signatureOf: data) {
            case .png: self = .png(PNGFile(data))
            case .gif: self = .gif(GIFFile(data))
            case .jpeg: self = .jpeg(JPEGFile(data))
            case let format?: self = .undecodable(format)
            case nil: self = .unknown
            }
        }

        var completeness: DataCompleteness? {
            switch self {
            case .png(let file): file.completeness
            case .gif(let file): file.completeness
            case .jpeg(let file): file.completeness
            case .undecodable, .unknown: nil
            }
        }
    }

    /// The format of the data: from its signature, else from the type hint.
    var format: ImageFormat? {
        ImageFormat(signatureOf: snapshot.data) ?? options.typeHint.flatMap { ImageFormat(typeIdentifier: $0) }
    }

    var status: CGImageSourceStatus {
        let (data, isFinal) = snapshot
        // Too short to tell yet: reading the header while it may still become an image.
        if !isFinal, data.count < PNGFile.signature.count, ImageFormat(signatureOf: data) == nil {
            let couldBe = data.isEmpty || PNGFile.signature.starts(with: data) || Array("GIF89a".utf8).starts(with: data)
                || Array("GIF87a".utf8).starts(with: data)
            return couldBe ? .statusReadingHeader : .statusUnknownType
        }
        switch contents.completeness {
        case nil: return .statusUnknownType
        case .complete: return .statusComplete
        case .invalid: return .statusInvalidData
        case .truncated(let headerRead):
            if isFinal { return .statusUnexpectedEOF }
            return headerRead ? .statusIncomplete : .statusReadingHeader
        }
    }

    /// The number of images: 1 for PNG data whose header is read, a GIF's complete frames,
    /// 0 otherwise.
    var count: Int {
        switch contents {
        case .png(let file): file.header == nil ? 0 : 1
        case .gif(let file): file.frames.count
        case .jpeg(let file): file.header == nil && file.refusal == nil ? 0 : 1
        case .undecodable, .unknown: 0
        }
    }

    func setData(_ data: Data, isFinal: Bool) {
        state.withLock {
            guard !$0.isFinal else { return }
            $0.data = data
            $0.isFinal = isFinal
            $0.cached = [:]
            $0.gif = nil
            $0.contents = nil
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

    /// The decoded full-size image at `index`, kept when `caching`.
    func decodedImage(at index: Int, caching: Bool, function: String) -> CGImage? {
        if let cached = state.withLock({ $0.cached[index] }) { return cached }
        let (data, isFinal) = snapshot
        let image: CGImage?
        switch contents {
        case .unknown:
            Diagnostics.log("\(function): the data (\(data.count) bytes) is not an image format Lamina recognises")
            return nil
        case .undecodable(let format):
            Diagnostics.log("\(function): \(format.undecodableAdvice)")
            return nil
        case .png(let file):
            if case .invalid(let reason) = file.completeness {
                Diagnostics.log("\(function): the PNG data is invalid: \(reason)")
                return nil
            }
            if case .truncated = file.completeness {
                Diagnostics.log(
                    "\(function): the PNG data ends before the image does (\(data.count) bytes\(isFinal ? "" : " so far; more are expected"))")
                return nil
            }
            guard index == 0, file.header != nil else { return noImage(at: index, count: count, function: function) }
            do {
                image = try CGImage(pngData: data)
            } catch {
                Diagnostics.log("\(function): the PNG data could not be decoded: \(error)")
                return nil
            }
        case .jpeg(let file):
            if let refusal = file.refusal {
                Diagnostics.log("\(function): \(refusal); convert the image to PNG")
                return nil
            }
            guard index == 0, file.header != nil else {
                if case .invalid(let reason) = file.completeness {
                    Diagnostics.log("\(function): the JPEG data is invalid: \(reason)")
                    return nil
                }
                return noImage(at: index, count: count, function: function)
            }
            switch JPEGDecoder.decode(data) {
            case .success(let decoded):
                image = Self.image(bgra: decoded.pixels, width: decoded.header.width, height: decoded.header.height, function: function)
            case .failure(let error):
                Diagnostics.log("\(function): the JPEG data could not be decoded: \(error.reason)")
                return nil
            }
        case .gif(let file):
            if case .invalid(let reason) = file.completeness {
                Diagnostics.log("\(function): the GIF data is invalid: \(reason)")
                return nil
            }
            guard (0..<file.frames.count).contains(index) else {
                return noImage(at: index, count: file.frames.count, function: function)
            }
            image = gifFrame(index, of: file, function: function)
        }
        if caching, let image { state.withLock { $0.cached[index] = image } }
        return image
    }

    /// The most pixels a GIF's screen or one of its frames may have (256 MB of pixels).
    static let largestGIFArea = 1 << 26

    /// The GIF's screen after frame `index`, drawn on from where the last request left it.
    private func gifFrame(_ index: Int, of file: GIFFile, function: String) -> CGImage? {
        let largestFrame = file.frames[0...index].map { $0.width * $0.height }.max() ?? 0
        guard (try? CGImage.validate(width: file.width, height: file.height)) != nil,
            file.width * file.height <= Self.largestGIFArea, largestFrame <= Self.largestGIFArea
        else {
            Diagnostics.log(
                "\(function): the GIF's \(file.width)×\(file.height) screen or one of its frames is larger than Lamina decodes (\(Self.largestGIFArea) pixels)")
            return nil
        }
        let drawn: Result<[UInt8], GIFDecoder.DecodeError> = state.withLock {
            var decoder = $0.gif ?? GIFDecoder(file)
            let result = decoder.advance(to: index).map { decoder.canvas }
            $0.gif = decoder
            return result
        }
        switch drawn {
        case .success(let pixels): return Self.image(bgra: pixels, width: file.width, height: file.height, function: function)
        case .failure(let error):
            state.withLock { $0.gif = nil }
            Diagnostics.log("\(function): frame \(index) of the GIF data could not be decoded: \(error.reason)")
            return nil
        }
    }

    /// An image of premultiplied BGRA `pixels`; nil (with a diagnostic) when its memory cannot be had.
    private static func image(bgra pixels: [UInt8], width: Int, height: Int, function: String) -> CGImage? {
        guard (try? CGImage.validate(width: width, height: height)) != nil,
            let storage = try? CGImage.allocate(width: width, height: height)
        else {
            Diagnostics.log("\(function): no memory for a \(width)×\(height) image")
            return nil
        }
        pixels.withUnsafeBytes { storage.base.copyMemory(from: $0.baseAddress!, byteCount: min($0.count, storage.count)) }
        return CGImage(validatedWidth: width, height: height, storage: storage)
    }

    private func noImage(at index: Int, count: Int, function: String) -> CGImage? {
        Diagnostics.log("\(function): index \(index) is beyond the source's \(count) image(s)")
        return nil
    }

    /// The properties of the image at `index`.
    func properties(at index: Int) -> [CFString: Any]? {
        switch contents {
        case .png(let file): pngProperties(file, at: index)
        case .gif(let file): gifProperties(file, at: index)
        case .jpeg(let file): jpegProperties(file, at: index)
        case .undecodable, .unknown: nil
        }
    }

    private func pngProperties(_ file: PNGFile, at index: Int) -> [CFString: Any]? {
        guard index == 0, let header = file.header else { return nil }
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

    private func jpegProperties(_ file: JPEGFile, at index: Int) -> [CFString: Any]? {
        guard index == 0, let header = file.header else { return nil }
        var properties: [CFString: Any] = [
            kCGImagePropertyPixelWidth: NSNumber(value: header.width),
            kCGImagePropertyPixelHeight: NSNumber(value: header.height),
            kCGImagePropertyDepth: NSNumber(value: 8),
            kCGImagePropertyHasAlpha: NSNumber(value: false),
            kCGImagePropertyColorModel: header.components == 1 ? kCGImagePropertyColorModelGray : kCGImagePropertyColorModelRGB,
            kCGImagePropertyOrientation: NSNumber(value: header.orientation),
        ]
        if let dpi = header.dotsPerInch {
            properties[kCGImagePropertyDPIWidth] = NSNumber(value: dpi.x)
            properties[kCGImagePropertyDPIHeight] = NSNumber(value: dpi.y)
        }
        return properties
    }

    private func gifProperties(_ file: GIFFile, at index: Int) -> [CFString: Any]? {
        guard (0..<file.frames.count).contains(index) else { return nil }
        let frame = file.frames[index]
        let delay = Double(frame.delay) / 100
        return [
            kCGImagePropertyPixelWidth: NSNumber(value: file.width),
            kCGImagePropertyPixelHeight: NSNumber(value: file.height),
            kCGImagePropertyDepth: NSNumber(value: 8),
            kCGImagePropertyHasAlpha: NSNumber(value: frame.transparentIndex != nil),
            kCGImagePropertyColorModel: kCGImagePropertyColorModelRGB,
            kCGImagePropertyOrientation: NSNumber(value: 1),
            kCGImagePropertyGIFDictionary: [
                kCGImagePropertyGIFDelayTime: NSNumber(value: GIFTiming.clampedDelay(delay)),
                kCGImagePropertyGIFUnclampedDelayTime: NSNumber(value: delay),
            ] as [CFString: Any],
        ]
    }

    /// The properties of the whole source: its file size, and a GIF's loop count.
    func sourceProperties() -> [CFString: Any] {
        let data = snapshot.data
        var properties: [CFString: Any] = [kCGImagePropertyFileSize: NSNumber(value: data.count)]
        if case .gif(let file) = contents {
            var gif: [CFString: Any] = [kCGImagePropertyGIFHasGlobalColorMap: NSNumber(value: file.hasGlobalColorTable)]
            if let loops = file.loopCount { gif[kCGImagePropertyGIFLoopCount] = NSNumber(value: loops) }
            properties[kCGImagePropertyGIFDictionary] = gif
        }
        return properties
    }
}

/// How GIF frame delays are read.
enum GIFTiming {
    /// The delay Apple's `kCGImagePropertyGIFDelayTime` gives: clamped at the low end, where
    /// the unclamped one is not. Lamina reads delays under 0.011 s (0 and 1 hundredth, which
    /// files use to mean "as fast as possible") as 0.1 s, as web browsers do.
    static func clampedDelay(_ seconds: Double) -> Double {
        seconds < 0.011 ? 0.1 : seconds
    }
}
