import UIKit

/// A badge view that fades its dot out after a delay, with a curve chosen by a setting and
/// kept in an options variable, then resets it when the block completes.

final class DelayedBadgeFadeView: UIView {
    private let dot = UIView(frame: CGRect(x: 0, y: 0, width: 12, height: 12))
    var fadesLinearly = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        dot.backgroundColor = .systemRed
        dot.layer.cornerRadius = 6
        addSubview(dot)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func fadeDot(after delay: TimeInterval) {
        var curve: UIView.AnimationOptions = .curveEaseOut
        if fadesLinearly {
            curve = .curveLinear
        }
        UIView.animate(withDuration: 0.35, delay: delay, options: curve, animations: {
            self.dot.alpha = 0
        }, completion: { _ in
            self.dot.alpha = 1
        })
    }
}
