import Foundation
import Synchronization

/// An image destination: writes images to a file or data, as Apple's `CGImageDestination`.
/// Thread-safe.
///
/// Lamina writes PNG (`"public.png"`, ``kUTTypePNG``): one image, 8-bit RGBA, its colours
/// converted to sRGB; properties other than ``kCGImageDestinationImageMaxPixelSize`` (the
/// file's metadata) are not written.
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
    }

    private let target: Target
    private let capacity: Int
    private let state: Mutex<State>

    init(target: Target, capacity: Int, options: [CFString: Any]?) {
        self.target = target
        self.capacity = capacity
        state = Mutex(State())
        setProperties(options)
    }

    func setProperties(_ properties: [CFString: Any]?) {
        guard let value = SourceOptions.number(properties?[kCGImageDestinationImageMaxPixelSize]) else { return }
        state.withLock { $0.maxPixelSize = value.isFinite && value >= 1 ? Int(min(value, 1e9)) : nil }
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
        let taken: (images: [CGImage], limit: Int?)? = state.withLock {
            guard !$0.finalized else { return nil }
            $0.finalized = true
            return ($0.images, $0.maxPixelSize)
        }
        guard let (images, limit) = taken else {
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
        do {
            let png = try written.pngData()
            switch target {
            case .file(let url): try png.write(to: url, options: .atomic)
            case .data(let data): data.replace(with: png)
            }
            return true
        } catch {
            Diagnostics.log("\(function): cannot write the PNG image: \(error.localizedDescription)")
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
