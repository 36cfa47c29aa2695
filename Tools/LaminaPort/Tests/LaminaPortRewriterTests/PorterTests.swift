import LaminaPortRewriter
import XCTest

final class PorterTests: XCTestCase {
    /// A layer in the style of a public animation engine's Core Animation renderer, with one
    /// of every edit the command makes.
    static let layerSource = """
        // Created by a person on 12/14/21.

        import UIKit

        // MARK: - ShapeItemLayer

        /// A layer that renders a shape item
        final class ShapeItemLayer: BaseAnimationLayer {

          // MARK: Lifecycle

          override init(layer: Any) {
            guard let typedLayer = layer as? Self else {
              fatalError("\\(Self.self).init(layer:) incorrectly called with \\(type(of: layer))")
            }
            shape = typedLayer.shape
            super.init(layer: typedLayer)
          }

          // MARK: Internal

          @NSManaged var trimProgress: CGFloat

          override func setupAnimations(context: LayerAnimationContext) throws {
            try shapeLayer.addAnimation(
              for: .init(caLayerKeypath: #keyPath(CAShapeLayer.strokeEnd), defaultValue: 1),
              keyframes: trim.end,
              context: context)
            gradientLayer.colors = colors as CFArray
          }

          // MARK: Private

          private let shape: Shape
        }

        class BaseAnimationLayer: CALayer {}

        extension CALayer {
          @nonobjc
          func fillBoundsOfSuperlayer() {
            guard let superlayer = superlayer else { return }
            bounds = superlayer.bounds
          }
        }

        """

    func testInitializersNamedWithInitAreWrittenAsTheCallsOfTheType() {
        let source = """
            final class Dots: CALayer {
                let ring = CAShapeLayer()
                let label = CATextLayer()
                func setUp() {
                    backgroundColor = UIColor.init(red: 1.0, green: 0.5, blue: 0.25, alpha: 0.5).cgColor
                    let outline = UIBezierPath.init(roundedRect: bounds, cornerRadius: 4)
                    outline.apply(CGAffineTransform(scaleX: 1, y: -1))
                    ring.path = outline.cgPath
                    label.font = UIFont.init(name: "Menlo", size: 12)
                    ring.strokeColor = UIColor.init(named: "Accent")?.cgColor
                    let size = CGSize.init(width: 2, height: 2)
                    print(size)
                }
            }
            """
        let ported = Porter.port(source, path: "Dots.swift")
        XCTAssertEqual(ported.ported, """
            final class Dots: CALayer {
                let ring = CAShapeLayer()
                let label = CATextLayer()
                func setUp() {
                    backgroundColor = CGColor(red: 1.0, green: 0.5, blue: 0.25, alpha: 0.5)
                    var outline = CGMutablePath()
                    outline.addRoundedRect(in: bounds, cornerWidth: 4, cornerHeight: 4)
                    outline = outline.mutableCopy(using: [CGAffineTransform(scaleX: 1, y: -1)]) ?? outline
                    ring.path = outline
                    label.font = CTFontCreateWithName("Menlo" as CFString, 12, nil)
                    ring.strokeColor = UIColor.init(named: "Accent")?.cgColor
                    let size = CGSize.init(width: 2, height: 2)
                    print(size)
                }
            }
            """)
        XCTAssertEqual(Set(ported.changes.map(\.line)), [5, 6, 7, 8, 9], "reports name the original lines")
        XCTAssertEqual(ported.notes.map(\.line), [10], "the asset catalog's colour is left, as written")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testEveryEditInOneFile() {
        let ported = Porter.port(Self.layerSource, path: "ShapeItemLayer.swift")
        XCTAssertNil(ported.parseError)
        XCTAssertEqual(ported.reportLines, [
            "ShapeItemLayer.swift:3: UIKit -> QuartzCore (UIKit does not exist on Linux; QuartzCore brings CALayer, CoreGraphics, CoreImage and Foundation)",
            "ShapeItemLayer.swift:12: override -> required (Lamina's CALayer declares init(layer:) required: it makes presentation copies through it)",
            "ShapeItemLayer.swift:22: @NSManaged -> @CAManaged(\"trimProgress\") (the layer keeps the property by key, copies it into presentation layers and animates it, as @NSManaged does)",
            "ShapeItemLayer.swift:22: : CGFloat -> : CGFloat = 0 (a @CAManaged property declares the value read while it is unset)",
            "ShapeItemLayer.swift:26: #keyPath(CAShapeLayer.strokeEnd) -> \"strokeEnd\" (#keyPath needs the Objective-C runtime; the string is the key it names)",
            "ShapeItemLayer.swift:29: colors as CFArray -> colors (Linux has no bridging to CFArray; Lamina's APIs take the Swift value)",
            "ShapeItemLayer.swift:40: @nonobjc -> (removed) (@nonobjc means nothing without the Objective-C runtime)",
        ])
    }

    func testPortingTwiceChangesNothingTheSecondTime() {
        let once = Porter.port(Self.layerSource)
        XCTAssertNotEqual(once.ported, Self.layerSource)
        let twice = Porter.port(once.ported)
        XCTAssertEqual(twice.ported, once.ported)
        XCTAssertEqual(twice.changes, [])
    }

    func testDryRunDiffShowsEachChangedLine() {
        let source = """
            import UIKit

            extension CALayer {
              @nonobjc
              func hide() {
                setValue(true, forKeyPath: #keyPath(CALayer.isHidden))
              }
            }

            """
        let ported = Porter.port(source)
        XCTAssertEqual(UnifiedDiff.make(old: ported.original, new: ported.ported, oldName: "a/Hide.swift", newName: "b/Hide.swift"), """
            --- a/Hide.swift
            +++ b/Hide.swift
            @@ -1,8 +1,7 @@
            -import UIKit
            +import QuartzCore
             
             extension CALayer {
            -  @nonobjc
               func hide() {
            -    setValue(true, forKeyPath: #keyPath(CALayer.isHidden))
            +    setValue(true, forKeyPath: "hidden")
               }
             }

            """)
    }

    func testDiffOfFarApartChangesHasTwoHunks() {
        let old = (1...20).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 2\n", with: "line two\n").replacingOccurrences(of: "line 19\n", with: "")
        XCTAssertEqual(UnifiedDiff.make(old: old, new: new, oldName: "a", newName: "b"), """
            --- a
            +++ b
            @@ -1,5 +1,5 @@
             line 1
            -line 2
            +line two
             line 3
             line 4
             line 5
            @@ -16,5 +16,4 @@
             line 16
             line 17
             line 18
            -line 19
             line 20

            """)
        XCTAssertEqual(UnifiedDiff.make(old: old, new: old, oldName: "a", newName: "b"), "")
    }

    func testFileThatDoesNotParseIsLeftWithItsLine() {
        let source = """
            import UIKit

            final class Broken: CALayer {
                override init(layer: Any) {
                    super.init(layer: layer
                }
            }
            """
        let ported = Porter.port(source, path: "Broken.swift")
        XCTAssertEqual(ported.ported, source)
        XCTAssertEqual(ported.changes, [])
        XCTAssertEqual(ported.parseError?.line, 5)
        XCTAssertEqual(ported.reportLines.count, 1)
        XCTAssertTrue(ported.reportLines[0].hasPrefix("Broken.swift:5:"), ported.reportLines[0])
    }

    func testAnAttributeSpacedFromItsParenthesisIsReportedWhereItIs() {
        // Swift 6 refuses the space (Apple's compiler: "extraneous whitespace between attribute
        // name and '('"), and so does the parser the command reads Swift with.
        let source = """
            import UIKit

            @available (iOS 13.0, *)
            final class Pulse: CALayer {}
            """
        let ported = Porter.port(source, path: "Pulse.swift")
        XCTAssertEqual(ported.ported, source)
        XCTAssertEqual(ported.parseError?.line, 3)
        XCTAssertEqual(ported.parseError?.column, 12)
        XCTAssertEqual(ported.parseError?.message, "a space before `(` (Swift 6 refuses one between an attribute's name and its parenthesis: remove it)")
    }

    func testLayerClassDeclaredInAnotherFileIsKnown() {
        let base = Porter.Source(path: "Base.swift", text: "class BaseLayer: CAShapeLayer {}\n")
        let sub = Porter.Source(path: "Sub.swift", text: """
            final class SubLayer: BaseLayer {
                @objc var phase: CGFloat = 0
                static let key = #keyPath(SubLayer.isHidden)
            }
            let animation = CABasicAnimation(keyPath: "phase")
            """)
        let ported = Porter(sources: [base, sub], addsMissingImports: false).port()
        XCTAssertEqual(ported[1].ported, """
            final class SubLayer: BaseLayer {
                @CAManaged("phase") var phase: CGFloat = 0
                static let key = "hidden"
            }
            let animation = CABasicAnimation(keyPath: "phase")
            """)
    }
}
