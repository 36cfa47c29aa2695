import Foundation
import Lamina
import LaminaTesting
import Wayland
import XCTest

/// A window on KDE's compositor (kwin_wayland 5.27, virtual backend): the one compositor
/// here with `wp_fractional_scale_v1`, so fractional scales are tested against a real one.
@MainActor
final class KWinEndToEndTests: XCTestCase {
    func testAtAFractionalScaleOf125TheWindowDrawsRoundedUpBuffersThroughAViewport() async throws {
        let kwin = try HeadlessCompositor.start(.kwin, scale: 1.25)
        let application = try Application(socket: kwin.socketPath)
        addTeardownBlock { @MainActor in
            application.close()
            kwin.stop()
        }
        var fatalErrors: [LaminaError] = []
        application.onFatalError = { fatalErrors.append($0) }
        let window = try Window(application: application, title: "fractional", preferredSize: CGSize(width: 401, height: 301))
        let box = CALayer()
        box.frame = CGRect(x: 10, y: 10, width: 100, height: 50)
        box.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        window.rootLayer.addSublayer(box)
        // Drawn at kwin's preferred scale.
        try await window.settled(timeout: 10, where: { $0.backingScaleFactor == 1.25 })
        XCTAssertEqual(window.size, CGSize(width: 401, height: 301), "a floating window keeps its preferred size (kwin draws the title bar)")
        // round(401 × 1.25) × round(301 × 1.25) = 501 × 376 pixels, drawn whole once the scale is known.
        let full = 501 * 376
        XCTAssertTrue(window.frameTimings.contains { $0.drawnPixels == full }, "a full frame of 501×376: \(window.frameTimings.map(\.drawnPixels))")
        XCTAssertEqual(fatalErrors.count, 0, "\(fatalErrors)")
    }

    func testKWinOffersWhatLaminaUsesWhereOffered() async throws {
        let kwin = try HeadlessCompositor.start(.kwin)
        defer { kwin.stop() }
        let connection = try WaylandConnection(name: kwin.socketPath)
        let globals = try WaylandGlobals(connection: connection)
        let offered = Set(globals.globals.values.map(\.interface))
        for interface in ["wp_fractional_scale_manager_v1", "wp_viewporter", "xdg_activation_v1", "zwp_text_input_manager_v3", "zxdg_decoration_manager_v1"] {
            XCTAssertTrue(offered.contains(interface), "\(interface) in \(offered.sorted())")
        }
        XCTAssertThrowsError(try kwin.screenshot())
    }
}
