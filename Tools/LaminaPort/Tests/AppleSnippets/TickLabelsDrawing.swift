import UIKit

/// Axis labels drawn with UIKit's string drawing in a layer's draw(in:), and a title wrapped in a rectangle.

final class TickLabelsLayer: CALayer {
    var labels = ["0", "25", "50", "75", "100"]

    override func draw(in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        let attributes: [NSAttributedString.Key: Any] = [
            .font: UIFont.systemFont(ofSize: 11, weight: .medium),
            .foregroundColor: UIColor.secondaryLabel,
        ]
        for (index, label) in labels.enumerated() {
            let x = CGFloat(index) * bounds.width / CGFloat(labels.count - 1)
            (label as NSString).draw(at: CGPoint(x: x, y: 2), withAttributes: attributes)
        }
        "Title".draw(in: CGRect(x: 0, y: 20, width: bounds.width, height: 40), withAttributes: [.font: UIFont.boldSystemFont(ofSize: 15)])
        UIGraphicsPopContext()
    }
}

/// A legend drawn as attributed text: a bold heading on one line, the body wrapped below it.
final class LegendLayer: CALayer {
    var body = NSAttributedString(string: "Values are averaged over the last hour.")

    override func draw(in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        let heading = NSAttributedString(string: "Legend", attributes: [.font: UIFont.boldSystemFont(ofSize: 13)])
        heading.draw(at: CGPoint(x: 8, y: 6))
        let text: NSAttributedString = body
        text.draw(with: bounds.insetBy(dx: 8, dy: 24), options: [.usesLineFragmentOrigin, .usesFontLeading], context: nil)
        ("hourly" as NSString).draw(
            with: CGRect(x: 8, y: bounds.maxY - 4, width: 80, height: 12), options: [],
            attributes: [.font: UIFont.systemFont(ofSize: 9)], context: nil)
    }
}
