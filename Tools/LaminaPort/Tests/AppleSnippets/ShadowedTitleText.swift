import UIKit

/// A title drawn by its layer in white with a soft drop shadow, as UIKit's string drawing draws
/// an NSShadow attribute; and a badge image whose text casts one.
final class ShadowedTitleTextLayer: CALayer {
    var title = "Hello" {
        didSet { setNeedsDisplay() }
    }

    override init() {
        super.init()
        contentsScale = UIScreen.main.scale
        needsDisplayOnBoundsChange = true
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func draw(in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        let shadow = NSShadow()
        shadow.shadowColor = UIColor.black.withAlphaComponent(0.4)
        shadow.shadowOffset = CGSize(width: 0, height: 2)
        shadow.shadowBlurRadius = 3
        let attributes: [NSAttributedString.Key: Any] = [
            .font: UIFont.boldSystemFont(ofSize: 24),
            .foregroundColor: UIColor.white,
            .shadow: shadow,
        ]
        (title as NSString).draw(at: CGPoint(x: 8, y: 8), withAttributes: attributes)
    }
}

func shadowedBadgeImage(text: String) -> CGImage? {
    let glow = NSShadow()
    glow.shadowColor = UIColor.systemYellow
    glow.shadowBlurRadius = 6
    let size = CGSize(width: 80, height: 32)
    let image = UIGraphicsImageRenderer(size: size).image { _ in
        (text as NSString).draw(
            in: CGRect(origin: .zero, size: size),
            withAttributes: [.font: UIFont.systemFont(ofSize: 17), .foregroundColor: UIColor.white, .shadow: glow])
    }
    return image.cgImage
}
