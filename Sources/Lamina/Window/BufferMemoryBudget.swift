internal import Wayland

/// How many bytes of pixels a window's buffers may take, and how many buffers of a size fit.
///
/// A window draws into up to three buffers (one on screen, one the compositor may still read,
/// one being drawn); two are the fewest that let it draw while the compositor shows the other.
/// A size is *within* the budget when two of its buffers fit; up to three are used as the
/// budget allows. The default is four screens of the largest output: its current mode's
/// pixels at 4 bytes each, a screen counting as at least 1920 × 1080 pixels (for smaller
/// outputs, or before any output announced its mode).
struct BufferMemoryBudget: Equatable, Sendable {
    /// The most bytes the buffers of the current size may take together.
    var bytes: Int

    /// Screens' worth of pixels in the default budget.
    static let defaultScreens = 4
    /// The smallest screen the default counts with.
    static let smallestScreenPixels = 1920 * 1080
    /// The most buffers a window uses, and the fewest a size needs to be within the budget.
    static let mostBuffers = 3
    static let fewestBuffers = 2

    /// The default for outputs whose largest mode has `largestOutputPixels` pixels (nil: no
    /// output announced a mode).
    static func standard(largestOutputPixels: Int?) -> BufferMemoryBudget {
        let screen = max(largestOutputPixels ?? 0, smallestScreenPixels)
        return BufferMemoryBudget(bytes: defaultScreens * screen * 4)
    }

    /// How many buffers of `bufferBytes` each the budget allows (at most three), or nil when
    /// fewer than two fit.
    func buffers(ofBytes bufferBytes: Int) -> Int? {
        guard bufferBytes > 0 else { return nil }
        let count = min(bytes / bufferBytes, Self.mostBuffers)
        return count >= Self.fewestBuffers ? count : nil
    }

    /// Whether a window of `width × height` points can be drawn within the budget (at scale 1,
    /// the fewest pixels it can be drawn at).
    func allows(width: Int, height: Int) -> Bool {
        guard let bytes = try? ShmBufferPool.byteCount(width: width, height: height) else { return false }
        return buffers(ofBytes: bytes) != nil
    }

    /// The size to draw instead of a compositor's `width × height` when two of its buffers
    /// exceed the budget: `current` (the surface's size) when that is within it, else the
    /// largest size of the same proportions that is; nil when the asked size is within it.
    func refusal(width: Int, height: Int, current: (width: Int, height: Int)) -> (width: Int, height: Int)? {
        guard !allows(width: width, height: height) else { return nil }
        return allows(width: current.width, height: current.height) ? current : fitting(width: width, height: height)
    }

    /// The largest size with the proportions of `width × height` (each side at least 1) that is
    /// within the budget: for a window that has no earlier size to keep.
    func fitting(width: Int, height: Int) -> (width: Int, height: Int) {
        let limit = ShmBufferPool.maximumDimension
        var w = min(max(width, 1), limit), h = min(max(height, 1), limit)
        let pixels = Double(bytes / Self.fewestBuffers / 4)
        if !allows(width: w, height: h) {
            let factor = (pixels / (Double(w) * Double(h))).squareRoot()
            w = max(Int((Double(w) * factor).rounded(.down)), 1)
            h = max(Int((Double(h) * factor).rounded(.down)), 1)
        }
        while !allows(width: w, height: h), w > 1 || h > 1 {
            if w >= h { w -= 1 } else { h -= 1 }
        }
        return (w, h)
    }
}
