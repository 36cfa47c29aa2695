import LaminaPortRewriter
import XCTest

/// A file-scope alias of a UIKit or AppKit colour or font: its uses are written as the type's
/// are, and an alias Linux compiles names the type they are written as.
final class TypeAliasInliningTests: XCTestCase {
    func testAnAliasLinuxCompilesNamesTheCoreGraphicsColourItsUsesAreWrittenAs() {
        let source = """
            import AppKit
            import QuartzCore

            typealias PlatformColor = NSColor

            final class Badge: CALayer {
                var tint: PlatformColor = .red
                func apply() {
                    backgroundColor = tint.cgColor
                    borderColor = PlatformColor(red: 1, green: 0, blue: 0, alpha: 1).cgColor
                    shadowColor = PlatformColor.init(white: 0, alpha: 1).cgColor
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            typealias PlatformColor = CGColor

            final class Badge: CALayer {
                var tint: CGColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                func apply() {
                    backgroundColor = tint
                    borderColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                    shadowColor = CGColor(gray: 0, alpha: 1)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testAliasesDeclaredPerApplePlatformAreLeftAndTheirUsesWritten() {
        let source = """
            #if os(iOS)
            import UIKit
            typealias Color = UIColor
            typealias Font = UIFont
            #elseif os(macOS)
            import AppKit
            typealias Color = NSColor
            typealias Font = NSFont
            #endif
            import QuartzCore

            final class Label: CATextLayer {
                let accent: Color = .systemBlue
                func style() {
                    foregroundColor = accent.cgColor
                    font = Font.boldSystemFont(ofSize: 12)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            #if os(iOS)
            import UIKit
            typealias Color = UIColor
            typealias Font = UIFont
            #elseif os(macOS)
            import AppKit
            typealias Color = NSColor
            typealias Font = NSFont
            #endif
            import QuartzCore

            final class Label: CATextLayer {
                let accent: CGColor = CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)
                func style() {
                    foregroundColor = accent
                    font = CTFontCreateUIFontForLanguage(.emphasizedSystem, 12, nil)!
                }
            }
            """)
        assertSecondRunChangesNothing([ported])
    }

    func testAUseNoPassWritesKeepsTheAliasAndIsReportedAsTheTypesAre() {
        let source = """
            import QuartzCore
            import UIKit

            typealias Tint = UIColor

            func describe(_ tint: Tint) -> String {
                tint.accessibilityName
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            typealias Tint = CGColor

            func describe(_ tint: Tint) -> String {
                tint.accessibilityName
            }
            """)
        XCTAssertEqual(ported.notes.map(\.line), [6], "the parameter's type is reported, as UIColor's would be")
    }

    func testAliasesAcrossFilesAreInlinedInEach() {
        let files = Porter(sources: [
            .init(path: "Platform.swift", text: "import AppKit\ntypealias PlatformColor = NSColor\n"),
            .init(path: "Ring.swift", text: """
                import QuartzCore
                final class Ring: CAShapeLayer {
                    func tint(_ colour: PlatformColor) { strokeColor = colour.cgColor }
                }
                """),
        ], addsMissingImports: false).port()
        XCTAssertEqual(files.map(\.ported), [
            "import QuartzCore\ntypealias PlatformColor = CGColor\n",
            """
            import QuartzCore
            final class Ring: CAShapeLayer {
                func tint(_ colour: CGColor) { strokeColor = colour }
            }
            """,
        ])
        assertSecondRunChangesNothing(files)
    }

    func testANameAlsoDeclaredAsATypeOrAnAliasOfAnotherKindIsNotInlined() {
        for other in ["struct Tint {}", "typealias Tint = UIFont", "func blend<Tint>(_ a: Tint) {}"] {
            let source = """
                import UIKit
                typealias Tint = UIColor
                \(other)
                func fill(_ layer: CALayer, _ tint: Tint) { layer.backgroundColor = tint.cgColor }
                """
            let ported = Porter.port(source)
            XCTAssertTrue(ported.ported.contains("_ tint: Tint) { layer.backgroundColor = tint.cgColor }"), "with \(other): \(ported.ported)")
        }
    }
}
