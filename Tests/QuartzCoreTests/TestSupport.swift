import QuartzCore
import TestSupport
import XCTest

/// Runs `body` with diagnostics captured instead of printed; returns them.
@MainActor
func capturingDiagnostics(_ body: () -> Void) -> [CALayerDiagnostic] {
    var captured: [CALayerDiagnostic] = []
    let previous = CALayer.diagnosticHandler
    CALayer.diagnosticHandler = { captured.append($0) }
    body()
    CALayer.diagnosticHandler = previous
    return captured
}

/// Commits what earlier tests left in the main thread's implicit transaction (the one
/// transaction stack every test on the main thread shares, as threads do on Apple platforms).
@MainActor
func commitEarlierTestsChanges() {
    CATransaction.flush()
}

/// Returns once the main queue's current turn is over (blocks it was asked for before
/// this call, such as the implicit transaction's commit, have run).
@MainActor
func endOfMainQueueTurn() async {
    await withCheckedContinuation { (turnEnded: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async { turnEnded.resume() }
    }
}

/// Opaque primaries and their premultiplied pixels, shared by the rendering tests.
@MainActor
protocol RenderingSwatches {}

extension RenderingSwatches {
    var red: CGColor { CGColor(red: 1, green: 0, blue: 0, alpha: 1) }
    var green: CGColor { CGColor(red: 0, green: 1, blue: 0, alpha: 1) }
    var blue: CGColor { CGColor(red: 0, green: 0, blue: 1, alpha: 1) }
    var clear: CGImage.Pixel { rgba(0, 0, 0, 0) }
    var redPixel: CGImage.Pixel { rgba(255, 0, 0, 255) }
    var greenPixel: CGImage.Pixel { rgba(0, 255, 0, 255) }
    var bluePixel: CGImage.Pixel { rgba(0, 0, 255, 255) }
}
