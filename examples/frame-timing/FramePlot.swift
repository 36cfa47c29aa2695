import Foundation
import Lamina

/// The run as a PNG drawn with Lamina's CoreGraphics: above, each frame's interval (ms,
/// vertical) against the time since measuring began (s, horizontal), with the refresh
/// interval and its multiples marked by red lines; below, the histogram of the intervals
/// (1 ms bins, same vertical scale turned sideways: ms horizontal, frames vertical, blue)
/// and, in orange beside each bin, that of the input events' latencies.
/// Tick labels are numbers only: intervals in ms, time in s, histogram counts in frames.
struct FramePlot {
    /// Seconds since measuring began, and the interval that ended there (seconds).
    var points: [(time: Double, interval: Double)]
    /// The input events' latencies (seconds).
    var latencies: [Double]
    /// The refresh interval to mark (seconds); nil when the compositor gave none.
    var refreshInterval: Double?

    static let width = 1200, height = 800

    /// The intervals between the frames' shown times (presented, else frame callbacks).
    /// Frames that follow idle time start a new run: the idle time is no interval.
    init(frames: [FrameTiming], inputs: [InputTiming] = [], start: Double, summary: FrameTimingSummary) {
        let usesPresentation = summary.source == .presentation
        let shown = frames.compactMap { frame in
            (usesPresentation ? frame.presentationTime : frame.frameCallbackTime).map { (time: $0, followsIdle: frame.followsIdle) }
        }
        points = zip(shown, shown.dropFirst()).compactMap { before, after in
            after.time > before.time && !after.followsIdle ? (after.time - start, after.time - before.time) : nil
        }
        latencies = inputs.compactMap(\.latency).filter { $0 >= 0 }
        refreshInterval = summary.refreshInterval
    }

    /// Draws the plot and encodes it as PNG.
    func pngData() throws -> Data {
        guard
            let context = CGContext(
                data: nil, width: Self.width, height: Self.height, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { throw PlotError("cannot make a \(Self.width)×\(Self.height) bitmap context") }
        draw(in: context)
        guard let image = context.makeImage() else { throw PlotError("cannot make an image of the plot") }
        return try image.pngData()
    }

    /// The largest interval shown (ms): room for the slowest frame and three refreshes,
    /// rounded up to a multiple of 5.
    private var scaleMilliseconds: Double {
        let slowest = (points.map(\.interval) + latencies).max() ?? 0
        let wanted = max(slowest * 1.1, (refreshInterval ?? 0) * 3, 0.02) * 1000
        return (min(wanted, 1000) / 5).rounded(.up) * 5
    }

    private func draw(in context: CGContext) {
        let w = CGFloat(Self.width), h = CGFloat(Self.height)
        context.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: w, height: h))
        let scale = scaleMilliseconds
        let duration = max(points.last?.time ?? 1, 0.001)
        // Top panel (origin bottom-left, as on Apple): intervals over time.
        let top = CGRect(x: 80, y: 360, width: w - 120, height: 400)
        axes(top, in: context)
        func y(_ ms: Double, in panel: CGRect) -> CGFloat { panel.minY + CGFloat(min(ms, scale) / scale) * panel.height }
        refreshLines(top, y: { y($0, in: top) }, vertical: true, in: context)
        context.setStrokeColor(red: 0.15, green: 0.35, blue: 0.85, alpha: 1)
        context.setLineWidth(1.5)
        let path = points.map { CGPoint(x: top.minX + CGFloat($0.time / duration) * top.width, y: y($0.interval * 1000, in: top)) }
        if path.count > 1 {
            context.beginPath()
            context.addLines(between: path)
            context.strokePath()
        }
        context.setFillColor(red: 0.15, green: 0.35, blue: 0.85, alpha: 1)
        for point in path { context.fill(CGRect(x: point.x - 1.5, y: point.y - 1.5, width: 3, height: 3)) }
        ticks(vertical: top, maximum: scale, in: context)
        ticks(horizontal: top, maximum: duration, in: context)

        // Bottom panel: histogram of the intervals, 1 ms bins (more when the scale is wide).
        let bottom = CGRect(x: 80, y: 50, width: w - 120, height: 240)
        axes(bottom, in: context)
        let binWidth = max(1, (scale / 200).rounded(.up))
        let binCount = Int((scale / binWidth).rounded(.up))
        var bins = [Int](repeating: 0, count: max(binCount, 1))
        for point in points {
            let index = min(Int(min(point.interval * 1000, scale) / binWidth), bins.count - 1)
            bins[max(index, 0)] += 1
        }
        var latencyBins = [Int](repeating: 0, count: bins.count)
        for latency in latencies {
            let index = min(Int(min(latency * 1000, scale) / binWidth), bins.count - 1)
            latencyBins[max(index, 0)] += 1
        }
        let tallest = max(bins.max() ?? 1, latencyBins.max() ?? 1, 1)
        func x(_ ms: Double) -> CGFloat { bottom.minX + CGFloat(ms / scale) * bottom.width }
        refreshLines(bottom, y: x, vertical: false, in: context)
        // Intervals in the bin's left half, latencies in its right half (the whole bin
        // when there are no input events).
        let half = latencies.isEmpty ? 1 : 0.5
        for (histogram, offset, color) in [(bins, 0.0, (0.15, 0.35, 0.85)), (latencyBins, half, (0.95, 0.55, 0.1))] {
            context.setFillColor(red: color.0, green: color.1, blue: color.2, alpha: 0.85)
            for (index, count) in histogram.enumerated() where count > 0 {
                let left = x((Double(index) + offset) * binWidth), right = x((Double(index) + offset + half) * binWidth)
                context.fill(CGRect(
                    x: left, y: bottom.minY, width: max(right - left - 1, 1),
                    height: CGFloat(count) / CGFloat(tallest) * bottom.height))
            }
        }
        ticks(horizontal: bottom, maximum: scale, in: context)
        ticks(vertical: bottom, maximum: Double(tallest), wholeNumbers: true, in: context)
    }

    private func axes(_ panel: CGRect, in context: CGContext) {
        context.setStrokeColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
        context.setLineWidth(1)
        context.strokeLineSegments(between: [
            CGPoint(x: panel.minX, y: panel.minY), CGPoint(x: panel.maxX, y: panel.minY),
            CGPoint(x: panel.minX, y: panel.minY), CGPoint(x: panel.minX, y: panel.maxY),
        ])
    }

    /// Red lines at the refresh interval (solid) and its multiples (dashed).
    private func refreshLines(_ panel: CGRect, y position: (Double) -> CGFloat, vertical: Bool, in context: CGContext) {
        guard let refresh = refreshInterval, refresh > 0 else { return }
        var multiple = 1.0
        while refresh * multiple * 1000 <= scaleMilliseconds, multiple <= 8 {
            let at = position(refresh * multiple * 1000)
            context.setStrokeColor(red: 0.85, green: 0.1, blue: 0.1, alpha: multiple == 1 ? 1 : 0.4)
            context.setLineWidth(multiple == 1 ? 2 : 1)
            context.setLineDash(phase: 0, lengths: multiple == 1 ? [] : [6, 4])
            context.strokeLineSegments(
                between: vertical
                    ? [CGPoint(x: panel.minX, y: at), CGPoint(x: panel.maxX, y: at)]
                    : [CGPoint(x: at, y: panel.minY), CGPoint(x: at, y: panel.maxY)])
            multiple += 1
        }
        context.setLineDash(phase: 0, lengths: [])
    }

    /// Five labelled ticks up the left side of `panel`, from 0 to `maximum`.
    private func ticks(vertical panel: CGRect, maximum: Double, wholeNumbers: Bool = false, in context: CGContext) {
        context.setStrokeColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
        context.setLineWidth(1.2)
        for step in 0...4 {
            let value = maximum * Double(step) / 4
            let y = panel.minY + panel.height * CGFloat(step) / 4
            context.strokeLineSegments(between: [CGPoint(x: panel.minX - 6, y: y), CGPoint(x: panel.minX, y: y)])
            let text = wholeNumbers ? String(format: "%.0f", value.rounded()) : label(value)
            drawSegmentNumber(text, at: CGPoint(x: 10, y: y - 5), height: 10, in: context)
        }
    }

    /// Five labelled ticks along the bottom of `panel`, from 0 to `maximum`.
    private func ticks(horizontal panel: CGRect, maximum: Double, in context: CGContext) {
        context.setStrokeColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
        context.setLineWidth(1.2)
        for step in 0...4 {
            let value = maximum * Double(step) / 4
            let x = panel.minX + panel.width * CGFloat(step) / 4
            context.strokeLineSegments(between: [CGPoint(x: x, y: panel.minY - 6), CGPoint(x: x, y: panel.minY)])
            drawSegmentNumber(label(value), at: CGPoint(x: x - 10, y: panel.minY - 24), height: 10, in: context)
        }
    }

    private func label(_ value: Double) -> String {
        value >= 100 || value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }
}

/// The plot could not be drawn.
struct PlotError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
