import LaminaPortRewriter
import XCTest

final class UIKitValueRewriterTests: XCTestCase {
    func testColoursMadeIntoCGColorsAreWrittenAsCGColors() {
        let source = """
            import UIKit

            func style(_ layer: CAShapeLayer, tint: UIColor) {
                layer.strokeColor = UIColor.red.cgColor
                layer.fillColor = UIColor.clear.cgColor
                layer.shadowColor = UIColor.black.withAlphaComponent(0.4).cgColor
                layer.backgroundColor = UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1).cgColor
                layer.borderColor = UIColor(white: 0.9, alpha: 0.5).cgColor
                layer.path = UIBezierPath(ovalIn: layer.bounds).cgPath
                layer.shadowPath = UIBezierPath(rect: layer.bounds).cgPath
                layer.mask?.backgroundColor = UIColor.systemBlue.cgColor
                layer.lineDashPhase = 0
                _ = tint.resolvedColor(with: darkTraits).cgColor
            }
            """
        let ported = Porter.port(source, path: "Style.swift")
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func style(_ layer: CAShapeLayer, tint: UIColor) {
                layer.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                layer.fillColor = CGColor(gray: 0, alpha: 0)
                layer.shadowColor = CGColor(gray: 0, alpha: 0.4)
                layer.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
                layer.borderColor = CGColor(gray: 0.9, alpha: 0.5)
                layer.path = CGPath(ellipseIn: layer.bounds, transform: nil)
                layer.shadowPath = CGPath(rect: layer.bounds, transform: nil)
                layer.mask?.backgroundColor = CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)
                layer.lineDashPhase = 0
                _ = tint.resolvedColor(with: darkTraits).cgColor
            }
            """)
        // The colour left (a parameter's type) is reported.
        XCTAssertEqual(ported.notes.map(\.construct), ["UIColor"])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testXcodeColourLiteralsAreTheSRGBColoursTheyName() {
        let source = """
            import UIKit

            func tint(_ shape: CAShapeLayer) {
                shape.fillColor = #colorLiteral(red: 1, green: 0.5, blue: 0, alpha: 1).cgColor
                shape.strokeColor = #colorLiteral(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5)
                let accent = #colorLiteral(red: 0, green: 0.5, blue: 1, alpha: 1)
                shape.shadowColor = accent.cgColor
                let ring: UIColor = #colorLiteral(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
                shape.borderColor = ring.cgColor
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func tint(_ shape: CAShapeLayer) {
                shape.fillColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
                shape.strokeColor = #colorLiteral(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5)
                let accent = CGColor(red: 0, green: 0.5, blue: 1, alpha: 1)
                shape.shadowColor = accent
                let ring: CGColor = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
                shape.borderColor = ring
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "a literal where a CGColor is expected compiles as it is")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testSwift3sColourLiteralInitializerIsTheSRGBColourItNames() {
        // `UIColor(colorLiteralRed:green:blue:alpha:)`, behind Swift 3's colour literals, takes
        // `Float` components (UIKit's header); a number is written as it is, a variable converted.
        let source = """
            import UIKit

            func tint(_ shape: CAShapeLayer, level: Float) {
                shape.borderColor = UIColor(colorLiteralRed: 0.0, green: 64/255.0, blue: 128/255.0, alpha: 1.0).cgColor
                shape.fillColor = UIColor(colorLiteralRed: level, green: 1, blue: 0, alpha: 1).cgColor
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func tint(_ shape: CAShapeLayer, level: Float) {
                shape.borderColor = CGColor(red: 0.0, green: 64/255.0, blue: 128/255.0, alpha: 1.0)
                shape.fillColor = CGColor(red: CGFloat(level), green: 1, blue: 0, alpha: 1)
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testAChoiceBetweenTwoColoursIsTheChoiceBetweenTheirCGColors() {
        let source = """
            import UIKit

            func style(_ layer: CALayer, label: CATextLayer, isOn: Bool, count: Int) {
                layer.backgroundColor = (isOn ? UIColor.systemGreen : UIColor.systemGray).cgColor
                layer.borderColor = (count > 1 && isOn ? UIColor.white : UIColor(white: 0.8, alpha: 1)).cgColor
                layer.shadowColor = (isOn ? UIColor.black : UIColor.darkGray).withAlphaComponent(0.3).cgColor
                label.string = NSAttributedString(string: "On", attributes: [.foregroundColor: isOn ? UIColor.white : UIColor.black])
                let fill = isOn ? UIColor.red : UIColor.blue
                layer.mask?.backgroundColor = fill.cgColor
            }
            """
        let ported = Porter.port(source, path: "Toggle.swift")
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func style(_ layer: CALayer, label: CATextLayer, isOn: Bool, count: Int) {
                layer.backgroundColor = (isOn ? CGColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1) : CGColor(red: 142 / 255, green: 142 / 255, blue: 147 / 255, alpha: 1))
                layer.borderColor = (count > 1 && isOn ? CGColor(gray: 1, alpha: 1) : CGColor(gray: 0.8, alpha: 1))
                layer.shadowColor = (isOn ? CGColor(gray: 0, alpha: 1) : CGColor(gray: 1 / 3, alpha: 1)).copy(alpha: 0.3)!
                label.string = NSAttributedString(string: "On", attributes: [.foregroundColor: (isOn ? CGColor(gray: 1, alpha: 1) : CGColor(gray: 0, alpha: 1))])
                let fill = (isOn ? CGColor(red: 1, green: 0, blue: 0, alpha: 1) : CGColor(red: 0, green: 0, blue: 1, alpha: 1))
                layer.mask?.backgroundColor = fill
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)

        // A branch that is another value, or a condition naming a UIKit type, leaves the choice.
        let left = """
            layer.backgroundColor = (isOn ? tint : UIColor.gray).cgColor
            layer.borderColor = (UIScreen.main.scale > 1 ? UIColor.white : UIColor.black).cgColor

            """
        let kept = Porter.port(left, path: "Left.swift")
        XCTAssertEqual(kept.ported, """
            layer.backgroundColor = (isOn ? tint : UIColor.gray).cgColor
            layer.borderColor = (CGFloat(1) > 1 ? UIColor.white : UIColor.black).cgColor

            """, "the scale is written by its own pass, and the choice is left whole")
        XCTAssertEqual(kept.notes.map(\.construct), ["UIColor"])
    }

    func testAColourOrPathMadeWithInitSpelledOutIsWrittenAsOneMadeWithout() {
        let source = """
            layer.backgroundColor = UIColor.init(white: 0.95, alpha: 1).cgColor
            text.addAttribute(.foregroundColor, value: UIColor.init(red: 0.1, green: 0.6, blue: 0.3, alpha: 1), range: whole)
            layer.shadowPath = UIBezierPath.init(rect: layer.bounds).cgPath

            """
        let ported = Porter.port(source, path: "Init.swift")
        XCTAssertEqual(ported.ported, """
            layer.backgroundColor = CGColor(gray: 0.95, alpha: 1)
            text.addAttribute(.foregroundColor, value: CGColor(red: 0.1, green: 0.6, blue: 0.3, alpha: 1), range: whole)
            layer.shadowPath = CGPath(rect: layer.bounds, transform: nil)

            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testARoundedRectPathIsWrittenWithCircularCornersAndSaysSo() {
        let source = "layer.shadowPath = UIBezierPath(roundedRect: layer.bounds, cornerRadius: 12).cgPath\n"
        let ported = Porter.port(source, path: "Card.swift")
        XCTAssertEqual(ported.ported, "layer.shadowPath = CGPath(roundedRect: layer.bounds, cornerWidth: 12, cornerHeight: 12, transform: nil)\n")
        XCTAssertEqual(ported.reportLines.first?.contains("circular corners, which UIKit's smoother corners leave"), true)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testSystemColoursHaveTheirLightAppearancesComponents() {
        // Apple's Human Interface Guidelines: systemBlue (0, 122, 255), systemGray6
        // (242, 242, 247), secondaryLabel (60, 60, 67) at 60%, systemBackground white; AppKit's
        // quaternaryLabelColor in the Aqua appearance is black at 10%.
        let source = """
            let a = UIColor.systemBlue.cgColor
            let b = UIColor.systemGray6.cgColor
            let c = UIColor.secondaryLabel.cgColor
            let d = UIColor.systemBackground.cgColor
            let e = UIColor.systemPink.withAlphaComponent(0.3).cgColor
            let f = NSColor.quaternaryLabelColor.cgColor
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            let a = CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)
            let b = CGColor(red: 242 / 255, green: 242 / 255, blue: 247 / 255, alpha: 1)
            let c = CGColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6)
            let d = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            let e = CGColor(red: 1, green: 45 / 255, blue: 85 / 255, alpha: 0.3)
            let f = CGColor(red: 0, green: 0, blue: 0, alpha: 0.1)
            """)
        XCTAssertTrue(ported.reportLines.allSatisfy { $0.contains("this is the light one's value") }, ported.reportLines.joined(separator: "\n"))
    }

    func testAppKitSelectionAndControlColoursHaveTheirAquaComponents() {
        // macOS's Aqua appearance with the blue accent: selected text on #B3D7FF, selected
        // rows #0063E1, links #0068DA, placeholders black at 25%.
        let source = """
            let a = NSColor.selectedTextBackgroundColor.withAlphaComponent(0.5).cgColor
            let b = NSColor.selectedContentBackgroundColor.cgColor
            let c = NSColor.linkColor.cgColor
            let d = NSColor.placeholderTextColor.cgColor
            """
        XCTAssertEqual(Porter.port(source).ported, """
            let a = CGColor(red: 179 / 255, green: 215 / 255, blue: 1, alpha: 0.5)
            let b = CGColor(red: 0, green: 99 / 255, blue: 225 / 255, alpha: 1)
            let c = CGColor(red: 0, green: 104 / 255, blue: 218 / 255, alpha: 1)
            let d = CGColor(red: 0, green: 0, blue: 0, alpha: 0.25)
            """)
    }

    func testOtherColourInitializersAreWrittenAsTheCGColorsTheyMake() {
        // Hue, saturation and brightness to red, green and blue: Python's colorsys.hsv_to_rgb
        // gives (0.4, 0.666667, 0.8) for (200/360, 0.5, 0.8), (0, 1, 1) for (0.5, 1, 1) and
        // (1, 0.4, 0.58) for (0.95, 0.6, 1). A hue that is not a number is converted by the
        // same model when the code runs.
        let source = """
            let a = UIColor(hue: 200 / 360, saturation: 0.5, brightness: 0.8, alpha: 1).cgColor
            let b = NSColor(calibratedHue: 0.5, saturation: 1, brightness: 1, alpha: 0.5).cgColor
            let c = UIColor(hue: 0.95, saturation: 0.6, brightness: 1, alpha: 1).cgColor
            let d = UIColor(hue: h, saturation: 1, brightness: 1, alpha: 1).cgColor
            let e = UIColor(displayP3Red: 1, green: 0.2, blue: 0, alpha: 1).cgColor
            let f = NSColor(calibratedRed: 0.2, green: 0.3, blue: 0.4, alpha: 1).cgColor
            let g = NSColor(deviceWhite: 0.5, alpha: 1).cgColor
            let h = UIColor.lightText.cgColor
            """
        XCTAssertEqual(Porter.port(source).ported, """
            let a = CGColor(red: 0.4, green: 0.666667, blue: 0.8, alpha: 1)
            let b = CGColor(red: 0, green: 1, blue: 1, alpha: 0.5)
            let c = CGColor(red: 1, green: 0.4, blue: 0.58, alpha: 1)
            let d = { (hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) -> CGColor in let h = (hue - hue.rounded(.down)) * 6, f = h - h.rounded(.down), v = brightness; let p = v * (1 - saturation), q = v * (1 - f * saturation), t = v * (1 - (1 - f) * saturation); let rgb: [CGFloat] = [[v, t, p], [q, v, p], [p, v, t], [p, q, v], [t, p, v], [v, p, q]][Int(h.rounded(.down)) % 6]; return CGColor(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: alpha) }(h, 1, 1, 1)
            let e = CGColor(colorSpace: CGColorSpace(name: CGColorSpace.displayP3)!, components: [1, 0.2, 0, 1])!
            let f = CGColor(red: 0.2, green: 0.3, blue: 0.4, alpha: 1)
            let g = CGColor(gray: 0.5, alpha: 1)
            let h = CGColor(gray: 1, alpha: 0.6)
            """)
    }

    func testAnAppKitPathBuiltStepByStepIsWrittenAsTheMutablePathItMakes() {
        // AppKit's path space is y-up already: nothing flips.
        let source = """
            func outline(_ shape: CAShapeLayer) {
                let path = NSBezierPath(roundedRect: shape.bounds, xRadius: 4, yRadius: 6)
                path.move(to: .zero)
                path.line(to: NSPoint(x: 10, y: 10))
                path.curve(to: NSPoint(x: 20, y: 0), controlPoint1: NSPoint(x: 12, y: 14), controlPoint2: NSPoint(x: 18, y: 4))
                path.close()
                shape.path = path.cgPath
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func outline(_ shape: CAShapeLayer) {
                let path = CGMutablePath()
                path.addRoundedRect(in: shape.bounds, cornerWidth: 4, cornerHeight: 6)
                path.move(to: .zero)
                path.addLine(to: NSPoint(x: 10, y: 10))
                path.addCurve(to: NSPoint(x: 20, y: 0), control1: NSPoint(x: 12, y: 14), control2: NSPoint(x: 18, y: 4))
                path.closeSubpath()
                shape.path = path
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnAppKitPathsAppendedShapesAndArcsAreCoreGraphicsShapesAndRadians() {
        // AppKit's documentation: appendArc's angles are degrees, counterclockwise unless
        // `clockwise` says otherwise, in a y-up space as Core Graphics' arcs are (so the flag
        // is kept); relativeLine(to:) and relativeMove(to:) go from the current point.
        let source = """
            func badge(_ shape: CAShapeLayer, sweep: CGFloat) {
                let p = NSBezierPath()
                p.appendRect(NSRect(x: 0, y: 0, width: 4, height: 4))
                p.appendOval(in: shape.bounds)
                p.appendRoundedRect(shape.bounds, xRadius: 3, yRadius: 2)
                p.appendArc(withCenter: .zero, radius: 4, startAngle: 0, endAngle: 90)
                p.appendArc(withCenter: NSPoint(x: 1, y: 1), radius: 2, startAngle: 90 - sweep, endAngle: sweep, clockwise: true)
                p.relativeMove(to: NSPoint(x: 2, y: 0))
                p.relativeLine(to: NSPoint(x: 0, y: -3))
                shape.path = p.cgPath
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func badge(_ shape: CAShapeLayer, sweep: CGFloat) {
                let p = CGMutablePath()
                p.addRect(NSRect(x: 0, y: 0, width: 4, height: 4))
                p.addEllipse(in: shape.bounds)
                p.addRoundedRect(in: shape.bounds, cornerWidth: 3, cornerHeight: 2)
                p.addArc(center: .zero, radius: 4, startAngle: 0 * .pi / 180, endAngle: 90 * .pi / 180, clockwise: false)
                p.addArc(center: NSPoint(x: 1, y: 1), radius: 2, startAngle: (90 - sweep) * .pi / 180, endAngle: sweep * .pi / 180, clockwise: true)
                p.move(to: CGPoint(x: p.currentPoint.x + NSPoint(x: 2, y: 0).x, y: p.currentPoint.y + NSPoint(x: 2, y: 0).y))
                p.addLine(to: CGPoint(x: p.currentPoint.x + NSPoint(x: 0, y: -3).x, y: p.currentPoint.y + NSPoint(x: 0, y: -3).y))
                shape.path = p
            }
            """)
        XCTAssertTrue(ported.notes.isEmpty, "\(ported.notes)")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnArrayOfColoursMappedToCGColorsIsTheArrayOfCGColors() {
        // `[…].map { $0.cgColor }` (or `\.cgColor`) of colours the command writes is the array of
        // their CGColors; a leading dot takes its type from an element that names it.
        let source = """
            gradient.colors = [UIColor(white: 1, alpha: 0.2), UIColor.white, .clear].map { $0.cgColor }
            mask.colors = [UIColor.black, UIColor.clear].map(\\.cgColor)
            other.colors = [tint, UIColor.red].map { $0.cgColor }

            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            gradient.colors = [CGColor(gray: 1, alpha: 0.2), CGColor(gray: 1, alpha: 1), CGColor(gray: 0, alpha: 0)]
            mask.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 0, alpha: 0)]
            other.colors = [tint, UIColor.red].map { $0.cgColor }

            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIColor"], "an element the command does not write leaves the array, reported")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testNamedColoursHaveApplesDocumentedComponents() {
        // UIColor's documentation: orange is sRGB (1, 0.5, 0), purple (0.5, 0, 0.5), brown
        // (0.6, 0.4, 0.2); darkGray a gray of 1/3, lightGray 2/3, gray 0.5.
        let source = """
            let a = UIColor.orange.cgColor
            let b = UIColor.purple.cgColor
            let c = NSColor.brown.cgColor
            let d = UIColor.darkGray.cgColor
            let e = UIColor.lightGray.cgColor
            let f = UIColor.gray.cgColor
            """
        XCTAssertEqual(Porter.port(source).ported, """
            let a = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
            let b = CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
            let c = CGColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
            let d = CGColor(gray: 1 / 3, alpha: 1)
            let e = CGColor(gray: 2 / 3, alpha: 1)
            let f = CGColor(gray: 0.5, alpha: 1)
            """)
    }

    func testAPathBuiltStepByStepIsWrittenAsTheMutablePathItMakes() {
        // UIKit's `clockwise` is as the arc looks with y down; Core Graphics' as it looks with y
        // up (Apple's documentation of `addArc(center:radius:startAngle:endAngle:clockwise:)`
        // on flipped spaces): the same arc has the flag flipped.
        let source = """
            import UIKit

            func check(in shape: CAShapeLayer, closed: Bool) {
                let path = UIBezierPath()
                path.move(to: CGPoint(x: 10, y: 50))
                path.addLine(to: CGPoint(x: 40, y: 80))
                path.addCurve(to: CGPoint(x: 90, y: 20), controlPoint1: CGPoint(x: 60, y: 80), controlPoint2: CGPoint(x: 80, y: 40))
                path.addQuadCurve(to: CGPoint(x: 95, y: 10), controlPoint: CGPoint(x: 93, y: 12))
                path.addArc(withCenter: .zero, radius: 5, startAngle: 0, endAngle: .pi, clockwise: true)
                if closed { path.close() }
                shape.path = path.cgPath
                shape.bounds = path.bounds
            }
            """
        let ported = Porter.port(source, path: "Check.swift")
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func check(in shape: CAShapeLayer, closed: Bool) {
                let path = CGMutablePath()
                path.move(to: CGPoint(x: 10, y: 50))
                path.addLine(to: CGPoint(x: 40, y: 80))
                path.addCurve(to: CGPoint(x: 90, y: 20), control1: CGPoint(x: 60, y: 80), control2: CGPoint(x: 80, y: 40))
                path.addQuadCurve(to: CGPoint(x: 95, y: 10), control: CGPoint(x: 93, y: 12))
                path.addArc(center: .zero, radius: 5, startAngle: 0, endAngle: .pi, clockwise: false)
                if closed { path.closeSubpath() }
                shape.path = path
                shape.bounds = path.boundingBox
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAPathStartedWithAShapeAddsItOnTheNextLine() {
        let source = """
            import UIKit

            func ring(_ layer: CAShapeLayer, progress: CGFloat, reversed: Bool) {
                    let ring = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: reversed)
                    ring.addLine(to: CGPoint(x: 50, y: 50))
                    layer.path = ring.cgPath
                    layer.shadowPath = UIBezierPath(arcCenter: .zero, radius: 4, startAngle: 0, endAngle: 2 * .pi, clockwise: false).cgPath
            }
            """
        XCTAssertEqual(Porter.port(source).ported, """
            import QuartzCore

            func ring(_ layer: CAShapeLayer, progress: CGFloat, reversed: Bool) {
                    let ring = CGMutablePath()
                    ring.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: !reversed)
                    ring.addLine(to: CGPoint(x: 50, y: 50))
                    layer.path = ring
                    layer.shadowPath = { let arc = CGMutablePath(); arc.addArc(center: .zero, radius: 4, startAngle: 0, endAngle: 2 * .pi, clockwise: true); return arc }()
            }
            """)
    }

    func testATypedPathGivenAShapeAnewIsANewMutablePathWithThatShape() {
        let source = """
            import UIKit

            func shape(_ layer: CAShapeLayer, size: CGSize, isLine: Bool) {
                var path: UIBezierPath = UIBezierPath()
                switch isLine {
                case true:
                    path = UIBezierPath(roundedRect: CGRect(origin: .zero, size: size), cornerRadius: size.width / 2)
                case false:
                    path.move(to: .zero)
                    path.addLine(to: CGPoint(x: size.width, y: 0))
                    path = UIBezierPath()
                }
                layer.path = path.cgPath
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func shape(_ layer: CAShapeLayer, size: CGSize, isLine: Bool) {
                var path: CGMutablePath = CGMutablePath()
                switch isLine {
                case true:
                    path = CGMutablePath()
                    path.addRoundedRect(in: CGRect(origin: .zero, size: size), cornerWidth: size.width / 2, cornerHeight: size.width / 2)
                case false:
                    path.move(to: .zero)
                    path.addLine(to: CGPoint(x: size.width, y: 0))
                    path = CGMutablePath()
                }
                layer.path = path
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAPathVariableDeclaredWithoutAValueIsGivenItsShapesAsNewMutablePaths() {
        // `var oval: UIBezierPath`, given a shape before each use (Swift requires it), then
        // appended to another path: each shape a new CGMutablePath, appended as added.
        let source = """
            import UIKit

            func markers(at points: [CGPoint], in layer: CAShapeLayer) {
                let markers = UIBezierPath()
                var oval: UIBezierPath
                oval = UIBezierPath(ovalIn: CGRect(x: points[0].x - 3, y: points[0].y - 3, width: 6, height: 6))
                markers.append(oval)
                oval = UIBezierPath(rect: CGRect(x: points[1].x - 3, y: points[1].y - 3, width: 6, height: 6))
                markers.append(oval)
                layer.path = markers.cgPath
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func markers(at points: [CGPoint], in layer: CAShapeLayer) {
                let markers = CGMutablePath()
                var oval: CGMutablePath
                oval = CGMutablePath()
                oval.addEllipse(in: CGRect(x: points[0].x - 3, y: points[0].y - 3, width: 6, height: 6))
                markers.addPath(oval)
                oval = CGMutablePath()
                oval.addRect(CGRect(x: points[1].x - 3, y: points[1].y - 3, width: 6, height: 6))
                markers.addPath(oval)
                layer.path = markers
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)

        // Given something else (a path of a function the command does not write), it is left.
        let other = Porter.port(source.replacingOccurrences(of: "oval = UIBezierPath(rect:", with: "oval = makeSquare(rect:"))
        XCTAssertTrue(other.ported.contains("var oval: UIBezierPath"), other.ported)
    }

    func testPathsAppendedToAPathAreAddedAndTheFillRuleGoes() {
        let source = """
            import UIKit

            func spotlight(bounds: CGRect, hole: CGRect) -> CAShapeLayer {
                let path = UIBezierPath(rect: bounds)
                let circle = UIBezierPath(ovalIn: hole)
                path.append(circle)
                path.append(UIBezierPath(rect: hole.insetBy(dx: -4, dy: -4)))
                path.usesEvenOddFillRule = true
                let overlay = CAShapeLayer()
                overlay.path = path.cgPath
                overlay.fillRule = .evenOdd
                return overlay
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func spotlight(bounds: CGRect, hole: CGRect) -> CAShapeLayer {
                let path = CGMutablePath()
                path.addRect(bounds)
                let circle = CGMutablePath()
                circle.addEllipse(in: hole)
                path.addPath(circle)
                path.addPath(CGPath(rect: hole.insetBy(dx: -4, dy: -4), transform: nil))
                let overlay = CAShapeLayer()
                overlay.path = path
                overlay.fillRule = .evenOdd
                return overlay
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
        // A path appended that is not built the same way: left.
        let drawn = """
            import UIKit

            func outline(_ shape: CAShapeLayer, other: UIBezierPath) {
                let path = UIBezierPath(rect: .zero)
                path.append(other)
                shape.path = path.cgPath
            }
            """
        XCTAssertEqual(Porter.port(drawn).notes.map(\.construct), ["UIBezierPath"])
    }

    func testAPathTransformedInPlaceBecomesItsTransformedCopy() {
        let source = """
            import UIKit

            func tilted(_ shape: CAShapeLayer) {
                let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
                path.apply(CGAffineTransform(rotationAngle: .pi / 4))
                shape.path = path.cgPath
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func tilted(_ shape: CAShapeLayer) {
                var path = CGMutablePath()
                path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
                path = path.mutableCopy(using: [CGAffineTransform(rotationAngle: .pi / 4)]) ?? path
                shape.path = path
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testACopyOfAPathBuiltStepByStepIsItsMutableCopy() {
        // UIKit's copy() gives a path of the same elements, built on without changing the
        // original; appended to its original it adds them again.
        let source = """
            import UIKit

            func chart(_ line: CAShapeLayer, _ fill: CAShapeLayer, _ wave: CAShapeLayer, width: CGFloat) {
                let path = UIBezierPath()
                path.move(to: .zero)
                path.addLine(to: CGPoint(x: width, y: 10))
                let area = path.copy() as! UIBezierPath
                area.addLine(to: CGPoint(x: width, y: 0))
                area.close()
                line.path = path.cgPath
                fill.path = area.cgPath
                let crest = UIBezierPath()
                crest.move(to: .zero)
                crest.addQuadCurve(to: CGPoint(x: width, y: 0), controlPoint: CGPoint(x: width / 2, y: 8))
                let mirrored = crest.copy() as! UIBezierPath
                mirrored.apply(CGAffineTransform(scaleX: 1, y: -1))
                crest.append(mirrored)
                wave.path = crest.cgPath
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func chart(_ line: CAShapeLayer, _ fill: CAShapeLayer, _ wave: CAShapeLayer, width: CGFloat) {
                let path = CGMutablePath()
                path.move(to: .zero)
                path.addLine(to: CGPoint(x: width, y: 10))
                let area = path.mutableCopy()!
                area.addLine(to: CGPoint(x: width, y: 0))
                area.closeSubpath()
                line.path = path
                fill.path = area
                let crest = CGMutablePath()
                crest.move(to: .zero)
                crest.addQuadCurve(to: CGPoint(x: width, y: 0), control: CGPoint(x: width / 2, y: 8))
                var mirrored = crest.mutableCopy()!
                mirrored = mirrored.mutableCopy(using: [CGAffineTransform(scaleX: 1, y: -1)]) ?? mirrored
                crest.addPath(mirrored)
                wave.path = crest
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // A copy takes the line settings the original was given before it (a CGMutablePath
        // carries none): such a copy, and with it its original, is left.
        let settled = """
            import UIKit

            func outline(_ context: CGContext, width: CGFloat) {
                UIGraphicsPushContext(context)
                let path = UIBezierPath()
                path.move(to: .zero)
                path.addLine(to: CGPoint(x: width, y: 10))
                path.lineWidth = 3
                let copy = path.copy() as! UIBezierPath
                copy.stroke()
                UIGraphicsPopContext()
            }
            """
        XCTAssertEqual(Porter.port(settled).notes.map(\.construct), ["UIBezierPath"])
    }

    func testACopyOfAPathBoundByGuardOrIfLetIsItsOptionalMutableCopy() {
        // The line-graph drawing many Core Graphics tutorials teach: the graph's line copied,
        // closed below it and added to the clip for a gradient, then the line stroked.
        // CGMutablePath's mutableCopy() is optional, as the cast UIKit's copy was bound through.
        let source = """
            import UIKit

            final class GraphView: UIView {
                var points: [CGFloat] = [1, 3, 2]

                override func draw(_ rect: CGRect) {
                    guard let context = UIGraphicsGetCurrentContext() else { return }
                    let line = UIBezierPath()
                    line.move(to: CGPoint(x: 0, y: points[0]))
                    line.addLine(to: CGPoint(x: rect.width, y: points[1]))
                    context.saveGState()
                    guard let area = line.copy() as? UIBezierPath else { return }
                    area.addLine(to: CGPoint(x: rect.width, y: rect.height))
                    area.close()
                    area.addClip()
                    context.restoreGState()
                    if let dots = line.copy() as? UIBezierPath {
                        dots.close()
                        dots.fill()
                    }
                    line.lineWidth = 2
                    line.stroke()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    guard let area = line.mutableCopy() else { return }
                    area.addLine(to: CGPoint(x: rect.width, y: rect.height))
                    area.closeSubpath()
                    ctx.addPath(area)
                    ctx.clip()
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                    if let dots = line.mutableCopy() {
                        dots.closeSubpath()
                        ctx.addPath(dots)
                        ctx.fillPath()
                    }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testAReversedRectangleOrRoundedRectangleAppendedCutsAHole() {
        // A cutout: the shape traced the other way round, which a nonzero fill leaves empty. A
        // rectangle made in place is its corners the other way round from the same start; a
        // rounded rectangle of equal corners, made in place or built alone in a path, is
        // mirrored about its horizontal centre line: the same outline the other way round.
        let source = """
            import UIKit

            func cutouts(_ mask: CAShapeLayer, _ hole: CGRect) {
                let overlay = UIBezierPath(rect: mask.bounds)
                let cutout = UIBezierPath(roundedRect: hole, cornerRadius: 12)
                overlay.append(cutout.reversing())
                overlay.append(UIBezierPath(rect: hole.offsetBy(dx: 40, dy: 0)).reversing())
                overlay.append(UIBezierPath(roundedRect: hole.offsetBy(dx: 80, dy: 0), cornerRadius: 6).reversing())
                mask.path = overlay.cgPath
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func cutouts(_ mask: CAShapeLayer, _ hole: CGRect) {
                let overlay = CGMutablePath()
                overlay.addRect(mask.bounds)
                let cutout = CGMutablePath()
                cutout.addRoundedRect(in: hole, cornerWidth: 12, cornerHeight: 12)
                overlay.addPath(cutout, transform: CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: hole.minY + hole.maxY))
                overlay.addPath({ let rect: CGRect = hole.offsetBy(dx: 40, dy: 0), reversed = CGMutablePath(); reversed.addLines(between: [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.minY)]); reversed.closeSubpath(); return reversed }())
                overlay.addPath({ let rect: CGRect = hole.offsetBy(dx: 80, dy: 0); var mirror = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: rect.minY + rect.maxY); return CGPath(roundedRect: rect, cornerWidth: 6, cornerHeight: 6, transform: &mirror) }())
                mask.path = overlay
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // Another path reversed (its mirror image is another outline) is left, with the path
        // it is appended to.
        let triangle = """
            import UIKit

            func notch(_ mask: CAShapeLayer) {
                let overlay = UIBezierPath(rect: mask.bounds)
                let cut = UIBezierPath()
                cut.move(to: .zero)
                cut.addLine(to: CGPoint(x: 10, y: 0))
                cut.addLine(to: CGPoint(x: 0, y: 10))
                cut.close()
                overlay.append(cut.reversing())
                mask.path = overlay.cgPath
            }
            """
        let left = Porter.port(triangle)
        XCTAssertEqual(left.ported, triangle.replacingOccurrences(of: "import UIKit", with: "import QuartzCore"))
        XCTAssertEqual(left.notes.map(\.construct), ["UIBezierPath"])
    }

    func testADynamicColourIsItsLightAppearancesColour() {
        // As system colours keep their light appearance's value, a dynamic colour is the one
        // its provider gives for the light style.
        let source = """
            func style(_ layer: CALayer) {
                layer.backgroundColor = UIColor { traits in traits.userInterfaceStyle == .dark ? .black : UIColor(white: 0.95, alpha: 1) }.cgColor
                layer.borderColor = UIColor(dynamicProvider: { $0.userInterfaceStyle != .dark ? .systemBlue : .systemTeal }).cgColor
                layer.shadowColor = UIColor { traits in
                    if traits.userInterfaceStyle == .light {
                        return .gray
                    } else {
                        return .white
                    }
                }.cgColor
                layer.borderColor = UIColor { $0.horizontalSizeClass == .compact ? .red : .blue }.cgColor
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func style(_ layer: CALayer) {
                layer.backgroundColor = CGColor(gray: 0.95, alpha: 1)
                layer.borderColor = CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)
                layer.shadowColor = CGColor(gray: 0.5, alpha: 1)
                layer.borderColor = UIColor { $0.horizontalSizeClass == .compact ? .red : .blue }.cgColor
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIColor"], "a colour chosen by another trait is left")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testCornersRoundedByNameAreWrittenAsTheirPath() {
        let source = """
            import UIKit

            func topCorners(_ mask: CAShapeLayer, frame: CGRect) {
                mask.path = UIBezierPath(roundedRect: frame, byRoundingCorners: [.topLeft, UIRectCorner.bottomRight], cornerRadii: CGSize(width: 12, height: 8)).cgPath
            }
            """
        let near = "0.447715"
        XCTAssertEqual(Porter.port(source).ported, """
            import QuartzCore

            func topCorners(_ mask: CAShapeLayer, frame: CGRect) {
                mask.path = {
                    let rect = frame, radii = CGSize(width: 12, height: 8), rounded = CGMutablePath()
                    let rx = min(radii.width, rect.width / 2), ry = min(radii.height, rect.height / 2)
                    rounded.move(to: CGPoint(x: rect.minX + rx, y: rect.minY))
                    rounded.addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
                    rounded.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - ry))
                    rounded.addCurve(to: CGPoint(x: rect.maxX - rx, y: rect.maxY), control1: CGPoint(x: rect.maxX, y: rect.maxY - ry * \(near)), control2: CGPoint(x: rect.maxX - rx * \(near), y: rect.maxY))
                    rounded.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
                    rounded.addLine(to: CGPoint(x: rect.minX, y: rect.minY + ry))
                    rounded.addCurve(to: CGPoint(x: rect.minX + rx, y: rect.minY), control1: CGPoint(x: rect.minX, y: rect.minY + ry * \(near)), control2: CGPoint(x: rect.minX + rx * \(near), y: rect.minY))
                    rounded.closeSubpath()
                    return rounded
                }()
            }
            """)
        // All four, in a path built step by step: each corner a curve.
        let all = Porter.port("""
            import UIKit

            func card(_ shape: CAShapeLayer, frame: CGRect) {
                let path = UIBezierPath(roundedRect: frame, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: 10, height: 10))
                shape.path = path.cgPath
            }
            """)
        XCTAssertEqual(all.ported.components(separatedBy: "addCurve").count - 1, 4)
        XCTAssertTrue(all.ported.contains("let path = CGMutablePath()\n    path.addPath({\n"), all.ported)
        XCTAssertEqual(all.notes.map(\.construct), [])
        XCTAssertTrue(all.reportLines.contains { $0.contains("quarter ovals of the radii") }, "the report says the corners are Core Graphics' curves")
        // Corners worked out at run time: left (a corner parameter is RectCornerParameterRewriter's).
        let computed = Porter.port("""
            import UIKit

            func corners(_ shape: CAShapeLayer, frame: CGRect, top: Bool) {
                let which: UIRectCorner = top ? [.topLeft, .topRight] : [.bottomLeft, .bottomRight]
                shape.path = UIBezierPath(roundedRect: frame, byRoundingCorners: which, cornerRadii: CGSize(width: 4, height: 4)).cgPath
            }
            """)
        XCTAssertEqual(computed.notes.map(\.construct), ["UIRectCorner", "UIBezierPath"], "both UIKit types are left")
    }

    func testAPatternColourOfAnImageIsAPatternCGColorTilingItUprightWhereItDrawsAndOnLayers() {
        let source = """
            import UIKit

            func stripes(_ ctx: CGContext, tile: CGImage) {
                UIGraphicsPushContext(ctx)
                UIColor(patternImage: tile).setFill()
                let hatch = UIColor(patternImage: UIImage(data: tileData)!)
                hatch.setStroke()
                UIGraphicsPopContext()
            }
            """
        let ported = Porter.port(source).ported
        XCTAssertTrue(ported.contains("ctx.setFillColor({ () -> CGColor in let patternImage: CGImage = tile; var callbacks = CGPatternCallbacks("), ported)
        XCTAssertTrue(ported.contains("matrix: CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: size.height), xStep: size.width, yStep: size.height, tiling: .constantSpacing, isColored: true"), ported)
        XCTAssertTrue(ported.contains("return CGColor(patternSpace: CGColorSpace(patternBaseSpace: nil)!, pattern: pattern, components: [1])! }()"), ported)
        XCTAssertTrue(ported.contains("let hatch = { () -> CGColor in let patternImage: CGImage = (CGImageSourceCreateWithData(tileData, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) })!"), ported)
        XCTAssertTrue(ported.contains("ctx.setStrokeColor(hatch)"), ported)
        XCTAssertFalse(ported.contains("UIColor"), ported)
        // Given to a layer, which tiles it over its background or border: written the same way.
        let background = Porter.port("import UIKit\nlayer.backgroundColor = UIColor(patternImage: tile).cgColor\n")
        XCTAssertEqual(background.notes.map(\.construct), [])
        XCTAssertTrue(background.ported.contains("layer.backgroundColor = { () -> CGColor in let patternImage: CGImage = tile; "), background.ported)
        XCTAssertTrue(background.ported.hasSuffix("components: [1])! }()\n"), background.ported)
        let border = Porter.port("import UIKit\nlet tint = UIColor(patternImage: tile)\nlayer.borderColor = tint.cgColor\n")
        XCTAssertEqual(border.notes.map(\.construct), [])
        XCTAssertTrue(border.ported.contains("let tint = { () -> CGColor in let patternImage: CGImage = tile; "), border.ported)
        XCTAssertTrue(border.ported.hasSuffix("\nlayer.borderColor = tint\n"), border.ported)
        // From an image kept elsewhere: left.
        XCTAssertEqual(Porter.port("import UIKit\nfunc f(_ ctx: CGContext) {\n    UIGraphicsPushContext(ctx)\n    UIColor(patternImage: theme.tile).setFill()\n    UIGraphicsPopContext()\n}\n").notes.map(\.construct), ["UIColor"])
    }

    func testAPathUsedForMoreThanBuildingIsLeftForAPerson() {
        let stroked = """
            import UIKit

            func draw() {
                let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
                path.lineWidth = 2
                path.stroke()
            }
            """
        let ported = Porter.port(stroked)
        XCTAssertEqual(ported.ported, stroked.replacingOccurrences(of: "import UIKit", with: "import QuartzCore"))
        XCTAssertEqual(ported.notes.map(\.construct), ["UIBezierPath"])
        // Declared again in a closure: not followed.
        let shadowed = """
            import UIKit

            func paths() -> [CGPath] {
                let path = UIBezierPath()
                path.move(to: .zero)
                return [1, 2].map { path in CGPath(rect: .zero, transform: nil) } + [path.cgPath]
            }
            """
        XCTAssertEqual(Porter.port(shadowed).notes.map(\.construct), ["UIBezierPath"])
    }

    func testFontsAndTextColoursAreWrittenAsCoreTextTakesThem() {
        let source = """
            import UIKit

            func label(_ text: CATextLayer) {
                text.font = UIFont.boldSystemFont(ofSize: 18)
                text.string = NSAttributedString(
                    string: "Hi", attributes: [.font: UIFont.systemFont(ofSize: 14), .foregroundColor: UIColor.white, .kern: 1])
                let title = UIFont(name: "Avenir-Heavy", size: 20)!
                let maybe = UIFont(name: "Avenir", size: 12)
                _ = [NSAttributedString.Key.strokeColor: UIColor(red: 1, green: 0.5, blue: 0, alpha: 1), .font: title]
                _ = maybe
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func label(_ text: CATextLayer) {
                text.font = CTFontCreateUIFontForLanguage(.emphasizedSystem, 18, nil)!
                text.string = NSAttributedString(
                    string: "Hi", attributes: [.font: CTFontCreateUIFontForLanguage(.system, 14, nil)!, .foregroundColor: CGColor(gray: 1, alpha: 1), .kern: 1])
                let title = CTFontCreateWithName("Avenir-Heavy" as CFString, 20, nil)
                let maybe = UIFont(name: "Avenir", size: 12)
                _ = [NSAttributedString.Key.strokeColor: CGColor(red: 1, green: 0.5, blue: 0, alpha: 1), .font: title]
                _ = maybe
            }
            """)
        // The optional font (nil where UIKit has no such font) is left for a person.
        XCTAssertEqual(ported.notes.map(\.construct), ["UIFont"])
        XCTAssertEqual(ported.notes.first?.line, 8)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnAppKitRoundedRectangleIsCoreGraphicsRoundedRectangleOfItsTwoRadii() {
        // AppKit's corners are quarter ovals of xRadius by yRadius, as Core Graphics' are of
        // cornerWidth by cornerHeight.
        let source = "shape.path = NSBezierPath(roundedRect: box, xRadius: 8, yRadius: 4).cgPath\n"
        XCTAssertEqual(
            Porter.port(source).ported, "shape.path = CGPath(roundedRect: box, cornerWidth: 8, cornerHeight: 4, transform: nil)\n")
    }

    func testAReversedOvalOrArcIsTheOvalMirroredOrTheArcTheOtherWay() {
        // The oval mirrored about its horizontal centre line is the same oval from the same
        // start the other way round (CGPathTests checks the winding); the arc runs from its
        // end angle back to its start, UIKit's clockwise flipped twice; a rectangle is its
        // corners from the same start the other way round.
        let source = """
            func ring(_ r: CGRect) -> CGPath {
                let ring = UIBezierPath(ovalIn: r)
                ring.append(UIBezierPath(ovalIn: r.insetBy(dx: 8, dy: 8)).reversing())
                return ring.cgPath
            }
            let back = UIBezierPath(arcCenter: .zero, radius: 4, startAngle: 0, endAngle: .pi, clockwise: true).reversing().cgPath
            let square = UIBezierPath(rect: .zero).reversing().cgPath
            let kept = UIBezierPath(roundedRect: .zero, byRoundingCorners: [.topLeft], cornerRadii: .zero).reversing().cgPath
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func ring(_ r: CGRect) -> CGPath {
                let ring = CGMutablePath()
                ring.addEllipse(in: r)
                ring.addPath({ let oval: CGRect = r.insetBy(dx: 8, dy: 8); var mirror = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: oval.minY + oval.maxY); return CGPath(ellipseIn: oval, transform: &mirror) }())
                return ring
            }
            let back = { let arc = CGMutablePath(); arc.addArc(center: .zero, radius: 4, startAngle: .pi, endAngle: 0, clockwise: true); return arc }()
            let square = { let rect: CGRect = .zero, reversed = CGMutablePath(); reversed.addLines(between: [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.minY)]); reversed.closeSubpath(); return reversed }()
            let kept = UIBezierPath(roundedRect: .zero, byRoundingCorners: [.topLeft], cornerRadii: .zero).reversing().cgPath
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIBezierPath"], "a reversed rectangle of corners rounded by name (its mirror image is another outline) is left")
    }

    func testAColourAttributeAddedToAStringAndAnUnderlineColourAreCGColors() {
        // Core Text reads a run's text, stroke and underline colours as CGColors.
        let source = """
            func score(_ text: NSMutableAttributedString) {
                text.addAttribute(.foregroundColor, value: UIColor.darkGray, range: NSRange(location: 0, length: 6))
                text.addAttribute(NSAttributedString.Key.strokeColor, value: UIColor(white: 0, alpha: 0.5), range: NSRange(location: 0, length: 2))
                text.addAttribute(.kern, value: 2, range: NSRange(location: 0, length: 6))
                text.setAttributes([.underlineStyle: 1, .underlineColor: UIColor.red], range: NSRange(location: 0, length: 5))
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func score(_ text: NSMutableAttributedString) {
                text.addAttribute(.foregroundColor, value: CGColor(gray: 1 / 3, alpha: 1), range: NSRange(location: 0, length: 6))
                text.addAttribute(NSAttributedString.Key.strokeColor, value: CGColor(gray: 0, alpha: 0.5), range: NSRange(location: 0, length: 2))
                text.addAttribute(.kern, value: 2, range: NSRange(location: 0, length: 6))
                text.setAttributes([.underlineStyle: 1, .underlineColor: CGColor(red: 1, green: 0, blue: 0, alpha: 1)], range: NSRange(location: 0, length: 5))
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testWeightsAndTextStylesAreTheSystemFontAtTheirSizeAndWeight() {
        // UIKit's weights (UIFont.Weight: semibold 0.3, light -0.4, bold 0.4) and the text
        // styles' sizes at the default Dynamic Type setting (Apple's Human Interface
        // Guidelines: headline 17 semibold, caption1 12, largeTitle 34).
        let source = """
            let a = UIFont.systemFont(ofSize: 15, weight: .semibold)
            let b = UIFont.systemFont(ofSize: 9, weight: UIFont.Weight.light)
            let c = UIFont.systemFont(ofSize: 11, weight: .bold)
            let d = UIFont.preferredFont(forTextStyle: .headline)
            let e = UIFont.preferredFont(forTextStyle: UIFont.TextStyle.caption1)
            let f = NSFont.preferredFont(forTextStyle: .largeTitle)
            let g = UIFont.systemFont(ofSize: 15, weight: customWeight)
            """
        let ported = Porter.port(source)
        let descriptor = "CTFontCreateWithFontDescriptor(CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute: \".AppleSystemUIFont\", kCTFontTraitsAttribute: [kCTFontWeightTrait: "
        XCTAssertEqual(ported.ported, """
            let a = \(descriptor)0.3]]), 15, nil)
            let b = \(descriptor)-0.4]]), 9, nil)
            let c = CTFontCreateUIFontForLanguage(.emphasizedSystem, 11, nil)!
            let d = \(descriptor)0.3]]), 17, nil)
            let e = CTFontCreateUIFontForLanguage(.system, 12, nil)!
            let f = CTFontCreateUIFontForLanguage(.system, 34, nil)!
            let g = UIFont.systemFont(ofSize: 15, weight: customWeight)
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIFont"])
        XCTAssertTrue(ported.reportLines[3].contains("Dynamic Type's default (Large) setting"), ported.reportLines[3])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testFontsAndValuesScaledByFontMetricsAreThoseGiven() {
        // Apple's UIFontMetrics scales by the Dynamic Type setting, and nothing at its default
        // (Large), which Linux has no control for.
        let source = """
            let a = UIFontMetrics(forTextStyle: .title2).scaledFont(for: UIFont.monospacedDigitSystemFont(ofSize: 22, weight: .regular))
            let b = UIFontMetrics.default.scaledFont(for: .boldSystemFont(ofSize: 14))
            let c = UIFontMetrics.default.scaledValue(for: 8)
            text.fontSize = UIFontMetrics(forTextStyle: .body).scaledValue(for: UIFont.labelFontSize)
            let d = UIFont.systemFont(ofSize: UIFontMetrics.default.scaledValue(for: 12))
            let e = UIFontMetrics.default.scaledFont(for: baseFont)
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            let a = CTFontCreateWithFontDescriptor(CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute: ".AppleSystemUIFont", kCTFontTraitsAttribute: [kCTFontWeightTrait: 0.0], kCTFontFeatureSettingsAttribute: [[kCTFontFeatureTypeIdentifierKey: kNumberSpacingType, kCTFontFeatureSelectorIdentifierKey: kMonospacedNumbersSelector]]]), 22, nil)
            let b = CTFontCreateUIFontForLanguage(.emphasizedSystem, 14, nil)!
            let c = CGFloat(8)
            text.fontSize = CGFloat(17)
            let d = CTFontCreateUIFontForLanguage(.system, 12, nil)!
            let e = UIFontMetrics.default.scaledFont(for: baseFont)
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIFontMetrics"], "a font the command does not write is left")
        XCTAssertTrue(ported.reportLines[0].contains("Dynamic Type scales nothing"), ported.reportLines[0])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testStandardFontSizesAreThePointSizesUIKitAndAppKitGive() {
        // UIKit's on iOS: label 17, button 18, system 14, small system 12; AppKit's on macOS:
        // system 13, small system 11, label 10 (its reference: "Lucida Grande Regular 10 point").
        let source = """
            let a = UIFont.systemFont(ofSize: UIFont.labelFontSize, weight: .bold)
            let b = UIFont(name: "Avenir-Heavy", size: UIFont.buttonFontSize)!
            text.fontSize = UIFont.smallSystemFontSize
            let c = UIFont.systemFontSize * 2
            let d = NSFont.systemFont(ofSize: NSFont.smallSystemFontSize)
            let e = NSFont.labelFontSize + NSFont.systemFontSize
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            let a = CTFontCreateUIFontForLanguage(.emphasizedSystem, 17, nil)!
            let b = CTFontCreateWithName("Avenir-Heavy" as CFString, 18, nil)
            text.fontSize = CGFloat(12)
            let c = CGFloat(14) * 2
            let d = CTFontCreateUIFontForLanguage(.system, 11, nil)!
            let e = CGFloat(10) + CGFloat(13)
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testMonospacedAndItalicSystemFontsAreDescribedWithTheirFeatureAndTraits() {
        // UIKit: monospacedDigitSystemFont is the system font with tabular figures (Core
        // Text's number spacing feature, monospaced selector), monospacedSystemFont the
        // fixed-pitch system font, italicSystemFont the system font with the italic trait.
        let source = """
            let a = UIFont.monospacedDigitSystemFont(ofSize: 20, weight: .medium)
            let b = NSFont.monospacedSystemFont(ofSize: 11, weight: .regular)
            let c = UIFont.italicSystemFont(ofSize: 13)
            let d = UIFont.monospacedDigitSystemFont(ofSize: 20, weight: someWeight)
            """
        let ported = Porter.port(source)
        let attributes = "CTFontCreateWithFontDescriptor(CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute: "
        XCTAssertEqual(ported.ported, """
            let a = \(attributes)".AppleSystemUIFont", kCTFontTraitsAttribute: [kCTFontWeightTrait: 0.23], kCTFontFeatureSettingsAttribute: [[kCTFontFeatureTypeIdentifierKey: kNumberSpacingType, kCTFontFeatureSelectorIdentifierKey: kMonospacedNumbersSelector]]]), 20, nil)
            let b = \(attributes)"Menlo", kCTFontTraitsAttribute: [kCTFontWeightTrait: 0.0]]), 11, nil)
            let c = \(attributes)".AppleSystemUIFont", kCTFontTraitsAttribute: [kCTFontSymbolicTrait: CTFontSymbolicTraits.traitItalic.rawValue]]), 13, nil)
            let d = UIFont.monospacedDigitSystemFont(ofSize: 20, weight: someWeight)
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIFont"])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnOptionalNamedFontWithAFallbackOrForATextLayerIsTheCoreTextFont() {
        // Where UIKit has no such font it gives nil, and the fallback (or the text layer's
        // default font) draws; Core Text falls back to a similar font itself.
        let source = """
            func style(_ text: CATextLayer) {
                let title = UIFont(name: "Avenir-Heavy", size: 20) ?? UIFont.systemFont(ofSize: 20)
                text.font = UIFont(name: "Menlo", size: 11)
                let maybe = UIFont(name: "Avenir", size: 12)
                _ = (title, maybe)
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func style(_ text: CATextLayer) {
                let title = CTFontCreateWithName("Avenir-Heavy" as CFString, 20, nil)
                text.font = CTFontCreateWithName("Menlo" as CFString, 11, nil)
                let maybe = UIFont(name: "Avenir", size: 12)
                _ = (title, maybe)
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIFont"])
        XCTAssertEqual(ported.notes.first?.line, 4, "only the optional kept as it is is left")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAPathCopiedFromAnotherBuiltStepByStepAddsThatPath() {
        let source = """
            func area(_ line: CAShapeLayer, _ fill: CAShapeLayer) {
                let path = UIBezierPath()
                path.move(to: .zero)
                path.addLine(to: CGPoint(x: 10, y: 5))
                line.path = path.cgPath
                let closed = UIBezierPath(cgPath: path.cgPath)
                closed.addLine(to: CGPoint(x: 10, y: 0))
                closed.close()
                fill.path = closed.cgPath
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func area(_ line: CAShapeLayer, _ fill: CAShapeLayer) {
                let path = CGMutablePath()
                path.move(to: .zero)
                path.addLine(to: CGPoint(x: 10, y: 5))
                line.path = path
                let closed = CGMutablePath()
                closed.addPath(path)
                closed.addLine(to: CGPoint(x: 10, y: 0))
                closed.closeSubpath()
                fill.path = closed
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testACopyOfAStrokedPathThatIsOnlyFilledIsTheCGMutablePathsCopy() {
        // UIKit's copy takes the original's line width and join, which only stroking reads: a
        // copy that is filled draws the same without them. Its colour, given another alpha
        // and set as the fill, is the CGColor's copy with that alpha.
        let source = """
            final class Sparkline: CALayer {
                var points: [CGPoint] = []
                var lineColor: UIColor = .systemGreen

                override func draw(in ctx: CGContext) {
                    UIGraphicsPushContext(ctx)
                    let path = UIBezierPath()
                    path.move(to: .zero)
                    for point in points { path.addLine(to: point) }
                    lineColor.setStroke()
                    path.lineWidth = 2
                    path.stroke()
                    let fill = path.copy() as! UIBezierPath
                    fill.addLine(to: CGPoint(x: bounds.width, y: bounds.height))
                    fill.close()
                    lineColor.withAlphaComponent(0.15).setFill()
                    fill.fill()
                    UIGraphicsPopContext()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class Sparkline: CALayer {
                var points: [CGPoint] = []
                var lineColor: CGColor = CGColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1)

                override func draw(in ctx: CGContext) {
                    let path = CGMutablePath()
                    path.move(to: .zero)
                    for point in points { path.addLine(to: point) }
                    ctx.setStrokeColor(lineColor)
                    ctx.saveGState()
                    ctx.addPath(path)
                    ctx.setLineWidth(2)
                    ctx.strokePath()
                    ctx.restoreGState()
                    let fill = path.mutableCopy()!
                    fill.addLine(to: CGPoint(x: bounds.width, y: bounds.height))
                    fill.closeSubpath()
                    ctx.setFillColor(lineColor.copy(alpha: 0.15)!)
                    ctx.addPath(fill)
                    ctx.fillPath()
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testAPathAppendedAsAnImplicitInitializerIsTheShapeAdded() {
        // `append` takes the path's own type, so `.init(roundedRect:cornerRadius:)` is UIKit's.
        let source = """
            final class Donut: CAShapeLayer {
                func update(outer: CGRect, inner: CGRect) {
                    let ring = UIBezierPath(ovalIn: outer)
                    ring.append(.init(roundedRect: inner, cornerRadius: inner.width / 2))
                    ring.append(.init(ovalIn: inner.insetBy(dx: 2, dy: 2)))
                    fillRule = .evenOdd
                    path = ring.cgPath
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class Donut: CAShapeLayer {
                func update(outer: CGRect, inner: CGRect) {
                    let ring = CGMutablePath()
                    ring.addEllipse(in: outer)
                    ring.addPath(CGPath(roundedRect: inner, cornerWidth: inner.width / 2, cornerHeight: inner.width / 2, transform: nil))
                    ring.addPath(CGPath(ellipseIn: inner.insetBy(dx: 2, dy: 2), transform: nil))
                    fillRule = .evenOdd
                    path = ring
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }
}
