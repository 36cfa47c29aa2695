import CCairo

/// Where a transition draws its two bodies at its progress, in the layer's bounds space
/// (see ``CARenderTransition`` for the rules).
struct TransitionMotion {
    /// How far the transition has gone, `0...1`.
    let progress: Double
    /// Maps the new body (the layer's bounds space) to where it is drawn.
    let newPlacement: CGAffineTransform
    /// Maps the old body (the `from` snapshot's bounds space) to where it is drawn.
    let oldPlacement: CGAffineTransform
    /// Whether the old body is drawn above the new one (reveal) rather than below.
    let oldOnTop: Bool
    /// Whether the bodies are cross-faded (fade, and unknown types) rather than moved.
    let isFade: Bool

    init(_ transition: CARenderTransition, of layer: CARenderLayer) {
        progress = transition.progress
        let p = CGFloat(transition.progress)
        let size = layer.bounds.standardized.size
        let w = size.width.isFinite ? size.width : 0
        let h = size.height.isFinite ? size.height : 0
        // The offset the new body starts at: the side it comes from.
        let start: CGSize
        switch transition.subtype {
        case .fromRight: start = CGSize(width: w, height: 0)
        case .fromTop: start = CGSize(width: 0, height: -h)
        case .fromBottom: start = CGSize(width: 0, height: h)
        default: start = CGSize(width: -w, height: 0)
        }
        var new = CGSize.zero
        var old = CGSize.zero
        var oldOnTop = false
        var isFade = false
        switch transition.type {
        case .moveIn:
            new = CGSize(width: start.width * (1 - p), height: start.height * (1 - p))
        case .push:
            new = CGSize(width: start.width * (1 - p), height: start.height * (1 - p))
            old = CGSize(width: -start.width * p, height: -start.height * p)
        case .reveal:
            old = CGSize(width: -start.width * p, height: -start.height * p)
            oldOnTop = true
        default:
            isFade = true
        }
        let alignment = Self.alignment(of: transition.from, to: layer)
        self.newPlacement = CGAffineTransform(translationX: new.width, y: new.height)
        self.oldPlacement = CGAffineTransform(translationX: old.width + alignment.width, y: old.height + alignment.height)
        self.oldOnTop = oldOnTop
        self.isFade = isFade
    }

    /// The translation putting the old body's anchor point (taken with the current
    /// `anchorPoint`) on the current one: zero when the bounds are equal.
    static func alignment(of from: CARenderLayer, to layer: CARenderLayer) -> CGSize {
        let anchor = layer.anchorPoint
        func anchorPoint(_ b: CGRect) -> CGPoint {
            CGPoint(x: b.origin.x + anchor.x * b.size.width, y: b.origin.y + anchor.y * b.size.height)
        }
        let current = anchorPoint(layer.bounds)
        let previous = anchorPoint(from.bounds)
        let dx = current.x - previous.x
        let dy = current.y - previous.y
        return dx.isFinite && dy.isFinite ? CGSize(width: dx, height: dy) : .zero
    }
}

extension RenderPass {
    /// Draws the layer's body or, in a transition, its old and new bodies; a hidden layer
    /// not in a transition draws nothing.
    func drawBodyOrTransition(_ layer: CARenderLayer, toDevice a: CGAffineTransform, alpha: CGFloat) {
        if let transition = layer.transition {
            drawTransition(transition, of: layer, toDevice: a, alpha: alpha)
        } else if !layer.isHidden {
            drawBody(layer, toDevice: a, alpha: alpha)
        }
    }

    /// Draws the old body (`transition.from`, itself possibly in a transition) and the new
    /// body (the layer's, unless hidden) where ``TransitionMotion`` puts them, both clipped
    /// to the layer's (rounded) bounds with `masksToBounds`. The layer's placement, shadow,
    /// mask and opacity are applied around this by the caller. Only the old body is drawn
    /// at progress 0 and only the new one at 1.
    private func drawTransition(
        _ transition: CARenderTransition, of layer: CARenderLayer, toDevice a: CGAffineTransform, alpha: CGFloat
    ) {
        let motion = TransitionMotion(transition, of: layer)
        let oldToDevice = motion.oldPlacement.concatenating(a)
        let newToDevice = motion.newPlacement.concatenating(a)
        func drawOld() {
            drawBodyOrTransition(transition.from, toDevice: oldToDevice, alpha: alpha)
        }
        func drawNew() {
            if !layer.isHidden {
                drawBody(layer, toDevice: newToDevice, alpha: alpha)
            }
        }

        let b = layer.bounds.standardized
        if layer.masksToBounds {
            guard !b.isEmpty else { return }
            cairo_save(cr)
            cairo_new_path(cr)
            addShape(
                b, radius: Self.effectiveRadius(layer, b), corners: layer.maskedCorners,
                continuous: layer.hasContinuousCorners, toDevice: a)
            cairo_clip(cr)
        }
        if motion.progress <= 0 {
            drawOld()
        } else if motion.progress >= 1 {
            drawNew()
        } else if motion.isFade {
            drawMix(fraction: motion.progress, within: Self.subtreeBox(layer), toDevice: a, old: drawOld, new: drawNew)
        } else if motion.oldOnTop {
            drawNew()
            drawOld()
        } else {
            drawOld()
            drawNew()
        }
        if layer.masksToBounds {
            cairo_restore(cr)
        }
    }
}
