extension CGContext {
    /// Lamina: creates the bitmap context `CALayer.draw(in:)` draws into: pre-flipped to
    /// the layer's top-left, y-down coordinates, in points, as UIKit and Core Animation
    /// contexts are on iOS. Returns `nil` (with a diagnostic) for invalid sizes.
    ///
    /// - Parameters:
    ///   - width: Width in **pixels** (the layer's width in points × `scale`, rounded up).
    ///   - height: Height in **pixels**.
    ///   - scale: Pixels per point (the layer's `contentsScale`); must be finite and > 0.
    ///
    /// The context is transparent and native premultiplied BGRA. User space: origin at the
    /// top-left, y down, one unit = one point = `scale` pixels; ``ctm`` starts as
    /// `[scale, 0, 0, -scale, 0, height]`. Shadow offsets are in points with y down
    /// (UIKit's convention). ``makeImage()`` gives an image whose row 0 is the layer's top.
    /// Images drawn with ``draw(_:in:byTiling:)`` appear upside down here, exactly as
    /// `CGContext.draw` does in a UIKit context on iOS.
    public static func layerContext(width: Int, height: Int, scale: CGFloat) -> CGContext? {
        guard scale.isFinite, scale > 0 else {
            Diagnostics.log("CGContext.layerContext: invalid scale \(scale): it must be finite and greater than 0")
            return nil
        }
        guard
            let context = CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        let flip = CGAffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: 0, ty: CGFloat(height))
        context.concatenate(flip)
        context.shadowBase = CGAffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: 0, ty: 0)
        context.patternBase = flip
        return context
    }
}
