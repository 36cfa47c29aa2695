import CoreGraphics

/// The horizontal stretches inside a filled path: where a frame's lines may go.
struct PathSpans {
    /// The path's subpaths, flattened and closed.
    private let polygons: [[CGPoint]]
    /// Whether the inside is where an odd number of edges is crossed (else a nonzero winding).
    private let isEvenOdd: Bool
    /// Paths whose insides are taken out of this one's (a frame's clipping paths).
    private let exclusions: [PathSpans]

    /// The inside of `path` filled by `rule`, without the insides of `excluding`'s paths.
    init(_ path: CGPath, rule: CGPathFillRule, excluding: [(path: CGPath, rule: CGPathFillRule)] = []) {
        polygons = path.flattenedSubpaths.filter { $0.count > 2 }
        isEvenOdd = rule == .evenOdd
        exclusions = excluding.map { PathSpans($0.path, rule: $0.rule) }
    }

    /// The stretches inside the path at height `y`, left to right.
    func spans(at y: CGFloat) -> [ClosedRange<CGFloat>] {
        var crossings: [(x: CGFloat, direction: Int)] = []
        for polygon in polygons {
            for index in polygon.indices {
                let a = polygon[index], b = polygon[(index + 1) % polygon.count]
                guard (a.y <= y) != (b.y <= y) else { continue }
                let x = a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y)
                if x.isFinite { crossings.append((x, b.y > a.y ? 1 : -1)) }
            }
        }
        crossings.sort { $0.x < $1.x }
        var spans: [ClosedRange<CGFloat>] = []
        var winding = 0
        var start: CGFloat?
        for crossing in crossings {
            winding += crossing.direction
            let inside = isEvenOdd ? winding % 2 != 0 : winding != 0
            if inside, start == nil {
                start = crossing.x
            } else if !inside, let from = start {
                if crossing.x > from { spans.append(from...crossing.x) }
                start = nil
            }
        }
        return spans
    }

    /// The stretches inside the path at every height of `band` (y up), left to right.
    ///
    /// Between two heights where the path has vertices its edges are straight, so the
    /// stretches over the band are those at its edges and just either side of each vertex
    /// within it.
    func spans(inBand band: ClosedRange<CGFloat>) -> [ClosedRange<CGFloat>] {
        let heights = sampleHeights(in: band)
        var result = spans(at: heights[0])
        for y in heights.dropFirst() where !result.isEmpty {
            result = Self.intersection(result, spans(at: y))
        }
        for exclusion in exclusions where !result.isEmpty {
            result = Self.subtracting(exclusion.reach(inBand: band), from: result)
        }
        return result
    }

    /// The heights the stretches over `band` change between: its edges and either side of
    /// each vertex within it, bottom to top.
    private func sampleHeights(in band: ClosedRange<CGFloat>) -> [CGFloat] {
        let nudge = min(1e-4, (band.upperBound - band.lowerBound) / 4)
        var heights = [band.lowerBound + nudge, band.upperBound - nudge]
        for polygon in polygons {
            for point in polygon where point.y > band.lowerBound && point.y < band.upperBound {
                heights.append(max(point.y - nudge, band.lowerBound + nudge))
                heights.append(min(point.y + nudge, band.upperBound - nudge))
            }
        }
        return heights.sorted()
    }

    /// The stretches inside the path at some height of `band`, left to right: between two
    /// sample heights each stretch's ends move in straight lines, so a stretch sweeps from the
    /// leftmost to the rightmost of its ends.
    func reach(inBand band: ClosedRange<CGFloat>) -> [ClosedRange<CGFloat>] {
        let heights = sampleHeights(in: band)
        var swept: [ClosedRange<CGFloat>] = []
        var previous = spans(at: heights[0])
        swept += previous
        for y in heights.dropFirst() {
            let current = spans(at: y)
            if current.count == previous.count {
                swept += zip(previous, current).map {
                    min($0.lowerBound, $1.lowerBound)...max($0.upperBound, $1.upperBound)
                }
            } else {
                swept += current
            }
            previous = current
        }
        return Self.union(swept)
    }

    /// The stretches covered by any of `spans`, merged, left to right.
    static func union(_ spans: [ClosedRange<CGFloat>]) -> [ClosedRange<CGFloat>] {
        var merged: [ClosedRange<CGFloat>] = []
        for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, span.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, span.upperBound)
            } else {
                merged.append(span)
            }
        }
        return merged
    }

    /// The parts of `spans` (sorted, not overlapping) outside `removed` (sorted, merged).
    static func subtracting(_ removed: [ClosedRange<CGFloat>], from spans: [ClosedRange<CGFloat>]) -> [ClosedRange<CGFloat>] {
        var result: [ClosedRange<CGFloat>] = []
        for span in spans {
            var start = span.lowerBound
            for hole in removed where hole.upperBound > start && hole.lowerBound < span.upperBound {
                if hole.lowerBound > start { result.append(start...hole.lowerBound) }
                start = max(start, hole.upperBound)
            }
            if start < span.upperBound { result.append(start...span.upperBound) }
        }
        return result
    }

    /// The stretches in both `a` and `b` (each sorted, not overlapping).
    static func intersection(_ a: [ClosedRange<CGFloat>], _ b: [ClosedRange<CGFloat>]) -> [ClosedRange<CGFloat>] {
        var result: [ClosedRange<CGFloat>] = []
        var i = 0, j = 0
        while i < a.count, j < b.count {
            let lower = max(a[i].lowerBound, b[j].lowerBound), upper = min(a[i].upperBound, b[j].upperBound)
            if lower < upper { result.append(lower...upper) }
            if a[i].upperBound < b[j].upperBound { i += 1 } else { j += 1 }
        }
        return result
    }
}
