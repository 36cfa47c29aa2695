import UIKit

/// A ring that fills a step at a time and turns into a button once full: the control stays
/// disabled, ignoring touches, until its last step, and a tap then marks it selected.

final class StepProgressControl: UIControl {
    private let track = CAShapeLayer()
    private let progress = CAShapeLayer()
    private let check = CAShapeLayer()

    var steps = 4
    var step = 0 {
        didSet { updateProgress() }
    }

    override var isSelected: Bool {
        didSet { check.fillColor = (isSelected ? UIColor.systemGreen : UIColor.systemGray).cgColor }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isEnabled = false
        track.fillColor = nil
        track.strokeColor = UIColor.lightGray.cgColor
        track.lineWidth = 4
        progress.fillColor = nil
        progress.strokeColor = UIColor.systemBlue.cgColor
        progress.lineWidth = 6
        progress.strokeEnd = 0
        check.fillColor = UIColor.systemGray.cgColor
        check.isHidden = true
        layer.addSublayer(track)
        layer.addSublayer(progress)
        layer.addSublayer(check)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let ring = UIBezierPath(ovalIn: bounds.insetBy(dx: 4, dy: 4)).cgPath
        track.path = ring
        progress.path = ring
        check.path = UIBezierPath(ovalIn: bounds.insetBy(dx: bounds.width / 3, dy: bounds.height / 3)).cgPath
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        if bounds.contains(touch.location(in: self)) {
            isSelected.toggle()
        }
    }

    private func updateProgress() {
        let done = step >= steps
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.25)
        progress.strokeEnd = CGFloat(min(step, steps)) / CGFloat(steps)
        check.isHidden = !done
        CATransaction.commit()
        isEnabled = done
    }
}
