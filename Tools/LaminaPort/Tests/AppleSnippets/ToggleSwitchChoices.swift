import UIKit

/// A switch drawn with layers, its colours chosen by its state: the track, the knob's shadow,
/// and its attributed caption.
final class ChoiceToggleLayer: CALayer {
    private let knob = CALayer()
    private let caption = CATextLayer()

    var isOn = false {
        didSet { applyState() }
    }

    override init() {
        super.init()
        cornerRadius = 15
        borderWidth = 1
        knob.backgroundColor = UIColor.white.cgColor
        knob.cornerRadius = 13
        knob.shadowOpacity = 1
        knob.shadowRadius = 2
        knob.shadowOffset = CGSize(width: 0, height: 1)
        addSublayer(knob)
        addSublayer(caption)
        applyState()
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSublayers() {
        super.layoutSublayers()
        let side = bounds.height - 4
        knob.frame = CGRect(x: isOn ? bounds.width - side - 2 : 2, y: 2, width: side, height: side)
        caption.frame = CGRect(x: 0, y: bounds.height + 4, width: bounds.width, height: 16)
    }

    private func applyState() {
        backgroundColor = (isOn ? UIColor.systemGreen : UIColor.systemGray5).cgColor
        borderColor = (isOn ? UIColor.systemGreen : UIColor(white: 0.8, alpha: 1)).cgColor
        knob.shadowColor = (isOn ? UIColor.black : UIColor.darkGray).withAlphaComponent(0.3).cgColor
        caption.string = NSAttributedString(string: isOn ? "On" : "Off", attributes: [
            .font: UIFont.systemFont(ofSize: 11),
            .foregroundColor: isOn ? UIColor.systemGreen : UIColor.secondaryLabel,
        ])
        setNeedsLayout()
    }
}
