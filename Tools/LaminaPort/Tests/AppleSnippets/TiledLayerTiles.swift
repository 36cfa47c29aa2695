import UIKit

/// A large checkerboard drawn tile by tile by a tiled layer.
final class CheckerboardLayer: CATiledLayer {
    override class func fadeDuration() -> CFTimeInterval {
        return 0
    }

    override init() {
        super.init()
        tileSize = CGSize(width: 256, height: 256)
        levelsOfDetail = 4
        levelsOfDetailBias = 2
        bounds = CGRect(x: 0, y: 0, width: 4096, height: 4096)
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func draw(in ctx: CGContext) {
        let tile = ctx.boundingBoxOfClipPath
        let scale = ctx.ctm.a
        let square: CGFloat = 32
        ctx.setFillColor(CGColor(gray: 0.9, alpha: 1))
        ctx.fill(tile)
        ctx.setFillColor(CGColor(gray: 0.3, alpha: 1))
        var y = floor(tile.minY / square) * square
        while y < tile.maxY {
            var x = floor(tile.minX / square) * square
            while x < tile.maxX {
                if (Int(x / square) + Int(y / square)) % 2 == 0 {
                    ctx.fill(CGRect(x: x, y: y, width: square, height: square))
                }
                x += square
            }
            y += square
        }
        ctx.setStrokeColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.setLineWidth(2 / scale)
        ctx.stroke(tile)
    }
}
