import Foundation
import QuartzCore
import TestSupport
import XCTest

/// Whether another thread could change a layer within two seconds, asked from user code: it
/// can only if no lock that changing a layer takes is held around that code.
private func anotherThreadCanChangeALayer() -> Bool {
    final class Other: @unchecked Sendable { let layer = CALayer() }
    let other = Other()
    let changed = DispatchSemaphore(value: 0)
    Thread {
        other.layer.opacity = 0.5
        changed.signal()
    }.start()
    return changed.wait(timeout: .now() + 2) == .success
}

/// A progress layer drawn again whenever its animated `progress` changes, recording at each
/// drawing whether another thread could change a layer meanwhile.
private final class ProgressLayer: CALayer {
    @CAManaged("progress") var progress: CGFloat = 0
    nonisolated(unsafe) static var drawings: [(progress: CGFloat, othersCouldChangeLayers: Bool)] = []

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        ProgressLayer.drawings.append((progress, anotherThreadCanChangeALayer()))
    }
}

/// User code never runs while Lamina holds the lock other threads take to change layers, so
/// it may wait for such a thread without a deadlock.
@MainActor
final class UserCodeOutsideLocksTests: XCTestCase {
    func testAPresentationLayerIsDrawnForAnAnimatedKeyOutsideTheTreeLock() async throws {
        let world = AnimationWorld(test: self, start: 100, displayed: true)
        let context = try XCTUnwrap(world.context)
        let ring = ProgressLayer()
        ring.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        world.root.addSublayer(ring)
        CATransaction.flush()
        let fill = CABasicAnimation(keyPath: "progress")
        fill.fromValue = 0
        fill.toValue = 1
        fill.duration = 1
        ring.add(fill, forKey: "fill")
        CATransaction.flush()
        ProgressLayer.drawings = []

        // A hit test's evaluation, a window's frame, its render update: each at a new time.
        world.clock.set(100.25)
        _ = world.root.presentation()
        world.clock.set(100.5)
        _ = context.makeRenderTree(at: 100.5)
        _ = context.makeRenderUpdate(at: 100.75)
        XCTAssertEqual(ProgressLayer.drawings.map(\.progress), [0.25, 0.5, 0.75])
        XCTAssertEqual(ProgressLayer.drawings.map(\.othersCouldChangeLayers), [true, true, true])
        // The evaluation counts as showing the drawing: asking again draws nothing more.
        world.clock.set(100.75)
        _ = context.makeRenderTree(at: 100.75)
        _ = world.root.presentation()
        XCTAssertEqual(ProgressLayer.drawings.count, 3)
    }
}
