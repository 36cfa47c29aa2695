import Foundation

extension CALayer {
    /// How deep autoresizing may recurse (a resized sublayer resizes its own sublayers);
    /// deeper sublayers are left as they are, with a diagnostic, instead of exhausting the stack.
    static let maximumAutoresizingDepth = 256
    /// How many ``resizeSublayers(withOldSize:)`` calls are running, nested, on the
    /// calling thread.
    private static let autoresizingDepth = ThreadLocal({ 0 })

    /// The default ``resizeSublayers(withOldSize:)``.
    func defaultResizeSublayers(withOldSize size: CGSize) {
        let depth = CALayer.autoresizingDepth.box
        guard depth.value < CALayer.maximumAutoresizingDepth else {
            diagnose(.invalidValue, "autoresizing is nested deeper than \(CALayer.maximumAutoresizingDepth) layers; the sublayers keep their frames")
            return
        }
        depth.value += 1
        defer { depth.value -= 1 }
        for sublayer in storedSublayers {
            sublayer.resize(withOldSuperlayerSize: size)
        }
    }

    /// The default ``resize(withOldSuperlayerSize:)``.
    func defaultResize(withOldSuperlayerSize oldSize: CGSize) {
        let mask = autoresizingMask
        guard !mask.isEmpty, let parent = storedSuperlayer else { return }
        let parentBounds = parent.bounds
        let old = frame
        let x = CALayer.autoresize(
            min: old.minX - parentBounds.minX, length: old.width,
            oldExtent: oldSize.width, newExtent: parentBounds.width,
            flexibleMin: mask.contains(.layerMinXMargin), flexibleLength: mask.contains(.layerWidthSizable),
            flexibleMax: mask.contains(.layerMaxXMargin))
        let y = CALayer.autoresize(
            min: old.minY - parentBounds.minY, length: old.height,
            oldExtent: oldSize.height, newExtent: parentBounds.height,
            flexibleMin: mask.contains(.layerMinYMargin), flexibleLength: mask.contains(.layerHeightSizable),
            flexibleMax: mask.contains(.layerMaxYMargin))
        let new = CGRect(x: parentBounds.minX + x.min, y: parentBounds.minY + y.min, width: x.length, height: y.length)
        if new != old { frame = new }
    }

    /// One axis of autoresizing: the new minimum margin and length of a layer whose
    /// superlayer's extent changed from `oldExtent` to `newExtent`. The change is shared
    /// evenly among the flexible parts; the length is kept at zero or more.
    static func autoresize(
        min: CGFloat, length: CGFloat, oldExtent: CGFloat, newExtent: CGFloat,
        flexibleMin: Bool, flexibleLength: Bool, flexibleMax: Bool
    ) -> (min: CGFloat, length: CGFloat) {
        let parts = (flexibleMin ? 1 : 0) + (flexibleLength ? 1 : 0) + (flexibleMax ? 1 : 0)
        let change = newExtent - oldExtent
        guard parts > 0, change != 0, change.isFinite else { return (min, length) }
        let share = change / CGFloat(parts)
        let newMin = flexibleMin ? min + share : min
        let newLength = flexibleLength ? Swift.max(length + share, 0) : length
        return (newMin, newLength)
    }
}
