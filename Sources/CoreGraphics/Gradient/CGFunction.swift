/// Evaluates a function at one input point (Core Graphics' `CGFunctionEvaluateCallback`):
/// reads `domainDimension` inputs and writes `rangeDimension` outputs. Apple's is a C function
/// pointer; on Linux `CGFloat` is a Swift type, so Lamina's is a Swift function — a closure
/// that captures nothing, or a function's name, is passed as on Apple's platforms.
public typealias CGFunctionEvaluateCallback = (UnsafeMutableRawPointer?, UnsafePointer<CGFloat>, UnsafeMutablePointer<CGFloat>) -> Void

/// Releases a function's `info` when the function goes (Core Graphics'
/// `CGFunctionReleaseInfoCallback`).
public typealias CGFunctionReleaseInfoCallback = (UnsafeMutableRawPointer?) -> Void

/// The callbacks of a ``CGFunction`` (Core Graphics' `CGFunctionCallbacks`).
public struct CGFunctionCallbacks {
    /// The structure's version; 0.
    public var version: UInt32
    /// Computes the outputs for the inputs; a function without one evaluates to zeros.
    public var evaluate: CGFunctionEvaluateCallback?
    /// Called with `info` when the function is freed, if given.
    public var releaseInfo: CGFunctionReleaseInfoCallback?

    /// Callbacks of `version` (0) that evaluate with `evaluate` and release with `releaseInfo`.
    public init(version: UInt32, evaluate: CGFunctionEvaluateCallback?, releaseInfo: CGFunctionReleaseInfoCallback?) {
        self.version = version
        self.evaluate = evaluate
        self.releaseInfo = releaseInfo
    }
}

/// A function of one or more inputs to one or more outputs, given by a callback (Core
/// Graphics' `CGFunction`): the colour function of a ``CGShading``, whose input is the
/// shading's parameter and whose outputs are a colour's components followed by its alpha.
///
/// Inputs are clamped to the domain and outputs to the range, as Core Graphics does. Lamina
/// evaluates the callback on the thread that draws, while drawing.
public final class CGFunction: @unchecked Sendable {
    // Immutable after init; `info` belongs to the caller, who decides its thread safety as
    // with Core Graphics.
    let info: UnsafeMutableRawPointer?
    /// Pairs of (low, high) bounds, one per input.
    let domain: [(CGFloat, CGFloat)]
    /// Pairs of (low, high) bounds, one per output, or nil for none.
    let range: [(CGFloat, CGFloat)]?
    let rangeDimension: Int
    private let evaluateCallback: CGFunctionEvaluateCallback?
    private let releaseCallback: CGFunctionReleaseInfoCallback?

    /// Creates a function, or returns nil for a dimension below 1 (a range dimension of 0
    /// needs a range), or a missing callbacks structure.
    ///
    /// - Parameters:
    ///   - info: Passed to the callbacks.
    ///   - domainDimension: The number of inputs.
    ///   - domain: `2 × domainDimension` values, low and high bounds of each input, or nil for
    ///     no bounds.
    ///   - rangeDimension: The number of outputs.
    ///   - range: `2 × rangeDimension` values, low and high bounds of each output, or nil for
    ///     no bounds.
    ///   - callbacks: The evaluation and release callbacks (copied).
    public init?(
        info: UnsafeMutableRawPointer?, domainDimension: Int, domain: UnsafePointer<CGFloat>?, rangeDimension: Int,
        range: UnsafePointer<CGFloat>?, callbacks: UnsafePointer<CGFunctionCallbacks>
    ) {
        guard domainDimension > 0, domainDimension < 64, rangeDimension >= 0, rangeDimension < 64,
            rangeDimension > 0 || range != nil
        else { return nil }
        self.info = info
        self.domain = domain.map { d in (0..<domainDimension).map { (d[2 * $0], d[2 * $0 + 1]) } }
            ?? Array(repeating: (-.infinity, .infinity), count: domainDimension)
        self.range = range.map { r in (0..<rangeDimension).map { (r[2 * $0], r[2 * $0 + 1]) } }
        self.rangeDimension = rangeDimension
        evaluateCallback = callbacks.pointee.evaluate
        releaseCallback = callbacks.pointee.releaseInfo
    }

    deinit { releaseCallback?(info) }

    /// The outputs for `inputs` (one per input; missing ones are 0), clamped to the range.
    func evaluate(_ inputs: [CGFloat]) -> [CGFloat] {
        let clampedInputs = domain.indices.map { index -> CGFloat in
            let value = index < inputs.count ? inputs[index] : 0
            let (low, high) = domain[index]
            return value.isNaN ? low : min(max(value, low), high)
        }
        var outputs = [CGFloat](repeating: 0, count: rangeDimension)
        evaluateCallback?(info, clampedInputs, &outputs)
        guard let range else { return outputs.map { $0.isNaN ? 0 : $0 } }
        return outputs.indices.map { index in
            let (low, high) = range[index]
            return outputs[index].isNaN ? low : min(max(outputs[index], low), high)
        }
    }
}
