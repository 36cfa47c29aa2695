import Foundation
import Lamina

// The samples of the "Frame timing" article, compiled but never called (they need a
// window). ArticleSampleTests checks that each ```swift block of the article appears here
// verbatim.
enum FrameTimingSamples {
    @MainActor
    static func perFrame(window: Window) {
        window.onFrameTiming = { timing in
            guard let latency = timing.commitToPresentLatency, latency > 0.050 else { return }
            print("frame \(timing.frameNumber): \(Int(latency * 1000)) ms from commit to screen")
        }
    }

    @MainActor
    static func summary(window: Window) {
        let summary = window.frameTimingSummary()            // the last 1000 frames
        print(summary.line)    // frames N, fps F, interval p50 … ms, …, hitch ratio R ms/s
        if let interval = summary.interval, summary.missedRatio > 0.05 {
            print("missed \(summary.missedRefreshes) refreshes; p99 interval \(interval.p99 * 1000) ms")
        }
    }

    @MainActor
    static func inputLatency(window: Window) {
        window.onInputTiming = { input in
            guard let refreshes = input.latencyInRefreshIntervals, refreshes >= 2 else { return }
            print("\(input.event.name) shown \(refreshes) refreshes later, in frame \(input.frameNumber ?? 0)")
        }
    }

    @MainActor
    static func inputSummary(window: Window) {
        let summary = window.frameTimingSummary()
        if let latency = summary.inputLatency {
            print("input to screen: p50 \(latency.p50 * 1000) ms over \(latency.count) events")
        }
        print("\(summary.inputEventsWithoutEffect) events changed nothing")
    }

    @MainActor
    static func ownStatistics(window: Window) {
        var statistics = FrameTimingStatistics()
        var count = 0
        window.onFrameTiming = { timing in                   // every 300 frames, their summary
            statistics.add(timing)
            count += 1
            guard count == 300 else { return }
            print(statistics.summary.line)
            statistics = FrameTimingStatistics()
            count = 0
        }
    }

    @MainActor
    static func displayLink(window: Window, box: CALayer) {
        let link = CADisplayLink(window: window) { link in
            box.position.x = 100 + 50 * sin(link.targetTimestamp)
        }
        link.add(to: .main, forMode: .common)   // fires once per frame, on the main thread
        // …
        link.invalidate()                       // the window goes idle again
    }
}
