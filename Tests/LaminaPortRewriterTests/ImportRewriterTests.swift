import LaminaPortRewriter
import XCTest

final class ImportRewriterTests: XCTestCase {
    func testUIKitBecomesQuartzCore() {
        let source = """
            // Created by a person.

            import UIKit

            final class PulseLayer: CALayer {}
            """
        let ported = Porter.port(source, path: "PulseLayer.swift")
        XCTAssertEqual(ported.ported, source.replacingOccurrences(of: "import UIKit", with: "import QuartzCore"))
        XCTAssertEqual(ported.reportLines, [
            "PulseLayer.swift:3: UIKit -> QuartzCore (UIKit does not exist on Linux; QuartzCore brings CALayer, CoreGraphics, CoreImage and Foundation)"
        ])
    }

    func testFrameworkImportBesideQuartzCoreIsRemoved() {
        let source = """
            import AppKit
            import CoreText
            import QuartzCore
            import ObjectiveC

            let layer = CALayer()
            """
        XCTAssertEqual(Porter.port(source).ported, """
            import CoreText
            import QuartzCore

            let layer = CALayer()
            """)
    }

    func testFileWithADisplayLinkImportsLamina() {
        let source = """
            import Cocoa
            import Foundation

            var link: CADisplayLink?
            """
        XCTAssertEqual(Porter.port(source).ported, source.replacingOccurrences(of: "import Cocoa", with: "import Lamina"))
    }

    func testConditionalImportsAreLeftAndFrameworkTypesNoted() {
        let source = """
            #if canImport(UIKit)
            import UIKit
            #elseif canImport(AppKit)
            import AppKit
            #endif
            import QuartzCore

            func tint(_ layer: CALayer, color: UIColor) {
                layer.backgroundColor = color.cgColor
            }
            """
        let ported = Porter.port(source, path: "Tint.swift")
        XCTAssertEqual(ported.ported, source)
        XCTAssertEqual(ported.reportLines, [
            "Tint.swift:8: left: UIColor — UIColor is UIKit's or AppKit's, which Linux does not have (first use in this file); to do: use CGColor"
        ])
    }
}
