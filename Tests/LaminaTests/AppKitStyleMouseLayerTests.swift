import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// An AppKit view that handles the mouse, as the porting command writes it: a layer whose
/// geometry is flipped (an unflipped view's y axis points up from its bottom-left corner), its
/// mouse methods plain methods called from its pointer events with the location in the view's
/// coordinates. The handler is the command's, word for word, for a view whose `mouseDown(with:)`
/// ends with `super.mouseDown(with: event)`, which hands the event on to its superview.
private final class SwitchLayer: CALayer, PointerEventHandling {
    let knob = CALayer()
    var calls: [(String, CGPoint)] = []

    init(frame frameRect: CGRect) {
        super.init()
        self.frame = frameRect
        isGeometryFlipped = true
        knob.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        self.addSublayer(knob)
    }

    required init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func mouseEntered(at eventLocation: CGPoint) { calls.append(("mouseEntered", eventLocation)) }
    func mouseExited(at eventLocation: CGPoint) { calls.append(("mouseExited", eventLocation)) }
    func mouseDragged(at eventLocation: CGPoint) { calls.append(("mouseDragged", eventLocation)) }
    func mouseUp(at eventLocation: CGPoint) { calls.append(("mouseUp", eventLocation)) }

    /// AppKit's `mouseDown(with:)` then calls `super.mouseDown(with: event)`.
    func mouseDown(at eventLocation: CGPoint) {
        calls.append(("mouseDown", eventLocation))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        knob.position = eventLocation
        CATransaction.commit()
    }

    /// Whether the primary button was pressed on the layer and not yet let go.
    private var pointerIsDown = false

    /// AppKit's mouse events on the view: the window's pointer events that reach the layer, at their
    /// location in the view's coordinates (y up from the bottom-left corner, as the layer's sublayers).
    @MainActor func handlePointerEvent(_ event: PointerEvent) -> Bool {
        let layerLocation = convert(event.location, from: nil)
        let eventLocation = CGPoint(x: layerLocation.x, y: bounds.minY + bounds.maxY - layerLocation.y)
        switch event.kind {
        case .pressed(button: 0x110):
            pointerIsDown = true
            mouseDown(at: eventLocation)
            return false
        case .moved where pointerIsDown:
            mouseDragged(at: eventLocation)
        case .released(button: 0x110) where pointerIsDown:
            pointerIsDown = false
            mouseUp(at: eventLocation)
        case .hoverEntered:
            mouseEntered(at: eventLocation)
        case .hoverExited:
            mouseExited(at: eventLocation)
        default:
            return false
        }
        return true
    }
}

/// The layer the view sits in, as a superview, recording what reaches it.
private final class ContainerLayer: CALayer, PointerEventHandling {
    var kinds: [PointerEvent.Kind] = []

    func handlePointerEvent(_ event: PointerEvent) -> Bool {
        if event.kind != .hoverEntered, event.kind != .hoverExited { kinds.append(event.kind) }
        return true
    }
}

@MainActor
final class AppKitStyleMouseLayerTests: XCTestCase {
    func testTheMouseMethodsGetTheViewsYUpLocationAndAKnobPlacedThereIsUnderThePointer() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame()
        let container = ContainerLayer()
        container.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
        let view = SwitchLayer(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        container.addSublayer(view)
        scripted.window.rootLayer.addSublayer(container)
        await scripted.waitForFrames(2)
        let origin = scripted.window.contentOrigin

        // The pointer 30 points right and 20 down from the view's top-left corner: in an
        // unflipped NSView 100 points tall that is (30, 100 - 20).
        scripted.compositor.pointerEnter(x: origin.x + 30, y: origin.y + 20)
        await waitUntil("the view heard the pointer enter") { view.calls.count == 1 }
        scripted.compositor.pointerButton(0x110, pressed: true)
        await waitUntil("the view heard the press") { view.calls.count == 2 }
        scripted.compositor.pointerMove(x: origin.x + 50, y: origin.y + 70)
        await waitUntil("the view heard the drag") { view.calls.count == 3 }
        scripted.compositor.pointerButton(0x110, pressed: false)
        await waitUntil("the view heard the release") { view.calls.count == 4 }
        scripted.compositor.pointerLeave()
        await waitUntil("the view heard the pointer leave") { view.calls.count == 5 }

        XCTAssertEqual(view.calls.map(\.0), ["mouseEntered", "mouseDown", "mouseDragged", "mouseUp", "mouseExited"])
        XCTAssertEqual(view.calls[1].1, CGPoint(x: 30, y: 80))
        XCTAssertEqual(view.calls[2].1, CGPoint(x: 50, y: 30))
        XCTAssertEqual(view.calls[3].1, CGPoint(x: 50, y: 30))
        // The knob placed at the press's location sits under the pointer, as a sublayer placed
        // at a view's mouse location does on macOS.
        XCTAssertEqual(view.knob.convert(CGPoint(x: 5, y: 5), to: scripted.window.rootLayer), CGPoint(x: 30, y: 20))
        // The press its mouseDown handed on reached the superlayer; the view took the others.
        XCTAssertEqual(container.kinds.filter { if case .pressed = $0 { true } else { false } }, [.pressed(button: 0x110)])
        XCTAssertFalse(container.kinds.contains(.released(button: 0x110)), "\(container.kinds)")
        XCTAssertEqual(scripted.fatalErrors, [])
    }
}
