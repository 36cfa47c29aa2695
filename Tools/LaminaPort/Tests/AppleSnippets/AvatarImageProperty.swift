import UIKit

/// A round avatar showing an image property set from outside, a placeholder until one is set,
/// and a status badge sized from its own image.
final class AvatarLayer: CALayer {
    var image: UIImage? {
        didSet {
            contents = image?.cgImage
            setNeedsLayout()
        }
    }
    private var placeholder = UIImage(named: "avatar-placeholder")
    private let badgeLayer = CALayer()
    var badge: UIImage? {
        didSet { badgeLayer.contents = badge?.cgImage }
    }

    override init() {
        super.init()
        masksToBounds = false
        contentsGravity = .resizeAspectFill
        addSublayer(badgeLayer)
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? AvatarLayer {
            image = other.image
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSublayers() {
        super.layoutSublayers()
        cornerRadius = bounds.width / 2
        if image == nil { contents = placeholder?.cgImage }
        guard let badge = badge else { return }
        badgeLayer.bounds.size = badge.size
        badgeLayer.position = CGPoint(x: bounds.maxX - badge.size.width / 2, y: bounds.maxY - badge.size.height / 2)
    }
}

func makeAvatar() -> AvatarLayer {
    let avatar = AvatarLayer()
    avatar.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
    avatar.image = UIImage(named: "alice")
    avatar.badge = UIImage(named: "online-dot")
    return avatar
}
