import UIKit
import UniformTypeIdentifiers

/// A score badge whose text follows Dynamic Type through UIFontMetrics, exported as a PNG named
/// by its UTType identifier.

final class ScoreBadgeLayer: CALayer {
    private let label = CATextLayer()

    var score = 0 {
        didSet { label.string = NSAttributedString(string: "\(score)", attributes: [.font: ScoreBadgeLayer.font, .foregroundColor: UIColor.white]) }
    }

    private static var font: UIFont {
        UIFontMetrics(forTextStyle: .headline).scaledFont(for: UIFont.monospacedDigitSystemFont(ofSize: 17, weight: .bold))
    }

    override init() {
        super.init()
        backgroundColor = UIColor.systemGreen.cgColor
        label.alignmentMode = .center
        label.contentsScale = UIScreen.main.scale
        addSublayer(label)
    }

    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func layoutSublayers() {
        super.layoutSublayers()
        let inset = UIFontMetrics.default.scaledValue(for: 4)
        cornerRadius = bounds.height / 2
        label.frame = bounds.insetBy(dx: inset, dy: inset)
    }
}

enum ScoreBadgeExporter {
    static func pngData(of badge: ScoreBadgeLayer) -> Data? {
        let width = Int(badge.bounds.width * 2), height = Int(badge.bounds.height * 2)
        guard width > 0, height > 0,
            let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: 2, y: -2)
        badge.render(in: context)
        guard let image = context.makeImage() else { return nil }
        let data = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(data as CFMutableData, UTType.png.identifier as CFString, 1, nil) else { return nil }
        CGImageDestinationAddImage(destination, image, nil)
        return CGImageDestinationFinalize(destination) ? data as Data : nil
    }
}
