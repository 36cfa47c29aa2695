/// The shadow images of recent frames, by shape (outline, fill opacity, scale and blur —
/// not position): a moving layer, or many layers alike, reuse one image. Images no frame
/// used in the last ``keptFrames`` frames go.
final class ShadowImageCache {
    private final class Entry {
        let image: ShadowImage?
        var lastFrame: UInt64
        init(image: ShadowImage?, frame: UInt64) {
            self.image = image
            lastFrame = frame
        }
    }

    private var entries: [ShadowShape: Entry] = [:]
    private var frame: UInt64 = 0
    /// Images drawn (not reused) since the cache was made.
    private(set) var rasterisedCount = 0

    /// How many frames an unused image is kept.
    static let keptFrames: UInt64 = 2

    /// Starts a frame: drops the images unused for ``keptFrames`` frames.
    func beginFrame() {
        frame &+= 1
        guard frame % Self.keptFrames == 0 else { return }
        entries = entries.filter { frame &- $0.value.lastFrame <= Self.keptFrames }
    }

    /// The image of `shape`, drawn now if no recent frame drew it; nil when it cannot be
    /// drawn (too large; the render pass draws that shadow).
    func image(for shape: ShadowShape, reach: Double) -> ShadowImage? {
        if let entry = entries[shape] {
            entry.lastFrame = frame
            return entry.image
        }
        let image = ShadowImage(shape, reach: reach)
        if image != nil { rasterisedCount += 1 }
        entries[shape] = Entry(image: image, frame: frame)
        return image
    }

    /// Bytes of pixels held.
    var byteCount: Int { entries.values.reduce(0) { $0 + ($1.image?.byteCount ?? 0) } }
}
