internal import Wayland

/// The buffer a frame is drawn into for a window of `width × height` points at a scale: its
/// size in pixels, the pixels per point it is drawn at, the integer buffer scale the surface
/// is told, the viewport destination that maps it back to the window's size, and how many
/// such buffers the window's memory budget allows.
///
/// An integer scale N gives `N × size` pixels at buffer scale N; a fractional one (with a
/// viewport) gives `round(size × scale)` pixels at buffer scale 1, shown at the window's size
/// through the viewport, as `wp_fractional_scale_v1` asks. A buffer that would be larger
/// than ``ShmBufferPool/maximumDimension`` on a side, or of which fewer than two fit the
/// budget, is drawn at scale 1 instead.
struct BufferLayout {
    let pixelWidth: Int, pixelHeight: Int
    /// Pixels per point the layers are drawn at.
    let factor: Double
    let bufferScale: Int
    let viewportDestination: (width: Int, height: Int)?
    /// How many buffers of this size the window may have: up to three within the budget, two
    /// when even scale 1 is beyond it (the window refused such sizes; a lower budget applies
    /// from its next configure).
    let maximumBuffers: Int

    init(width: Int, height: Int, scale: WindowScale, hasViewport: Bool, budget: BufferMemoryBudget) {
        let limit = ShmBufferPool.maximumDimension
        func buffers(_ w: Int, _ h: Int) -> Int? {
            guard let bytes = try? ShmBufferPool.byteCount(width: w, height: h) else { return nil }
            return budget.buffers(ofBytes: bytes)
        }
        if scale.usesViewport, hasViewport {
            let w = (Double(width) * scale.factor).rounded(), h = (Double(height) * scale.factor).rounded()
            if w <= Double(limit), h <= Double(limit), let count = buffers(max(Int(w), 1), max(Int(h), 1)) {
                pixelWidth = max(Int(w), 1)
                pixelHeight = max(Int(h), 1)
                factor = scale.factor
                bufferScale = 1
                viewportDestination = (width, height)
                maximumBuffers = count
                return
            }
        } else {
            let n = Int(scale.factor.rounded(.down))
            if n >= 1, width * n <= limit, height * n <= limit, let count = buffers(width * n, height * n) {
                pixelWidth = width * n
                pixelHeight = height * n
                factor = Double(n)
                bufferScale = n
                viewportDestination = nil
                maximumBuffers = count
                return
            }
        }
        pixelWidth = width
        pixelHeight = height
        factor = 1
        bufferScale = 1
        viewportDestination = nil
        maximumBuffers = buffers(width, height) ?? BufferMemoryBudget.fewestBuffers
    }
}
