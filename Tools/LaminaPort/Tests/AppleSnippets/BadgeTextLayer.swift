import UIKit

/// A badge whose count is a text layer, styled with UIKit fonts and colours as Apple sample
/// code does.
final class CountBadgeLayer: CALayer {
    private let label = CATextLayer()

    override init() {
        super.init()
        backgroundColor = UIColor.red.cgColor
        cornerRadius = 12
        label.font = UIFont.boldSystemFont(ofSize: 13)
        label.fontSize = 13
        label.alignmentMode = .center
        label.foregroundColor = UIColor.white.cgColor
        label.contentsScale = 2
        addSublayer(label)
    }

    required init(layer: Any) { super.init(layer: layer) }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func show(count: Int, caption: String) {
        let title = NSMutableAttributedString(
            string: "\(count)",
            attributes: [.font: UIFont.systemFont(ofSize: 13), .foregroundColor: UIColor.white])
        title.append(
            NSAttributedString(
                string: " " + caption,
                attributes: [.font: UIFont(name: "Avenir-Medium", size: 11)!, .foregroundColor: UIColor(white: 1, alpha: 0.7)]))
        label.string = title
        label.frame = bounds.insetBy(dx: 4, dy: 3)
    }
}
