import Foundation
import LaminaTesting
import XCTest

@testable import Lamina

/// The accessibility article's samples do what the article says: the play layer is a push
/// button named "Play" in its window's snapshot, the volume layer steps its value, and
/// posting notifications without an assistive technology present does nothing.
@MainActor
final class AccessibilitySampleTests: XCTestCase {
    func testThePlayLayerIsAPushButtonInItsWindow() async throws {
        let compositor = try ScriptedCompositor()
        defer { compositor.stop() }
        let app = try Application(socket: compositor.socketPath)
        defer { app.close() }
        let window = try Window(application: app, title: "Player", preferredSize: CGSize(width: 200, height: 100))
        let play = AccessibilitySamples.playButton(in: window)
        let drawn = await compositor.waitUntil { $0.frames.count >= 1 }
        XCTAssertTrue(drawn)
        let snapshot = app.accessibility.makeSnapshot()
        let frame = try XCTUnwrap(snapshot.topLevels.first.flatMap { snapshot.nodes[$0] })
        XCTAssertEqual(frame.name, "Player")
        let button = try XCTUnwrap(frame.children.first.flatMap { snapshot.nodes[$0] })
        XCTAssertEqual(button.name, "Play")
        XCTAssertEqual(button.description, "Plays the current song")
        XCTAssertEqual(button.role.rawValue, 43, "ATSPI_ROLE_PUSH_BUTTON")
        XCTAssertEqual(button.frame, CGRect(x: 20, y: 20, width: 64, height: 64))
        XCTAssertFalse(UIAccessibility.isAssistiveTechnologyRunning, "no bus here: nothing published")
        AccessibilitySamples.notify(play: play)
        XCTAssertTrue(window.focusedLayer === play, "a layer posted with .layoutChanged gets the focus")
    }

    func testTheVolumeLayerStepsItsValue() async {
        let volume = VolumeLayer()
        XCTAssertTrue(volume.isAccessibilityElement)
        XCTAssertEqual(volume.accessibilityValue, "50%")
        volume.accessibilityIncrement()
        XCTAssertEqual(volume.accessibilityValue, "60%")
        for _ in 0..<10 { volume.accessibilityDecrement() }
        XCTAssertEqual(volume.accessibilityValue, "0%", "not below 0")
    }
}
