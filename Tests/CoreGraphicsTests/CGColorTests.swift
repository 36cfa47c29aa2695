import CoreGraphics
import TestSupport
import XCTest

final class CGColorTests: XCTestCase {
    func testRGBColorComponentsAndSpace() {
        let color = CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 1)
        XCTAssertEqual(color.components, [0.25, 0.5, 0.75, 1])
        XCTAssertEqual(color.numberOfComponents, 4)
        XCTAssertEqual(color.alpha, 1)
        XCTAssertEqual(color.colorSpace?.name, CGColorSpace.sRGB)
        XCTAssertEqual(color.colorSpace?.model, .rgb)
    }

    func testGrayColorComponentsAndSpace() {
        let color = CGColor(gray: 0.5, alpha: 0.25)
        XCTAssertEqual(color.components, [0.5, 0.25])
        XCTAssertEqual(color.numberOfComponents, 2)
        XCTAssertEqual(color.alpha, 0.25)
        XCTAssertEqual(color.colorSpace?.model, .monochrome)
        XCTAssertEqual(color.colorSpace?.numberOfComponents, 1)
    }

    func testComponentsAreClampedToUnitRange() {
        let color = CGColor(red: -0.5, green: 2, blue: .nan, alpha: .infinity)
        XCTAssertEqual(color.components, [0, 1, 0, 1])
        XCTAssertEqual(CGColor(gray: -.infinity, alpha: 1.5).components, [0, 1])
        XCTAssertEqual(color.copy(alpha: -3)?.alpha, 0)
    }

    func testCopyAlphaKeepsColour() {
        let color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let copy = color.copy(alpha: 0.5)
        XCTAssertEqual(copy?.components, [1, 0, 0, 0.5])
        XCTAssertEqual(copy?.colorSpace, color.colorSpace)
    }

    func testEqualityComparesSpaceAndComponents() {
        XCTAssertEqual(CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        XCTAssertNotEqual(CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        XCTAssertNotEqual(CGColor(red: 1, green: 1, blue: 1, alpha: 1), CGColor.white)
        XCTAssertEqual(CGColor.white, CGColor(gray: 1, alpha: 1))
        XCTAssertEqual(CGColor.black.components, [0, 1])
        XCTAssertEqual(CGColor.clear.components, [0, 0])
    }

    func testColorSpaceNamesAndDeviceSpaces() {
        XCTAssertEqual(CGColorSpace(name: CGColorSpace.sRGB)?.model, .rgb)
        XCTAssertEqual(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)?.model, .monochrome)
        XCTAssertNil(CGColorSpace(name: "no such space"))
        XCTAssertEqual(CGColorSpaceCreateDeviceRGB().model, .rgb)
        XCTAssertEqual(CGColorSpaceCreateDeviceGray().model, .monochrome)
        let device = CGColorSpaceCreateDeviceRGB()
        XCTAssertEqual(CGColor(colorSpace: device, components: [0.1, 0.2, 0.3, 0.4])?.components, [0.1, 0.2, 0.3, 0.4])
        XCTAssertNil(CGColor(colorSpace: device, components: [0.1, 0.2]))
    }

    func testRGBAExpandsGray() {
        let gray = CGColor(gray: 0.5, alpha: 0.25).rgba
        XCTAssertEqual(gray?.red, 0.5)
        XCTAssertEqual(gray?.green, 0.5)
        XCTAssertEqual(gray?.blue, 0.5)
        XCTAssertEqual(gray?.alpha, 0.25)
    }
}
