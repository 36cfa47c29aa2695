import LaminaPortRewriter
import XCTest

// Apple animation code that asks for the reduce-motion setting, UIKit's
// `UIAccessibility.isReduceMotionEnabled` or AppKit's
// `NSWorkspace.shared.accessibilityDisplayShouldReduceMotion`: Lamina's module has the first.
final class AccessibilityRewriterTests: XCTestCase {
    func testTheReduceMotionSettingIsLaminasAndTheFileImportsLamina() {
        let ios = """
            import UIKit

            func pop(_ layer: CALayer) {
                guard !UIAccessibility.isReduceMotionEnabled else { return }
                layer.add(CABasicAnimation(keyPath: "transform.scale"), forKey: "pop")
            }
            """
        let portedIOS = Porter.port(ios)
        XCTAssertEqual(portedIOS.ported, ios.replacingOccurrences(of: "import UIKit", with: "import Lamina"))
        XCTAssertEqual(portedIOS.notes.map(\.construct), [])

        let mac = """
            import AppKit

            func pop(_ layer: CALayer) {
                if NSWorkspace.shared.accessibilityDisplayShouldReduceMotion { return }
                layer.add(CABasicAnimation(keyPath: "transform.scale"), forKey: "pop")
            }
            """
        let portedMac = Porter.port(mac)
        XCTAssertEqual(portedMac.ported, """
            import Lamina

            func pop(_ layer: CALayer) {
                if UIAccessibility.isReduceMotionEnabled { return }
                layer.add(CABasicAnimation(keyPath: "transform.scale"), forKey: "pop")
            }
            """)
        XCTAssertEqual(portedMac.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(portedMac.ported).ported, portedMac.ported, "a second run changes nothing")
    }

    func testWatchingTheSettingForChangesIsLeftForAPerson() {
        let source = """
            import UIKit

            final class Spinner {
                var token: NSObjectProtocol?
                func watch() {
                    token = NotificationCenter.default.addObserver(forName: UIAccessibility.reduceMotionStatusDidChangeNotification, object: nil, queue: .main) { _ in }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("forName: UIAccessibility.reduceMotionStatusDidChangeNotification"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIAccessibility.reduceMotionStatusDidChangeNotification"])
    }
}
