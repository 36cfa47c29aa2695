import LaminaPortRewriter
import XCTest

final class ImageRendererRewriterTests: XCTestCase {
    private let context = "let imageContext = CGContext(data: nil, width: Int(imageSize.width.rounded(.up)), height: Int(imageSize.height.rounded(.up)), bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)"
    private let flip = "imageContext?.translateBy(x: 0, y: CGFloat(imageContext?.height ?? 0))"

    func testAnImageRenderedFromBoundsIsTheBitmapContextsImage() {
        let source = """
            import UIKit

            extension CALayer {
                func renderedImage() -> UIImage {
                    let renderer = UIGraphicsImageRenderer(bounds: bounds)
                    return renderer.image { context in
                        render(in: context.cgContext)
                    }
                }
            }

            func thumbnail(of source: CALayer) -> CALayer {
                let thumb = CALayer()
                thumb.contents = source.renderedImage().cgImage
                return thumb
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            extension CALayer {
                func renderedImage() -> CGImage? {
                    return { () -> CGImage? in
                        let imageBounds = bounds
                        let imageSize = imageBounds.size
                        \(context)
                        \(flip)
                        imageContext?.scaleBy(x: 1, y: -1)
                        imageContext?.translateBy(x: -imageBounds.minX, y: -imageBounds.minY)
                        guard let context = imageContext else { return nil }
                        render(in: context)
                        return context.makeImage()
                    }()
                }
            }

            func thumbnail(of source: CALayer) -> CALayer {
                let thumb = CALayer()
                thumb.contents = source.renderedImage()
                return thumb
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertTrue(ported.changes.contains { $0.reason.contains("1 pixel a point") })
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAnImageKeptInALocalOrMadeInOneLineIsTheContextsImage() {
        let source = """
            import UIKit

            func badge(_ layer: CALayer) {
                let size = CGSize(width: 20, height: 20)
                let im = UIGraphicsImageRenderer(size: size).image { ctx in
                    ctx.cgContext.setFillColor(gray: 1, alpha: 1)
                    ctx.fill(CGRect(origin: .zero, size: size))
                }
                layer.contents = im.cgImage
                layer.mask?.contents = UIGraphicsImageRenderer(size: size).image { _ in }.cgImage
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func badge(_ layer: CALayer) {
                let size = CGSize(width: 20, height: 20)
                let im = { () -> CGImage? in
                    let imageSize = size
                    \(context)
                    \(flip)
                    imageContext?.scaleBy(x: 1, y: -1)
                    guard let ctx = imageContext else { return nil }
                    ctx.setFillColor(gray: 1, alpha: 1)
                    ctx.fill(CGRect(origin: .zero, size: size))
                    return ctx.makeImage()
                }()
                layer.contents = im
                layer.mask?.contents = { () -> CGImage? in
                    let imageSize = size
                    \(context)
                    \(flip)
                    imageContext?.scaleBy(x: 1, y: -1)
                    guard let rendererContext = imageContext else { return nil }
                    return rendererContext.makeImage()
                }()
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testAFunctionWhoseOnlyStatementIsTheImageReturnsTheCGImage() {
        let source = """
            import UIKit

            func snapshot(of layer: CALayer) -> UIImage {
                UIGraphicsImageRenderer(size: layer.bounds.size).image { context in
                    layer.render(in: context.cgContext)
                }
            }

            func mirror(_ layer: CALayer, on other: CALayer) {
                let shot = snapshot(of: layer)
                other.contents = shot.cgImage
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func snapshot(of layer: CALayer) -> CGImage? {
                { () -> CGImage? in
                    let imageSize = layer.bounds.size
                    \(context)
                    \(flip)
                    imageContext?.scaleBy(x: 1, y: -1)
                    guard let context = imageContext else { return nil }
                    layer.render(in: context)
                    return context.makeImage()
                }()
            }

            func mirror(_ layer: CALayer, on other: CALayer) {
                let shot = snapshot(of: layer)
                other.contents = shot
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testAFunctionsImageKeptInALocalMayGiveItsSizeAndScaleAtOnePixelAPoint() {
        // The renderer draws at 1 pixel a point on Linux (its default format takes the main
        // screen's scale, and Linux has none before a window shows): the image's size in
        // points is its pixel size, and its scale 1.
        let source = """
            import UIKit

            func snapshot(of layer: CALayer) -> UIImage {
                UIGraphicsImageRenderer(size: layer.bounds.size).image { context in
                    layer.render(in: context.cgContext)
                }
            }

            func mirror(_ layer: CALayer) -> CALayer {
                let shot = snapshot(of: layer)
                let copy = CALayer()
                copy.contents = shot.cgImage
                copy.frame = CGRect(origin: .zero, size: shot.size)
                copy.contentsScale = shot.scale
                return copy
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("func snapshot(of layer: CALayer) -> CGImage? {"), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                let shot = snapshot(of: layer)
                let copy = CALayer()
                copy.contents = shot
                copy.frame = CGRect(origin: .zero, size: CGSize(width: shot?.width ?? 0, height: shot?.height ?? 0))
                copy.contentsScale = CGFloat(1)
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // Bound by `guard let`, the CGImage is not optional.
        let bound = source.replacingOccurrences(of: "let shot = snapshot(of: layer)", with: "guard let shot = snapshot(of: layer) else { return CALayer() }")
            .replacingOccurrences(of: "func snapshot(of layer: CALayer) -> UIImage {", with: "func snapshot(of layer: CALayer) -> UIImage? {")
        let boundPorted = Porter.port(bound).ported
        XCTAssertTrue(boundPorted.contains("copy.frame = CGRect(origin: .zero, size: CGSize(width: shot.width, height: shot.height))"), boundPorted)

        // Read for what a CGImage has not, the image stays UIKit's, and so does the function.
        let other = source.replacingOccurrences(of: "copy.contentsScale = shot.scale", with: "copy.contentsScale = shot.imageOrientation == .up ? 1 : 2")
        let left = Porter.port(other)
        XCTAssertTrue(left.ported.contains("func snapshot(of layer: CALayer) -> UIImage {"), left.ported)
        XCTAssertTrue(left.notes.map(\.construct).contains("UIImage"), "\(left.notes)")
    }

    func testAnImagePropertyMadeByARendererIsTheCGImageAndItsUsesDropCGImage() {
        // A property declared UIImage holding a rendered image, made in place or returned by a
        // closure called in place: the image is the context's CGImage?, and `.cgImage` on the
        // property (every use in the file) is the property itself.
        let source = """
            import UIKit

            enum Particles {
                static let dot: UIImage = {
                    let renderer = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4))
                    return renderer.image { context in
                        context.cgContext.fillEllipse(in: CGRect(x: 0, y: 0, width: 4, height: 4))
                    }
                }()
                static let square: UIImage = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { context in
                    context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
                }
            }
            func cells(_ a: CAEmitterCell, _ b: CAEmitterCell) {
                a.contents = Particles.dot.cgImage
                b.contents = Particles.square.cgImage
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            enum Particles {
                static let dot: CGImage? = {
                    return { () -> CGImage? in
                        let imageSize = CGSize(width: 4, height: 4)
                        \(context)
                        \(flip)
                        imageContext?.scaleBy(x: 1, y: -1)
                        guard let context = imageContext else { return nil }
                        context.fillEllipse(in: CGRect(x: 0, y: 0, width: 4, height: 4))
                        return context.makeImage()
                    }()
                }()
                static let square: CGImage? = { () -> CGImage? in
                    let imageSize = CGSize(width: 2, height: 2)
                    \(context)
                    \(flip)
                    imageContext?.scaleBy(x: 1, y: -1)
                    guard let context = imageContext else { return nil }
                    context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
                    return context.makeImage()
                }()
            }
            func cells(_ a: CAEmitterCell, _ b: CAEmitterCell) {
                a.contents = Particles.dot
                b.contents = Particles.square
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // Used otherwise (its size), the property is left.
        let sized = """
            let badge: UIImage = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { context in
                context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
            }
            let width = badge.size.width
            """
        XCTAssertEqual(Porter.port(sized).ported, sized)
    }

    func testARendererWithAFormatFromElsewhereOrAClosureThatReturnsEarlyIsLeft() {
        let formatted = """
            import UIKit

            func image(_ layer: CALayer, format: UIGraphicsImageRendererFormat) -> UIImage {
                UIGraphicsImageRenderer(size: layer.bounds.size, format: format).image { context in
                    layer.render(in: context.cgContext)
                }
            }
            """
        XCTAssertEqual(Porter.port(formatted).ported, formatted.replacingOccurrences(of: "import UIKit", with: "import QuartzCore"))
        let early = """
            import UIKit

            func image(_ layer: CALayer?) -> UIImage {
                let renderer = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4))
                return renderer.image { context in
                    guard let layer else { return }
                    layer.render(in: context.cgContext)
                }
            }
            """
        let ported = Porter.port(early)
        XCTAssertEqual(ported.ported, early.replacingOccurrences(of: "import UIKit", with: "import QuartzCore"))
        XCTAssertEqual(ported.notes.map(\.construct), ["UIImage", "UIGraphicsImageRenderer", "renderer.image"])
    }

    func testAFormatsScaleAndOpacityMakeTheContextAndAnImagesPNGIsImageIOs() {
        // UIKit's renderer format: `scale` pixels a point, `opaque` with no alpha; the image's
        // pngData() is its PNG (Image I/O's `public.png`), a `Data?` as UIKit's is.
        let source = """
            import UIKit

            func snapshot(of layer: CALayer) -> Data? {
                let format = UIGraphicsImageRendererFormat()
                format.scale = 2
                format.opaque = true
                format.preferredRange = .standard
                let renderer = UIGraphicsImageRenderer(size: layer.bounds.size, format: format)
                let image = renderer.image { context in
                    layer.render(in: context.cgContext)
                }
                return image.pngData()
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            func snapshot(of layer: CALayer) -> Data? {
                let image = { () -> CGImage? in
                    let imageSize = layer.bounds.size
                    let imageContext = CGContext(data: nil, width: Int((imageSize.width * 2).rounded(.up)), height: Int((imageSize.height * 2).rounded(.up)), bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
                    \(flip)
                    imageContext?.scaleBy(x: 2, y: -2)
                    guard let context = imageContext else { return nil }
                    layer.render(in: context)
                    return context.makeImage()
                }()
                return image.flatMap({ image -> Data? in let data = NSMutableData(); guard let destination = CGImageDestinationCreateWithData(data, "public.png" as CFString, 1, nil) else { return nil }; CGImageDestinationAddImage(destination, image, nil); return CGImageDestinationFinalize(destination) ? Data(referencing: data) : nil })
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testTheRenderersOwnEncodingsAreImageIOsAndGiveData() {
        // UIKit's `pngData(actions:)` and `jpegData(withCompressionQuality:actions:)` give
        // `Data`; the quality is Image I/O's lossy compression quality.
        let source = """
            func exports(_ layer: CALayer) -> (Data, Data) {
                let renderer = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8))
                let png = renderer.pngData { context in
                    layer.render(in: context.cgContext)
                }
                let jpeg = renderer.jpegData(withCompressionQuality: 0.8) { context in
                    layer.render(in: context.cgContext)
                }
                return (png, jpeg)
            }
            """
        let ported = Porter.port(source)
        let lines = ported.ported.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard lines.count > 18 else { return XCTFail("the renderer's encodings are not written:\n\(ported.ported)") }
        XCTAssertEqual(lines[2], "let png = { () -> Data in")
        XCTAssertEqual(lines[7], "guard let context = imageContext else { return Data() }")
        XCTAssertEqual(
            lines[9],
            "return context.makeImage().flatMap({ image -> Data? in let data = NSMutableData(); guard let destination = CGImageDestinationCreateWithData(data, \"public.png\" as CFString, 1, nil) else { return nil }; CGImageDestinationAddImage(destination, image, nil); return CGImageDestinationFinalize(destination) ? Data(referencing: data) : nil }) ?? Data()")
        XCTAssertEqual(lines[11], "let jpeg = { () -> Data in")
        XCTAssertTrue(
            lines[18].contains("CGImageDestinationCreateWithData(data, \"public.jpeg\" as CFString, 1, nil)")
                && lines[18].contains("CGImageDestinationAddImage(destination, image, [kCGImageDestinationLossyCompressionQuality: 0.8])"),
            lines[18])
        XCTAssertEqual(lines.first, "import ImageIO")
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAFormatReadOrSetOtherwiseIsLeft() {
        // Its scale read back: the format is more than the context's settings.
        let source = """
            func image(_ layer: CALayer) -> Data? {
                let format = UIGraphicsImageRendererFormat.preferred()
                format.scale = 3
                print(format.scale)
                let renderer = UIGraphicsImageRenderer(size: layer.bounds.size, format: format)
                return renderer.image { context in
                    layer.render(in: context.cgContext)
                }.pngData()
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, source)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIGraphicsImageRenderer", "renderer.image"])
    }

    func testARendererGivenItsActionsAsAnArgumentIsTheClosureCalledInPlaceWithoutTheCallsParenthesis() {
        // `image(actions: { … })`: the call's own closing parenthesis goes with the call.
        let source = """
            func dot() -> UIImage {
                let renderer = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4))
                return renderer.image(actions: { context in
                    context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
                })
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(
            ported.ported.hasSuffix("""
                        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
                        return context.makeImage()
                    }()
                }
                """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testAnImageKeptInALocalAndReturnedMakesTheFunctionReturnTheCGImage() {
        let source = """
            import UIKit

            extension CALayer {
                func snapshot() -> UIImage {
                    let renderer = UIGraphicsImageRenderer(size: bounds.size)
                    let image = renderer.image { context in
                        render(in: context.cgContext)
                    }
                    return image
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            extension CALayer {
                func snapshot() -> CGImage? {
                    let image = { () -> CGImage? in
                        let imageSize = bounds.size
                        let imageContext = CGContext(data: nil, width: Int(imageSize.width.rounded(.up)), height: Int(imageSize.height.rounded(.up)), bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
                        imageContext?.translateBy(x: 0, y: CGFloat(imageContext?.height ?? 0))
                        imageContext?.scaleBy(x: 1, y: -1)
                        guard let context = imageContext else { return nil }
                        render(in: context)
                        return context.makeImage()
                    }()
                    return image
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testAClosureCapturingSelfWeaklyIsCalledInPlaceWithSelfAndOtherCapturesStay() {
        // Called in place, the closure cannot outlive the function: `[weak self]` has nothing
        // to break, and `self?.` is `self.`.
        let source = """
            import UIKit

            extension CALayer {
                func snapshot() -> UIImage {
                    let renderer = UIGraphicsImageRenderer(size: bounds.size)
                    return renderer.image { [weak self] context in
                        self?.render(in: context.cgContext)
                    }
                }
                func copyOf(_ other: CALayer) -> UIImage {
                    UIGraphicsImageRenderer(size: other.bounds.size).image { [other] context in
                        other.render(in: context.cgContext)
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    return { () -> CGImage? in
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("        self.render(in: context)\n"), ported.ported)
        XCTAssertTrue(ported.ported.contains("UIGraphicsImageRenderer") == false, ported.ported)
        XCTAssertTrue(ported.ported.contains("{ [other] () -> CGImage? in"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testAClosureUsingAWeaklyCapturedSelfOtherwiseIsLeft() {
        let source = """
            import UIKit

            extension CALayer {
                func snapshot() -> UIImage {
                    let renderer = UIGraphicsImageRenderer(size: bounds.size)
                    return renderer.image { [weak self] context in
                        self!.render(in: context.cgContext)
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, source.replacingOccurrences(of: "import UIKit", with: "import QuartzCore"))
        XCTAssertEqual(ported.notes.map(\.construct), ["UIImage", "UIGraphicsImageRenderer", "renderer.image"])
    }

    func testAComputedPropertyWhoseGetterIsTheRenderersImageIsTheCGImage() {
        let source = """
            import UIKit

            extension CALayer {
                var rendered: UIImage {
                    UIGraphicsImageRenderer(size: bounds.size).image { context in
                        render(in: context.cgContext)
                    }
                }
            }

            func copy(_ source: CALayer, into target: CALayer) {
                target.contents = source.rendered.cgImage
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            extension CALayer {
                var rendered: CGImage? {
                    { () -> CGImage? in
                        let imageSize = bounds.size
                        let imageContext = CGContext(data: nil, width: Int(imageSize.width.rounded(.up)), height: Int(imageSize.height.rounded(.up)), bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
                        imageContext?.translateBy(x: 0, y: CGFloat(imageContext?.height ?? 0))
                        imageContext?.scaleBy(x: 1, y: -1)
                        guard let context = imageContext else { return nil }
                        render(in: context)
                        return context.makeImage()
                    }()
                }
            }

            func copy(_ source: CALayer, into target: CALayer) {
                target.contents = source.rendered
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }
}
