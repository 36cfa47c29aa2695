/// Everything that decides a layer bitmap's pixels, compared frame to frame: when equal,
/// the cached bitmap is composited again instead of being drawn.
struct LayerAppearance: Equatable {
    /// Which part of the layer the bitmap holds.
    enum Part: UInt8 {
        /// The whole layer (it has no sublayers).
        case whole
        /// Shadow, background and contents: what is drawn below the sublayers.
        case underSublayers
        /// The border: drawn above the sublayers.
        case border
    }

    var part: Part
    /// The device transform's linear part and the sub-pixel phase of its translation.
    var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat
    var phaseX: CGFloat, phaseY: CGFloat
    /// The bitmap's box relative to the whole-pixel part of the translation.
    var box: PixelRect
    var alpha: CGFloat
    var bounds: CGRect
    var masksToBounds: Bool
    var allowsGroupOpacity: Bool
    var backgroundColor: CGColor?
    var cornerRadius: CGFloat
    var maskedCorners: CACornerMask
    var borderWidth: CGFloat
    var borderColor: CGColor?
    var shadowOpacity: Float
    var shadowRadius: CGFloat
    var shadowOffset: CGSize
    var shadowColor: CGColor?
    var shadowPath: CARenderPath?
    var contents: ObjectIdentifier?
    var contentsRect: CGRect
    var contentsCenter: CGRect
    var contentsGravity: CALayerContentsGravity
    var contentsScale: CGFloat
    var contentsAreFlipped: Bool
    var minificationFilter: CALayerContentsFilter
    var magnificationFilter: CALayerContentsFilter

    init(_ layer: CARenderLayer, part: Part, toDevice t: CGAffineTransform, wholeX: CGFloat, wholeY: CGFloat,
         box: PixelRect, alpha: CGFloat) {
        self.part = part
        (a, b, c, d) = (t.a, t.b, t.c, t.d)
        (phaseX, phaseY) = (t.tx - wholeX, t.ty - wholeY)
        self.box = box
        self.alpha = alpha
        bounds = layer.bounds
        masksToBounds = layer.masksToBounds
        allowsGroupOpacity = layer.allowsGroupOpacity
        backgroundColor = layer.backgroundColor
        cornerRadius = layer.cornerRadius
        maskedCorners = layer.maskedCorners
        borderWidth = layer.borderWidth
        borderColor = layer.borderColor
        shadowOpacity = layer.shadowOpacity
        shadowRadius = layer.shadowRadius
        shadowOffset = layer.shadowOffset
        shadowColor = layer.shadowColor
        shadowPath = layer.shadowPath
        contents = layer.contents.map(ObjectIdentifier.init)
        contentsRect = layer.contentsRect
        contentsCenter = layer.contentsCenter
        contentsGravity = layer.contentsGravity
        contentsScale = layer.contentsScale
        contentsAreFlipped = layer.contentsAreFlipped
        minificationFilter = layer.minificationFilter
        magnificationFilter = layer.magnificationFilter
    }
}
