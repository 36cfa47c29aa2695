import UIKit

/// A pulse whose colour and label font are given to its initializer and kept in properties,
/// copied in init(layer:), and read when it makes labels.
final class StoredPulseLayer: CALayer {
    var pulseColor: UIColor {
        didSet { backgroundColor = pulseColor.cgColor }
    }
    private let ringFont: UIFont

    init(pulseColor: UIColor, font: UIFont) {
        self.pulseColor = pulseColor
        self.ringFont = font
        super.init()
        backgroundColor = pulseColor.cgColor
    }

    override init(layer: Any) {
        let other = layer as! StoredPulseLayer
        pulseColor = other.pulseColor
        ringFont = other.ringFont
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) { fatalError() }

    func label(_ text: String) -> CATextLayer {
        let label = CATextLayer()
        label.string = text
        label.font = ringFont
        label.fontSize = ringFont.pointSize
        label.foregroundColor = pulseColor.cgColor
        return label
    }
}

func makeStoredPulse() -> StoredPulseLayer {
    let pulse = StoredPulseLayer(pulseColor: .systemTeal, font: .boldSystemFont(ofSize: 12))
    pulse.addSublayer(pulse.label("Live"))
    return pulse
}
