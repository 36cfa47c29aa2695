/// How a pattern's cells are spaced when drawn at device resolution.
public enum CGPatternTiling: Int32, Sendable {
    /// Cells are spaced exactly; the cell may be distorted by up to a device pixel.
    case noDistortion = 0
    /// Cells are not distorted; their spacing may vary by up to a device pixel.
    case constantSpacingMinimalDistortion = 1
    /// Cells are spaced exactly, drawn faster at the cost of distortion.
    case constantSpacing = 2
}

/// Draws one cell of a pattern into `context`, in pattern space; `info` is the pattern's.
///
/// Apple's is a C function pointer; Lamina's is a Swift function, so a closure that captures
/// nothing (or a function) reads the same. It is called whenever a fill or stroke with the
/// pattern draws, on the thread that draws.
public typealias CGPatternDrawPatternCallback = (UnsafeMutableRawPointer?, CGContext) -> Void

/// Releases a pattern's `info` when the pattern is freed.
public typealias CGPatternReleaseInfoCallback = (UnsafeMutableRawPointer?) -> Void

/// The functions a pattern calls: one that draws a cell and one that releases its `info`.
public struct CGPatternCallbacks {
    /// The structure's version; 0.
    public var version: UInt32
    /// Draws one cell; a pattern without it draws nothing.
    public var drawPattern: CGPatternDrawPatternCallback?
    /// Releases the pattern's `info`, if it needs releasing.
    public var releaseInfo: CGPatternReleaseInfoCallback?

    /// Creates the callbacks of a pattern.
    public init(version: UInt32, drawPattern: CGPatternDrawPatternCallback?, releaseInfo: CGPatternReleaseInfoCallback?) {
        self.version = version
        self.drawPattern = drawPattern
        self.releaseInfo = releaseInfo
    }
}

/// A cell of drawing repeated across a fill or stroke, as a pattern colour
/// (``CGColor/init(patternSpace:pattern:components:)``) or with
/// ``CGContext/setFillPattern(_:colorComponents:)``. Immutable; thread-safe as its callbacks are.
///
/// The cell is drawn by the draw callback in pattern space, clipped to ``bounds``, and repeated
/// every ``xStep`` × ``yStep``. Pattern space is mapped by ``matrix`` into the context's base
/// space — its default user space (y up from the bottom-left for a bitmap context; for a
/// layer's drawing context, the layer's points, y down from the top-left), not the current
/// transform — so a pattern keeps its phase and size when the CTM moves. A colored pattern
/// draws its own colours; an uncolored one (a stencil) is drawn in the colour given with it.
/// Lamina draws the cell at the device resolution of each fill (at most 4096 pixels a side)
/// and tiles it exactly, as ``CGPatternTiling/constantSpacing`` does, whichever tiling is asked.
public final class CGPattern: @unchecked Sendable {
    /// The cell's rectangle in pattern space; drawing outside it is clipped.
    public let bounds: CGRect
    /// Pattern space → the context's base space.
    public let matrix: CGAffineTransform
    /// The horizontal distance between cells, in pattern space.
    public let xStep: CGFloat
    /// The vertical distance between cells, in pattern space.
    public let yStep: CGFloat
    /// The spacing asked for (Lamina spaces cells exactly in every case).
    public let tiling: CGPatternTiling
    /// Whether the cell draws its own colours (`false`: a stencil drawn in the given colour).
    public let isColored: Bool

    private let info: UnsafeMutableRawPointer?
    private let drawCell: CGPatternDrawPatternCallback?
    private let releaseInfo: CGPatternReleaseInfoCallback?

    /// Creates a pattern, or returns `nil` (with a diagnostic) when the bounds or steps are
    /// not finite or a step is not positive.
    public init?(
        info: UnsafeMutableRawPointer?, bounds: CGRect, matrix: CGAffineTransform, xStep: CGFloat, yStep: CGFloat,
        tiling: CGPatternTiling, isColored: Bool, callbacks: UnsafePointer<CGPatternCallbacks>
    ) {
        guard xStep.isFinite, yStep.isFinite, xStep > 0, yStep > 0, !bounds.isNull, bounds.isFinite,
            [matrix.a, matrix.b, matrix.c, matrix.d, matrix.tx, matrix.ty].allSatisfy(\.isFinite)
        else {
            Diagnostics.log(
                "CGPattern: bounds \(bounds), steps \(xStep) × \(yStep) and matrix must be finite, and the steps greater than 0")
            return nil
        }
        self.bounds = bounds
        self.matrix = matrix
        self.xStep = xStep
        self.yStep = yStep
        self.tiling = tiling
        self.isColored = isColored
        self.info = info
        drawCell = callbacks.pointee.drawPattern
        releaseInfo = callbacks.pointee.releaseInfo
    }

    deinit { releaseInfo?(info) }

    /// Lamina: draws one cell into `context` (already in pattern space and clipped).
    func drawCell(in context: CGContext) { drawCell?(info, context) }
}
