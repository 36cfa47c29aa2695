import QuartzCore

/// Gives `layer` a transparent contents image: it looks the same, but draws more than a
/// background, a border and rounded corners, so the renderer keeps a bitmap of it (drawn
/// once, moved, resampled and drawn again at rest) instead of drawing it as geometry.
@MainActor
func keepABitmap(of layer: CALayer) throws {
    layer.contents = try CGImage(width: 2, height: 2) { _, _ in }
}
