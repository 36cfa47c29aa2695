import Foundation

/// Colours interpolated in one colour space and drawn in another, as Core Graphics draws a
/// gradient: each stop is converted into the gradient's space (clamped to its gamut unless
/// the space is extended), the colours between stops are mixed there, and each mixed colour
/// is converted into the destination's space.
///
/// A renderer such as cairo mixes linearly in the destination's space between the stops it
/// is given, so when the two spaces differ the ramp is handed over as the original stops
/// plus enough stops between them that the straight segments stay within a quarter of a
/// 255th of the curve the mixing draws in the destination.
package enum GradientInterpolation {
    /// A colour stop for a renderer: its location and non-premultiplied components of the
    /// destination space, each in `0...1`.
    package struct Stop: Sendable, Equatable {
        package var location: Double
        package var red: Double
        package var green: Double
        package var blue: Double
        package var alpha: Double
    }

    /// How far a straight segment may stray from the mixed colours, in units of one.
    private static let tolerance = 0.25 / 255
    /// How often one interval between stops is halved at most (2^7 = 128 segments).
    private static let maximumDepth = 7
    /// About how many stops a ramp may add between its colours: many colours get fewer
    /// halvings each (a renderer looks stops up for each pixel, so a ramp of hundreds of
    /// thousands would make drawing crawl).
    package static let addedStopBudget = 4096

    /// The stops that draw `colors` (sorted by location) mixed in `space` and drawn into
    /// `destination` (sRGB when nil).
    package static func stops(
        _ colors: [(location: Double, color: CGColor)], interpolatedIn space: CGColorSpace,
        drawnIn destination: CGColorSpace?
    ) -> [Stop] {
        let destination = destination ?? .sharedSRGB
        let mixed = colors.map { (location: $0.location, value: components(of: $0.color, in: space)) }
        func stop(_ location: Double, _ value: [Double]) -> Stop {
            convert(value, from: space, to: destination, at: location)
        }
        guard space.definition != destination.definition else {
            return mixed.map { stop($0.location, $0.value) }
        }
        var result: [Stop] = []
        // Each interval may add at most 2^depth − 1 stops; all of them together about the budget.
        let intervals = max(mixed.count - 1, 1)
        let depth = min(maximumDepth, Int(log2(Double(addedStopBudget) / Double(intervals) + 1)))
        for index in mixed.indices {
            let current = mixed[index]
            let first = stop(current.location, current.value)
            result.append(first)
            guard index + 1 < mixed.count else { break }
            let next = mixed[index + 1]
            // A hard edge (two stops at one place) or one colour twice needs nothing between.
            guard next.location > current.location, next.value != current.value else { continue }
            subdivide(
                from: (0, first), to: (1, stop(next.location, next.value)), depth: 0, limit: depth, into: &result
            ) { f in
                stop(current.location + (next.location - current.location) * f, mix(current.value, next.value, f))
            }
        }
        return result
    }

    /// The colour at `t` along `colors` (sorted by location) mixed in `space`, in
    /// `destination` (sRGB when nil): the first colour before the first stop, the last after
    /// the last.
    package static func color(
        at t: Double, of colors: [(location: Double, color: CGColor)], interpolatedIn space: CGColorSpace,
        drawnIn destination: CGColorSpace?
    ) -> Stop {
        let destination = destination ?? .sharedSRGB
        guard let first = colors.first, let last = colors.last else {
            return Stop(location: t, red: 0, green: 0, blue: 0, alpha: 0)
        }
        func at(_ value: [Double]) -> Stop { convert(value, from: space, to: destination, at: t) }
        if !(t > first.location) { return at(components(of: first.color, in: space)) }
        for index in 1..<colors.count where t <= colors[index].location {
            let (a, b) = (colors[index - 1], colors[index])
            let f = b.location > a.location ? (t - a.location) / (b.location - a.location) : 1
            return at(mix(components(of: a.color, in: space), components(of: b.color, in: space), f))
        }
        return at(components(of: last.color, in: space))
    }

    /// Adds, in order, the stops strictly between `start` and `end` (fractions of one
    /// interval with their stops) that keep the straight segments within the tolerance of
    /// `exact`.
    private static func subdivide(
        from start: (f: Double, stop: Stop), to end: (f: Double, stop: Stop), depth: Int, limit: Int,
        into result: inout [Stop], exact: (Double) -> Stop
    ) {
        guard depth < limit else { return }
        // Three probes, so that a curve crossing its chord at the middle is not missed.
        let probes = [0.25, 0.5, 0.75].map { u in (u, exact(start.f + (end.f - start.f) * u)) }
        let strays = probes.contains { u, stop in
            let line = lerp(start.stop, end.stop, u)
            return max(
                abs(line.red - stop.red), abs(line.green - stop.green), abs(line.blue - stop.blue),
                abs(line.alpha - stop.alpha)) > tolerance
        }
        guard strays else { return }
        let middle = (f: (start.f + end.f) / 2, stop: probes[1].1)
        subdivide(from: start, to: middle, depth: depth + 1, limit: limit, into: &result, exact: exact)
        result.append(middle.stop)
        subdivide(from: middle, to: end, depth: depth + 1, limit: limit, into: &result, exact: exact)
    }

    /// `color`'s colour components in `space` followed by its alpha; clamped to `0...1`
    /// unless `space` is extended. Opaque black for a colour of a model Lamina cannot convert.
    private static func components(of color: CGColor, in space: CGColorSpace) -> [Double] {
        let count = space.numberOfComponents
        guard let values = color.components, let source = color.colorSpace,
            source.model == .rgb || source.model == .monochrome, values.count == source.numberOfComponents + 1
        else { return Array(repeating: 0, count: count) + [1] }
        var converted = space.definition.convert(values.dropLast().map(Double.init), from: source.definition)
        if converted.count == 1, count == 3 { converted = [converted[0], converted[0], converted[0]] }
        if !space.isExtended { converted = converted.map(unit) }
        return converted + [unit(Double(values[values.count - 1]))]
    }

    /// `value` (components of `space` and alpha) as a stop of `destination` at `location`.
    private static func convert(_ value: [Double], from space: CGColorSpace, to destination: CGColorSpace, at location: Double) -> Stop {
        var c = destination.definition.convert(Array(value.dropLast()), from: space.definition)
        if c.count == 1 { c = [c[0], c[0], c[0]] }
        guard c.count == 3 else { return Stop(location: location, red: 0, green: 0, blue: 0, alpha: unit(value.last ?? 1)) }
        return Stop(location: location, red: unit(c[0]), green: unit(c[1]), blue: unit(c[2]), alpha: unit(value.last ?? 1))
    }

    private static func mix(_ a: [Double], _ b: [Double], _ f: Double) -> [Double] {
        zip(a, b).map { $0 + ($1 - $0) * f }
    }

    private static func lerp(_ a: Stop, _ b: Stop, _ u: Double) -> Stop {
        Stop(
            location: a.location + (b.location - a.location) * u, red: a.red + (b.red - a.red) * u,
            green: a.green + (b.green - a.green) * u, blue: a.blue + (b.blue - a.blue) * u,
            alpha: a.alpha + (b.alpha - a.alpha) * u)
    }

    private static func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
}
