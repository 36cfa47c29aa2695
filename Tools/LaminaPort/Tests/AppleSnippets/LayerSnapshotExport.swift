import UIKit

/// A badge layer drawn with UIKit in its context, and its snapshot exported as PNG at 2× and
/// as JPEG through image renderers.
final class SnapshotBadgeLayer: CALayer {
    var count = 3 { didSet { setNeedsDisplay() } }

    override func draw(in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        let circle = UIBezierPath(ovalIn: bounds.insetBy(dx: 1, dy: 1))
        UIColor.systemRed.setFill()
        circle.fill()
        let text = "\(count)" as NSString
        let attributes: [NSAttributedString.Key: Any] = [
            .font: UIFont.boldSystemFont(ofSize: 12),
            .foregroundColor: UIColor.white,
        ]
        let size = text.size(withAttributes: attributes)
        text.draw(at: CGPoint(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2), withAttributes: attributes)
    }
}

enum SnapshotExport {
    static func png(of layer: CALayer) -> Data? {
        let format = UIGraphicsImageRendererFormat.default()
        format.scale = 2
        format.opaque = false
        let renderer = UIGraphicsImageRenderer(size: layer.bounds.size, format: format)
        let image = renderer.image { context in
            layer.render(in: context.cgContext)
        }
        return image.pngData()
    }

    static func jpeg(of layer: CALayer) -> Data {
        let renderer = UIGraphicsImageRenderer(bounds: layer.bounds)
        return renderer.jpegData(withCompressionQuality: 0.85) { context in
            UIColor.white.setFill()
            context.fill(layer.bounds)
            layer.render(in: context.cgContext)
        }
    }
}
