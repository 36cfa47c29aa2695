import LaminaPortRewriter
import XCTest

final class ImageVariableRewriterTests: XCTestCase {
    private let fromData = "CGImageSourceCreateWithData(data, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }"

    func testAnImageWhoseSizeIsReadGivesItsPixelSize() {
        let source = """
            import UIKit

            func smiley(_ data: Data) -> [CALayer] {
                let lay4 = CALayer(), lay5 = CALayer()
                let im = UIImage(data: data)!
                lay4.frame = CGRect(origin: CGPoint(x: 180, y: 180), size: im.size)
                lay4.contents = im.cgImage
                let maybe = UIImage(data: data)
                lay5.bounds.size = maybe?.size ?? .zero
                lay5.contents = maybe?.cgImage
                return [lay4, lay5]
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            func smiley(_ data: Data) -> [CALayer] {
                let lay4 = CALayer(), lay5 = CALayer()
                let im = (\(fromData))!
                lay4.frame = CGRect(origin: CGPoint(x: 180, y: 180), size: CGSize(width: im.width, height: im.height))
                lay4.contents = im
                let maybe = \(fromData)
                lay5.bounds.size = maybe.map { CGSize(width: $0.width, height: $0.height) } ?? .zero
                lay5.contents = maybe
                return [lay4, lay5]
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnImagesScaleIsOneAsAnImageDecodedFromItsFileIs() {
        let source = """
            import UIKit

            func photo(_ data: Data, in layer: CALayer) {
                let image = UIImage(data: data)!
                layer.contents = image.cgImage
                layer.contentsScale = image.scale
                let maybe = UIImage(data: data)
                let scale = maybe?.scale ?? 2
                _ = scale
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            func photo(_ data: Data, in layer: CALayer) {
                let image = (\(fromData))!
                layer.contents = image
                layer.contentsScale = CGFloat(1)
                let maybe = \(fromData)
                let scale = maybe.map { _ in CGFloat(1) } ?? 2
                _ = scale
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnImageKeptOnlyForItsCGImageHoldsTheDecodedCGImage() {
        let source = """
            import UIKit

            func cells(_ data: Data) -> [CALayer] {
                let a = CALayer(), b = CALayer(), c = CALayer()
                let optional: UIImage? = UIImage(data: data)
                a.contents = optional?.cgImage
                let forced = UIImage(data: data)!
                b.contents = forced.cgImage
                guard let bound = UIImage(data: data) else { return [] }
                c.contents = bound.cgImage
                if let inner = UIImage(data: data) { a.contents = inner.cgImage }
                c.mask?.contents = forced.cgImage!
                return [a, b, c]
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            func cells(_ data: Data) -> [CALayer] {
                let a = CALayer(), b = CALayer(), c = CALayer()
                let optional: CGImage? = \(fromData)
                a.contents = optional
                let forced = (\(fromData))!
                b.contents = forced
                guard let bound = (\(fromData)) else { return [] }
                c.contents = bound
                if let inner = (\(fromData)) { a.contents = inner }
                c.mask?.contents = forced
                return [a, b, c]
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnAppKitImageKeptForItsCGImageForNoRectangleHoldsTheDecodedCGImage() {
        // AppKit's image gives its CGImage by a call; with no rectangle, context or hints it
        // is the image's own, which the decode is.
        let source = """
            func badge(_ layer: CALayer, _ data: Data) {
                let icon = NSImage(data: data)
                layer.contents = icon?.cgImage(forProposedRect: nil, context: nil, hints: nil)
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import ImageIO
            func badge(_ layer: CALayer, _ data: Data) {
                let icon = \(fromData)
                layer.contents = icon
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        // An optional image's CGImage for a proposed rectangle, which is altered only when
        // there is an image: left.
        let sized = """
            func badge(_ layer: CALayer, _ data: Data) {
                let icon = NSImage(data: data)
                var rect = CGRect(x: 0, y: 0, width: 16, height: 16)
                layer.contents = icon?.cgImage(forProposedRect: &rect, context: nil, hints: nil)
            }
            """
        XCTAssertEqual(Porter.port(sized).ported, sized)
    }

    func testAnAppKitImagesCGImageForAProposedRectangleMakesTheRectanglePixelIntegral() {
        // AppKit documents that the proposed rectangle may be altered on output, a CGImage being
        // pixel-integral: it becomes the smallest integral rectangle holding it.
        let source = """
            import AppKit

            func iconLayer(named name: String) -> CALayer {
                let layer = CALayer()
                if let image = NSImage(named: name) {
                    var rect = NSRect(origin: .zero, size: image.size)
                    layer.contents = image.cgImage(forProposedRect: &rect, context: nil, hints: nil)
                    layer.bounds = rect
                }
                return layer
            }
            """
        let ported = Porter.port(source, path: "Icon.swift")
        XCTAssertTrue(ported.ported.contains("""
                    var rect = NSRect(origin: .zero, size: CGSize(width: image.width, height: image.height))
                    layer.contents = { (proposedRect: inout CGRect, image: CGImage) -> CGImage in proposedRect = proposedRect.integral; return image }(&rect, image)
                    layer.bounds = rect
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported, path: "Icon.swift").ported, ported.ported, "a second run changes nothing")

        // Bound by `if let`/`guard let`, the image (which AppKit's call gives as an optional) is
        // made optional, so the binding still binds it.
        let bound = """
            import AppKit

            func maskLayer(named name: String) -> CALayer? {
                guard let image = NSImage(named: name) else { return nil }
                var rect = CGRect(x: 0, y: 0, width: 16, height: 16)
                if let mask = image.cgImage(forProposedRect: &rect, context: nil, hints: nil) {
                    let layer = CALayer()
                    layer.contents = mask
                    return layer
                }
                guard let whole = image.cgImage(forProposedRect: nil, context: nil, hints: nil) else { return nil }
                let layer = CALayer()
                layer.contents = whole
                return layer
            }
            """
        let boundPorted = Porter.port(bound, path: "Mask.swift")
        XCTAssertTrue(boundPorted.ported.contains("""
                if let mask = Optional({ (proposedRect: inout CGRect, image: CGImage) -> CGImage in proposedRect = proposedRect.integral; return image }(&rect, image)) {
            """), boundPorted.ported)
        XCTAssertTrue(boundPorted.ported.contains("""
                guard let whole = Optional(image) else { return nil }
            """), boundPorted.ported)
        XCTAssertEqual(boundPorted.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(boundPorted.ported, path: "Mask.swift").ported, boundPorted.ported, "a second run changes nothing")

        // A reference context chooses among AppKit's representations: left.
        let other = source.replacingOccurrences(of: "context: nil", with: "context: NSGraphicsContext.current")
        XCTAssertTrue(Porter.port(other, path: "Icon.swift").ported.contains("if let image = NSImage(named: name) {"))
    }

    func testAnAppKitImagesLayerContentsForAScaleIsTheDecodedCGImage() {
        // AppKit's `layerContents(forContentsScale:)` makes a layer's contents from the image's
        // best representation for that scale; decoded from its one file, that is its CGImage.
        let source = """
            import AppKit

            func iconLayer(named name: String, scale: CGFloat) -> CALayer {
                let layer = CALayer()
                if let image = NSImage(named: name) {
                    layer.contents = image.layerContents(forContentsScale: scale)
                    layer.contentsScale = scale
                }
                layer.shadowColor = NSColor.shadowColor.cgColor
                return layer
            }

            final class BadgeLayer: CALayer {
                var badge: NSImage? { didSet { contents = badge?.layerContents(forContentsScale: contentsScale) } }
            }
            """
        let ported = Porter.port(source, path: "Icon.swift")
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            func iconLayer(named name: String, scale: CGFloat) -> CALayer {
                let layer = CALayer()
                if let image = ((Bundle.main.url(forResource: name, withExtension: "png") ?? Bundle.main.url(forResource: name, withExtension: nil)).flatMap { CGImageSourceCreateWithURL($0, nil) }.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }) {
                    layer.contents = image
                    layer.contentsScale = scale
                }
                layer.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                return layer
            }

            final class BadgeLayer: CALayer {
                var badge: CGImage? { didSet { contents = badge } }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported, path: "Icon.swift").ported, ported.ported, "a second run changes nothing")

        // Another image's representations are AppKit's alone: the image is left.
        let other = source.replacingOccurrences(of: "layer.contentsScale = scale", with: "layer.contentsScale = scale\n        print(image.representations)")
        XCTAssertTrue(Porter.port(other, path: "Icon.swift").ported.contains("if let image = NSImage(named: name) {"))
    }

    func testAnAppKitImageGivenToALayersContentsIsTheDecodedCGImage() {
        // AppKit's layers take an NSImage as their contents, Lamina's its CGImage; an image
        // named with NSImage.Name is named by the string it wraps.
        let source = """
            import AppKit

            final class IconLayer: CALayer {
                var icon: NSImage? {
                    didSet { contents = icon }
                }

                func show(_ image: NSImage) {
                    contents = image
                    bounds = CGRect(origin: .zero, size: image.size)
                }
            }

            func icons(_ data: Data) -> [CALayer] {
                let first = IconLayer()
                first.icon = NSImage(named: "Folder")
                let second = IconLayer()
                second.show(NSImage(named: NSImage.Name("Trash"))!)
                let star: NSImage? = NSImage(data: data)
                let third = CALayer()
                third.contents = star
                return [first, second, third]
            }
            """
        let ported = Porter.port(source, path: "Icons.swift")
        let named = { (name: String) in
            "(Bundle.main.url(forResource: \"\(name)\", withExtension: \"png\") ?? Bundle.main.url(forResource: \"\(name)\", withExtension: nil)).flatMap { CGImageSourceCreateWithURL($0, nil) }.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }"
        }
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            final class IconLayer: CALayer {
                var icon: CGImage? {
                    didSet { contents = icon }
                }

                func show(_ image: CGImage) {
                    contents = image
                    bounds = CGRect(origin: .zero, size: CGSize(width: image.width, height: image.height))
                }
            }

            func icons(_ data: Data) -> [CALayer] {
                let first = IconLayer()
                first.icon = \(named("Folder"))
                let second = IconLayer()
                second.show((\(named("Trash")))!)
                let star: CGImage? = \(fromData)
                let third = CALayer()
                third.contents = star
                return [first, second, third]
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)

        // A UIKit image given to a layer's contents draws nothing on iOS: left.
        let uiKit = """
            func photo(_ layer: CALayer, _ data: Data) {
                let image = UIImage(data: data)
                layer.contents = image
            }
            """
        XCTAssertEqual(Porter.port(uiKit).ported, uiKit)
    }

    func testAnOptionalImageComparedWithNilIsTheCGImageComparedAlike() {
        let source = """
            import UIKit

            func badge(_ data: Data, in layer: CALayer, shown: Bool) {
                let icon = UIImage(data: data)
                layer.isHidden = icon == nil
                layer.masksToBounds = shown && nil != icon || layer.isHidden
                if icon != nil { layer.contents = icon?.cgImage }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            func badge(_ data: Data, in layer: CALayer, shown: Bool) {
                let icon = \(fromData)
                layer.isHidden = icon == nil
                layer.masksToBounds = shown && nil != icon || layer.isHidden
                if icon != nil { layer.contents = icon }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnOptionalImageInAnExpressionAroundTheComparisonIsLeft() {
        // `backup ?? icon` binds more tightly than `!=`: the comparison is of the choice, and
        // the image is read for something the pass does not follow.
        let source = """
            import UIKit

            func badge(_ data: Data, backup: UIImage?, in layer: CALayer) {
                let icon = UIImage(data: data)
                layer.isHidden = backup ?? icon != nil
                layer.contents = icon?.cgImage
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("let icon = UIImage(data: data)"), ported.ported)
        XCTAssertTrue(ported.notes.map(\.construct).contains("UIImage"), "\(ported.notes.map(\.construct))")
    }

    func testAnImageUsedOtherwiseOrDeclaredAgainIsLeft() {
        let sized = "let image = UIImage(data: data)\nlayer.contents = image?.cgImage\nimage?.draw(at: .zero)\n"
        XCTAssertEqual(Porter.port(sized).ported, sized)
        XCTAssertEqual(Porter.port(sized).notes.map(\.construct), ["UIImage"])
        let shadowed = """
            func f(_ data: Data) {
                let image = UIImage(data: data)
                layer.contents = image?.cgImage
                images.forEach { image in draw(image) }
            }
            """
        XCTAssertEqual(Porter.port(shadowed).ported, shadowed)
    }
}
