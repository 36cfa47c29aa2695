/// The presentation tree with animations applied: each presentation layer starts from the
/// model values of the last commit, and the animations attached to its model layer are
/// applied in order at the layer's local time (seed 001's timing hierarchy).
///
/// Presentation layers are kept and updated in place: a tree is evaluated once per media
/// time (and again after a commit or a change of animations), whoever asks.
extension CALayer {
    /// Bumped by every commit and every change of attached animations, so cached
    /// evaluations are redone.
    static var presentationGeneration: UInt64 = 0

    /// Evaluates the presentation tree this presentation layer belongs to at media time
    /// `time`, unless it already was for that time and generation.
    func refreshPresentationTree(at time: CFTimeInterval) {
        let root = rootLayer
        let stamp = PresentationStamp(time: time, generation: CALayer.presentationGeneration)
        guard root.evaluationStamp != stamp else { return }
        root.evaluationStamp = stamp
        CALayer.withDiagnosticsMuted {
            root.evaluateAnimations(parentTime: time)
        }
    }

    /// Evaluates this presentation layer and its subtree; `parentTime` is the superlayer's
    /// local time (media time for the root).
    private func evaluateAnimations(parentTime: CFTimeInterval) {
        let animations = modelLayer?.effectiveAnimations ?? []
        if !animations.isEmpty || hasAnimatedValues {
            showCommittedValues()
        }
        let localTime = CALayer.localTime(parentTime, through: layerTimingParameters)
        if !animations.isEmpty {
            apply(animations, atLocalTime: localTime)
        }
        for sublayer in storedSublayers {
            sublayer.evaluateAnimations(parentTime: localTime)
        }
        storedMask?.evaluateAnimations(parentTime: localTime)
    }

    /// Applies `animations` in order; redraws the contents when an animated key is one of
    /// the class's ``needsDisplay(forKey:)`` keys (seed 004).
    private func apply(_ animations: [AttachedAnimation], atLocalTime time: CFTimeInterval) {
        let type = Swift.type(of: self)
        var redraw = false
        for attached in animations {
            guard let evaluator = attached.evaluator else { continue }
            applyAnimation(attached, evaluator: evaluator, atLocalTime: time) { keyPath, value in
                self.hasAnimatedValues = true
                self.setValue(value, forKeyPath: keyPath)
                let key = String(keyPath.prefix { $0 != "." })
                if CALayer.classNeedsDisplay(type, forKey: key) { redraw = true }
            }
        }
        // Geometry setters may mark the copy (bounds with needsDisplayOnBoundsChange); only
        // needsDisplay(forKey:) keys redraw a presentation layer.
        displayIsNeeded = false
        if redraw {
            let saved = delegate
            delegate = modelLayer?.delegate
            display()
            delegate = saved
            hasAnimatedValues = true
        }
        layoutIsNeeded = false
    }

    /// Runs `body` with ``diagnosticHandler`` silenced (presentation values are derived;
    /// problems are reported when animations are added).
    static func withDiagnosticsMuted(_ body: () -> Void) {
        let saved = diagnosticHandler
        diagnosticHandler = { _ in }
        body()
        diagnosticHandler = saved
    }
}

/// When a presentation tree was last evaluated.
struct PresentationStamp: Equatable {
    var time: CFTimeInterval
    var generation: UInt64
}
