import Foundation
import XCTest

@testable import Lamina

/// The desktop's reduce-motion preference, read through GSettings from a real key file in the
/// format GLib's key-file settings backend keeps (one group per settings path). Expected values:
/// animations turned off (`enable-animations=false`) ask for less motion; the key left out
/// reads as the schema's default, which gsettings-desktop-schemas' `org.gnome.desktop.interface`
/// declares `true` (animations on).
final class MotionPreferenceTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("motion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func keyfile(_ contents: String) throws -> String {
        let file = folder.appendingPathComponent("keyfile")
        try contents.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    func testAnimationsTurnedOffInTheDesktopsSettingsAskForLessMotion() throws {
        let off = try keyfile("[org/gnome/desktop/interface]\nenable-animations=false\n")
        XCTAssertTrue(MotionPreference.reducesMotion(keyfile: off))
        let on = try keyfile("[org/gnome/desktop/interface]\nenable-animations=true\n")
        XCTAssertFalse(MotionPreference.reducesMotion(keyfile: on))
    }

    func testASettingLeftOutReadsAsTheSchemasDefaultOfAnimationsOn() throws {
        let other = try keyfile("[org/gnome/desktop/interface]\ncursor-size=48\n")
        XCTAssertFalse(MotionPreference.reducesMotion(keyfile: other))
    }
}
