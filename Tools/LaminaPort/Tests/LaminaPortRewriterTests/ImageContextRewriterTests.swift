import LaminaPortRewriter
import XCTest

final class ImageContextRewriterTests: XCTestCase {
    private func context(size: String, scale: String = "1", alpha: String = "CGImageAlphaInfo.premultipliedFirst", indentation: String = "        ") -> String {
        var factor = scale
        var lines = ["let imageSize = \(size)"]
        if Double(scale) == nil {
            lines.append("let imageScale: CGFloat = \(scale) > 0 ? \(scale) : 1")
            factor = "imageScale"
        }
        let scaled = { (side: String) in factor == "1" ? "imageSize.\(side)" : "(imageSize.\(side) * \(factor))" }
        lines += [
            "let imageContext = CGContext(data: nil, width: Int(\(scaled("width")).rounded(.up)), height: Int(\(scaled("height")).rounded(.up)), bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: \(alpha).rawValue | CGBitmapInfo.byteOrder32Little.rawValue)",
            "imageContext?.translateBy(x: 0, y: CGFloat(imageContext?.height ?? 0))",
            "imageContext?.scaleBy(x: \(factor), y: -\(factor))",
        ]
        return lines.joined(separator: "\n" + indentation)
    }

    func testASnapshotFunctionReturnsTheBitmapContextsImage() {
        let source = """
            import UIKit

            extension CALayer {
                func snapshotImage() -> UIImage? {
                    UIGraphicsBeginImageContextWithOptions(bounds.size, isOpaque, UIScreen.main.scale)
                    defer { UIGraphicsEndImageContext() }
                    guard let context = UIGraphicsGetCurrentContext() else { return nil }
                    render(in: context)
                    return UIGraphicsGetImageFromCurrentImageContext()
                }
            }

            func copyLayer(of source: CALayer) -> CALayer {
                let copy = CALayer()
                copy.contents = source.snapshotImage()?.cgImage
                copy.contents = source.snapshotImage()!.cgImage
                guard let shot = source.snapshotImage() else { return copy }
                copy.mask?.contents = shot.cgImage
                return copy
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            extension CALayer {
                func snapshotImage() -> CGImage? {
                    \(context(size: "bounds.size", alpha: "(isOpaque ? CGImageAlphaInfo.noneSkipFirst : CGImageAlphaInfo.premultipliedFirst)"))
                    guard let context = imageContext else { return nil }
                    render(in: context)
                    return imageContext?.makeImage()
                }
            }

            func copyLayer(of source: CALayer) -> CALayer {
                let copy = CALayer()
                copy.contents = source.snapshotImage()
                copy.contents = source.snapshotImage()
                guard let shot = source.snapshotImage() else { return copy }
                copy.mask?.contents = shot
                return copy
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person (the screen's scale goes with the call)")
        XCTAssertTrue(
            ported.changes.contains { $0.reason.contains("1 pixel a point where UIKit takes the main screen's scale") },
            "the main screen's scale says what it became")
        let zero = Porter.port(source.replacingOccurrences(of: "isOpaque, UIScreen.main.scale)", with: "isOpaque, 0)"))
        XCTAssertEqual(zero.ported, ported.ported, "a scale of 0, the main screen's, is the same")
        XCTAssertTrue(zero.changes.contains { $0.reason.contains("1 pixel a point where UIKit takes the main screen's scale") })
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testACallLeavingOutADefaultedArgumentTakesTheContextsImage() {
        let source = """
            import UIKit

            extension CALayer {
                func snapshotImage(scale: CGFloat = 0, opaque: Bool = false) -> UIImage? {
                    UIGraphicsBeginImageContextWithOptions(bounds.size, opaque, scale)
                    defer { UIGraphicsEndImageContext() }
                    guard let context = UIGraphicsGetCurrentContext() else { return nil }
                    render(in: context)
                    return UIGraphicsGetImageFromCurrentImageContext()
                }
            }

            final class ThumbnailLayer: CALayer {
                func update(from source: CALayer) {
                    contents = source.snapshotImage()?.cgImage
                    mask?.contents = source.snapshotImage(opaque: true)?.cgImage
                    sublayers?.first?.contents = source.snapshotImage(scale: 2, opaque: true)?.cgImage
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            extension CALayer {
                func snapshotImage(scale: CGFloat = 0, opaque: Bool = false) -> CGImage? {
                    \(context(size: "bounds.size", scale: "scale", alpha: "(opaque ? CGImageAlphaInfo.noneSkipFirst : CGImageAlphaInfo.premultipliedFirst)"))
                    guard let context = imageContext else { return nil }
                    render(in: context)
                    return imageContext?.makeImage()
                }
            }

            final class ThumbnailLayer: CALayer {
                func update(from source: CALayer) {
                    contents = source.snapshotImage()
                    mask?.contents = source.snapshotImage(opaque: true)
                    sublayers?.first?.contents = source.snapshotImage(scale: 2, opaque: true)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testACallLeavingOutADefaultedArgumentOfAnOverloadedNameIsNotTakenForTheImage() {
        // Which of the two a call without arguments means is the compiler's to say.
        let source = """
            import UIKit

            extension CALayer {
                func snapshotImage(scale: CGFloat = 0) -> UIImage? {
                    UIGraphicsBeginImageContextWithOptions(bounds.size, false, scale)
                    defer { UIGraphicsEndImageContext() }
                    guard let context = UIGraphicsGetCurrentContext() else { return nil }
                    render(in: context)
                    return UIGraphicsGetImageFromCurrentImageContext()
                }
                func snapshotImage(opaque: Bool = true) -> UIImage? { nil }
            }

            func thumbnail(of source: CALayer) -> Any? {
                source.snapshotImage()?.cgImage
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("source.snapshotImage()?.cgImage"), ported.ported)
    }

    func testAnImageTakenForItsCGImageOrKeptInALocalIsTheContextsImage() {
        let source = """
            import UIKit

            func drawBadge(into layer: CALayer, scale: CGFloat) {
                UIGraphicsBeginImageContextWithOptions(CGSize(width: 20, height: 20), true, 2)
                let ctx = UIGraphicsGetCurrentContext()!
                ctx.setFillColor(gray: 1, alpha: 1)
                ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
                layer.contents = UIGraphicsGetImageFromCurrentImageContext()?.cgImage
                UIGraphicsEndImageContext()

                UIGraphicsBeginImageContext(layer.bounds.size)
                layer.render(in: UIGraphicsGetCurrentContext()!)
                let image = UIGraphicsGetImageFromCurrentImageContext()
                UIGraphicsEndImageContext()
                layer.contents = image?.cgImage
            }
            """
        let ported = Porter.port(source)
        // The second context is in the same block as the first: left for a person.
        XCTAssertEqual(ported.notes.map(\.construct), ["UIGraphicsBeginImageContextWithOptions(CGSize(width: 20, height: 20), true, 2)"])

        let separate = """
            import UIKit

            func drawBadge(into layer: CALayer, scale: CGFloat) {
                do {
                    UIGraphicsBeginImageContextWithOptions(CGSize(width: 20, height: 20), true, 2)
                    let ctx = UIGraphicsGetCurrentContext()!
                    layer.contents = UIGraphicsGetImageFromCurrentImageContext()?.cgImage
                    UIGraphicsEndImageContext()
                }
                do {
                    UIGraphicsBeginImageContextWithOptions(layer.bounds.size, false, scale)
                    layer.render(in: UIGraphicsGetCurrentContext()!)
                    guard let image = UIGraphicsGetImageFromCurrentImageContext() else { return }
                    UIGraphicsEndImageContext()
                    layer.contents = image.cgImage
                }
            }
            """
        let portedSeparate = Porter.port(separate)
        XCTAssertEqual(portedSeparate.ported, """
            import QuartzCore

            func drawBadge(into layer: CALayer, scale: CGFloat) {
                do {
                    \(context(size: "CGSize(width: 20, height: 20)", scale: "2", alpha: "CGImageAlphaInfo.noneSkipFirst"))
                    let ctx = imageContext!
                    layer.contents = imageContext?.makeImage()
                }
                do {
                    \(context(size: "layer.bounds.size", scale: "scale"))
                    layer.render(in: imageContext!)
                    guard let image = imageContext?.makeImage() else { return }
                    layer.contents = image
                }
            }
            """)
        XCTAssertEqual(portedSeparate.notes.map(\.construct), [])
    }

    func testAFunctionReturningAnotherImageAsWellIsLeftForAPerson() {
        let source = """
            import UIKit

            func thumbnail(of layer: CALayer) -> UIImage {
                UIGraphicsBeginImageContext(layer.bounds.size)
                defer { UIGraphicsEndImageContext() }
                guard let context = UIGraphicsGetCurrentContext() else { return UIImage() }
                layer.render(in: context)
                return UIGraphicsGetImageFromCurrentImageContext() ?? UIImage()
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, source.replacingOccurrences(of: "import UIKit", with: "import QuartzCore"))
        XCTAssertEqual(ported.notes.map(\.construct), ["UIImage", "UIGraphicsBeginImageContext(layer.bounds.size)"])
    }

    func testAnImagesCGImageReturnedByAFunctionReturningCGImageIsTheContextsImage() {
        // The function returns the CGImage already: its type stays.
        let source = """
            func flake(diameter: CGFloat) -> CGImage? {
                UIGraphicsBeginImageContextWithOptions(CGSize(width: diameter, height: diameter), false, 1)
                defer { UIGraphicsEndImageContext() }
                return UIGraphicsGetImageFromCurrentImageContext()?.cgImage
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func flake(diameter: CGFloat) -> CGImage? {
                \(context(size: "CGSize(width: diameter, height: diameter)", indentation: "    "))
                return imageContext?.makeImage()
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testAComputedPropertyWhoseGetterMakesTheImageIsTheCGImage() {
        let source = """
            import UIKit

            extension CALayer {
                var snapshotImage: UIImage? {
                    UIGraphicsBeginImageContextWithOptions(bounds.size, isOpaque, 0)
                    defer { UIGraphicsEndImageContext() }
                    guard let context = UIGraphicsGetCurrentContext() else { return nil }
                    render(in: context)
                    return UIGraphicsGetImageFromCurrentImageContext()
                }
            }

            func mirror(_ source: CALayer, into target: CALayer) {
                target.contents = source.snapshotImage?.cgImage
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            extension CALayer {
                var snapshotImage: CGImage? {
                    let imageSize = bounds.size
                    let imageContext = CGContext(data: nil, width: Int(imageSize.width.rounded(.up)), height: Int(imageSize.height.rounded(.up)), bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: (isOpaque ? CGImageAlphaInfo.noneSkipFirst : CGImageAlphaInfo.premultipliedFirst).rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
                    imageContext?.translateBy(x: 0, y: CGFloat(imageContext?.height ?? 0))
                    imageContext?.scaleBy(x: 1, y: -1)
                    guard let context = imageContext else { return nil }
                    render(in: context)
                    return imageContext?.makeImage()
                }
            }

            func mirror(_ source: CALayer, into target: CALayer) {
                target.contents = source.snapshotImage
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testAContextFallingBackOnARendererReturnsTheOptionalCGImageOfEither() {
        // The `if let image` of the context is seen only in its `if`: the renderer's later
        // local of the same name is another. The renderer's image is optional, so the function
        // returns `CGImage?` whichever made it (Swift's scoping of `if let`, and the compiler's
        // verdict on the corpus snippet SnapshotWithRendererFallback).
        let source = """
            import UIKit

            extension CALayer {
                func snapshot(scale: CGFloat = 2) -> UIImage {
                    UIGraphicsBeginImageContextWithOptions(bounds.size, false, scale)
                    defer { UIGraphicsEndImageContext() }
                    if let ctx = UIGraphicsGetCurrentContext() {
                        render(in: ctx)
                        if let image = UIGraphicsGetImageFromCurrentImageContext() {
                            return image
                        }
                    }
                    let renderer = UIGraphicsImageRenderer(size: bounds.size)
                    let image = renderer.image { renderContext in
                        render(in: renderContext.cgContext)
                    }
                    return image
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            extension CALayer {
                func snapshot(scale: CGFloat = 2) -> CGImage? {
                    \(context(size: "bounds.size", scale: "scale"))
                    if let ctx = imageContext {
                        render(in: ctx)
                        if let image = imageContext?.makeImage() {
                            return image
                        }
                    }
                    let image = { () -> CGImage? in
                        let imageSize = bounds.size
                        let imageContext = CGContext(data: nil, width: Int(imageSize.width.rounded(.up)), height: Int(imageSize.height.rounded(.up)), bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
                        imageContext?.translateBy(x: 0, y: CGFloat(imageContext?.height ?? 0))
                        imageContext?.scaleBy(x: 1, y: -1)
                        guard let renderContext = imageContext else { return nil }
                        render(in: renderContext)
                        return renderContext.makeImage()
                    }()
                    return image
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }
}
