/// Which of Lamina's own compositing loops the painter uses instead of pixman's (each gives
/// pixman's pixels exactly; they differ in speed only).
struct OwnCompositeLoops: Sendable, Equatable {
    /// Turned (rotated or skewed) images resampled by ``ResampledComposite``.
    var resamplesTurns: Bool
    /// Images at whole-pixel offsets composited by ``WholePixelComposite``.
    var compositesWholePixels: Bool

    /// The loops faster than pixman in this build on this processor.
    static let preferred = OwnCompositeLoops(
        resamplesTurns: ResampledComposite.isAvailable, compositesWholePixels: WholePixelComposite.isPreferred)

    /// pixman for every step.
    static let none = OwnCompositeLoops(resamplesTurns: false, compositesWholePixels: false)

    /// Every loop that runs on this processor, optimised or not (for tests that compare them
    /// with pixman in a debug build).
    static let everyLoopThatRuns = OwnCompositeLoops(
        resamplesTurns: true, compositesWholePixels: WholePixelComposite.runsHere)
}
