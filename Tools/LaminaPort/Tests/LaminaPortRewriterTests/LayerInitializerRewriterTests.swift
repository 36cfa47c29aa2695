import LaminaPortRewriter
import XCTest

final class LayerInitializerRewriterTests: XCTestCase {
    func testOverrideInitLayerBecomesRequired() {
        let source = """
            final class SolidLayer: BaseCompositionLayer {
              /// Called by CoreAnimation to create a shadow copy of this layer
              /// More details: https://developer.apple.com/documentation/quartzcore/calayer/1410842-init
              override init(layer: Any) {
                guard let typedLayer = layer as? Self else {
                  fatalError("\\(Self.self).init(layer:) incorrectly called with \\(type(of: layer))")
                }
                colorProperty = typedLayer.colorProperty
                super.init(layer: typedLayer)
              }
            }
            """
        let ported = Porter.port(source, path: "SolidLayer.swift")
        XCTAssertEqual(ported.ported, source.replacingOccurrences(of: "  override init(layer: Any)", with: "  required init(layer: Any)"))
        XCTAssertEqual(ported.reportLines, [
            "SolidLayer.swift:4: override -> required (Lamina's CALayer declares init(layer:) required: it makes presentation copies through it)"
        ])
    }

    func testRequiredOverrideLosesOverride() {
        let source = """
            class RingLayer: CALayer {
                required override init(layer: Any) { super.init(layer: layer) }
                public override required init(layer: Any) { super.init(layer: layer) }
            }
            """
        XCTAssertEqual(Porter.port(source).ported, """
            class RingLayer: CALayer {
                required init(layer: Any) { super.init(layer: layer) }
                public required init(layer: Any) { super.init(layer: layer) }
            }
            """)
    }

    /// Swift refuses a required initializer that cannot be reached wherever its class can be
    /// subclassed ("'required' initializer must be accessible wherever class … can be
    /// subclassed"): everywhere for an open class, the module for an internal or public one,
    /// the file for a private one.
    func testARequiredCopyInitializerIsAsReachableAsItsClassCanBeSubclassed() {
        let source = """
            open class BarLayer: CALayer {
                override init(layer: Any) { super.init(layer: layer) }
            }
            open class TickLayer: CALayer {
                fileprivate override init(layer: Any) { super.init(layer: layer) }
            }
            open class GridLayer: CALayer {
                public override init(layer: Any) { super.init(layer: layer) }
            }
            class DotLayer: CALayer {
                private override init(layer: Any) { super.init(layer: layer) }
            }
            private class PinLayer: CALayer {
                private override init(layer: Any) { super.init(layer: layer) }
            }
            """
        let ported = Porter.port(source, path: "Bars.swift")
        XCTAssertEqual(ported.ported, """
            open class BarLayer: CALayer {
                public required init(layer: Any) { super.init(layer: layer) }
            }
            open class TickLayer: CALayer {
                public required init(layer: Any) { super.init(layer: layer) }
            }
            open class GridLayer: CALayer {
                public required init(layer: Any) { super.init(layer: layer) }
            }
            class DotLayer: CALayer {
                required init(layer: Any) { super.init(layer: layer) }
            }
            private class PinLayer: CALayer {
                fileprivate required init(layer: Any) { super.init(layer: layer) }
            }
            """)
        XCTAssertEqual(ported.reportLines.first, "Bars.swift:2: override -> public required (Lamina's CALayer declares init(layer:) required: it makes presentation copies through it; a required initializer must be reachable wherever its class may be subclassed (everywhere, for an open class))")
        assertSecondRunChangesNothing([ported])
    }

    func testLayerWithAPropertyWithoutInitialValueCopiesItInTheAddedCopyInitializer() {
        let source = """
            final class DotLayer: CALayer {
                let radius: CGFloat
                var label: String
                var tint = CGColor(gray: 0, alpha: 1)
                init(radius: CGFloat) {
                    self.radius = radius
                    label = "dot"
                    super.init()
                }
                required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            }
            """
        let ported = Porter.port(source, path: "DotLayer.swift")
        XCTAssertEqual(ported.ported, """
            final class DotLayer: CALayer {
                let radius: CGFloat
                var label: String
                var tint = CGColor(gray: 0, alpha: 1)
                init(radius: CGFloat) {
                    self.radius = radius
                    label = "dot"
                    super.init()
                }

                required init(layer: Any) {
                    let copied = layer as! DotLayer
                    self.radius = copied.radius
                    self.label = copied.label
                    super.init(layer: layer)
                }
                required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.todo), [])
        XCTAssertTrue(ported.reportLines.contains(
            "DotLayer.swift:1: DotLayer -> DotLayer { required init(layer: Any) { … super.init(layer: layer) } } (a layer subclass that declares a designated initializer inherits no init(layer:), and Lamina makes presentation copies through it; the copy takes `radius`, `label` from the instance copied, and its other stored properties start with their initial values)"),
            ported.reportLines.joined(separator: "\n"))
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testLayerWithAPropertyDeclaredByAPatternIsNoted() {
        let source = """
            final class PairLayer: CALayer {
                let (first, second): (CGFloat, CGFloat)
                init(first: CGFloat, second: CGFloat) {
                    (self.first, self.second) = (first, second)
                    super.init()
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, source)
        XCTAssertEqual(ported.notes.map(\.todo), [
            "add `required init(layer: Any) { super.init(layer: layer) }`, copying the class's own stored properties from `layer as? PairLayer`"
        ])
    }

    func testAnimationSubclassWithItsOwnInitializerGetsACopyingInitializer() {
        let source = """
            final class FadeAnimation: CABasicAnimation {
                let target: Float
                var tag = 0
                init(to target: Float) {
                    self.target = target
                    super.init()
                    keyPath = "opacity"
                    toValue = target
                }
                required init?(coder aDecoder: NSCoder) {
                    super.init(coder: aDecoder)
                }
            }
            """
        let ported = Porter.port(source, path: "FadeAnimation.swift")
        XCTAssertEqual(ported.ported, """
            final class FadeAnimation: CABasicAnimation {
                let target: Float
                var tag = 0
                init(to target: Float) {
                    self.target = target
                    super.init()
                    keyPath = "opacity"
                    toValue = target
                }

                required init(copying animation: CAAnimation) {
                    let copied = animation as! FadeAnimation
                    self.target = copied.target
                    super.init(copying: animation)
                }
                required init?(coder aDecoder: NSCoder) {
                    super.init(coder: aDecoder)
                }
            }
            """)
        XCTAssertTrue(ported.reportLines.contains(
            "FadeAnimation.swift:1: FadeAnimation -> FadeAnimation { required init(copying animation: CAAnimation) { … super.init(copying: animation) } } (an animation subclass that declares a designated initializer inherits no init(copying:), and Lamina copies animations through it (copy(), and add(_:forKey:)); the copy takes `target` from the instance copied, and its other stored properties start with their initial values)"),
            ported.reportLines.joined(separator: "\n"))
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnimationSubclassThatInheritsItsInitializersIsLeftAlone() {
        let source = """
            final class CountingAnimation: CABasicAnimation {
                var count = 0
                override var repeatCount: Float { didSet { count += 1 } }
            }
            """
        XCTAssertEqual(Porter.port(source).ported, source)
    }

    func testLayerWhosePropertiesAllStartWithValuesGetsACopyInitializer() {
        let source = """
            final class RingLayer: CALayer {
                static let shared = 1
                var lineWidth: CGFloat = 2
                var tint: CGColor?
                @NSManaged var progress: CGFloat
                var diameter: CGFloat { bounds.width }
                var phase = 0.0 { didSet { setNeedsDisplay() } }

                override init() {
                    super.init()
                    needsDisplayOnBoundsChange = true
                }

                required init?(coder: NSCoder) { fatalError() }
            }
            """
        let ported = Porter.port(source, path: "RingLayer.swift")
        XCTAssertEqual(ported.ported, """
            final class RingLayer: CALayer {
                static let shared = 1
                var lineWidth: CGFloat = 2
                var tint: CGColor?
                @CAManaged("progress") var progress: CGFloat = 0
                var diameter: CGFloat { bounds.width }
                var phase = 0.0 { didSet { setNeedsDisplay() } }

                override init() {
                    super.init()
                    needsDisplayOnBoundsChange = true
                }

                required init(layer: Any) {
                    super.init(layer: layer)
                }

                required init?(coder: NSCoder) { fatalError() }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.todo), [])
        XCTAssertTrue(ported.reportLines.contains(
            "RingLayer.swift:1: RingLayer -> RingLayer { required init(layer: Any) { … super.init(layer: layer) } } (a layer subclass that declares a designated initializer inherits no init(layer:), and Lamina makes presentation copies through it; its stored properties start with their initial values in the copy)"),
            ported.reportLines.joined(separator: "\n"))
        // Ported twice, nothing more changes.
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnOpenLayersCopyInitializerIsPublic() {
        // Swift: "'required' initializer must be accessible wherever class 'RingLayer' can be
        // subclassed" — an open class is subclassed in other modules.
        let source = """
            open class RingLayer: CALayer {
                public override init() {
                    super.init()
                }
                required public init?(coder: NSCoder) { fatalError() }
            }
            """
        XCTAssertEqual(Porter.port(source).ported, """
            open class RingLayer: CALayer {
                public override init() {
                    super.init()
                }

                public required init(layer: Any) {
                    super.init(layer: layer)
                }
                required public init?(coder: NSCoder) { fatalError() }
            }
            """)
    }

    func testTwoSpaceIndentedLayerGetsACopyInitializerIndentedAlike() {
        let source = """
            final class DebugLayer: CALayer {
              init(width: CGFloat) {
                super.init()
                bounds = CGRect(x: 0, y: 0, width: width, height: width)
              }

              required init?(coder _: NSCoder) {
                fatalError("init(coder:) has not been implemented")
              }
            }
            """
        XCTAssertEqual(Porter.port(source).ported, """
            final class DebugLayer: CALayer {
              init(width: CGFloat) {
                super.init()
                bounds = CGRect(x: 0, y: 0, width: width, height: width)
              }

              required init(layer: Any) {
                super.init(layer: layer)
              }

              required init?(coder _: NSCoder) {
                fatalError("init(coder:) has not been implemented")
              }
            }
            """)
    }

    func testALayerDeclaringOnlyADecoderInitializerGetsACopyInitializer() {
        // Swift inherits no superclass initializer into a class that declares a designated one,
        // and init?(coder:) is designated; Lamina's init(layer:) is required, so the compiler
        // asks for it ("'required' initializer 'init(layer:)' must be provided").
        let ported = Porter.port("""
            import QuartzCore

            final class ConicLayer: CAGradientLayer {
                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                    type = .conic
                }
            }
            """)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class ConicLayer: CAGradientLayer {
                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                    type = .conic
                }

                required init(layer: Any) {
                    super.init(layer: layer)
                }
            }
            """)
    }
}
