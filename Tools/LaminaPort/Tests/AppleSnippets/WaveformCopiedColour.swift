import UIKit

/// A waveform layer whose bar colour is copied, with its samples, into the presentation copies
/// Core Animation makes through init(layer:).
final class WaveformBarsLayer: CAShapeLayer {
    var samples: [CGFloat] = [] {
        didSet { setNeedsLayout() }
    }
    var barColor: UIColor = .systemTeal {
        didSet { fillColor = barColor.cgColor }
    }

    override init() {
        super.init()
        fillColor = barColor.cgColor
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? WaveformBarsLayer {
            samples = other.samples
            barColor = other.barColor
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSublayers() {
        super.layoutSublayers()
        let bars = CGMutablePath()
        let width = bounds.width / CGFloat(max(samples.count, 1))
        for (index, sample) in samples.enumerated() {
            let height = max(2, sample * bounds.height)
            bars.addRect(CGRect(x: CGFloat(index) * width, y: (bounds.height - height) / 2, width: width * 0.6, height: height))
        }
        path = bars
    }
}
