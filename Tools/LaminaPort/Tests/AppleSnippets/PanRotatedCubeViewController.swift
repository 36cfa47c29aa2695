import UIKit

/// A cube of six faces in a transform layer, turned by dragging across the screen, and coasting
/// a little further on the speed it is let go at — the drag-to-rotate demo of Core Animation's 3D
/// tutorials.
final class PanRotatedCubeViewController: UIViewController {
    private let cube = CATransformLayer()
    private let side: CGFloat = 160
    private var angles = CGPoint.zero

    lazy var panRecognizer: UIPanGestureRecognizer = {
        let recognizer = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
        return recognizer
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black
        let colors: [UIColor] = [.systemRed, .systemGreen, .systemBlue, .systemOrange, .systemPurple, .systemTeal]
        let half = side / 2
        let turns: [CATransform3D] = [
            CATransform3DMakeTranslation(0, 0, half),
            CATransform3DRotate(CATransform3DMakeTranslation(half, 0, 0), .pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, -half, 0), .pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, half, 0), -.pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(-half, 0, 0), -.pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -half), .pi, 0, 1, 0),
        ]
        for (index, turn) in turns.enumerated() {
            let face = CALayer()
            face.bounds = CGRect(x: 0, y: 0, width: side, height: side)
            face.backgroundColor = colors[index].cgColor
            face.transform = turn
            cube.addSublayer(face)
        }
        view.layer.addSublayer(cube)
        view.addGestureRecognizer(panRecognizer)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        cube.position = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
    }

    @objc func handlePan(_ recognizer: UIPanGestureRecognizer) {
        let moved = recognizer.translation(in: view)
        switch recognizer.state {
        case .began, .changed:
            turn(to: CGPoint(x: angles.x + moved.x / side, y: angles.y - moved.y / side))
        case .ended:
            let speed = recognizer.velocity(in: view)
            angles = CGPoint(x: angles.x + (moved.x + speed.x / 10) / side, y: angles.y - (moved.y + speed.y / 10) / side)
            recognizer.setTranslation(.zero, in: view)
            turn(to: angles)
        default:
            turn(to: angles)
        }
    }

    private func turn(to angles: CGPoint) {
        var transform = CATransform3DIdentity
        transform.m34 = -1 / 500
        transform = CATransform3DRotate(transform, angles.x, 0, 1, 0)
        transform = CATransform3DRotate(transform, angles.y, 1, 0, 0)
        cube.sublayerTransform = transform
    }
}
