import UIKit

/// A caption drawn once into an image with UIKit's string drawing, shown by a layer sized
/// to the image.
final class CaptionImageRenderer {
    func image(for caption: String, width: CGFloat) -> UIImage {
        let paragraph = NSMutableParagraphStyle()
        paragraph.alignment = .center
        paragraph.lineBreakMode = .byWordWrapping
        let attributes: [NSAttributedString.Key: Any] = [
            .font: UIFont.systemFont(ofSize: 17, weight: .medium),
            .foregroundColor: UIColor.darkText,
            .kern: 0.4,
            .paragraphStyle: paragraph,
        ]
        let text = NSAttributedString(string: caption, attributes: attributes)
        let bounding = text.boundingRect(
            with: CGSize(width: width, height: .greatestFiniteMagnitude), options: [.usesLineFragmentOrigin], context: nil)
        let size = CGSize(width: width, height: ceil(bounding.height))
        let renderer = UIGraphicsImageRenderer(size: size)
        return renderer.image { _ in
            text.draw(with: CGRect(origin: .zero, size: size), options: [.usesLineFragmentOrigin], context: nil)
        }
    }

    func layer(for caption: String, width: CGFloat) -> CALayer {
        let layer = CALayer()
        let image = image(for: caption, width: width)
        layer.contents = image.cgImage
        layer.frame = CGRect(origin: .zero, size: image.size)
        layer.contentsScale = image.scale
        return layer
    }
}
