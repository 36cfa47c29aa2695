/// The layer bitmaps of the last frame, by layer and part: a bitmap is reused while its
/// appearance and ``LayerPlacement`` stay the same, and dropped after a frame that did not use it.
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
    private final class Entry {
        let key: Key
        /// The layer drawn, without sublayers (it keeps its contents image alive, so that
        /// image's identity stays unique while compared).
        let appearance: CARenderLayer
        let placement: LayerPlacement
        let bitmap: LayerBitmap
        /// The last frame that used it.
        var lastFrame: UInt64 = 0
        /// Where it was in that frame's order of lookups.
        var position = 0

        init(key: Key, appearance: CARenderLayer, placement: LayerPlacement, bitmap: LayerBitmap) {
            self.key = key
            self.appearance = appearance
            self.placement = placement
            self.bitmap = bitmap
        }
    }

    private var entries: [Key: Entry] = [:]
    /// The entries the last frame used, in the order it asked for them.
    private var lastOrder: [Entry] = []
    /// The entries this frame used so far, in order.
    private var order: [Entry] = []
    /// The entry of ``lastOrder`` the next lookup tries first.
    private var cursor = 0
    private var frame: UInt64 = 0
    /// Entries used (or made) in the current frame.
    private var usedThisFrame = 0

    /// Bitmaps drawn (not reused) since the renderer was created.
    private(set) var rasterisedCount = 0

    /// Starts a frame: entries not used during it are dropped by ``endFrame()``.
    func beginFrame() {
        frame &+= 1
        usedThisFrame = 0
        cursor = 0
        order.removeAll(keepingCapacity: true)
    }

    /// The bitmap of a part of `layer` at `placement`: the cached one when the layer's
    /// appearance (``CARenderLayer/hasSameAppearance(as:)``, which ignores sublayers) and the
    /// placement are unchanged, else drawn by `draw`. Nil when `draw` cannot make one.
    func bitmap(
        for key: Key, layer: CARenderLayer, placement: LayerPlacement, draw: () -> LayerBitmap?
    ) -> LayerBitmap? {
        let cached = find(key)
        if let cached, cached.placement == placement, cached.appearance.hasSameAppearance(as: layer) {
            use(cached)
            return cached.bitmap
        }
        guard let bitmap = draw() else {
            if entries.removeValue(forKey: key)?.lastFrame == frame { usedThisFrame -= 1 }
            return nil
        }
        rasterisedCount += 1
        if cached?.lastFrame == frame { usedThisFrame -= 1 }
        var appearance = layer
        // Kept without the subtree, which would hold older snapshots alive.
        if !appearance.sublayers.isEmpty { appearance.sublayers = [] }
        if appearance.mask != nil { appearance.mask = nil }
        let entry = Entry(key: key, appearance: appearance, placement: placement, bitmap: bitmap)
        entries[key] = entry
        use(entry)
        return bitmap
    }

    /// The entry for `key`: the next one in the last frame's order when it matches, else
    /// the dictionary's (and the order goes on after it).
    private func find(_ key: Key) -> Entry? {
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

    private func use(_ entry: Entry) {
        if entry.lastFrame != frame {
            entry.lastFrame = frame
            usedThisFrame += 1
        }
        entry.position = order.count
        order.append(entry)
    }

    /// Drops the bitmaps the frame did not use.
    func endFrame() {
        if usedThisFrame < entries.count {
            entries = entries.filter { $0.value.lastFrame == frame }
        }
        swap(&lastOrder, &order)
    }

    /// Drops every bitmap (the scale or target changed).
    func removeAll() {
        entries.removeAll()
        lastOrder.removeAll()
        order.removeAll()
        cursor = 0
    }

    /// Bytes of pixels held.
    var byteCount: Int { entries.values.reduce(0) { $0 + $1.bitmap.byteCount } }

    var count: Int { entries.count }
}
