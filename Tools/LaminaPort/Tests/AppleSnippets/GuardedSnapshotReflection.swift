import UIKit

/// A layer's snapshot at the screen's scale, bound with guard let and shown flipped below it
/// as a faint reflection.
extension CALayer {
    func screenScaleSnapshot() -> UIImage? {
        UIGraphicsBeginImageContextWithOptions(bounds.size, isOpaque, UIScreen.main.scale)
        defer { UIGraphicsEndImageContext() }
        guard let context = UIGraphicsGetCurrentContext() else { return nil }
        render(in: context)
        return UIGraphicsGetImageFromCurrentImageContext()
    }

    func addMirroredReflection() {
        guard let image = screenScaleSnapshot() else { return }
        let reflection = CALayer()
        reflection.contents = image.cgImage
        reflection.frame = frame.offsetBy(dx: 0, dy: frame.height)
        reflection.transform = CATransform3DMakeScale(1, -1, 1)
        reflection.opacity = 0.3
        superlayer?.addSublayer(reflection)
    }
}
