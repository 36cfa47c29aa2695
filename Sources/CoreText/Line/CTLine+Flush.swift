import CoreGraphics

/// How far from the left of a `flushWidth`-point span to start drawing the line so that it
/// sits `flushFactor` of the way from flush left to flush right (Core Text's
/// `CTLineGetPenOffsetForFlush`): 0 is flush left, 1 flush right, 0.5 centred; factors
/// outside 0…1 are taken as 0 or 1. The line's trailing white space is not counted, so a
/// line that ends in a space still sits flush. 0 when the line is as wide as the span or wider.
@discardableResult
public func CTLineGetPenOffsetForFlush(_ line: CTLine, _ flushFactor: CGFloat, _ flushWidth: Double) -> Double {
    let width = Double(line.line?.width ?? 0) - CTLineGetTrailingWhitespaceWidth(line)
    let factor = Double(min(max(flushFactor.isNaN ? 0 : flushFactor, 0), 1))
    guard flushWidth.isFinite, flushWidth > width else { return 0 }
    return (flushWidth - width) * factor
}
