import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// A layer class that animates its own property from its `action(forKey:)`, as Apple code's
/// custom-property layers do, asking `super` for everything else.
private class ProgressLayer: CALayer {
    @CAManaged("progress") var progress: CGFloat = 0

    override func action(forKey event: String) -> (any CAAction)? {
        if event == "progress" {
            let animation = CABasicAnimation(keyPath: event)
            animation.fromValue = presentation()?.progress ?? progress
            return animation
        }
        return super.action(forKey: event)
    }
}

/// A UIKit view whose `layerClass` is `ProgressLayer`, as the porting command writes it: the
/// layer class answers first, and where it finds nothing the view — its layer's delegate on
/// Apple's platforms — gives no action. The override is the command's, word for word.
private final class ProgressView: ProgressLayer {
    /// Changes to the layer itself animate as ProgressLayer's `action(forKey:)` says, and otherwise not, as a
    /// view's own layer's do not (the view, its delegate, gives them no action).
    override func action(forKey event: String) -> (any CAAction)? {
        super.action(forKey: event) ?? NSNull()
    }
}

@MainActor
final class ViewStyleLayerActionTests: XCTestCase {
    func testTheLayerClassesOwnActionRunsAndOtherChangesDoNotAnimate() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame()
        let view = ProgressView()
        let layer = ProgressLayer()
        for added in [view, layer] as [CALayer] {
            added.frame = CGRect(x: 20, y: 20, width: 100, height: 20)
            scripted.window.rootLayer.addSublayer(added)
        }
        CATransaction.flush()
        for changed in [view, layer] {
            changed.progress = 0.5
            changed.opacity = 0.5
        }
        CATransaction.flush()
        // UIView's documentation: a view's own layer does not animate its changes outside an
        // animation block; a layer's own `action(forKey:)` answers before its delegate is asked.
        XCTAssertEqual(view.animationKeys(), ["progress"])
        // The same class on its own animates the opacity implicitly, as any layer does.
        XCTAssertEqual(Set(layer.animationKeys() ?? []), ["progress", "opacity"])
        XCTAssertEqual(scripted.fatalErrors, [])
    }
}
