import Foundation
import Synchronization

/// An image destination: writes images to a file or data, as Apple's `CGImageDestination`.
/// Thread-safe.
///
/// Lamina writes PNG (`"public.png"`, ``kUTTypePNG``: one image, 8-bit RGBA) and baseline
/// JPEG (`"public.jpeg"`, ``kUTTypeJPEG``: one image, YCbCr with chroma halved both ways, at
/// ``kCGImageDestinationLossyCompressionQuality`` (default 0.75), translucent pixels
/// composited over ``kCGImageDestinationBackgroundColor`` (default black), as JPEG has no
/// alpha), its colours converted to sRGB; properties other than those and
/// ``kCGImageDestinationImageMaxPixelSize`` (the file's metadata) are not written.
public final class CGImageDestination: Sendable {
    enum Target: Sendable {
        case file(URL)
        /// Apple's `CFMutableData`: the bytes are set when the destination is finalized.
        case data(SendableMutableData)
    }

    private struct State {
        var images: [CGImage] = []
        var finalized = false
        var maxPixelSize: Int?
        var quality = JPEGEncoder.defaultQuality
        var background: (Double, Double, Double)?
    }

    private let target: Target
    private let format: ImageFormat
    private let capacity: Int
    private let state: Mutex<State>

    init(target: Target, format: ImageFormat, capacity: Int, options: [CFString: Any]?) {
        self.target = target
        self.format = format
        self.capacity = capacity
        state = Mutex(State())
        setProperties(options)
    }

    func setProperties(_ properties: [CFString: Any]?) {
        guard let properties else { return }
        state.withLock { state in
            if let value = SourceOptions.number(properties[kCGImageDestinationImageMaxPixelSize]) {
                state.maxPixelSize = value.isFinite && value >= 1 ? Int(min(value, 1e9)) : nil
            }
            if let value = SourceOptions.number(properties[kCGImageDestinationLossyCompressionQuality]), value.isFinite {
                state.quality = min(max(value, 0), 1)
            }
            if let value = properties[kCGImageDestinationBackgroundColor] {
                if let color = value as? CGColor, let c = color.rgba(in: CGColorSpace(name: CGColorSpace.sRGB)) {
                    state.background = (min(max(c.red, 0), 1), min(max(c.green, 0), 1), min(max(c.blue, 0), 1))
                } else {
                    Diagnostics.log("kCGImageDestinationBackgroundColor: \(value) is not a CGColor Lamina can convert to sRGB; it is ignored")
                }
            }
        }
    }

    func add(_ image: CGImage, properties: [CFString: Any]?, function: String) {
        setProperties(properties)
        state.withLock {
            guard !$0.finalized else {
                return Diagnostics.log("\(function): the destination was finalized; the image is not added")
            }
            guard $0.images.count < capacity else {
                return Diagnostics.log(
                    "\(function): the destination was made for \(capacity) image(s) and has them; the image is not added")
            }
            $0.images.append(image)
        }
    }

    func finalize() -> Bool {
        let function = "CGImageDestinationFinalize"
        let taken: (images: [CGImage], limit: Int?, quality: Double, background: (Double, Double, Double)?)? = state.withLock {
            guard !$0.finalized else { return nil }
            $0.finalized = true
            return ($0.images, $0.maxPixelSize, $0.quality, $0.background)
        }
        guard let (images, limit, quality, background) = taken else {
            Diagnostics.log("\(function): the destination was finalized already")
            return false
        }
        guard images.count == capacity, let image = images.first else {
            Diagnostics.log("\(function): the destination was made for \(capacity) image(s) but was given \(images.count)")
            return false
        }
        var written = image.converted(to: CGColorSpace(name: CGColorSpace.sRGB))
        if let limit {
            let size = ImageScaling.size(of: written, fittingIn: limit)
            guard let scaled = ImageScaling.scaled(written, toWidth: size.width, height: size.height) else {
                Diagnostics.log("\(function): no memory to scale the \(image.width)×\(image.height) image to \(size.width)×\(size.height)")
                return false
            }
            written = scaled
        }
        let name = format == .png ? "PNG" : "JPEG"
        do {
            let encoded = format == .png
                ? try written.pngData() : JPEGEncoder.encode(written, quality: quality, background: background)
            switch target {
            case .file(let url): try encoded.write(to: url, options: .atomic)
            case .data(let data): data.replace(with: encoded)
            }
            return true
        } catch {
            Diagnostics.log("\(function): cannot write the \(name) image: \(error.localizedDescription)")
            return false
        }
    }
}

/// The `NSMutableData` a destination fills, used on one thread at a time by the caller as on
/// Apple platforms (the destination writes it once, when finalized).
struct SendableMutableData: @unchecked Sendable {
    let data: NSMutableData

    func replace(with bytes: Data) {
        data.setData(bytes)
    }
}
