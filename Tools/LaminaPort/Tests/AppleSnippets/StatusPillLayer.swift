import UIKit

/// A pill whose colour is set from another file (StatusPillBoard.swift), which reads it for
/// the halo around it, and a subclass there that pulses its border in it.
class StatusPillLayer: CALayer {
    var pillColor: UIColor = .systemGreen {
        didSet { backgroundColor = pillColor.cgColor }
    }
    var outline: UIColor?

    override init() {
        super.init()
        cornerRadius = 10
        backgroundColor = pillColor.cgColor
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}
