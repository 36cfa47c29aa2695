import UIKit

/// A presence dot coloured by an enum's computed colour, its ring by a second one that falls
/// back on the first.
enum PresenceState {
    case online, away, offline

    var color: UIColor {
        switch self {
        case .online: return .systemGreen
        case .away: return .systemOrange
        case .offline: return UIColor(white: 0.6, alpha: 1)
        }
    }

    var ringColor: UIColor {
        self == .offline ? .lightGray : color
    }
}

final class PresenceDotLayer: CAShapeLayer {
    var state: PresenceState = .offline {
        didSet {
            fillColor = state.color.cgColor
            strokeColor = state.ringColor.cgColor
        }
    }

    override init() {
        super.init()
        path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 12, height: 12)).cgPath
        lineWidth = 2
        fillColor = state.color.cgColor
        strokeColor = state.ringColor.cgColor
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}
