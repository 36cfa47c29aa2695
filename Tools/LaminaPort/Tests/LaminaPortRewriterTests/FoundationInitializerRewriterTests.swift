import LaminaPortRewriter
import XCTest

final class FoundationInitializerRewriterTests: XCTestCase {
    func testEmptyAttributedStringsAreMadeFromAnEmptyString() {
        let source = """
            import UIKit

            final class CaptionLayer: CALayer {
                var text = NSAttributedString()
                func build(_ parts: [NSAttributedString]) -> NSAttributedString {
                    let result = NSMutableAttributedString()
                    parts.forEach(result.append)
                    let blank = NSAttributedString.init()
                    return parts.isEmpty ? blank : result
                }
                let titled = NSAttributedString(string: "Title")
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class CaptionLayer: CALayer {
                var text = NSAttributedString(string: "")
                func build(_ parts: [NSAttributedString]) -> NSAttributedString {
                    let result = NSMutableAttributedString(string: "")
                    parts.forEach(result.append)
                    let blank = NSAttributedString.init(string: "")
                    return parts.isEmpty ? blank : result
                }
                let titled = NSAttributedString(string: "Title")
            }
            """)
        XCTAssertEqual(ported.changes.filter { $0.kind == .foundationInitializer }.count, 3)
        XCTAssertEqual(Porter.port(ported.ported).changes, [], "a second run changes nothing")
    }

    func testAnEmptyTimerPlaceholderIsATimerNeverScheduled() {
        // `Timer()` (NSObject's init on Apple platforms) is a timer no run loop has, kept until a
        // scheduled one replaces it; swift-corelibs-foundation's Timer has no empty initializer.
        let source = """
            final class CountdownLayer: CALayer {
                private var timer = Timer()
                func start() {
                    timer.invalidate()
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("    private var timer = Timer(timeInterval: 0, repeats: false, block: { _ in })\n"), ported.ported)
        XCTAssertEqual(ported.changes.filter { $0.kind == .foundationInitializer }.count, 1)
        XCTAssertEqual(Porter.port(ported.ported).changes, [], "a second run changes nothing")
    }

    func testATimerScheduledAsAStatementHasItsResultSetAside() {
        // swift-corelibs-foundation's scheduledTimer is not @discardableResult (Apple's is).
        let source = """
            func blink(_ layer: CALayer) {
                Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { _ in
                    layer.opacity = 0
                }
                let kept = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in }
                kept.invalidate()
            }
            """
        // The layer the block captures is read through an unchecked reference: the block is
        // @Sendable, and Swift 6 refuses the capture of a CALayer otherwise (checked by compiling).
        let ported = Porter.port(source)
        XCTAssertEqual(
            ported.ported,
            source.replacingOccurrences(
                of: "    Timer.scheduledTimer(withTimeInterval: 0.5",
                with: "    nonisolated(unsafe) let uncheckedLayer = layer\n    _ = Timer.scheduledTimer(withTimeInterval: 0.5"
            ).replacingOccurrences(of: "        layer.opacity = 0", with: "        uncheckedLayer.opacity = 0"))
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }
}
