import UIKit

/// Icons tinted in a UIKit image context sized by the icon, clipped to its mask; the icon's
/// CGImage bound with `guard let`, its size and scale read for the context.
enum TintedIconFactory {
    static func tinted(_ icon: UIImage, color: UIColor) -> UIImage? {
        UIGraphicsBeginImageContextWithOptions(icon.size, false, icon.scale)
        defer { UIGraphicsEndImageContext() }
        guard let context = UIGraphicsGetCurrentContext(), let mask = icon.cgImage else { return nil }
        let rect = CGRect(origin: .zero, size: icon.size)
        context.translateBy(x: 0, y: icon.size.height)
        context.scaleBy(x: 1, y: -1)
        context.clip(to: rect, mask: mask)
        color.setFill()
        context.fill(rect)
        return UIGraphicsGetImageFromCurrentImageContext()
    }
}

final class TintedIconLayer: CALayer {
    var tint: UIColor = .systemIndigo

    func show(_ icon: UIImage) {
        contents = TintedIconFactory.tinted(icon, color: tint)?.cgImage
        contentsGravity = .resizeAspect
    }
}
