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

    func testASubmoduleOfLaminasModulesIsTheModule() {
        let source = """
            import QuartzCore.CoreAnimation
            import CoreGraphics.CGGeometry

            final class NoticeLayer: CATextLayer {}
            """
        let ported = Porter.port(source, path: "NoticeLayer.swift")
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import CoreGraphics

            final class NoticeLayer: CATextLayer {}
            """)
        XCTAssertEqual(ported.reportLines, [
            "NoticeLayer.swift:1: QuartzCore.CoreAnimation -> QuartzCore (QuartzCore has no submodules on Linux; the module brings all of them)",
            "NoticeLayer.swift:2: CoreGraphics.CGGeometry -> CoreGraphics (CoreGraphics has no submodules on Linux; the module brings all of them)",
        ])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testMacOSQuartzUmbrellaBecomesQuartzCore() {
        // `import Quartz` brings CALayer on macOS (the umbrella holds QuartzCore and AppKit).
        let source = """
            import Foundation
            import CoreText
            import Quartz

            final class LineLayer: CALayer {}
            """
        XCTAssertEqual(Porter.port(source).ported, source.replacingOccurrences(of: "import Quartz\n", with: "import QuartzCore\n"))
        let conditional = """
            #if canImport(Quartz)
            import Quartz
            #else
            import QuartzCore
            #endif
            """
        XCTAssertEqual(Porter.port(conditional).ported, conditional)
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

    func testDarwinIsLinuxsCLibraryGlibc() {
        let source = """
            import Foundation
            import UIKit
            import Darwin.C

            let radius = Darwin.floor(CGFloat(M_PI) * 2)
            """
        let result = Porter.port(source)
        XCTAssertEqual(result.ported, """
            import Foundation
            import QuartzCore
            import Glibc

            let radius = Glibc.floor(CGFloat(M_PI) * 2)
            """)
        assertSecondRunChangesNothing([result])
        // Beside Glibc, the import goes.
        XCTAssertEqual(Porter.port("import Glibc\nimport Darwin\n\nlet x = sqrt(2.0)\n").ported, "import Glibc\n\nlet x = sqrt(2.0)\n")
    }

    func testCoreFoundationIsLaminasCoreFoundationNames() {
        // Linux's CoreFoundation module is Foundation's own; its CFRange and CFAttributedString
        // would make Lamina's ambiguous.
        let source = """
            import UIKit
            import CoreFoundation

            let range = CFRangeMake(0, 1)
            """
        XCTAssertEqual(Porter.port(source).ported, "import QuartzCore\n\nlet range = CFRangeMake(0, 1)")
        XCTAssertEqual(
            Porter.port("import Foundation\nimport CoreFoundation\n\nlet now = CFAbsoluteTimeGetCurrent()\n").ported,
            "import Foundation\nimport QuartzCore\n\nlet now = CFAbsoluteTimeGetCurrent()\n")
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
                layer.backgroundColor = color.resolvedColor(with: darkTraits).cgColor
            }
            """
        let ported = Porter.port(source, path: "Tint.swift")
        XCTAssertEqual(ported.ported, source)
        XCTAssertEqual(ported.reportLines, [
            "Tint.swift:8: left: UIColor — UIColor is UIKit's or AppKit's, which Linux does not have (first use in this file); to do: use CGColor"
        ])
    }

    func testATextShadowIsLaminasOwnAndNotReported() {
        // Lamina's Core Text declares NSShadow as UIKit does; the string drawing the command
        // writes sets it on the context.
        let source = """
            let shadow = NSShadow()
            shadow.shadowBlurRadius = 4
            """
        let ported = Porter.port(source, path: "Shadow.swift")
        XCTAssertEqual(ported.ported, source)
        XCTAssertEqual(ported.reportLines, [])
        // UIKit's corner and edge sets, which layer helpers take, have Core Animation's and
        // Core Graphics' counterparts.
        let corners = Porter.port("let corners: UIRectCorner = [.topLeft]\nfunc round(edges: UIRectEdge) {}\n", path: "Corners.swift")
        XCTAssertEqual(corners.notes.map(\.construct), ["UIRectCorner", "UIRectEdge"])
        let first = corners.reportLines.first ?? ""
        XCTAssertTrue(first.hasSuffix("to do: use CACornerMask (a layer's maskedCorners with its cornerRadius; top-left is .layerMinXMinYCorner in a y-down layer)"), first)
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

    func testFileWhoseImportsAreAllForApplePlatformsGetsQuartzCore() {
        let source = """
            // Data loading.

            #if canImport(UIKit)
            import UIKit
            #elseif canImport(AppKit)
            import AppKit
            #endif

            extension Data {}
            """
        let ported = Porter.port(source, path: "Data.swift")
        XCTAssertEqual(ported.ported, source.replacingOccurrences(of: "\n#if canImport(UIKit)", with: "\nimport QuartzCore\n#if canImport(UIKit)"))
        XCTAssertEqual(ported.reportLines, [
            "Data.swift:3: #if canImport(UIKit) -> import QuartzCore #if canImport(UIKit) (Linux compiles none of the file's imports (each is in a clause for Apple's platforms); QuartzCore brings CoreGraphics and Foundation as UIKit and AppKit do)"
        ])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
        // A file wholly for Apple's platforms needs no import on Linux.
        let appleOnly = """
            #if canImport(SwiftUI)
            import SwiftUI
            extension View {}
            #endif
            """
        XCTAssertEqual(Porter.port(appleOnly).ported, appleOnly)
    }

    func testFileUsingURLSessionImportsFoundationNetworking() {
        let source = """
            import Foundation
            import QuartzCore

            // URLSession in a comment is not a use.
            func load(_ url: URL, into layer: CALayer) {
                URLSession.shared.dataTask(with: url) { _, _, _ in }.resume()
            }
            """
        let ported = Porter.port(source, path: "Load.swift")
        XCTAssertEqual(ported.ported, source.replacingOccurrences(
            of: "import QuartzCore\n",
            with: "import QuartzCore\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n"))
        XCTAssertEqual(ported.reportLines, [
            "Load.swift:2: import QuartzCore -> import QuartzCore #if canImport(FoundationNetworking) import FoundationNetworking #endif (URLSession lives in FoundationNetworking on Linux (Foundation has it on Apple's platforms))"
        ])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
        // Only named in comments and strings: nothing to add.
        let mention = "import Foundation\n// URLSession\nlet name = \"URLSession\"\n"
        XCTAssertEqual(Porter.port(mention).ported, mention)
    }

    func testFileUsingImageSourcesImportsImageIO() {
        let source = """
            import UIKit

            func load(_ url: URL) -> CGImage? {
                guard let source = CGImageSourceCreateWithURL(url as CFURL, nil) else { return nil }
                return CGImageSourceCreateImageAtIndex(source, 0, nil)
            }
            """
        let ported = Porter.port(source, path: "Load.swift")
        XCTAssertEqual(ported.ported, source
            .replacingOccurrences(of: "import UIKit\n", with: "import QuartzCore\nimport ImageIO\n")
            .replacingOccurrences(of: "url as CFURL", with: "url"))
        XCTAssertTrue(
            ported.reportLines.contains(
                "Load.swift:1: import UIKit -> import UIKit import ImageIO (CGImageSourceCreateWithURL is ImageIO's, which UIKit and AppKit bring on Apple's platforms and QuartzCore does not)"),
            ported.reportLines.joined(separator: "\n"))
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
        // Importing ImageIO already: nothing to add.
        let imports = "import QuartzCore\nimport ImageIO\nlet types = CGImageSourceCopyTypeIdentifiers()\n"
        XCTAssertEqual(Porter.port(imports).ported, imports)
    }

    func testCoreServicesImportsBecomeImageIOWhereTypeIdentifiersAreUsed() {
        let source = """
            import QuartzCore
            import MobileCoreServices

            let type = kUTTypePNG
            """
        XCTAssertEqual(
            Porter.port(source).ported, "import QuartzCore\nimport ImageIO\n\nlet type = kUTTypePNG")
        let unused = "import QuartzCore\nimport CoreServices\n\nlet layer = CALayer()"
        XCTAssertEqual(Porter.port(unused).ported, "import QuartzCore\n\nlet layer = CALayer()")
    }

    func testImageTypeIdentifiersFromUniformTypeIdentifiersAreImageIOsConstants() {
        // The same strings: Apple's UTType.png.identifier is "public.png", as is kUTTypePNG.
        let source = """
            import QuartzCore
            import UniformTypeIdentifiers

            let png = UTType.png.identifier as CFString
            let kinds = [UTType.jpeg.identifier, UniformTypeIdentifiers.UTType.gif.identifier]
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            let png = kUTTypePNG as CFString
            let kinds = [kUTTypeJPEG, kUTTypeGIF]
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
        // Importing ImageIO already, or using no type: the import goes.
        let beside = "import ImageIO\nimport UniformTypeIdentifiers\n\nlet png = UTType.png.identifier\n"
        XCTAssertEqual(Porter.port(beside).ported, "import ImageIO\n\nlet png = kUTTypePNG\n")
        XCTAssertEqual(Porter.port("import QuartzCore\nimport UniformTypeIdentifiers\n").ported, "import QuartzCore\n")
        // Another use of UTType: the import stays, reported.
        let other = "import QuartzCore\nimport UniformTypeIdentifiers\n\nlet svg = UTType(filenameExtension: \"svg\")\nlet png = UTType.png.identifier\n"
        let left = Porter.port(other)
        XCTAssertEqual(
            left.ported,
            other.replacingOccurrences(of: "UTType.png.identifier", with: "kUTTypePNG")
                .replacingOccurrences(of: "import UniformTypeIdentifiers\n", with: "import UniformTypeIdentifiers\nimport ImageIO\n"))
        XCTAssertEqual(left.notes.map(\.construct), ["import UniformTypeIdentifiers"])
    }

    func testAnAppleFrameworkLinuxLacksStaysAndIsReported() {
        let source = """
            import UIKit
            import AVFoundation
            import Combine
            #if canImport(SwiftUI)
            import SwiftUI
            #endif

            let player = AVPlayerLayer()
            var subscriptions = Set<AnyCancellable>()
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, source.replacingOccurrences(of: "import UIKit", with: "import QuartzCore"))
        XCTAssertEqual(ported.notes.map(\.construct), ["import AVFoundation", "import Combine"], "the import Linux skips is not reported")
        XCTAssertTrue(ported.notes.last?.todo.contains("AsyncStream") == true, ported.notes.last?.todo ?? "no note")
    }

    func testAListingWithoutImportsThatNamesCoreAnimationImportsItsModule() {
        // Snippets copied from documentation and answers often leave out their imports; the
        // names they use are Core Animation's, Core Graphics' and UIKit's.
        let source = """
            // Shakes a layer sideways.
            func shake(_ layer: CALayer) {
                let shake = CAKeyframeAnimation(keyPath: "transform.translation.x")
                shake.values = [-8, 8, -4, 4, 0]
                layer.add(shake, forKey: "shake")
            }
            """
        let ported = Porter.port(source, addingMissingImports: true)
        XCTAssertEqual(ported.ported, """
            // Shakes a layer sideways.
            import QuartzCore

            func shake(_ layer: CALayer) {
                let shake = CAKeyframeAnimation(keyPath: "transform.translation.x")
                shake.values = [-8, 8, -4, 4, 0]
                layer.add(shake, forKey: "shake")
            }
            """)
        XCTAssertTrue(ported.reportLines.contains { $0.contains("the file imports nothing, and CALayer needs a module") })
        XCTAssertEqual(Porter.port(ported.ported, addingMissingImports: true).ported, ported.ported)
        // One driven by a display link imports Lamina, which has it.
        let linked = Porter.port("final class Ticker {\n    var link: CADisplayLink?\n}\n", addingMissingImports: true)
        XCTAssertTrue(linked.ported.hasPrefix("import Lamina\n\nfinal class Ticker {"), linked.ported)
        // Plain Swift needs no module; a fragment is given none.
        let plain = "func twice(_ x: Int) -> Int { x * 2 }\n"
        XCTAssertEqual(Porter.port(plain, addingMissingImports: true).ported, plain)
        XCTAssertEqual(Porter.port(source).ported, source)
    }

    func testAFileImportingOnlyFoundationThatNamesCoreTextImportsQuartzCore() {
        // A model file of an app that imports only Foundation and keeps a Core Text line (the
        // app's other files import AppKit); on Linux Foundation brings no Core Text.
        let source = """
            import Foundation

            final class TypewriterLine {
                let text: String
                var formattedLine: CTLine?

                init(text: String) {
                    self.text = text
                }
            }
            """
        let ported = Porter.port(source, addingMissingImports: true)
        XCTAssertEqual(ported.ported, """
            import Foundation
            import QuartzCore

            final class TypewriterLine {
                let text: String
                var formattedLine: CTLine?

                init(text: String) {
                    self.text = text
                }
            }
            """)
        XCTAssertTrue(ported.reportLines.contains { $0.contains("CTLine is not in Foundation on Linux") }, ported.reportLines.joined(separator: "\n"))
        XCTAssertEqual(Porter.port(ported.ported, addingMissingImports: true).ported, ported.ported)
        // Foundation's own geometry (CGFloat, CGPoint, CGSize, CGRect) needs nothing more.
        let geometry = "import Foundation\n\nstruct Slot {\n    var frame: CGRect\n    var inset: CGFloat\n}\n"
        XCTAssertEqual(Porter.port(geometry, addingMissingImports: true).ported, geometry)
    }

    func testAFileImportingOnlyCoreGraphicsThatNamesCoreAnimationImportsQuartzCore() {
        // A layer extension in a module whose other file has `@_exported import UIKit`: on
        // Apple's platforms that import makes `CALayer` resolve here; on Linux Core Graphics
        // does not bring Core Animation.
        let source = """
            import CoreGraphics

            public extension CALayer {
                func spin(duration: CFTimeInterval) {
                    let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                    spin.toValue = CGFloat.pi * 2
                    spin.duration = duration
                    add(spin, forKey: "spin")
                }
            }
            """
        let ported = Porter.port(source, addingMissingImports: true)
        XCTAssertEqual(ported.ported, source.replacingOccurrences(of: "import CoreGraphics\n", with: "import CoreGraphics\nimport QuartzCore\n"))
        XCTAssertTrue(
            ported.reportLines.contains { $0.contains("CALayer is Core Animation's, which none of the file's imports brings on Linux") },
            ported.reportLines.joined(separator: "\n"))
        XCTAssertEqual(Porter.port(ported.ported, addingMissingImports: true).ported, ported.ported)
        // Core Text beside Foundation likewise; Core Text's and Core Graphics' own names need nothing more.
        let text = "import Foundation\nimport CoreText\n\nfunc fade(_ layer: CALayer) { layer.opacity = 0 }\n"
        XCTAssertEqual(
            Porter.port(text, addingMissingImports: true).ported,
            "import Foundation\nimport CoreText\nimport QuartzCore\n\nfunc fade(_ layer: CALayer) { layer.opacity = 0 }\n")
        let drawing = "import CoreText\n\nfunc width(of line: CTLine) -> CGFloat { CGFloat(CTLineGetTypographicBounds(line, nil, nil, nil)) }\n"
        XCTAssertEqual(Porter.port(drawing, addingMissingImports: true).ported, drawing)
        // A file importing Foundation alone is given QuartzCore once.
        let foundation = "import Foundation\n\nfunc fade(_ layer: CALayer) { layer.opacity = 0 }\n"
        XCTAssertEqual(
            Porter.port(foundation, addingMissingImports: true).ported,
            "import Foundation\nimport QuartzCore\n\nfunc fade(_ layer: CALayer) { layer.opacity = 0 }\n")
    }

    func testAFileImportingOnlyFoundationThatNamesCoreFoundationTimeImportsQuartzCore() {
        // A shimmer's configuration kept in a Foundation-only file: on Apple's platforms
        // Foundation brings Core Foundation's `CFTimeInterval`; on Linux it does not.
        let source = """
            import Foundation

            public struct ShimmerConfiguration: Equatable {
                public var speed: CGFloat = 600
                public var pauseDuration: CFTimeInterval = 0.4
            }
            """
        let ported = Porter.port(source, addingMissingImports: true)
        XCTAssertEqual(ported.ported, """
            import Foundation
            import QuartzCore

            public struct ShimmerConfiguration: Equatable {
                public var speed: CGFloat = 600
                public var pauseDuration: CFTimeInterval = 0.4
            }
            """)
        XCTAssertTrue(
            ported.reportLines.contains { $0.contains("CFTimeInterval is not in Foundation on Linux") }, ported.reportLines.joined(separator: "\n"))
        XCTAssertEqual(Porter.port(ported.ported, addingMissingImports: true).ported, ported.ported)
        // So do the C constants Foundation and Darwin bring on Apple's platforms.
        let forever = "import Foundation\n\nlet forever = Float(NSIntegerMax)\n"
        XCTAssertEqual(
            Porter.port(forever, addingMissingImports: true).ported, "import Foundation\nimport QuartzCore\n\nlet forever = Float(NSIntegerMax)\n")
        // A name of the file's own that merely starts so is not Core Foundation's.
        let own = "import Foundation\n\nstruct CFG {\n    var count = 0\n}\n"
        XCTAssertEqual(Porter.port(own, addingMissingImports: true).ported, own)
    }

    func testAnAppleFrameworkLinuxLacksThatNothingInTheFileUsesGoes() {
        // An import of a framework whose names the file never uses (Combine's, AVFoundation's
        // `AV…` and `CM…`) does nothing on Apple's platforms either.
        let source = """
            import UIKit
            import Combine
            import AVFoundation

            final class WaveLayer: CAShapeLayer {
                var levels: [CGFloat] = []
                func last() -> CGFloat? { levels.map { $0 * 2 }.last }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class WaveLayer: CAShapeLayer {
                var levels: [CGFloat] = []
                func last() -> CGFloat? { levels.map { $0 * 2 }.last }
            }
            """)
        XCTAssertTrue(ported.notes.isEmpty, "\(ported.notes)")
        XCTAssertTrue(ported.reportLines.contains { $0.contains("Combine does not exist on Linux, and nothing in the file uses it") })
        // A use of each keeps its import, reported: a name, a prefixed name, a projected value.
        for (use, module) in [
            ("let bag = Set<AnyCancellable>()", "Combine"), ("let rect = AVMakeRect(aspectRatio: .zero, insideRect: .zero)", "AVFoundation"),
            ("func watch(_ model: Model) { _ = model.$level }", "Combine"),
        ] {
            let kept = Porter.port(source + "\n" + use + "\n")
            XCTAssertTrue(kept.ported.contains("import \(module)"), use)
            XCTAssertTrue(kept.notes.map(\.construct).contains("import \(module)"), use)
        }
    }

    func testUIKitAndAppKitInterfaceTypesAreReportedOnceEachButNotUIKitsFunctionsOrLaminasAccessibility() {
        let source = """
            import UIKit

            final class Controller: UIViewController {
                let label = UILabel()
                let more = UILabel()
                let feedback = UIImpactFeedbackGenerator(style: .light)
                var traits: UIAccessibilityTraits = .button
                func shake(_ window: NSWindow) {
                    UIGraphicsBeginImageContext(CGSize(width: 1, height: 1))
                    UIGraphicsEndImageContext()
                    UIAccessibility.post(notification: .layoutChanged, argument: nil)
                }
            }
            """
        let notes = Porter.port(source).notes.map(\.construct)
        // (The controller, left for its label, is reported too.)
        XCTAssertEqual(notes, ["Controller", "UIViewController", "UILabel", "UIImpactFeedbackGenerator", "NSWindow"])
    }

    func testCoreVideosDisplayLinkIsReportedOnceWithLaminasDisplayLinkToUseInstead() {
        // macOS brings CVDisplayLink with QuartzCore (or Cocoa); Linux has no CoreVideo.
        let source = """
            import Cocoa

            final class Ticker {
                private var link: CVDisplayLink?
                func start() {
                    CVDisplayLinkCreateWithActiveCGDisplays(&link)
                    guard let link else { return }
                    CVDisplayLinkSetOutputHandler(link) { _, _, _, _, _ in kCVReturnSuccess }
                    CVDisplayLinkStart(link)
                }
            }
            """
        let notes = Porter.port(source).notes
        XCTAssertEqual(notes.map(\.construct), ["CVDisplayLink"])
        XCTAssertEqual(notes.first?.line, 4)
        XCTAssertTrue(notes.first?.todo.contains("CADisplayLink(handler:)") == true, "\(notes)")
    }
}
