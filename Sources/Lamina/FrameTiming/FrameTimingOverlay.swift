import Foundation
import QuartzCore

/// The on-screen frame-timing display that `LAMINA_FRAME_TIMING_OVERLAY=1` adds to every
/// window: a small dark panel in the top-left corner with the frame rate, the median
/// interval and the median render time of the last frames, and a graph of their intervals
/// with the refresh interval marked in red. Only intervals within runs of continuous
/// animation count: the time a window was idle before a frame is not an interval.
///
/// It never takes pointer events (hit testing passes through it) and never keeps a window
/// busy: it is redrawn at most twice a second, and only when at least two frames came since
/// it was last redrawn — its own redraw makes one frame, so an idle window stays idle.
@MainActor
final class FrameTimingOverlay {
    /// Whether the environment asks for the overlay.
    static let isRequested: Bool = {
        guard let value = ProcessInfo.processInfo.environment["LAMINA_FRAME_TIMING_OVERLAY"] else { return false }
        return !value.isEmpty && value != "0"
    }()

    /// How many intervals the graph shows.
    static let graphLength = 90
    static let size = CGSize(width: 280, height: 84)

    /// A layer that hit testing passes through.
    final class PassThroughLayer: CALayer {
        override func hitTest(_ p: CGPoint) -> CALayer? { nil }
    }

    final class PassThroughTextLayer: CATextLayer {
        override func hitTest(_ p: CGPoint) -> CALayer? { nil }
    }

    final class PassThroughShapeLayer: CAShapeLayer {
        override func hitTest(_ p: CGPoint) -> CALayer? { nil }
    }

    let panel = PassThroughLayer()
    private let label = PassThroughTextLayer()
    private let graph = PassThroughShapeLayer()
    private let refreshLine = PassThroughShapeLayer()
    /// The latest intervals between shown frames (seconds), oldest first.
    private(set) var intervals: [Double] = []
    /// The latest frames' render times (seconds), oldest first.
    private(set) var renderTimes: [Double] = []
    private var lastShown: Double?
    private var refreshInterval: Double?
    private var framesSinceRedraw = 0
    private var lastRedraw = -Double.infinity

    init() {
        panel.name = "lamina.frame-timing-overlay"
        panel.frame = CGRect(origin: CGPoint(x: 8, y: 8), size: Self.size)
        panel.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.7)
        panel.cornerRadius = 6
        panel.zPosition = 1_000_000
        label.frame = CGRect(x: 8, y: 4, width: Self.size.width - 16, height: 20)
        label.fontSize = 12
        label.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        label.string = "fps –"
        graph.frame = CGRect(x: 8, y: 28, width: Self.size.width - 16, height: Self.size.height - 36)
        graph.fillColor = nil
        graph.strokeColor = CGColor(red: 0.4, green: 0.9, blue: 0.5, alpha: 1)
        graph.lineWidth = 1.5
        refreshLine.frame = graph.frame
        refreshLine.fillColor = nil
        refreshLine.strokeColor = CGColor(red: 1, green: 0.3, blue: 0.3, alpha: 0.9)
        refreshLine.lineWidth = 1
        panel.sublayers = [refreshLine, graph, label]
    }

    /// Takes a frame's record; redraws the panel in `root` when it is due.
    func add(_ timing: FrameTiming, to root: CALayer) {
        if case .presented(_, let refresh, _, _) = timing.presentation, let refresh { refreshInterval = refresh }
        renderTimes.append(timing.drawDuration)
        if renderTimes.count > Self.graphLength { renderTimes.removeFirst(renderTimes.count - Self.graphLength) }
        if let shown = timing.presentationTime ?? timing.frameCallbackTime {
            if let lastShown, !timing.followsIdle, shown > lastShown, shown - lastShown < 1 {
                intervals.append(shown - lastShown)
                if intervals.count > Self.graphLength { intervals.removeFirst(intervals.count - Self.graphLength) }
            }
            lastShown = shown
        }
        framesSinceRedraw += 1
        let now = CACurrentMediaTime()
        guard framesSinceRedraw >= 2, now - lastRedraw >= 0.5 else { return }
        framesSinceRedraw = 0
        lastRedraw = now
        redraw(in: root)
    }

    /// The label's text: `fps F · p50 I ms · render R ms` from the intervals shown and the
    /// median render time (`fps –` before the first interval).
    var text: String {
        let render = renderTimes.isEmpty ? "" : String(format: " · render %.1f ms", Self.median(renderTimes) * 1000)
        guard !intervals.isEmpty else { return "fps –" + render }
        let mean = intervals.reduce(0, +) / Double(intervals.count)
        return String(format: "fps %.1f · p50 %.1f ms", 1 / mean, Self.median(intervals) * 1000) + render
    }

    /// The lower median of non-empty `values`.
    private static func median(_ values: [Double]) -> Double {
        values.sorted()[(values.count - 1) / 2]
    }

    private func redraw(in root: CALayer) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        if panel.superlayer !== root { root.addSublayer(panel) }
        label.string = text
        let box = graph.bounds
        // Vertical scale: three refresh intervals, or the slowest frame when it is slower.
        let scale = max((refreshInterval ?? 1.0 / 60) * 3, intervals.max() ?? 0)
        let path = CGMutablePath()
        for (index, interval) in intervals.enumerated() {
            let point = CGPoint(
                x: box.width * CGFloat(index) / CGFloat(max(Self.graphLength - 1, 1)),
                y: box.height * (1 - CGFloat(min(interval / scale, 1))))
            if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        graph.path = path
        let line = CGMutablePath()
        if let refreshInterval {
            let y = box.height * (1 - CGFloat(refreshInterval / scale))
            line.move(to: CGPoint(x: 0, y: y))
            line.addLine(to: CGPoint(x: box.width, y: y))
        }
        refreshLine.path = line
    }
}
