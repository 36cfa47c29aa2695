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
}
