import AppKit

/// An icon layer sized to its image, which AppKit hands over as a CGImage for a proposed
/// rectangle.
func makeProposedRectIconLayer(named name: String) -> CALayer {
    let layer = CALayer()
    if let image = NSImage(named: name) {
        var rect = NSRect(origin: .zero, size: image.size)
        layer.contents = image.cgImage(forProposedRect: &rect, context: nil, hints: nil)
        layer.bounds = rect
    }
    layer.contentsGravity = .resizeAspect
    return layer
}
