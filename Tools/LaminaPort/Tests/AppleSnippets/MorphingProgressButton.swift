import UIKit

/// A button that rounds its corners, then springs into a thin progress bar: the animation
/// delegate tells its corner animations apart with `isEqual`, and the spring and fade blocks
/// capture the view weakly.

private let cornerShrinkKey = "cornerShrink"
private let cornerGrowKey = "cornerGrow"

final class MorphingProgressButton: UIView {
    private var restingFrame = CGRect.zero
    private let barHeight: CGFloat = 6

    override init(frame: CGRect) {
        super.init(frame: frame)
        restingFrame = frame
        backgroundColor = UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        layer.cornerRadius = 8
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func start() {
        let shrink = CABasicAnimation(keyPath: "cornerRadius")
        shrink.fromValue = 8
        shrink.toValue = barHeight / 2
        shrink.duration = 0.2
        shrink.delegate = self
        layer.cornerRadius = barHeight / 2
        layer.add(shrink, forKey: cornerShrinkKey)
    }
}

extension MorphingProgressButton: CAAnimationDelegate {
    func animationDidStart(_ anim: CAAnimation) {
        if anim.isEqual(layer.animation(forKey: cornerShrinkKey)) {
            UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0, options: .curveEaseOut) { [weak self] in
                guard let weakSelf = self else { return }
                weakSelf.bounds = CGRect(x: 0, y: 0, width: weakSelf.restingFrame.width * 1.5, height: weakSelf.barHeight)
            } completion: { [weak self] _ in
                self?.layer.removeAllAnimations()
            }
        } else if anim.isEqual(layer.animation(forKey: cornerGrowKey)) {
            UIView.animate(withDuration: 0.3) { [weak self] in
                guard let strongSelf = self else { return }
                strongSelf.bounds = CGRect(origin: .zero, size: strongSelf.restingFrame.size)
                strongSelf.backgroundColor = UIColor.systemGreen
            } completion: { [weak self] finished in
                guard finished, let strongSelf = self else { return }
                strongSelf.layer.cornerRadius = 8
            }
        }
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard flag else { return }
        let grow = CABasicAnimation(keyPath: "cornerRadius")
        grow.toValue = 8
        grow.duration = 0.2
        grow.delegate = self
        layer.add(grow, forKey: cornerGrowKey)
    }
}
