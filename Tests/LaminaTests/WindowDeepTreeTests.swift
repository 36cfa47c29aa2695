import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// A window shows and hit-tests a tree ten thousand layers deep: the commit, the presentation
/// tree, the snapshot, the render thread's display list and drawing, and the hit test of a
/// pointer event each go through every level without exhausting a thread's stack.
@MainActor
final class WindowDeepTreeTests: XCTestCase {
    func testTheDeepestOfTenThousandNestedLayersIsDrawnAndHit() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame()
        var events: [PointerEvent] = []
        scripted.window.onPointerEvent = { events.append($0) }

        // Each level 30×30 points at (1, 1) in its superlayer, so the deepest one is at
        // (9,999, 9,999) of the top one: the top is placed at (−9,959, −9,969) to put it at
        // (40, 30)–(70, 60) in the window. Built from the bottom up (each `addSublayer(_:)`
        // then joins a root) and committed at once, without implicit animations.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let deepest = CALayer()
        deepest.frame = CGRect(x: 1, y: 1, width: 30, height: 30)
        deepest.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        deepest.name = "deepest"
        var top = deepest
        for _ in 1..<10_000 {
            let level = CALayer()
            level.frame = CGRect(x: 1, y: 1, width: 30, height: 30)
            level.addSublayer(top)
            top = level
        }
        top.frame.origin = CGPoint(x: -9_959, y: -9_969)
        scripted.window.rootLayer.addSublayer(top)
        CATransaction.commit()

        await scripted.waitForFrames(2, "the frame showing the deep tree")
        let image = try XCTUnwrap(scripted.compositor.state.frames.last?.image)
        let red = CGImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255)
        let white = CGImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255)
        XCTAssertEqual(image.pixel(x: 40, y: 30), red, "the deepest layer's top-left pixel")
        XCTAssertEqual(image.pixel(x: 69, y: 59), red, "the deepest layer's bottom-right pixel")
        XCTAssertEqual(image.pixel(x: 39, y: 30), white, "left of it: the window's background")
        XCTAssertEqual(image.pixel(x: 70, y: 59), white, "right of it")

        scripted.compositor.pointerEnter(x: 55, y: 45)
        scripted.compositor.pointerButton(0x110, pressed: true)
        scripted.compositor.pointerButton(0x110, pressed: false)
        // Released first: during a press, motion goes to the pressed layer.
        scripted.compositor.pointerMove(x: 100, y: 100)
        await waitUntil("four pointer events arrived (have \(events.count))") { events.count >= 4 }
        XCTAssertEqual(events.map(\.kind), [.entered, .pressed(button: 0x110), .released(button: 0x110), .moved])
        XCTAssertTrue(events[0].layer === deepest, "entered over the deepest layer: \(events[0].layer?.name ?? "nil")")
        XCTAssertTrue(events[1].layer === deepest, "pressed on the deepest layer")
        XCTAssertTrue(events[3].layer === scripted.window.rootLayer, "beyond every level of the chain: the root layer")
    }
}
