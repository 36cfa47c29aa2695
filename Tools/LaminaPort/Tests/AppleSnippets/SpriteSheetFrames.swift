import UIKit

/// A sprite sheet stepped through by animating contentsRect, the sheet handed in as an image.

func makeSpriteAnimation(frameCount: Int, columns: Int) -> CAKeyframeAnimation {
    let rows = (frameCount + columns - 1) / columns
    var rects: [NSValue] = []
    for index in 0..<frameCount {
        let column = index % columns
        let row = index / columns
        let rect = CGRect(x: CGFloat(column) / CGFloat(columns),
                          y: CGFloat(row) / CGFloat(rows),
                          width: 1 / CGFloat(columns),
                          height: 1 / CGFloat(rows))
        rects.append(NSValue(cgRect: rect))
    }
    let animation = CAKeyframeAnimation(keyPath: "contentsRect")
    animation.values = rects
    animation.calculationMode = .discrete
    animation.duration = Double(frameCount) / 24.0
    animation.repeatCount = .infinity
    return animation
}

func makeSpriteLayer(sheet: UIImage, frameSize: CGSize) -> CALayer {
    let layer = CALayer()
    layer.bounds = CGRect(origin: .zero, size: frameSize)
    layer.contents = sheet.cgImage
    layer.contentsGravity = .resizeAspect
    layer.magnificationFilter = .nearest
    layer.add(makeSpriteAnimation(frameCount: 16, columns: 4), forKey: "sprite")
    return layer
}

func makeRunner() -> CALayer {
    makeSpriteLayer(sheet: UIImage(named: "runner")!, frameSize: CGSize(width: 64, height: 64))
}

/// A layer showing a bundled photo at its own size and pixel density.
func makePhotoLayer(named name: String) -> CALayer {
    let layer = CALayer()
    let photo = UIImage(named: name)!
    layer.contents = photo.cgImage
    layer.bounds = CGRect(origin: .zero, size: photo.size)
    layer.contentsScale = photo.scale
    return layer
}
