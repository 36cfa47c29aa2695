import LaminaPortRewriter
import XCTest

/// A function whose colour, path, font or image parameter the command makes take the Core
/// Graphics or Core Text value, called from other ported files: their arguments are written
/// with it, or, where one is not a value the command writes, the parameter is left.
final class ParameterCallersInOtherFilesTests: XCTestCase {
    private let helpers = Porter.Source(path: "Helpers.swift", text: """
        func makeCell(color: UIColor) -> CAEmitterCell {
            let cell = CAEmitterCell()
            cell.color = color.cgColor
            return cell
        }
        func dot(radius: CGFloat, path: UIBezierPath) -> CAShapeLayer {
            let layer = CAShapeLayer()
            layer.path = path.cgPath
            layer.lineWidth = radius
            return layer
        }
        func badge(_ text: String, font: UIFont) -> CATextLayer {
            let layer = CATextLayer()
            layer.font = font
            return layer
        }
        func sprite(sheet: UIImage) -> CALayer {
            let layer = CALayer()
            layer.contents = sheet.cgImage
            return layer
        }
        """)

    func testArgumentsPassedFromAnotherFileAreWrittenThere() {
        let scene = Porter.Source(path: "Scene.swift", text: """
            func scene() -> [Any] {
                let ring = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 4, height: 4))
                return [
                    makeCell(color: .systemRed), dot(radius: 2, path: ring), dot(radius: 3, path: UIBezierPath(rect: .zero)),
                    badge("New", font: .boldSystemFont(ofSize: 12)), sprite(sheet: UIImage(named: "run")!),
                ]
            }
            """)
        let files = Porter(sources: [helpers, scene], addsMissingImports: false).port()
        XCTAssertTrue(files[0].ported.contains("func makeCell(color: CGColor)"), files[0].ported)
        XCTAssertTrue(files[0].ported.contains("func dot(radius: CGFloat, path: CGPath)"), files[0].ported)
        XCTAssertTrue(files[0].ported.contains("func badge(_ text: String, font: CTFont)"), files[0].ported)
        XCTAssertTrue(files[0].ported.contains("func sprite(sheet: CGImage)"), files[0].ported)
        XCTAssertEqual(files[1].ported, """
            import ImageIO
            func scene() -> [Any] {
                let ring = CGMutablePath()
                ring.addEllipse(in: CGRect(x: 0, y: 0, width: 4, height: 4))
                return [
                    makeCell(color: CGColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1)), dot(radius: 2, path: ring), dot(radius: 3, path: CGPath(rect: .zero, transform: nil)),
                    badge("New", font: CTFontCreateUIFontForLanguage(.emphasizedSystem, 12, nil)!), sprite(sheet: ((Bundle.main.url(forResource: "run", withExtension: "png") ?? Bundle.main.url(forResource: "run", withExtension: nil)).flatMap { CGImageSourceCreateWithURL($0, nil) }.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) })!),
                ]
            }
            """)
        XCTAssertEqual(files.flatMap(\.notes).map(\.construct), [])
        let again = Porter(sources: files.map { Porter.Source(path: $0.path, text: $0.ported) }, addsMissingImports: false).port()
        XCTAssertEqual(again.map(\.ported), files.map(\.ported), "a second run changes nothing")
    }

    func testAnArgumentFromAnotherFileTheCommandCannotWriteLeavesTheParameter() {
        // `palette.accent` and `palette.outline` are values the command knows nothing of:
        // UIKit's stay passed, so the parameters stay UIKit's (reported).
        let scene = Porter.Source(path: "Scene.swift", text: """
            func scene(palette: Palette) -> [Any] {
                [makeCell(color: palette.accent), dot(radius: 1, path: palette.outline)]
            }
            """)
        let files = Porter(sources: [helpers, scene], addsMissingImports: false).port()
        XCTAssertTrue(files[0].ported.contains("func makeCell(color: UIColor)"), files[0].ported)
        XCTAssertTrue(files[0].ported.contains("func dot(radius: CGFloat, path: UIBezierPath)"), files[0].ported)
        XCTAssertEqual(files[1].ported, scene.text)
        XCTAssertEqual(Set(files[0].notes.map(\.construct)), ["UIColor", "UIBezierPath"])
    }

    func testAFileDeclaringItsOwnFunctionOfThatNameCallsItsOwn() {
        // Scene.swift's makeCell is its own: its calls are not Helpers.swift's, whose
        // parameter is written from its own file's calls alone.
        let scene = Porter.Source(path: "Scene.swift", text: """
            func makeCell(color: String) -> String { color }
            let cell = makeCell(color: "red")
            """)
        let files = Porter(sources: [helpers, scene], addsMissingImports: false).port()
        XCTAssertTrue(files[0].ported.contains("func makeCell(color: CGColor)"), files[0].ported)
        XCTAssertEqual(files[1].ported, scene.text)
    }
}
