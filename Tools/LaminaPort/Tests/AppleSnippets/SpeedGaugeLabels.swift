import UIKit

/// A speed gauge drawn in draw(in:): an arc track and bar, the value as a percentage centred
/// on it and a caption below, each a Swift String measured and drawn with UIKit.
final class SpeedGaugeLayer: CALayer {
    var value: CGFloat = 0.5 { didSet { setNeedsDisplay() } }
    var caption = "SPEED"
    private let labelFont = UIFont.monospacedDigitSystemFont(ofSize: 18, weight: .semibold)

    override func draw(in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - 8
        let track = UIBezierPath(arcCenter: center, radius: radius, startAngle: .pi * 0.75, endAngle: .pi * 2.25, clockwise: true)
        track.lineWidth = 10
        track.lineCapStyle = .round
        UIColor.systemGray5.setStroke()
        track.stroke()
        let bar = UIBezierPath(arcCenter: center, radius: radius, startAngle: .pi * 0.75, endAngle: .pi * (0.75 + 1.5 * value), clockwise: true)
        bar.lineWidth = 10
        bar.lineCapStyle = .round
        UIColor.systemGreen.setStroke()
        bar.stroke()
        let text = "\(Int(value * 100))%"
        let attributes: [NSAttributedString.Key: Any] = [.font: labelFont, .foregroundColor: UIColor.label]
        let size = text.size(withAttributes: attributes)
        text.draw(at: CGPoint(x: center.x - size.width / 2, y: center.y - size.height / 2), withAttributes: attributes)
        let captionAttributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 10), .foregroundColor: UIColor.secondaryLabel]
        let box = caption.boundingRect(with: CGSize(width: bounds.width, height: .greatestFiniteMagnitude), options: [.usesLineFragmentOrigin], attributes: captionAttributes, context: nil)
        caption.draw(in: CGRect(x: center.x - box.width / 2, y: center.y + 14, width: box.width, height: box.height), withAttributes: captionAttributes)
    }
}
