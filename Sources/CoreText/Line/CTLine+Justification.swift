import CoreGraphics

/// The line stretched to `justificationWidth` points by widening the spaces between its
/// words (Core Text's `CTLineCreateJustifiedLine`). A `justificationFactor` of 1 or more
/// justifies fully; one between 0 and 1 stretches the line by that share of the space it
/// lacks (Lamina's reading of Apple's "partial justification"); 0 or less, or a line as wide
/// as the width already, gives the line unchanged. Nil for a width that is not positive and
/// finite. A line without spaces keeps its width.
@discardableResult
public func CTLineCreateJustifiedLine(
    _ line: CTLine, _ justificationFactor: CGFloat, _ justificationWidth: Double
) -> CTLine? {
    guard justificationWidth.isFinite, justificationWidth > 0, justificationFactor.isFinite else { return nil }
    let natural = line.line.map { Double($0.width) } ?? 0
    guard justificationFactor > 0, natural < justificationWidth else { return line }
    let share = min(Double(justificationFactor), 1)
    var options = line.options
    options.justificationWidth = CGFloat(natural + (justificationWidth - natural) * share)
    return CTLine(line.text, stringOffset: line.stringOffset, options: options, width: options.justificationWidth ?? .infinity)
}
