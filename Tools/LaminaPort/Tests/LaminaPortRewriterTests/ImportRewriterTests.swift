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

final class ConditionalImportRewriterTests: XCTestCase {
    func testImportInAClauseLinuxCompilesIsPorted() {
        let source = """
            import CoreText
            import QuartzCore
            /// Needed for NSMutableParagraphStyle...
            #if os(OSX)
            import AppKit
            #else
            import UIKit
            #endif

            """
        let ported = Porter.port(source, path: "TextLayer.swift")
        XCTAssertEqual(ported.ported, """
            import CoreText
            import QuartzCore
            /// Needed for NSMutableParagraphStyle...
            #if os(OSX)
            import AppKit
            #else
            #endif

            """)
        XCTAssertEqual(ported.reportLines, [
            "TextLayer.swift:7: import UIKit -> (removed) (UIKit does not exist on Linux; the file already imports Lamina's module)"
        ])
    }

    func testImportUnderAnUnknownConditionIsNoted() {
        let source = """
            #if DEBUG && !os(macOS)
            import UIKit
            #endif
            #if !os(macOS) || targetEnvironment(macCatalyst)
            import UIKit
            #endif
            """
        let ported = Porter.port(source, path: "Debug.swift")
        XCTAssertEqual(ported.ported, source.replacingOccurrences(of: "macCatalyst)\nimport UIKit", with: "macCatalyst)\nimport QuartzCore"))
        XCTAssertEqual(ported.notes.map(\.line), [2])
    }
}
