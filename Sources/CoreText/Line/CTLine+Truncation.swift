import CoreGraphics

/// Where a truncated line is shortened (Core Text's `CTLineTruncationType`).
public enum CTLineTruncationType: UInt32, Sendable {
    /// At its start.
    case start = 0
    /// At its end.
    case end = 1
    /// In its middle.
    case middle = 2
}

/// The line shortened to `width` points with an ellipsis where `truncationType` says (Core
/// Text's `CTLineCreateTruncatedLine`); the line itself when it fits. Lamina's ellipsis is
/// Pango's "…" in the line's font: a `truncationToken` line is accepted and not drawn.
/// Nil for a width that is not positive and finite.
@discardableResult
public func CTLineCreateTruncatedLine(
    _ line: CTLine, _ width: Double, _ truncationType: CTLineTruncationType, _ truncationToken: CTLine?
) -> CTLine? {
    guard width.isFinite, width > 0 else { return nil }
    if let laid = line.line, Double(laid.width) <= width { return line }
    var options = line.options
    options.truncation =
        switch truncationType {
        case .start: .start
        case .middle: .middle
        case .end: .end
        }
    return CTLine(line.text, stringOffset: line.stringOffset, options: options, width: CGFloat(width))
}
