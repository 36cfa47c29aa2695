/// The rounded clips of the last frame, by layer: a clip whose outline and pixels are the
/// same in the next frame keeps its coverage rather than computing it again (a large clip
/// around content that changes, a clip at rest over a sublayer that moves).
final class RoundedClipCache {
    private var last: [ObjectIdentifier: RoundedClip] = [:]
    private var current: [ObjectIdentifier: RoundedClip] = [:]

    /// Starts a frame: the clips of the frame before are those to reuse.
    func beginFrame() {
        last = current
        current.removeAll(keepingCapacity: true)
    }

    /// The clip of `layer`'s bounds placed by `a` within `target`: the last frame's when its
    /// geometry is the same, else computed; nil as ``RoundedClip/geometry(of:toDevice:within:)``
    /// and its initialiser say.
    func clip(of layer: CARenderLayer, toDevice a: CGAffineTransform, within target: PixelRect) -> RoundedClip? {
        guard let (outline, box) = RoundedClip.geometry(of: layer, toDevice: a, within: target) else { return nil }
        guard let id = layer.layerID else { return RoundedClip(outline, box: box) }
        if let kept = current[id] ?? last[id], kept.clips(outline: outline, box: box) {
            current[id] = kept
            return kept
        }
        let made = RoundedClip(outline, box: box)
        current[id] = made
        return made
    }

    /// Forgets every clip.
    func removeAll() {
        last = [:]
        current = [:]
    }

    /// Bytes of coverage held.
    var byteCount: Int {
        var counted = Set<ObjectIdentifier>()
        var total = 0
        for clip in Array(last.values) + Array(current.values) where counted.insert(ObjectIdentifier(clip)).inserted {
            total += clip.byteCount
        }
        return total
    }
}
