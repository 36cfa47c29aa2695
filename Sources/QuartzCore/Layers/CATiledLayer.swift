import CoreGraphics
import Foundation

/// A layer whose content ``CALayer/draw(in:)`` draws a tile at a time (Apple's
/// `CATiledLayer`), for content too large or too slow to draw in one go — maps, large
/// images, documents.
///
/// Same names and defaults as Apple's. Each ``CALayer/draw(in:)`` call draws one tile: the
/// context's clip is that tile's rectangle in the layer's coordinates (read it with
/// `ctx.boundingBoxOfClipPath`) and its CTM is the layer's, scaled by ``CALayer/contentsScale``
/// (read the scale from `ctx.ctm`), so drawing code computes what falls inside the tile and
/// draws only that. Tiles are ``tileSize`` pixels, laid from the bounds' origin, row by row
/// from the top; each is drawn in a state of its own (saved and restored around the call).
///
/// Differences from Apple's: tiles are drawn on the thread that displays the layer, all of
/// them when it displays, rather than on background threads as they come into view, so
/// ``fadeDuration()`` is accepted and not used (tiles never fade in), and the content is
/// drawn at one level of detail, the layer's ``CALayer/contentsScale``, whatever
/// ``levelsOfDetail`` and ``levelsOfDetailBias`` say (both are kept and read back). The whole
/// backing store is kept, so the layer's bounds at its scale are limited as any layer's are
/// (`CGImage.maximumDimension` pixels a side).
open class CATiledLayer: CALayer {
    /// Lamina's own class reads its snapshot values from storage; an app's subclass of it
    /// through its getters.
    override class var snapshotsReadStorage: Bool { self == CATiledLayer.self }

    /// The seconds a newly drawn tile takes to fade in: 0.25. Subclasses override it
    /// (`override class func fadeDuration() -> CFTimeInterval { 0 }`). Lamina draws every
    /// tile before the layer is shown, so tiles do not fade.
    open class func fadeDuration() -> CFTimeInterval {
        0.25
    }

    /// The number of levels of detail kept, each half the resolution of the one above.
    /// Defaults to 1. Lamina draws one level, at ``CALayer/contentsScale``.
    @CAManaged("levelsOfDetail") open var levelsOfDetail: Int = 1

    /// How many of the levels of detail are magnified (drawn at more than the layer's own
    /// resolution). Defaults to 0. Lamina draws one level, at ``CALayer/contentsScale``.
    @CAManaged("levelsOfDetailBias") open var levelsOfDetailBias: Int = 0

    /// The largest size of a tile, in pixels of the backing store. Defaults to 256 × 256.
    /// A size whose width or height is not positive and finite draws the layer as one tile.
    @CAManaged("tileSize") open var tileSize: CGSize = CGSize(width: 256, height: 256)

    /// Creates a tiled layer with Apple's defaults.
    public override init() {
        super.init()
    }

    /// Creates a shadow copy of `layer` (see ``CALayer/init(layer:)``).
    public required init(layer: Any) {
        super.init(layer: layer)
    }

    /// Returns `nil`: Lamina cannot decode archived layers (see ``CALayer/init(coder:)``).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Apple's defaults for ``levelsOfDetail``, ``levelsOfDetailBias`` and ``tileSize``, then
    /// `CALayer`'s.
    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "levelsOfDetail": 1
        case "levelsOfDetailBias": 0
        case "tileSize": CGSize(width: 256, height: 256)
        default: super.defaultValue(forKey: key)
        }
    }

    /// The tiles covering `box` (the layer's bounds) at `scale` pixels a point, row by row
    /// from the bounds' origin, each clipped to the bounds; the whole box when ``tileSize``
    /// is not a positive, finite size.
    func tiles(covering box: CGRect, scale: CGFloat) -> [CGRect] {
        let size = tileSize
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0, scale > 0,
            !box.isEmpty
        else { return [box] }
        let width = size.width / scale
        let height = size.height / scale
        let columnCount = (box.width / width).rounded(.up)
        let rowCount = (box.height / height).rounded(.up)
        // More tiles than pixels only happens for tiles under a pixel, and bounds too large
        // for a backing store draw nothing anyway: draw in one go (counted in floating point,
        // which neither traps nor overflows).
        guard columnCount.isFinite, rowCount.isFinite, columnCount >= 1, rowCount >= 1,
            columnCount * rowCount <= min(box.width * box.height * scale * scale + 1, Self.tileLimit)
        else { return [box] }
        let columns = Int(columnCount)
        let rows = Int(rowCount)
        var result: [CGRect] = []
        result.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let tile = CGRect(
                    x: box.minX + CGFloat(column) * width, y: box.minY + CGFloat(row) * height, width: width, height: height)
                result.append(tile.intersection(box))
            }
        }
        return result
    }

    /// The most tiles one display draws (beyond it, the layer is drawn as one tile).
    static let tileLimit: CGFloat = 1_048_576

    /// Draws the content into the backing store's `context` (set up in the layer's space) a
    /// tile at a time: ``CALayer/draw(in:)`` once per tile, clipped to it.
    func drawTiles(in context: CGContext) {
        for tile in tiles(covering: bounds.standardized, scale: contentsScale) {
            context.saveGState()
            context.clip(to: tile)
            draw(in: context)
            context.restoreGState()
        }
    }
}
