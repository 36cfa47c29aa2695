import UIKit

/// A view that runs a display link while it is in a window, starting it in didMoveToWindow()
/// and stopping it there when the view leaves: each frame moves a few points and redraws the
/// line through them.

final class DriftingPointsGraphView: UIView {
    private final class Drift {
        var position = CGPoint(x: 0.5, y: 0.5)
        var velocity = CGVector(dx: 0.2, dy: -0.1)
    }

    static let defaultLineColor: UIColor = .systemIndigo

    var lineColor: UIColor {
        didSet { line.strokeColor = lineColor.cgColor }
    }

    private let line = CAShapeLayer()
    private var drifts: [Drift]
    private var displayLink: CADisplayLink?

    override init(frame: CGRect) {
        drifts = (0..<4).map { _ in Drift() }
        lineColor = Self.defaultLineColor
        super.init(frame: frame)
        line.fillColor = nil
        line.lineWidth = 2
        line.strokeColor = lineColor.cgColor
        layer.addSublayer(line)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    subscript(index: Int) -> CGPoint {
        drifts[index].position
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil {
            guard displayLink == nil else { return }
            displayLink = CADisplayLink(target: self, selector: #selector(step(_:)))
            displayLink?.add(to: .main, forMode: .common)
        } else {
            displayLink?.invalidate()
            displayLink = nil
        }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        line.frame = bounds
    }

    @objc private func step(_ link: CADisplayLink) {
        let elapsed = CGFloat(link.targetTimestamp - link.timestamp)
        for drift in drifts {
            drift.position.x = min(1, max(0, drift.position.x + drift.velocity.dx * elapsed))
            drift.position.y = min(1, max(0, drift.position.y + drift.velocity.dy * elapsed))
        }
        let path = UIBezierPath()
        for (index, drift) in drifts.enumerated() {
            let point = CGPoint(x: drift.position.x * bounds.width, y: drift.position.y * bounds.height)
            if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        line.path = path.cgPath
        CATransaction.commit()
    }
}
