import Wayland

/// The buffer a frame is drawn into for a window of `width × height` points at a scale: its
/// size in pixels, the pixels per point it is drawn at, the integer buffer scale the surface
/// is told, and the viewport destination that maps it back to the window's size.
///
/// An integer scale N gives `N × size` pixels at buffer scale N; a fractional one (with a
/// viewport) gives `round(size × scale)` pixels at buffer scale 1, shown at the window's size
/// through the viewport, as `wp_fractional_scale_v1` asks. A buffer that would be larger
/// than ``ShmBufferPool/maximumDimension`` on a side is drawn at scale 1 instead.
struct BufferLayout {
    let pixelWidth: Int, pixelHeight: Int
    /// Pixels per point the layers are drawn at.
    let factor: Double
    let bufferScale: Int
    let viewportDestination: (width: Int, height: Int)?

    init(width: Int, height: Int, scale: WindowScale, hasViewport: Bool) {
        let limit = ShmBufferPool.maximumDimension
        if scale.usesViewport, hasViewport {
            let w = (Double(width) * scale.factor).rounded(), h = (Double(height) * scale.factor).rounded()
            if w <= Double(limit), h <= Double(limit) {
                pixelWidth = max(Int(w), 1)
                pixelHeight = max(Int(h), 1)
                factor = scale.factor
                bufferScale = 1
                viewportDestination = (width, height)
                return
            }
        } else {
            let n = Int(scale.factor.rounded(.down))
            if n >= 1, width * n <= limit, height * n <= limit {
                pixelWidth = width * n
                pixelHeight = height * n
                factor = Double(n)
                bufferScale = n
                viewportDestination = nil
                return
            }
        }
        pixelWidth = width
        pixelHeight = height
        factor = 1
        bufferScale = 1
        viewportDestination = nil
    }
}
