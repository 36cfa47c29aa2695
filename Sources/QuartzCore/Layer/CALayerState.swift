/// The property values of one layer, copied as a whole from a model layer to its
/// presentation copy on commit.
struct CALayerState {
    var name: String?
    var bounds: CGRect = .zero
    var position: CGPoint = .zero
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    var zPosition: CGFloat = 0
    var transform: CATransform3D = CATransform3DIdentity
    var opacity: Float = 1
    var isHidden = false
    var masksToBounds = false
    var backgroundColor: CGColor?
    var contents: Any?

    /// The anchor point in the layer's own (bounds) coordinates.
    var anchorPointInBounds: CGPoint {
        CGPoint(
            x: bounds.origin.x + anchorPoint.x * bounds.size.width,
            y: bounds.origin.y + anchorPoint.y * bounds.size.height)
    }

    /// Maps the layer's own coordinates to its superlayer's: move the anchor point to the
    /// origin, apply the affine part of `transform`, move to `position`.
    var transformToSuperlayer: CGAffineTransform {
        let anchor = anchorPointInBounds
        return CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(CATransform3DGetAffineTransform(transform))
            .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
    }
}
