import Foundation

/// An offscreen drawing surface made for a context (Core Graphics' `CGLayer`): draw into its
/// ``context`` once, then draw the layer into that context (or another) as often as needed
/// with ``CGContext/draw(_:at:)`` or ``CGContext/draw(_:in:)``.
///
/// The layer caches its drawing at the resolution of the context it was made for (the scale
/// of that context's current transformation, so a layer made in a 2× layer context keeps 2
/// pixels a point), in sRGB with alpha, transparent until drawn into. Its context's user space
/// has its origin at the bottom left, y up, one unit a point, as a bitmap context's. Drawn, it
/// is placed as an image is: in a y-down context (a layer's `draw(in:)`) it appears upside
/// down, as Core Graphics draws it there.
public final class CGLayer {
    /// The layer's size in user-space units, as made.
    public let size: CGSize
    /// The context to draw the layer's content into.
    public let context: CGContext?
    /// Pixels a unit.
    private let scale: CGFloat

    /// A layer of `size` for drawing into `context`, or nil for a size that is not finite and
    /// positive or too large to allocate (with a diagnostic).
    ///
    /// - Parameters:
    ///   - context: The context the layer is drawn into: its resolution is the layer's.
    ///   - size: The layer's size in user-space units.
    ///   - auxiliaryInfo: Reserved; pass nil (ignored, as Core Graphics does).
    public init?(_ context: CGContext, size: CGSize, auxiliaryInfo: [CFString: Any]?) {
        let t = context.ctm
        let scale = max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot(), 1)
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0, scale.isFinite,
            size.width * scale < 32768, size.height * scale < 32768
        else {
            Diagnostics.log("CGLayerCreateWithContext: size \(size) at \(scale) pixels a unit must be finite, positive and under 32768 pixels a side")
            return nil
        }
        guard
            let layerContext = CGContext(
                data: nil, width: Int((size.width * scale).rounded(.up)), height: Int((size.height * scale).rounded(.up)),
                bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        layerContext.scaleBy(x: scale, y: scale)
        self.size = size
        self.scale = scale
        self.context = layerContext
    }

    /// The layer's pixels as they are now.
    fileprivate var image: CGImage? { context?.makeImage() }
}

extension CGContext {
    /// Draws `layer` with its bottom-left corner at `point`, at its size (Core Graphics'
    /// `CGContextDrawLayerAtPoint`).
    public func draw(_ layer: CGLayer, at point: CGPoint) {
        draw(layer, in: CGRect(origin: point, size: layer.size))
    }

    /// Draws `layer` scaled to fill `rect` (Core Graphics' `CGContextDrawLayerInRect`), as an
    /// image is drawn.
    public func draw(_ layer: CGLayer, in rect: CGRect) {
        guard let image = layer.image else { return }
        draw(image, in: rect)
    }
}
