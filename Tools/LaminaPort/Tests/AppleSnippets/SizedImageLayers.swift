import UIKit

/// Image layers sized from the image they are given, as helper functions make them.
func imageLayer(with image: UIImage, at origin: CGPoint) -> CALayer {
    let layer = CALayer()
    layer.contents = image.cgImage
    layer.frame = CGRect(origin: origin, size: image.size)
    layer.contentsScale = image.scale
    layer.contentsGravity = .resizeAspect
    return layer
}

func iconRow() -> [CALayer] {
    [
        imageLayer(with: UIImage(named: "play")!, at: .zero),
        imageLayer(with: UIImage(named: "pause")!, at: CGPoint(x: 44, y: 0)),
    ]
}
