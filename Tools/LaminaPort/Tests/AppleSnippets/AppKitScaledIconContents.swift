import AppKit

/// A dock-style icon whose contents are the image's representation for the layer's scale,
/// with a soft shadow in AppKit's shadow colour.
final class ScaledIconLayer: CALayer {
    var iconName: String = "" { didSet { reloadIcon() } }

    override var contentsScale: CGFloat {
        didSet { reloadIcon() }
    }

    private func reloadIcon() {
        if let image = NSImage(named: NSImage.Name(iconName)) {
            contents = image.layerContents(forContentsScale: contentsScale)
        }
        contentsGravity = .resizeAspect
        shadowColor = NSColor.shadowColor.cgColor
        shadowOpacity = 0.35
        shadowRadius = 3
        shadowOffset = CGSize(width: 0, height: -2)
    }
}
