import LaminaPortRewriter
import XCTest

final class AttributeDictionaryTypeRewriterTests: XCTestCase {
    func testAnUntypedAttributesDictionaryIsGivenTheTypeAttributedStringsTake() {
        // Swift joins UIKit's font and colour as NSObject; ported to a CTFont and a CGColor it
        // refuses the literal untyped ("heterogeneous collection literal"). The compiler's
        // verdict on the written code is the corpus's (FoundationStringFrameText).
        let source = """
            import UIKit

            func caption(_ text: String) -> NSAttributedString {
                let attributes = [NSAttributedString.Key.font: UIFont.boldSystemFont(ofSize: 11), .foregroundColor: UIColor.gray]
                return NSAttributedString(string: text, attributes: attributes)
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(
            ported.ported.contains(
                "let attributes: [NSAttributedString.Key: Any] = [NSAttributedString.Key.font: CTFontCreateUIFontForLanguage(.emphasizedSystem, 11, nil)!, .foregroundColor: CGColor(gray: 0.5, alpha: 1)]"),
            ported.ported)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // One entry, Core Text's keys, or a declared type: left as written.
        for kept in [
            "let attributes = [NSAttributedString.Key.kern: 2]",
            "let attributes = [kCTFontAttributeName: font, kCTKernAttributeName: 2] as [CFString: Any]",
            "let attributes: [NSAttributedString.Key: Any] = [.font: font, .kern: 2]",
        ] {
            XCTAssertTrue(Porter.port("import QuartzCore\nlet font = CTFontCreateWithName(\"Helvetica\" as CFString, 12, nil)\n\(kept)\n").ported.contains(kept), kept)
        }
    }
}
