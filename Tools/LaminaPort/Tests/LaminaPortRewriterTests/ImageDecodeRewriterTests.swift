import LaminaPortRewriter
import XCTest

final class ImageDecodeRewriterTests: XCTestCase {
    func testAnImageDecodedThroughUIKitIsDecodedThroughImageIO() {
        let source = """
            import UIKit

            func show(_ data: Data, path: String, in layer: CALayer) {
                layer.contents = UIImage(data: data)?.cgImage
                layer.mask?.contents = UIImage(contentsOfFile: path)?.cgImage
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            func show(_ data: Data, path: String, in layer: CALayer) {
                layer.contents = CGImageSourceCreateWithData(data, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }
                layer.mask?.contents = CGImageSourceCreateWithURL(URL(fileURLWithPath: path), nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "no UIImage is left")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testADecodeOnlyForUIKitAndAppKitGetsAClauseLinuxCompiles() {
        let source = """
            import Foundation
            #if canImport(UIKit)
            import UIKit
            #elseif canImport(AppKit)
            import AppKit
            #endif

            extension Asset {
              var image: CGImage? {
                guard let data = Data(asset: self) else { return nil }

                #if canImport(UIKit)
                return UIImage(data: data)?.cgImage
                #elseif canImport(AppKit)
                return NSImage(data: data)?.asCGImage
                #endif
              }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import Foundation
            import ImageIO
            #if canImport(UIKit)
            import UIKit
            #elseif canImport(AppKit)
            import AppKit
            #endif

            extension Asset {
              var image: CGImage? {
                guard let data = Data(asset: self) else { return nil }

                #if canImport(UIKit)
                return UIImage(data: data)?.cgImage
                #elseif canImport(AppKit)
                return NSImage(data: data)?.asCGImage
                #else
                return CGImageSourceCreateWithData(data, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }
                #endif
              }
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "the clause Linux compiles now is not added again")
        // A chain with a clause of its own for Linux, or a UIKit clause of more than the decode,
        // is left as it is.
        let elseClause = source.replacingOccurrences(
            of: "    #endif\n  }", with: "    #else\n    return nil\n    #endif\n  }")
        XCTAssertEqual(Porter.port(elseClause).ported, elseClause)
        let twoStatements = source.replacingOccurrences(
            of: "    return UIImage(data: data)?.cgImage\n", with: "    let image = UIImage(data: data)\n    return image?.cgImage\n")
        XCTAssertEqual(Porter.port(twoStatements).ported, twoStatements)
    }

    func testANamedImageIsTheBundlesFileOfThatName() {
        let source = """
            import UIKit

            func decorate(_ layer: CALayer, badge: String, bundle: Bundle) {
                layer.contents = UIImage(named: "photo")?.cgImage
                layer.mask?.contents = UIImage(named: "mask.jpg")?.cgImage
                layer.sublayers?.first?.contents = UIImage(named: badge, in: bundle, compatibleWith: nil)?.cgImage
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            func decorate(_ layer: CALayer, badge: String, bundle: Bundle) {
                layer.contents = (Bundle.main.url(forResource: "photo", withExtension: "png") ?? Bundle.main.url(forResource: "photo", withExtension: nil)).flatMap { CGImageSourceCreateWithURL($0, nil) }.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }
                layer.mask?.contents = Bundle.main.url(forResource: "mask.jpg", withExtension: nil).flatMap { CGImageSourceCreateWithURL($0, nil) }.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }
                layer.sublayers?.first?.contents = (bundle.url(forResource: badge, withExtension: "png") ?? bundle.url(forResource: badge, withExtension: nil)).flatMap { CGImageSourceCreateWithURL($0, nil) }.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }
            }
            """)
        XCTAssertTrue(ported.changes.contains { $0.reason.contains("no @2x or @3x variant") }, "the change says what differs")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnImageForceUnwrappedBeforeItsCGImageIsDecodedTheSameWay() {
        // `UIImage(named: n)!.cgImage` is a `CGImage?` as `?.cgImage` is; the decode gives nil
        // for a missing file where UIKit's `!` stops the program.
        let source = """
            cell.contents = UIImage(named: "spark.png")!.cgImage
            layer.contents = NSImage(contentsOfFile: path)!.cgImage(forProposedRect: nil, context: nil, hints: nil)

            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import ImageIO
            cell.contents = Bundle.main.url(forResource: "spark.png", withExtension: nil).flatMap { CGImageSourceCreateWithURL($0, nil) }.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }
            layer.contents = CGImageSourceCreateWithURL(URL(fileURLWithPath: path), nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }

            """)
        XCTAssertEqual(ported.notes.count, 0, "\(ported.notes)")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnAppKitImageGivenToALayersContentsIsItsDecodedCGImage() {
        // macOS's Core Animation takes an NSImage as contents (drawn as its CGImage); on Linux
        // the contents are the CGImage Image I/O decodes.
        let source = """
            final class Icon: CALayer {
                func load(_ data: Data) {
                    contents = NSImage(named: "icon.png")
                    sublayers?.first?.contents = NSImage(data: data)
                }
            }

            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import ImageIO
            final class Icon: CALayer {
                func load(_ data: Data) {
                    contents = Bundle.main.url(forResource: "icon.png", withExtension: nil).flatMap { CGImageSourceCreateWithURL($0, nil) }.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }
                    sublayers?.first?.contents = CGImageSourceCreateWithData(data, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }
                }
            }

            """)
        XCTAssertEqual(ported.notes.count, 0, "\(ported.notes)")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
        // Held in a variable first, the variable holds the CGImage; a UIImage (which iOS's
        // layers do not take) is left.
        let held = "let image = NSImage(named: \"a.png\")\nlayer.contents = image\n"
        XCTAssertEqual(Porter.port(held).ported, """
            import ImageIO
            let image = Bundle.main.url(forResource: "a.png", withExtension: nil).flatMap { CGImageSourceCreateWithURL($0, nil) }.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }
            layer.contents = image

            """)
        let uiKit = "let image = UIImage(named: \"a.png\")\nlayer.contents = image\n"
        XCTAssertEqual(Porter.port(uiKit).ported, uiKit)
    }

    func testABundleNamedByItsImplicitMemberIsWrittenOut() {
        // `in: .main` took its type from UIKit's parameter; the written lookup names it.
        let ported = Porter.port("layer.contents = UIImage(named: \"a.png\", in: .main, compatibleWith: nil)?.cgImage\n")
        XCTAssertEqual(
            ported.ported,
            "import ImageIO\nlayer.contents = Bundle.main.url(forResource: \"a.png\", withExtension: nil).flatMap { CGImageSourceCreateWithURL($0, nil) }.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }\n")
    }

    func testAnAppKitImagesCGImageIsDecodedTheSameWay() {
        let source = "layer.contents = NSImage(named: \"dot.png\")?.cgImage(forProposedRect: nil, context: nil, hints: nil)\n"
        XCTAssertEqual(
            Porter.port(source).ported,
            "import ImageIO\nlayer.contents = Bundle.main.url(forResource: \"dot.png\", withExtension: nil).flatMap { CGImageSourceCreateWithURL($0, nil) }.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }\n")
        XCTAssertEqual(Porter.port(source).notes.map(\.construct), [])
        // A proposed rectangle asks for a size: left for a person.
        let sized = "let image = NSImage(data: data)?.cgImage(forProposedRect: &rect, context: nil, hints: nil)\n"
        XCTAssertEqual(Porter.port(sized).ported, sized)
    }

    func testADecodeInAStatementConditionIsParenthesised() {
        // `guard let x = (…).flatMap { … } else` would take the closure for the guard's body.
        let source = """
            func sheet(_ data: Data) -> CGImage? {
                guard let image = UIImage(data: data)?.cgImage else { return nil }
                if let other = UIImage(data: data)?.cgImage, other.width > image.width { return other }
                return image
            }
            """
        let decode = "CGImageSourceCreateWithData(data, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }"
        let ported = Porter.port(source).ported
        XCTAssertTrue(ported.contains("guard let image = (\(decode)) else { return nil }"), ported)
        XCTAssertTrue(ported.contains("if let other = (\(decode)), other.width > image.width"), ported)
        XCTAssertEqual(Porter.port(ported).ported, ported)
    }

    func testAnImageLiteralsCGImageIsTheBundlesFileOfThatNameDecodedByImageIO() {
        // Xcode's `#imageLiteral(resourceName:)` is the image of that name (a UIImage on iOS).
        let source = """
            import UIKit

            final class Dial: CALayer {
                func load() {
                    contents = #imageLiteral(resourceName: "dial_dark").cgImage
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            final class Dial: CALayer {
                func load() {
                    contents = (Bundle.main.url(forResource: "dial_dark", withExtension: "png") ?? Bundle.main.url(forResource: "dial_dark", withExtension: nil)).flatMap { CGImageSourceCreateWithURL($0, nil) }.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }
}
