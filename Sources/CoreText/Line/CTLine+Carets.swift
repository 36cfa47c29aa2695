import CoreGraphics
import Foundation

/// Calls `block` for each caret edge of the line's characters, left to right (Core Text's
/// `CTLineEnumerateCaretOffsets`): the edge's offset from the line's origin, the character's
/// string index, whether the edge is the one logically before the character (its left side in
/// left-to-right runs, its right side in right-to-left ones), and a flag the block sets to
/// stop. Characters that share glyphs (a ligature) divide the glyphs' advance evenly.
public func CTLineEnumerateCaretOffsets(_ line: CTLine, _ block: (Double, CFIndex, Bool, UnsafeMutablePointer<Bool>) -> Void) {
    var stop = false
    for run in line.runs {
        let rightToLeft = CTRunGetStatus(run).contains(.rightToLeft)
        for cluster in caretClusters(of: run) {
            let width = cluster.width / CGFloat(max(cluster.characters.count, 1))
            // Left to right on the screen: a right-to-left run's characters run backwards.
            let characters = rightToLeft ? cluster.characters.reversed() : cluster.characters
            for (position, index) in characters.enumerated() {
                let left = cluster.x + CGFloat(position) * width
                for (x, leading) in [(left, !rightToLeft), (left + width, rightToLeft)] {
                    block(Double(x), index, leading, &stop)
                    if stop { return }
                }
            }
        }
    }
}

/// The run's glyph clusters, left to right: where each starts, how wide it is, and the string
/// indices of the characters it draws (from its first glyph's index up to the next cluster's,
/// in string order).
private func caretClusters(of run: CTRun) -> [(x: CGFloat, width: CGFloat, characters: [CFIndex])] {
    var clusters: [(x: CGFloat, width: CGFloat, index: CFIndex)] = []
    for (glyph, index) in run.stringIndices.enumerated() {
        let advance = run.advances[glyph].width
        if let last = clusters.last, last.index == index {
            clusters[clusters.count - 1].width += advance
        } else {
            clusters.append((run.positions[glyph].x, advance, index))
        }
    }
    let starts = Set(clusters.map(\.index)).sorted()
    let runEnd = run.stringRange.location + run.stringRange.length
    return clusters.map { cluster in
        let next = starts.first { $0 > cluster.index } ?? runEnd
        return (cluster.x, cluster.width, Array(cluster.index..<max(next, cluster.index + 1)))
    }
}
