import UIKit
import ImageIO

/// An animated GIF played by a layer: its frames and delays read with Image I/O, shown by a
/// keyframe animation of `contents`, as Apple sample code does it.
func addAnimatedGIF(named url: URL, to layer: CALayer) {
    guard let source = CGImageSourceCreateWithURL(url as CFURL, nil) else { return }
    let count = CGImageSourceGetCount(source)
    var images: [CGImage] = []
    var delays: [Double] = []
    for index in 0..<count {
        guard let image = CGImageSourceCreateImageAtIndex(source, index, nil) else { continue }
        images.append(image)
        let properties = CGImageSourceCopyPropertiesAtIndex(source, index, nil) as? [String: Any]
        let gif = properties?[kCGImagePropertyGIFDictionary as String] as? [String: Any]
        let delay = gif?[kCGImagePropertyGIFUnclampedDelayTime as String] as? Double
            ?? gif?[kCGImagePropertyGIFDelayTime as String] as? Double ?? 0.1
        delays.append(delay < 0.011 ? 0.1 : delay)
    }
    guard !images.isEmpty else { return }
    let total = delays.reduce(0, +)
    var times: [NSNumber] = [0]
    var elapsed = 0.0
    for delay in delays.dropLast() {
        elapsed += delay
        times.append(NSNumber(value: elapsed / total))
    }
    let animation = CAKeyframeAnimation(keyPath: "contents")
    animation.values = images
    animation.keyTimes = times
    animation.calculationMode = .discrete
    animation.duration = total
    animation.repeatCount = .infinity
    layer.contents = images.first
    layer.add(animation, forKey: "gif")
}
