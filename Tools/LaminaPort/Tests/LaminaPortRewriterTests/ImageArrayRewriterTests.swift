import LaminaPortRewriter
import XCTest

final class ImageArrayRewriterTests: XCTestCase {
    private func decode(_ name: String) -> String {
        "(Bundle.main.url(forResource: \"\(name)\", withExtension: \"png\") ?? Bundle.main.url(forResource: \"\(name)\", withExtension: nil)).flatMap { CGImageSourceCreateWithURL($0, nil) }.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }"
    }

    func testAnArrayOfImageLiteralsHandingOnCGImagesHoldsTheDecodedCGImages() {
        let source = """
            import UIKit

            class Confetti: CAEmitterCell {
                var images = [#imageLiteral(resourceName: "Box"), #imageLiteral(resourceName: "Triangle")]

                func setup() {
                    contents = images[Int(arc4random_uniform(UInt32(images.count)))].cgImage
                }

                func shuffle() {
                    contents = self.images.randomElement()?.cgImage
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            class Confetti: CAEmitterCell {
                var images: [CGImage?] = [\(decode("Box")), \(decode("Triangle"))]

                func setup() {
                    contents = images[Int(arc4random_uniform(UInt32(images.count)))]
                }

                func shuffle() {
                    contents = (self.images.randomElement() ?? nil)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testALocalArrayOfForcedImagesReadInALoopAndByMapHoldsTheDecodedCGImages() {
        let source = """
            import UIKit

            func makeCells() -> [CAEmitterCell] {
                let images: [UIImage] = [UIImage(named: "star")!, UIImage(imageLiteralResourceName: "heart")]
                var cells: [CAEmitterCell] = []
                for image in images {
                    let cell = CAEmitterCell()
                    cell.contents = image.cgImage
                    cells.append(cell)
                }
                let first = CAEmitterCell()
                first.contents = images.first!.cgImage
                let all = images.map { $0.cgImage }
                let some = images.compactMap(\\.cgImage)
                print(all.count, some.count, images.isEmpty)
                return cells
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            func makeCells() -> [CAEmitterCell] {
                let images: [CGImage?] = [\(decode("star")), \(decode("heart"))]
                var cells: [CAEmitterCell] = []
                for image in images {
                    let cell = CAEmitterCell()
                    cell.contents = image
                    cells.append(cell)
                }
                let first = CAEmitterCell()
                first.contents = images.first!
                let all = images
                let some = images.compactMap { $0 }
                print(all.count, some.count, images.isEmpty)
                return cells
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAnArrayWhoseImagesAreUsedOtherwiseIsLeftForAPerson() {
        let source = """
            import UIKit

            func tint(_ image: UIImage) {}

            func makeCells() {
                let images = [UIImage(named: "star")!, UIImage(named: "heart")!]
                tint(images[0])
                let cell = CAEmitterCell()
                cell.contents = images[1].cgImage
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("let images = [UIImage(named: \"star\")!, UIImage(named: \"heart\")!]"), ported.ported)
        XCTAssertTrue(ported.ported.contains("cell.contents = images[1].cgImage"), ported.ported)
        XCTAssertTrue(ported.notes.map(\.construct).contains("UIImage"), "\(ported.notes)")
    }
}
