extension CGPath {
    /// Returns the outline of this path stroked with the given settings: a path whose
    /// non-zero-winding fill is the area the stroke would paint, transformed by `transform`
    /// afterwards.
    ///
    /// Lamina builds the outline as a union of overlapping closed pieces (segment
    /// quadrilaterals, joins, caps), all counter-clockwise, from the path flattened finely
    /// (within 1/20 of the half width). Fill it with ``CGPathFillRule/winding`` (the
    /// default); an even-odd fill would cancel the overlaps. A width ≤ 0 gives an empty path.
    public func copy(
        strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat,
        transform: CGAffineTransform = .identity
    ) -> CGPath {
        var stroker = PathStroker(
            width: lineWidth.isFinite ? lineWidth : 0, cap: lineCap, join: lineJoin,
            miterLimit: miterLimit.isFinite ? max(miterLimit, 1) : 10)
        stroker.stroke(storage)
        return CGPath(storage: stroker.output.applying(transform))
    }

    /// Returns this path cut into dashes: alternating painted and skipped `lengths`,
    /// starting `phase` units into the pattern at each subpath, transformed by `transform`
    /// afterwards. Lines stay lines and curves stay (shorter) curves.
    ///
    /// An empty pattern, a negative or non-finite length, or a pattern of all zeros gives an
    /// unchanged (transformed) copy of the path.
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform = .identity) -> CGPath {
        guard !lengths.isEmpty, lengths.allSatisfy({ $0 >= 0 && $0.isFinite }), lengths.reduce(0, +) > 0, phase.isFinite
        else { return CGPath(storage: storage.applying(transform)) }
        // An odd-length pattern repeats twice so on/off alternate consistently, as Apple's does.
        let pattern = lengths.count % 2 == 1 ? lengths + lengths : lengths
        var dasher = PathDasher(lengths: pattern, phase: phase)
        dasher.dash(storage)
        return CGPath(storage: dasher.output.applying(transform))
    }
}

extension CGPath {
    /// Creates the outline of `path` stroked with the given settings, transformed by
    /// `transform` if given (the Swift name of Core Graphics' `CGPathCreateCopyByStrokingPath`,
    /// which Apple code calls as `CGPath(__byStroking: path, …)!`): the same path as
    /// ``copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)``. Never nil; failable
    /// as Apple's is, so that Apple code's `!` compiles.
    public convenience init?(
        __byStroking path: CGPath, transform: UnsafePointer<CGAffineTransform>?, lineWidth: CGFloat, lineCap: CGLineCap,
        lineJoin: CGLineJoin, miterLimit: CGFloat
    ) {
        let outline = path.copy(
            strokingWithWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit,
            transform: transform?.pointee ?? .identity)
        self.init(storage: outline.storage)
    }

    /// Creates `path` cut into dashes: `count` lengths read from `lengths`, starting `phase`
    /// units into the pattern, transformed by `transform` if given (the Swift name of Core
    /// Graphics' `CGPathCreateCopyByDashingPath`, called as `CGPath(__byDashing: …)!`): the
    /// same path as ``copy(dashingWithPhase:lengths:transform:)``; no lengths (`nil` or a
    /// `count` of 0 or less) give an unchanged copy. Never nil; failable as Apple's is.
    public convenience init?(
        __byDashing path: CGPath, transform: UnsafePointer<CGAffineTransform>?, phase: CGFloat, lengths: UnsafePointer<CGFloat>?,
        count: Int
    ) {
        let pattern = lengths.map { Array(UnsafeBufferPointer(start: $0, count: max(count, 0))) } ?? []
        let dashed = path.copy(dashingWithPhase: phase, lengths: pattern, transform: transform?.pointee ?? .identity)
        self.init(storage: dashed.storage)
    }
}
