/// The layer bitmaps of the last frame, by layer and part: a bitmap is reused while its
/// appearance and ``LayerPlacement`` stay the same, and dropped after a frame that did not use it.
final class LayerBitmapCache {
    struct Key: Hashable {
        /// The layer's identity, or for layers without one, their order in the frame.
        var layer: ObjectIdentifier?
        var anonymousIndex: Int
        var part: LayerPlacement.Part
    }

    private struct Entry {
        /// The snapshot drawn (it keeps its contents image alive, so that image's identity
        /// stays unique while compared).
        var body: CARenderLayer
        var placement: LayerPlacement
        var bitmap: LayerBitmap
        var lastFrame: UInt64
    }

    private var entries: [Key: Entry] = [:]
    private var frame: UInt64 = 0
    /// Entries used (or made) in the current frame.
    private var usedThisFrame = 0

    /// Bitmaps drawn (not reused) since the renderer was created.
    private(set) var rasterisedCount = 0

    /// Starts a frame: entries not used during it are dropped by ``endFrame()``.
    func beginFrame() {
        frame &+= 1
        usedThisFrame = 0
    }

    /// The bitmap of `body` (a snapshot without sublayers) at `placement`: the cached one
    /// when both are unchanged, else drawn by `draw`. Nil when `draw` cannot make one.
    func bitmap(
        for key: Key, body: CARenderLayer, placement: LayerPlacement, draw: () -> LayerBitmap?
    ) -> LayerBitmap? {
        if let index = entries.index(forKey: key), entries.values[index].placement == placement,
            entries.values[index].body.hasSameAppearance(as: body)
        {
            if entries.values[index].lastFrame != frame {
                entries.values[index].lastFrame = frame
                usedThisFrame += 1
            }
            return entries.values[index].bitmap
        }
        guard let bitmap = draw() else {
            if entries.removeValue(forKey: key)?.lastFrame == frame { usedThisFrame -= 1 }
            return nil
        }
        rasterisedCount += 1
        if entries[key]?.lastFrame != frame { usedThisFrame += 1 }
        entries[key] = Entry(body: body, placement: placement, bitmap: bitmap, lastFrame: frame)
        return bitmap
    }

    /// Drops the bitmaps the frame did not use.
    func endFrame() {
        if usedThisFrame < entries.count {
            entries = entries.filter { $0.value.lastFrame == frame }
        }
    }

    /// Drops every bitmap (the scale or target changed).
    func removeAll() { entries.removeAll() }

    /// Bytes of pixels held.
    var byteCount: Int { entries.values.reduce(0) { $0 + $1.bitmap.byteCount } }

    var count: Int { entries.count }
}
