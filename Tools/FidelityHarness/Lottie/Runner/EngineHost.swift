// The fidelity harness's runner: what the engine's root layers refer to in lottie's view
// layer, which the harness does not copy (it hosts the root layer itself).

import QuartzCore

/// Stands in for lottie's view layer: the root layers keep a weak reference to it, and ask it
/// to restart an animation that is playing, which the harness never does (it pauses).
final class LottieAnimationLayer: CALayer {
    func updateInFlightAnimation() {}
}
