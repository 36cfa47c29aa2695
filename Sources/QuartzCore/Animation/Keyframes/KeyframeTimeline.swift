import Foundation

/// The arithmetic of `CAKeyframeAnimation`: which value, or which blend of values, shows at a
/// given progress of the animation.
///
/// Mismatched arrays never crash: `keyTimes` of the wrong length, or with a value that is not
/// finite, are ignored (even spacing is used); `timingFunctions` apply to the segments they
/// cover, linear pacing to the rest; missing tension/continuity/bias entries are 0.
///
/// Key times outside 0…1 or not ascending are used as given, as Apple's renders show (lottie's
/// frames with keyframes before the animation's start, whose key times begin `[0, -0.07, …]`):
/// before the first key time a progress shows the first value, else it falls in the first
/// segment, in array order, whose end key time is above it (past every segment, on the last
/// value). So at 0 with key times `[0, −0.07, 0.2, …]` the second segment is already under way.
struct KeyframeTimeline {
    /// Where on the timeline a progress falls.
    enum Position: Equatable {
        /// Exactly one value shows.
        case value(Int)
        /// Between values `index` and `index + 1`, at `fraction` (already eased).
        case between(index: Int, fraction: Double)
    }

    let count: Int
    let mode: CAAnimationCalculationMode
    let keyTimes: [Double]
    let timingFunctions: [CAMediaTimingFunction]

    /// - Parameters:
    ///   - distances: for paced modes, the length of each of the `count − 1` segments.
    init(count: Int, mode: CAAnimationCalculationMode, keyTimes: [Double]?, timingFunctions: [CAMediaTimingFunction]?, distances: [Double]? = nil) {
        self.count = count
        self.mode = mode
        let paced = mode == .paced || mode == .cubicPaced
        self.timingFunctions = paced ? [] : (timingFunctions ?? [])
        if paced, let distances, distances.count == count - 1, count > 1 {
            let total = distances.reduce(0, +)
            // A total that overflows to +∞ cannot pace anything: even spacing instead.
            if total > 0 && total.isFinite {
                var running = 0.0
                var times = [0.0]
                for distance in distances {
                    running += distance
                    times.append(running / total)
                }
                self.keyTimes = times
                return
            }
        }
        let expected = mode == .discrete ? [count, count + 1] : [count]
        if !paced, let keyTimes, expected.contains(keyTimes.count), Self.isValid(keyTimes) {
            self.keyTimes = keyTimes
        } else if mode == .discrete {
            self.keyTimes = (0...count).map { Double($0) / Double(max(count, 1)) }
        } else {
            self.keyTimes = (0..<count).map { count > 1 ? Double($0) / Double(count - 1) : 0 }
        }
    }

    private static func isValid(_ times: [Double]) -> Bool {
        times.allSatisfy(\.isFinite)
    }

    /// The position at `progress` (0…1) of the animation.
    func position(at progress: Double) -> Position {
        guard count > 1 else { return .value(0) }
        let p = min(max(progress.isNaN ? 0 : progress, 0), 1)
        if mode == .discrete {
            var index = 0
            while index < count - 1 && p >= keyTimes[index + 1] { index += 1 }
            return .value(index)
        }
        if p < keyTimes[0] { return .value(0) }
        // The first segment, in array order, that ends after `p`: `p` is at or after its start
        // (else an earlier segment would have ended after it), so the span is positive.
        guard let index = (0..<(count - 1)).first(where: { p < keyTimes[$0 + 1] }) else { return .value(count - 1) }
        if p == keyTimes[index] { return .value(index) }
        var fraction = (p - keyTimes[index]) / (keyTimes[index + 1] - keyTimes[index])
        if index < timingFunctions.count { fraction = timingFunctions[index].evaluate(fraction) }
        return .between(index: index, fraction: fraction)
    }
}

/// A Kochanek–Bartels spline through keyframe values (component vectors).
struct KeyframeSpline {
    let points: [[Double]]
    let tension: [Double], continuity: [Double], bias: [Double]

    init(points: [[Double]], tension: [Double]?, continuity: [Double]?, bias: [Double]?) {
        self.points = points
        func padded(_ values: [Double]?) -> [Double] {
            (0..<points.count).map { index in
                guard let values, index < values.count, values[index].isFinite else { return 0 }
                return values[index]
            }
        }
        self.tension = padded(tension)
        self.continuity = padded(continuity)
        self.bias = padded(bias)
    }

    /// The point `fraction` (0…1) along the segment from keyframe `index` to `index + 1`.
    func point(segment index: Int, fraction s: Double) -> [Double] {
        let p0 = points[index], p1 = points[index + 1]
        let before = points[max(index - 1, 0)], after = points[min(index + 2, points.count - 1)]
        let outgoing = tangent(at: index, previous: before, current: p0, next: p1, outgoing: true)
        let incoming = tangent(at: index + 1, previous: p0, current: p1, next: after, outgoing: false)
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        return (0..<p0.count).map { h00 * p0[$0] + h10 * outgoing[$0] + h01 * p1[$0] + h11 * incoming[$0] }
    }

    private func tangent(at index: Int, previous: [Double], current: [Double], next: [Double], outgoing: Bool) -> [Double] {
        let t = tension[index], c = continuity[index], b = bias[index]
        let a = (1 - t) * (1 + b) * (outgoing ? (1 - c) : (1 + c)) / 2
        let d = (1 - t) * (1 - b) * (outgoing ? (1 + c) : (1 - c)) / 2
        return (0..<current.count).map { a * (current[$0] - previous[$0]) + d * (next[$0] - current[$0]) }
    }

    /// The length of each segment, measured along the curve (64 chords per segment).
    var segmentLengths: [Double] {
        (0..<(points.count - 1)).map { index in
            var length = 0.0
            var previous = points[index]
            for step in 1...64 {
                let current = point(segment: index, fraction: Double(step) / 64)
                length += zip(previous, current).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
                previous = current
            }
            return length
        }
    }
}
