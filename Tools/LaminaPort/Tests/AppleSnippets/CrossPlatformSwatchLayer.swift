#if os(iOS) || os(tvOS)
import UIKit
typealias PlatformColor = UIColor
typealias PlatformFont = UIFont
#elseif os(macOS)
import AppKit
typealias PlatformColor = NSColor
typealias PlatformFont = NSFont
#endif
import QuartzCore

/// A colour swatch with its name under it, shared between an iOS and a macOS target through
/// per-platform aliases, and a text layer that takes its border from its string's colour.

final class SwatchLayer: CALayer {
    private let chip = CAShapeLayer()
    private let caption = CATextLayer()
    var swatch: PlatformColor = .systemTeal {
        didSet { chip.fillColor = swatch.cgColor }
    }

    init(name: String, captionFont: PlatformFont = PlatformFont.systemFont(ofSize: 11)) {
        super.init()
        chip.fillColor = swatch.cgColor
        chip.strokeColor = PlatformColor.black.withAlphaComponent(0.2).cgColor
        caption.string = name
        caption.font = captionFont
        caption.fontSize = captionFont.pointSize
        caption.foregroundColor = PlatformColor(white: 0.2, alpha: 1).cgColor
        caption.alignmentMode = .center
        addSublayer(chip)
        addSublayer(caption)
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSublayers() {
        super.layoutSublayers()
        let side = min(bounds.width, bounds.height - 16)
        chip.path = CGPath(roundedRect: CGRect(x: (bounds.width - side) / 2, y: 0, width: side, height: side),
                           cornerWidth: 6, cornerHeight: 6, transform: nil)
        caption.frame = CGRect(x: 0, y: side + 2, width: bounds.width, height: 14)
    }
}

final class OutlinedTextLayer: CATextLayer {
    override func display() {
        super.display()
        guard let text = string as? NSAttributedString, text.length > 0 else { return }
        let value = text.attribute(.foregroundColor, at: 0, effectiveRange: nil)
        if let colour = value as? PlatformColor {
            borderColor = colour.cgColor
            borderWidth = 1
        }
    }
}
