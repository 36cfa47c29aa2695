/// The layer bitmaps of recent frames, by layer and part: a bitmap is reused exactly while
/// its appearance and ``LayerPlacement`` stay the same, and resampled while its layer moves
/// (``DisplayListBuilder`` decides); bitmaps of layers a frame did not draw are kept, least
/// recently used first to go, while all bitmaps together stay within ``byteLimit``.
///
/// A frame usually asks for the bitmaps in the order the last frame did, so each lookup
/// first tries the next entry of that order (no hashing, memory read in sequence) and only
/// then the dictionary, which also finds where the order goes on.
final class LayerBitmapCache {
    struct Key: Hashable {
        /// The layer's identity, or for layers without one, their order in the frame.
        var layer: ObjectIdentifier?
        var anonymousIndex: Int
        var part: LayerPlacement.Part

        /// The key of a part of `layer`: its identity, or for a layer without one the next
        /// of `anonymousCount` (counted through a frame, in drawing order).
        init(_ layer: CARenderLayer, part: LayerPlacement.Part, anonymousCount: inout Int) {
            if let id = layer.layerID {
                self.init(layer: id, anonymousIndex: 0, part: part)
            } else {
                anonymousCount += 1
                self.init(layer: nil, anonymousIndex: anonymousCount, part: part)
            }
        }

        init(layer: ObjectIdentifier?, anonymousIndex: Int, part: LayerPlacement.Part) {
            self.layer = layer
            self.anonymousIndex = anonymousIndex
            self.part = part
        }
    }

    /// A class, so that a lookup reads and updates it in place (no copy per layer per frame).
    final class Entry {
        let key: Key
        /// The layer drawn, without sublayers (it keeps its contents image alive, so that
        /// image's identity stays unique while compared).
        let appearance: CARenderLayer
        /// Where and how the bitmap was drawn.
        let placement: LayerPlacement
        let bitmap: LayerBitmap
        /// The layer's device transform and opacity in the last frame that drew it: a layer
        /// whose transform differs from it is moving, one whose opacity differs is fading.
        var lastToDevice: CGAffineTransform
        var lastAlpha: CGFloat
        /// The last frame that used it.
        fileprivate(set) var lastFrame: UInt64 = 0
        /// Where it was in that frame's order of lookups.
        fileprivate var position = 0

        init(key: Key, appearance: CARenderLayer, placement: LayerPlacement, bitmap: LayerBitmap, toDevice: CGAffineTransform, alpha: CGFloat) {
            self.key = key
            self.appearance = appearance
            self.placement = placement
            self.bitmap = bitmap
            lastToDevice = toDevice
            lastAlpha = alpha
        }
    }

    private var entries: [Key: Entry] = [:]
    /// The entries the last frame used, in the order it asked for them.
    private var lastOrder: [Entry] = []
    /// The entries this frame used so far, in order. Appended to for every layer drawn, by
    /// the render thread alone: without the dynamic exclusivity check.
    @exclusivity(unchecked) private var order: [Entry] = []
    /// The entry of ``lastOrder`` the next lookup tries first.
    private var cursor = 0
    private var frame: UInt64 = 0
    /// Bytes of every entry's pixels.
    private(set) var byteCount = 0

    /// The most bytes of pixels kept between frames. Bitmaps the current frame uses are
    /// kept even beyond it.
    var byteLimit = Int.max

    /// Bitmaps drawn (not reused) since the renderer was created.
    private(set) var rasterisedCount = 0

    /// Starts a frame.
    func beginFrame() {
        frame &+= 1
        cursor = 0
        order.removeAll(keepingCapacity: true)
    }

    /// The entry for `key`, if any (whatever its appearance and placement): the next one in
    /// the last frame's order when it matches, else the dictionary's (and the order goes on
    /// after it). Call ``use(_:toDevice:alpha:)`` for the entry the frame draws.
    func entry(for key: Key) -> Entry? {
        if cursor < lastOrder.count, lastOrder[cursor].key == key {
            cursor += 1
            return lastOrder[cursor - 1]
        }
        guard let entry = entries[key] else { return nil }
        if entry.lastFrame == frame &- 1, entry.position < lastOrder.count, lastOrder[entry.position] === entry {
            cursor = entry.position + 1
        }
        return entry
    }

    /// Keeps `bitmap` as the bitmap of `key` (replacing the entry there), used by this frame.
    @discardableResult
    func store(
        _ bitmap: LayerBitmap, for key: Key, layer: CARenderLayer, placement: LayerPlacement, toDevice: CGAffineTransform,
        alpha: CGFloat
    ) -> Entry {
        rasterisedCount += 1
        var appearance = layer
        // Kept without the subtree, which would hold older snapshots alive.
        if !appearance.sublayers.isEmpty { appearance.sublayers = [] }
        if appearance.mask != nil { appearance.mask = nil }
        let entry = Entry(key: key, appearance: appearance, placement: placement, bitmap: bitmap, toDevice: toDevice, alpha: alpha)
        if let old = entries.updateValue(entry, forKey: key) { byteCount -= old.bitmap.byteCount }
        byteCount += bitmap.byteCount
        use(entry, toDevice: toDevice, alpha: alpha)
        return entry
    }

    /// Drops the entry of `key` (its layer draws nothing this frame).
    func remove(_ key: Key) {
        if let old = entries.removeValue(forKey: key) { byteCount -= old.bitmap.byteCount }
    }

    /// Marks `entry` as drawn by this frame, with the layer at `toDevice` and `alpha`.
    func use(_ entry: Entry, toDevice: CGAffineTransform, alpha: CGFloat) {
        entry.lastFrame = frame
        entry.lastToDevice = toDevice
        entry.lastAlpha = alpha
        entry.position = order.count
        order.append(entry)
    }

    /// Ends the frame: over the byte limit, the bitmaps unused for longest are dropped
    /// (never one this frame used).
    func endFrame() {
        swap(&lastOrder, &order)
        guard byteCount > byteLimit else { return }
        let unused = entries.values.filter { $0.lastFrame != frame }.sorted { $0.lastFrame < $1.lastFrame }
        for entry in unused {
            guard byteCount > byteLimit else { break }
            remove(entry.key)
        }
    }

    /// Drops every bitmap (the scale or target changed).
    func removeAll() {
        entries.removeAll()
        lastOrder.removeAll()
        order.removeAll()
        cursor = 0
        byteCount = 0
    }

    var count: Int { entries.count }
}
