import LaminaPortRewriter
import XCTest

final class ImageParameterRewriterTests: XCTestCase {
    private let decodeRun = "((Bundle.main.url(forResource: \"run\", withExtension: \"png\") ?? Bundle.main.url(forResource: \"run\", withExtension: nil)).flatMap { CGImageSourceCreateWithURL($0, nil) }.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) })!"

    func testAnImageParameterUsedOnlyForItsCGImageTakesTheCGImage() {
        let source = """
            import UIKit

            func sprite(_ sheet: UIImage, frame: CGRect) -> CALayer {
                let layer = CALayer()
                layer.frame = frame
                layer.contents = sheet.cgImage
                layer.mask?.contents = sheet.cgImage!
                layer.bounds.size = sheet.size
                layer.contentsScale = sheet.scale
                return layer
            }

            let runner = sprite(UIImage(named: "run")!, frame: .zero)
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            func sprite(_ sheet: CGImage, frame: CGRect) -> CALayer {
                let layer = CALayer()
                layer.frame = frame
                layer.contents = sheet
                layer.mask?.contents = sheet
                layer.bounds.size = CGSize(width: sheet.width, height: sheet.height)
                layer.contentsScale = CGFloat(1)
                return layer
            }

            let runner = sprite(\(decodeRun), frame: .zero)
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAnImageParameterDrawnWhereTheContextIsKnownIsDrawnUpright() {
        // Drawn in a layer's context after UIKit's push: the CGImage drawn upright there, as a
        // local image is; its `cgImage!` is the image itself.
        let source = """
            import UIKit

            func stamp(_ icon: UIImage, in ctx: CGContext, at rect: CGRect) {
                UIGraphicsPushContext(ctx)
                icon.draw(in: rect)
                UIGraphicsPopContext()
                ctx.clip(to: rect, mask: icon.cgImage!)
            }

            func paint(_ ctx: CGContext) {
                stamp(UIImage(named: "run")!, in: ctx, at: CGRect(x: 0, y: 0, width: 8, height: 8))
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            func stamp(_ icon: CGImage, in ctx: CGContext, at rect: CGRect) {
                do {
                    let imageRect: CGRect = rect
                    ctx.saveGState()
                    ctx.translateBy(x: 0, y: imageRect.minY + imageRect.maxY)
                    ctx.scaleBy(x: 1, y: -1)
                    ctx.draw(icon, in: imageRect)
                    ctx.restoreGState()
                }
                ctx.clip(to: rect, mask: icon)
            }

            func paint(_ ctx: CGContext) {
                stamp(\(decodeRun), in: ctx, at: CGRect(x: 0, y: 0, width: 8, height: 8))
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAnImageParameterPassedOnForAnotherTakesTheCGImageWithIt() {
        // `badge(for:)` hands its image on to `sprite(_:)`, whose other callers pass decodes:
        // both take the CGImage, each taken to be written while the other is checked.
        let source = """
            func sprite(_ sheet: UIImage) -> CALayer {
                let layer = CALayer()
                layer.contents = sheet.cgImage
                return layer
            }
            func badge(for icon: UIImage) -> CALayer {
                let layer = sprite(icon)
                layer.bounds.size = icon.size
                return layer
            }
            let runner = sprite(UIImage(named: "run")!)
            let star = badge(for: UIImage(named: "run")!)
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import ImageIO
            func sprite(_ sheet: CGImage) -> CALayer {
                let layer = CALayer()
                layer.contents = sheet
                return layer
            }
            func badge(for icon: CGImage) -> CALayer {
                let layer = sprite(icon)
                layer.bounds.size = CGSize(width: icon.width, height: icon.height)
                return layer
            }
            let runner = sprite(\(decodeRun))
            let star = badge(for: \(decodeRun))
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
        // Passed on for a parameter that is left (another caller passes a symbol image): left too.
        let symbol = source + "\nlet gear = sprite(UIImage(systemName: \"gear\")!)\n"
        XCTAssertTrue(Porter.port(symbol).ported.contains("func badge(for icon: UIImage)"), Porter.port(symbol).ported)
    }

    func testLocalImagesPassedForAnImageParameterHoldTheCGImageItTakes() {
        let source = """
            import UIKit

            func makeFlakeCell(image: UIImage, scale: CGFloat) -> CAEmitterCell {
                let cell = CAEmitterCell()
                cell.contents = image.cgImage
                cell.scale = scale
                return cell
            }

            func snow(_ emitter: CAEmitterLayer) {
                guard let flake = UIImage(named: "flake") else { return }
                let big = UIImage(named: "run")!
                emitter.emitterCells = [makeFlakeCell(image: flake, scale: 0.2), makeFlakeCell(image: big, scale: 0.4)]
                if let tiny = UIImage(named: "tiny") {
                    emitter.emitterCells?.append(makeFlakeCell(image: tiny, scale: 0.1))
                }
            }
            """
        let ported = Porter.port(source, path: "Snow.swift")
        let decode = { (name: String) in
            "(Bundle.main.url(forResource: \"\(name)\", withExtension: \"png\") ?? Bundle.main.url(forResource: \"\(name)\", withExtension: nil)).flatMap { CGImageSourceCreateWithURL($0, nil) }.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }"
        }
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            func makeFlakeCell(image: CGImage, scale: CGFloat) -> CAEmitterCell {
                let cell = CAEmitterCell()
                cell.contents = image
                cell.scale = scale
                return cell
            }

            func snow(_ emitter: CAEmitterLayer) {
                guard let flake = (\(decode("flake"))) else { return }
                let big = \(decodeRun)
                emitter.emitterCells = [makeFlakeCell(image: flake, scale: 0.2), makeFlakeCell(image: big, scale: 0.4)]
                if let tiny = (\(decode("tiny"))) {
                    emitter.emitterCells?.append(makeFlakeCell(image: tiny, scale: 0.1))
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)

        // A local image also used otherwise leaves it and the parameter it is passed for.
        let other = source.replacingOccurrences(of: "guard let flake = UIImage(named: \"flake\") else { return }", with: """
            guard let flake = UIImage(named: "flake") else { return }
                emitter.setValue(flake, forKey: "flake")
            """)
        let left = Porter.port(other, path: "Snow.swift")
        XCTAssertTrue(left.ported.contains("func makeFlakeCell(image: UIImage, scale: CGFloat)"), left.ported)
        XCTAssertTrue(left.ported.contains("guard let flake = UIImage(named: \"flake\") else { return }"), left.ported)
        XCTAssertTrue(left.ported.contains("let big = UIImage(named: \"run\")!"), left.ported)
        XCTAssertEqual(left.notes.map(\.construct), ["UIImage"])
    }

    func testAnImageParameterUsedOtherwiseOrPassedSomethingElseIsLeft() {
        let drawn = """
            import UIKit

            func badge(image: UIImage) -> CALayer {
                let layer = CALayer()
                layer.contents = image.cgImage
                image.draw(in: layer.bounds)
                return layer
            }
            """
        XCTAssertEqual(Porter.port(drawn).notes.map(\.construct), ["UIImage"])
        let passedOn = """
            import UIKit

            func badge(image: UIImage) -> CALayer {
                let layer = CALayer()
                layer.contents = image.cgImage
                return layer
            }

            func badges(_ images: [UIImage]) -> [CALayer] { images.map { badge(image: $0) } }
            """
        let ported = Porter.port(passedOn)
        XCTAssertEqual(ported.ported, passedOn.replacingOccurrences(of: "import UIKit", with: "import QuartzCore"))
        XCTAssertEqual(ported.notes.map(\.construct), ["UIImage"])
    }

    func testAnOptionalImageParameterTakesTheOptionalCGImageAndItsCallsMayPassNilOrADecode() {
        // UIImage(named:) is nil where the file is missing, as the Image I/O decode is.
        let source = """
            final class Toast: CALayer {
                let icon = CALayer()
                init(message: String, symbol: UIImage?) {
                    super.init()
                    icon.contents = symbol?.cgImage
                    icon.bounds.size = symbol?.size ?? .zero
                }
                override init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }
            }

            func show(in parent: CALayer) {
                parent.addSublayer(Toast(message: "Saved", symbol: UIImage(named: "check")))
                parent.addSublayer(Toast(message: "Plain", symbol: nil))
            }
            """
        let decode =
            "(Bundle.main.url(forResource: \"check\", withExtension: \"png\") ?? Bundle.main.url(forResource: \"check\", withExtension: nil)).flatMap { CGImageSourceCreateWithURL($0, nil) }.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }"
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import ImageIO
            final class Toast: CALayer {
                let icon = CALayer()
                init(message: String, symbol: CGImage?) {
                    super.init()
                    icon.contents = symbol
                    icon.bounds.size = symbol.map { CGSize(width: $0.width, height: $0.height) } ?? .zero
                }
                required init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }
            }

            func show(in parent: CALayer) {
                parent.addSublayer(Toast(message: "Saved", symbol: \(decode)))
                parent.addSublayer(Toast(message: "Plain", symbol: nil))
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAnImageParametersSizeAndScaleGivenToAnImageContextAreTheCGImages() {
        // The context's size and scale are moved into the statements that make it, with the
        // parameter's own edits inside them; `cgImage` bound by `guard let` stays optional.
        let source = """
            import UIKit

            enum IconFactory {
                static func tinted(_ image: UIImage, color: UIColor) -> UIImage? {
                    UIGraphicsBeginImageContextWithOptions(image.size, false, image.scale)
                    defer { UIGraphicsEndImageContext() }
                    guard let context = UIGraphicsGetCurrentContext(), let cgImage = image.cgImage else { return nil }
                    context.clip(to: CGRect(origin: .zero, size: image.size), mask: cgImage)
                    color.setFill()
                    context.fill(CGRect(origin: .zero, size: image.size))
                    return UIGraphicsGetImageFromCurrentImageContext()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            enum IconFactory {
                static func tinted(_ image: CGImage, color: CGColor) -> CGImage? {
                    let imageSize = CGSize(width: image.width, height: image.height)
                    let imageScale: CGFloat = CGFloat(1) > 0 ? CGFloat(1) : 1
                    let imageContext = CGContext(data: nil, width: Int((imageSize.width * imageScale).rounded(.up)), height: Int((imageSize.height * imageScale).rounded(.up)), bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
                    imageContext?.translateBy(x: 0, y: CGFloat(imageContext?.height ?? 0))
                    imageContext?.scaleBy(x: imageScale, y: -imageScale)
                    guard let context = imageContext, let cgImage = Optional(image) else { return nil }
                    context.clip(to: CGRect(origin: .zero, size: CGSize(width: image.width, height: image.height)), mask: cgImage)
                    imageContext?.setFillColor(color)
                    context.fill(CGRect(origin: .zero, size: CGSize(width: image.width, height: image.height)))
                    return imageContext?.makeImage()
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAnImageParametersSizeGivenToARendererOrAFocusedImageIsTheCGImages() {
        let source = """
            import UIKit

            func outlined(_ image: UIImage) -> UIImage {
                let renderer = UIGraphicsImageRenderer(size: image.size)
                return renderer.image { context in
                    context.cgContext.draw(image.cgImage!, in: CGRect(origin: .zero, size: image.size))
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("let imageSize = CGSize(width: image.width, height: image.height)"), ported.ported)
        XCTAssertFalse(ported.ported.contains("image.size"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])

        let appKit = """
            import Cocoa

            func shaded(_ image: NSImage) -> NSImage {
                let result = NSImage(size: image.size)
                result.lockFocus()
                image.draw(in: NSRect(origin: .zero, size: image.size))
                result.unlockFocus()
                return result
            }
            """
        let focused = Porter.port(appKit)
        XCTAssertTrue(focused.ported.contains("let imageSize = CGSize(width: image.width, height: image.height)"), focused.ported)
        XCTAssertFalse(focused.ported.contains("image.size"), focused.ported)
        XCTAssertEqual(focused.notes.map(\.construct), [])
    }
}
