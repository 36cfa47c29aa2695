/// What decides a layer bitmap's pixels besides the layer's appearance values: which part
/// of the layer it holds, the device transform's linear part, the sub-pixel phase of its
/// translation, the box drawn and the opacity drawn into it. A cached bitmap is reused
/// exactly while these and the appearance (``CARenderLayer/hasSameAppearance(as:)``) stay
/// the same, and resampled while its layer is in motion.
struct LayerPlacement: Equatable {
    /// Which part of the layer a bitmap holds.
    enum Part: UInt8 {
        /// The whole layer (it has no sublayers).
        case whole
        /// Shadow, background and contents: what is drawn below the sublayers.
        case underSublayers
        /// The border: drawn above the sublayers.
        case border
    }

    var part: Part
    var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat
    var phaseX: CGFloat, phaseY: CGFloat
    /// The bitmap's box relative to the whole-pixel part of the translation.
    var box: PixelRect
    var alpha: CGFloat

    init(part: Part, toDevice t: CGAffineTransform, wholeX: CGFloat, wholeY: CGFloat, box: PixelRect, alpha: CGFloat) {
        self.part = part
        (a, b, c, d) = (t.a, t.b, t.c, t.d)
        (phaseX, phaseY) = (t.tx - wholeX, t.ty - wholeY)
        self.box = box
        self.alpha = alpha
    }
}
