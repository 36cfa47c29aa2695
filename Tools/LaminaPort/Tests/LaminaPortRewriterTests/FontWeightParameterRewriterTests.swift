import LaminaPortRewriter
import XCTest

final class FontWeightParameterRewriterTests: XCTestCase {
    func testAWeightParameterOfASystemFontTakesCoreTextsWeightValue() {
        // UIFont.Weight's raw values are the values of Core Text's kCTFontWeightTrait (Apple's
        // documentation of UIFont.Weight: semibold is 0.3, bold 0.4); rawValue is the value.
        let source = """
            import UIKit

            final class TitleLayer: CATextLayer {
                convenience init(size: CGFloat, weight: UIFont.Weight = .regular) {
                    self.init()
                    font = UIFont.systemFont(ofSize: size, weight: weight)
                    fontSize = size
                    name = "weight \\(weight.rawValue)"
                }
            }

            func makeTitles() -> [TitleLayer] {
                [TitleLayer(size: 17, weight: .semibold), TitleLayer(size: 13, weight: UIFont.Weight.bold), TitleLayer(size: 11)]
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class TitleLayer: CATextLayer {
                convenience init(size: CGFloat, weight: CGFloat = 0.0) {
                    self.init()
                    font = CTFontCreateWithFontDescriptor(CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute: ".AppleSystemUIFont", kCTFontTraitsAttribute: [kCTFontWeightTrait: weight]]), size, nil)
                    fontSize = size
                    name = "weight \\(weight)"
                }
            }

            func makeTitles() -> [TitleLayer] {
                [TitleLayer(size: 17, weight: 0.3), TitleLayer(size: 13, weight: 0.4), TitleLayer(size: 11)]
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // A weight passed on otherwise, or given a weight the command does not know, is left.
        for changed in [
            source.replacingOccurrences(of: "fontSize = size", with: "print(weight)"),
            source.replacingOccurrences(of: "TitleLayer(size: 11)", with: "TitleLayer(size: 11, weight: chosenWeight())"),
        ] {
            XCTAssertTrue(Porter.port(changed).ported.contains("weight: UIFont.Weight"), changed)
        }
    }
}
