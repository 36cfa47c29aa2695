import UIKit

/// A wave a display link redraws on every frame, built by a view controller.
class DisplayLinkWaveViewController: UIViewController {
    private let wave = CAShapeLayer()
    private var phase: CGFloat = 0
    private var displayLink: CADisplayLink?

    override func viewDidLoad() {
        super.viewDidLoad()
        wave.strokeColor = UIColor.systemBlue.cgColor
        wave.fillColor = nil
        view.layer.addSublayer(wave)
        displayLink = CADisplayLink(target: self, selector: #selector(step))
        displayLink?.add(to: .main, forMode: .common)
    }

    @objc private func step() {
        phase += 0.1
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: view.bounds.midY))
        for x in stride(from: 0, through: view.bounds.width, by: 4) {
            path.addLine(to: CGPoint(x: x, y: view.bounds.midY + sin(x / 30 + phase) * 20))
        }
        wave.path = path
    }
}
