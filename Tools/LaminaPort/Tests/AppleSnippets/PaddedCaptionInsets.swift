import UIKit

/// A caption with padding around its text: the padding is kept as edge insets, applied in
/// layout and added to the text's size.
final class PaddedCaptionLayer: CALayer {
    var padding = UIEdgeInsets(top: 6, left: 10, bottom: 6, right: 10) {
        didSet { setNeedsLayout() }
    }

    private let caption = CATextLayer()

    override init() {
        super.init()
        backgroundColor = UIColor.black.withAlphaComponent(0.7).cgColor
        cornerRadius = 6
        caption.fontSize = 13
        caption.foregroundColor = UIColor.white.cgColor
        caption.alignmentMode = .center
        addSublayer(caption)
    }

    override init(layer: Any) {
        super.init(layer: layer)
        padding = (layer as? PaddedCaptionLayer)?.padding ?? .zero
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    var text: String? {
        get { caption.string as? String }
        set { caption.string = newValue }
    }

    override func layoutSublayers() {
        super.layoutSublayers()
        caption.frame = bounds.inset(by: padding)
    }

    func size(fitting textSize: CGSize) -> CGSize {
        let extra = UIEdgeInsets(top: 0, left: 2, bottom: 0, right: 2)
        return CGSize(
            width: textSize.width + padding.left + padding.right + extra.left + extra.right,
            height: textSize.height + padding.top + padding.bottom)
    }
}
