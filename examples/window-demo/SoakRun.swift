import Foundation
import Lamina

/// `window-demo --soak SECONDS`: the demo's scene kept animating for that long — the cards
/// tilt back and forth, the blue layer spins, every second a card changes colour, a counter's
/// text changes and a layer is added and another removed — while the process's resident
/// memory, open file descriptors, the window's shared-memory pools and its cached bitmap bytes
/// are sampled at an interval. At the end it prints the samples' growth and exits non-zero
/// when something grew (see ``SoakReport``).
@MainActor
final class SoakRun {
    private let window: Window
    private let duration: Double
    private let interval: Double
    private let noiseFloor: Double
    private var samples: [SoakSample] = []
    private let start = Date()
    private var tick = 0
    private var counter: CATextLayer?
    private var transient: CALayer?

    init(window: Window, duration: Double, interval: Double, noiseFloor: Double) {
        self.window = window
        self.duration = duration
        self.interval = interval
        self.noiseFloor = noiseFloor
    }

    /// Starts the animations and the timers; `finish` is called with the exit status.
    func start(finish: @escaping @MainActor (Int32) -> Void) {
        animateContinuously()
        every(1) { [self] in changeSomething() }
        every(interval) { [self] in takeSample() }
        DispatchQueue.main.asyncAfter(deadline: .now() + duration) { [self] in
            MainActor.assumeIsolated {
                takeSample()
                let report = SoakReport(samples: samples, noiseFloor: noiseFloor)
                for line in report.lines { writeLine(line) }
                finish(report.passed ? 0 : 1)
            }
        }
    }

    private func every(_ seconds: Double, _ body: @escaping @MainActor () -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { [self] in
            MainActor.assumeIsolated {
                body()
                every(seconds, body)
            }
        }
    }

    /// Animations that never end, so the render server draws every frame.
    private func animateContinuously() {
        let root = window.rootLayer
        for (index, card) in (root.sublayers ?? []).filter({ ["coral", "amber", "teal", "violet"].contains($0.name) }).enumerated() {
            let tilt = CABasicAnimation(keyPath: "transform.rotation.z")
            tilt.fromValue = -0.05
            tilt.toValue = 0.05
            tilt.duration = 1.2 + 0.3 * Double(index)
            tilt.autoreverses = true
            tilt.repeatCount = .infinity
            card.add(tilt, forKey: "soak-tilt")
        }
        if let tilted = root.sublayers?.first(where: { $0.name == "tilted" }) {
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0
            spin.toValue = 2 * CGFloat.pi
            spin.duration = 3
            spin.repeatCount = .infinity
            tilted.add(spin, forKey: "soak-spin")
        }
        let counter = CATextLayer()
        counter.name = "soak-counter"
        counter.frame = CGRect(x: 80, y: 660, width: 400, height: 40)
        counter.fontSize = 24
        counter.foregroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
        root.addSublayer(counter)
        self.counter = counter
    }

    /// Once a second: a card's colour (its bitmap is drawn again), the counter's text, and a
    /// layer added while the one added before is removed.
    private func changeSomething() {
        tick += 1
        let root = window.rootLayer
        let cards = (root.sublayers ?? []).filter { ["coral", "amber", "teal", "violet"].contains($0.name) }
        if !cards.isEmpty {
            let hue = Double(tick % 12) / 12
            cards[tick % cards.count].backgroundColor = CGColor(
                red: 0.5 + 0.4 * cos(2 * .pi * hue), green: 0.5 + 0.4 * cos(2 * .pi * (hue + 1 / 3)),
                blue: 0.5 + 0.4 * cos(2 * .pi * (hue + 2 / 3)), alpha: 1)
        }
        counter?.string = "soak: \(tick) s"
        transient?.removeFromSuperlayer()
        let layer = CALayer()
        layer.frame = CGRect(x: 500 + Double(tick % 10) * 20, y: 660, width: 16, height: 16)
        layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.8)
        layer.cornerRadius = 8
        root.addSublayer(layer)
        transient = layer
    }

    private func takeSample() {
        let resources = window.renderResources
        samples.append(
            SoakSample(
                time: Date().timeIntervalSince(start), residentBytes: SoakSample.residentBytes(), resident: SoakSample.residentParts(), heapBytes: SoakSample.heapBytes(),
                descriptors: SoakSample.openDescriptors(), pools: resources.shmPools,
                cachedBytes: resources.cachedBitmapBytes, frames: window.statistics.committedFrames))
        if let sample = samples.last { writeLine(sample.line) }
    }
}

/// Writes a line to standard output at once (a pipe sees each line as it is written).
func writeLine(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
