import Foundation

extension Window {
    /// Lamina: the most bytes of pixel memory the window's buffers may take together. Default
    /// nil: four screens of the largest output (its current mode's pixels, 4 bytes each, a
    /// screen counting as at least 1920 × 1080 pixels).
    ///
    /// A window draws into up to three buffers of its size in pixels; a size is accepted when
    /// at least two of its buffers fit the budget (three are used where they fit). A configure
    /// whose size is beyond it — even at scale 1 — is refused with a diagnostic on standard
    /// error, and the window keeps its last size within the budget. A scale whose buffers would
    /// not fit is drawn at scale 1 instead. A new budget applies from the next configure;
    /// buffers of an earlier size the compositor still holds are freed once it releases them.
    /// Values below 8 bytes (two 1 × 1 buffers) count as 8.
    public var bufferMemoryBudget: Int? {
        get { bufferBudgetSetting }
        set { bufferBudgetSetting = newValue.map { max($0, 8) } }
    }

    /// Lamina: the budget in effect now, in bytes: ``bufferMemoryBudget`` or its default.
    public var effectiveBufferMemoryBudget: Int { bufferBudget.bytes }

    /// The budget in effect.
    var bufferBudget: BufferMemoryBudget {
        if let bufferBudgetSetting { return BufferMemoryBudget(bytes: bufferBudgetSetting) }
        return .standard(largestOutputPixels: application.outputScales.largestPixelCount)
    }

    /// The size to draw for a configure of `width × height` points: that size when it is
    /// within the budget; else the window's current size (when it is), else the largest size
    /// of the same proportions that is.
    func sizeWithinBudget(width: Int, height: Int) -> (width: Int, height: Int) {
        let budget = bufferBudget
        guard let kept = budget.refusal(width: width, height: height, current: (Int(size.width), Int(size.height))) else {
            return (width, height)
        }
        diagnose(
            "the compositor asked for a window of \(width)×\(height); two buffers of it exceed the window's buffer budget of \(budget.bytes) bytes: keeping \(kept.width)×\(kept.height)"
        )
        return kept
    }
}
