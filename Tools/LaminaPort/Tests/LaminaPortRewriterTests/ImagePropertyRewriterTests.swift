import LaminaPortRewriter
import XCTest

final class ImagePropertyRewriterTests: XCTestCase {
    private func decode(_ name: String) -> String {
        "(Bundle.main.url(forResource: \"\(name)\", withExtension: \"png\") ?? Bundle.main.url(forResource: \"\(name)\", withExtension: nil)).flatMap { CGImageSourceCreateWithURL($0, nil) }.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }"
    }

    func testAnImagePropertyUsedOnlyForItsCGImageHoldsTheCGImage() {
        let source = """
            import UIKit

            final class AvatarLayer: CALayer {
                var image: UIImage? {
                    didSet { contents = image?.cgImage }
                }
                var placeholder = UIImage(named: "blank")
                var badge: UIImage = UIImage(named: "dot")!

                override func layoutSublayers() {
                    super.layoutSublayers()
                    if image == nil { contents = placeholder?.cgImage }
                    if let image = image { bounds.size = image.size }
                    guard let shown = self.placeholder else { return }
                    sublayers?.first?.contents = shown.cgImage
                    sublayers?.first?.bounds.size = badge.size
                    sublayers?.last?.contents = self.badge.cgImage
                    if let placeholder { contentsScale = placeholder.scale }
                }

                func clear() {
                    image = nil
                    badge = UIImage(named: "empty")!
                }
            }

            func makeAvatar() -> AvatarLayer {
                let avatar = AvatarLayer()
                avatar.image = UIImage(named: "alice")
                return avatar
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            final class AvatarLayer: CALayer {
                var image: CGImage? {
                    didSet { contents = image }
                }
                var placeholder = \(decode("blank"))
                var badge: CGImage = (\(decode("dot")))!

                override func layoutSublayers() {
                    super.layoutSublayers()
                    if image == nil { contents = placeholder }
                    if let image = image { bounds.size = CGSize(width: image.width, height: image.height) }
                    guard let shown = self.placeholder else { return }
                    sublayers?.first?.contents = shown
                    sublayers?.first?.bounds.size = CGSize(width: badge.width, height: badge.height)
                    sublayers?.last?.contents = self.badge
                    if let placeholder { contentsScale = CGFloat(1) }
                }

                func clear() {
                    image = nil
                    badge = (\(decode("empty")))!
                }
            }

            func makeAvatar() -> AvatarLayer {
                let avatar = AvatarLayer()
                avatar.image = \(decode("alice"))
                return avatar
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAnImageParameterStoredInAnImagePropertyIsTheCGImageOnBothSides() {
        // The initializer's parameter hides the property in its body: `icon` there is the
        // parameter, `self.icon` the property; both hold the CGImage together.
        let source = """
            import UIKit

            final class IconLayer: CALayer {
                private let icon: UIImage

                init(icon: UIImage) {
                    self.icon = icon
                    super.init()
                    contents = icon.cgImage
                    bounds.size = icon.size
                }

                override init(layer: Any) {
                    icon = (layer as! IconLayer).icon
                    super.init(layer: layer)
                }

                required init?(coder: NSCoder) { fatalError() }

                override func layoutSublayers() {
                    super.layoutSublayers()
                    contentsScale = icon.scale
                }
            }

            let star = IconLayer(icon: UIImage(named: "star")!)
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            final class IconLayer: CALayer {
                private let icon: CGImage

                init(icon: CGImage) {
                    self.icon = icon
                    super.init()
                    contents = icon
                    bounds.size = CGSize(width: icon.width, height: icon.height)
                }

                required init(layer: Any) {
                    icon = (layer as! IconLayer).icon
                    super.init(layer: layer)
                }

                required init?(coder: NSCoder) { fatalError() }

                override func layoutSublayers() {
                    super.layoutSublayers()
                    contentsScale = CGFloat(1)
                }
            }

            let star = IconLayer(icon: (\(decode("star")))!)
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAStructsImageAndPathPropertiesTakeWhatItsMemberwiseInitializationsPass() {
        // The memberwise arguments are written with the properties (`nil` for an optional
        // one stands); a read on a value declared of the struct is the property's.
        let source = """
            import UIKit

            struct MenuItem {
                var title: String
                var icon: UIImage?
                var outline: UIBezierPath?
            }

            func menu() -> [MenuItem] {
                [MenuItem(title: "Home", icon: UIImage(named: "home"), outline: UIBezierPath(ovalIn: .zero)),
                 MenuItem(title: "Search", icon: nil, outline: nil)]
            }

            func layer(for item: MenuItem) -> CALayer {
                let layer = CAShapeLayer()
                layer.contents = item.icon?.cgImage
                layer.path = item.outline?.cgPath
                return layer
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            struct MenuItem {
                var title: String
                var icon: CGImage?
                var outline: CGPath?
            }

            func menu() -> [MenuItem] {
                [MenuItem(title: "Home", icon: \(decode("home")), outline: CGPath(ellipseIn: .zero, transform: nil)),
                 MenuItem(title: "Search", icon: nil, outline: nil)]
            }

            func layer(for item: MenuItem) -> CALayer {
                let layer = CAShapeLayer()
                layer.contents = item.icon
                layer.path = item.outline
                return layer
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
        // Made memberwise with an image the command does not write: left, and reported.
        let symbol = source.replacingOccurrences(of: "icon: nil, outline: nil", with: "icon: UIImage(systemName: \"magnifyingglass\"), outline: nil")
        XCTAssertTrue(Porter.port(symbol).ported.contains("var icon: UIImage?"), Porter.port(symbol).ported)
        XCTAssertEqual(Porter.port(symbol).notes.map(\.construct), ["UIImage"])
    }

    func testAReadOnTheElementOfAnArrayOfItsTypeIsTheProperty() {
        // `swatch` is bound by a loop (its `where` clause too) or a `map` closure going through
        // an array declared of the struct: its `icon` is the property.
        let source = """
            struct Swatch {
                var name: String
                var icon: UIImage?
            }
            final class PaletteLayer: CALayer {
                var swatches: [Swatch] = []
                override func layoutSublayers() {
                    super.layoutSublayers()
                    sublayers = swatches.map { swatch in
                        let chip = CALayer()
                        chip.contents = swatch.icon?.cgImage
                        return chip
                    }
                    for swatch in swatches where swatch.icon != nil {
                        contents = swatch.icon?.cgImage
                    }
                }
            }
            func sky(_ palette: PaletteLayer) {
                palette.swatches = [Swatch(name: "Sky", icon: UIImage(named: "sky"))]
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            struct Swatch {
                var name: String
                var icon: CGImage?
            }
            final class PaletteLayer: CALayer {
                var swatches: [Swatch] = []
                override func layoutSublayers() {
                    super.layoutSublayers()
                    sublayers = swatches.map { swatch in
                        let chip = CALayer()
                        chip.contents = swatch.icon
                        return chip
                    }
                    for swatch in swatches where swatch.icon != nil {
                        contents = swatch.icon
                    }
                }
            }
            func sky(_ palette: PaletteLayer) {
                palette.swatches = [Swatch(name: "Sky", icon: \(decode("sky")))]
            }
            """.replacingOccurrences(of: "struct Swatch {", with: "import ImageIO\nstruct Swatch {", options: .anchored))
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testACopyInInitLayerFallingBackOnNothingStandsForAnImageProperty() {
        // `icon = (layer as? IconLayer)?.icon ?? nil` copies the property from another layer of
        // its type: a CGImage either side, so it stands.
        let source = """
            final class IconLayer: CALayer {
                var icon: UIImage? { didSet { contents = icon?.cgImage } }
                override init(layer: Any) {
                    icon = (layer as? IconLayer)?.icon ?? nil
                    super.init(layer: layer)
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import ImageIO
            final class IconLayer: CALayer {
                var icon: CGImage? { didSet { contents = icon } }
                required init(layer: Any) {
                    icon = (layer as? IconLayer)?.icon ?? nil
                    super.init(layer: layer)
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testAnImagePropertyComparedWithNilBesideOtherConditionsHoldsTheCGImage() {
        let source = """
            import UIKit

            final class AvatarLayer: CALayer {
                private let initials = CATextLayer()
                var image: UIImage? {
                    didSet {
                        contents = image?.cgImage
                        initials.isHidden = image != nil
                        masksToBounds = nil == self.image && initials.isHidden
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            final class AvatarLayer: CALayer {
                private let initials = CATextLayer()
                var image: CGImage? {
                    didSet {
                        contents = image
                        initials.isHidden = image != nil
                        masksToBounds = nil == self.image && initials.isHidden
                    }
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnImagePropertyUsedOtherwiseOrElsewhereIsLeftAndReported() {
        // Assigned a parameter's image that is not written (a symbol image is passed), passed
        // on, or used by another ported file: left.
        let assigned = """
            import UIKit

            final class IconLayer: CALayer {
                var icon: UIImage?
                func show(_ icon: UIImage) {
                    self.icon = icon
                    contents = self.icon?.cgImage
                }
            }
            func star(_ layer: IconLayer) { layer.show(UIImage(systemName: "star")!) }
            """
        XCTAssertTrue(Porter.port(assigned).ported.contains("var icon: UIImage?"))
        XCTAssertEqual(Porter.port(assigned).notes.map(\.construct), ["UIImage"])
        let passedOn = """
            import UIKit

            final class IconLayer: CALayer {
                var icon: UIImage? { didSet { contents = icon?.cgImage } }
                func tinted() -> UIImage? { icon?.withRenderingMode(.alwaysTemplate) }
            }
            """
        XCTAssertTrue(Porter.port(passedOn).ported.contains("var icon: UIImage?"))
        let declaring = Porter.Source(path: "Icon.swift", text: """
            final class IconLayer: CALayer {
                var icon: UIImage? { didSet { contents = icon?.cgImage } }
            }
            """)
        let using = Porter.Source(path: "Use.swift", text: "func show(_ layer: IconLayer) { layer.icon = UIImage(named: \"star\") }\n")
        let files = Porter(sources: [declaring, using], addsMissingImports: false).port()
        XCTAssertEqual(files[0].ported, declaring.text, "another file sets it as UIKit's image")
        XCTAssertEqual(files[0].notes.map(\.construct), ["UIImage"])
    }
}
