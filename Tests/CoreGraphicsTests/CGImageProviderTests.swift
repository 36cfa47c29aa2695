import CoreGraphics
import TestSupport
import XCTest

final class CGImageProviderTests: XCTestCase {
    private func image(
        _ bytes: [UInt8], width: Int, height: Int = 1, bitsPerPixel: Int, bytesPerRow: Int? = nil,
        space: CGColorSpace = CGColorSpaceCreateDeviceRGB(), info: CGBitmapInfo
    ) -> CGImage? {
        guard let provider = CGDataProvider(data: Data(bytes)) else { return nil }
        return CGImage(
            width: width, height: height, bitsPerComponent: 8, bitsPerPixel: bitsPerPixel,
            bytesPerRow: bytesPerRow ?? width * bitsPerPixel / 8, space: space, bitmapInfo: info,
            provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }

    func testStraightRGBAIsPremultiplied() throws {
        let result = try XCTUnwrap(image([255, 0, 0, 128, 0, 255, 0, 255], width: 2, bitsPerPixel: 32, info: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue)))
        assertPixel(result, 0, 0, px(128, 0, 0, 128))
        assertPixel(result, 1, 0, px(0, 255, 0))
        XCTAssertEqual(result.alphaInfo, .premultipliedFirst)
        XCTAssertEqual(result.bitsPerPixel, 32)
        XCTAssertEqual(result.bytesPerRow, 8)
    }

    func testPremultipliedBGRAAndARGBLayouts() throws {
        let bgra = try XCTUnwrap(image([10, 20, 30, 40], width: 1, bitsPerPixel: 32, info: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue).union(.byteOrder32Little)))
        assertPixel(bgra, 0, 0, px(30, 20, 10, 40))
        let argb = try XCTUnwrap(image([40, 30, 20, 10], width: 1, bitsPerPixel: 32, info: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue)))
        assertPixel(argb, 0, 0, px(30, 20, 10, 40))
        let xrgbLittle = try XCTUnwrap(image([1, 2, 3, 0], width: 1, bitsPerPixel: 32, info: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipFirst.rawValue).union(.byteOrder32Little)))
        assertPixel(xrgbLittle, 0, 0, px(3, 2, 1))
    }

    func testRGB24GrayAndAlphaOnly() throws {
        assertPixel(image([1, 2, 3], width: 1, bitsPerPixel: 24, info: []), 0, 0, px(1, 2, 3))
        let gray = CGColorSpaceCreateDeviceGray()
        assertPixel(image([77], width: 1, bitsPerPixel: 8, space: gray, info: []), 0, 0, px(77, 77, 77))
        assertPixel(image([200, 128], width: 1, bitsPerPixel: 16, space: gray, info: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue)), 0, 0, px(100, 100, 100, 128))
        assertPixel(image([99], width: 1, bitsPerPixel: 8, info: CGBitmapInfo(rawValue: CGImageAlphaInfo.alphaOnly.rawValue)), 0, 0, px(0, 0, 0, 99))
    }

    func testRowPaddingIsSkipped() throws {
        let bytes: [UInt8] = [1, 2, 3, 9, 9, 4, 5, 6]
        let result = try XCTUnwrap(image(bytes, width: 1, height: 2, bitsPerPixel: 24, bytesPerRow: 5, info: []))
        assertPixel(result, 0, 1, px(4, 5, 6))
    }

    func testBadParametersReturnNil() {
        let info = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue)
        var tooLittle: CGImage?
        let lines = standardErrorLines { tooLittle = image([0, 0, 0], width: 1, bitsPerPixel: 32, info: info) }
        XCTAssertNil(tooLittle, "too little data")
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertEqual(lines.first?.hasPrefix("CGImageCreate:"), true, "\(lines)")
        XCTAssertNil(image([0, 0, 0, 0], width: 1, bitsPerPixel: 32, bytesPerRow: 3, info: info))
        XCTAssertNil(image([0, 0, 0, 0], width: 0, bitsPerPixel: 32, info: info))
        XCTAssertNil(image([0, 0, 0, 0], width: 1, height: -1, bitsPerPixel: 32, info: info))
        XCTAssertNil(image([0, 0, 0, 0], width: 1, bitsPerPixel: 32, info: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue).union(.byteOrder16Little)))
        XCTAssertNil(image([0, 0], width: 1, bitsPerPixel: 16, info: info))
        XCTAssertNil(image([0, 0, 0, 0], width: 1, height: 2, bitsPerPixel: 32, bytesPerRow: Int.max, info: info))
    }

    func testCroppingUsesTopLeftOriginAndClamps() throws {
        let bytes: [UInt8] = (0..<16).flatMap { [UInt8($0), 0, 0, 255] }  // 4×4, blue = index
        let source = try CGImage(width: 4, height: 4, bytesPerRow: 16, premultipliedBGRA: bytes)
        let cropped = try XCTUnwrap(source.cropping(to: CGRect(x: 1, y: 2, width: 2, height: 5)))
        XCTAssertEqual(cropped.width, 2)
        XCTAssertEqual(cropped.height, 2)
        assertPixel(cropped, 0, 0, px(0, 0, 9))
        assertPixel(cropped, 1, 1, px(0, 0, 14))
        let fractional = try XCTUnwrap(source.cropping(to: CGRect(x: 0.5, y: 0.5, width: 1, height: 1)))
        XCTAssertEqual(fractional.width, 2)
        XCTAssertNil(source.cropping(to: CGRect(x: 10, y: 10, width: 2, height: 2)))
        XCTAssertNil(source.cropping(to: .null))
        XCTAssertTrue(source.cropping(to: CGRect(x: 0, y: 0, width: 4, height: 4)) === source)
    }

    func testDataProviderReturnsPixelBytes() throws {
        let bytes: [UInt8] = [1, 2, 3, 4]
        let source = try CGImage(width: 1, height: 1, bytesPerRow: 4, premultipliedBGRA: bytes)
        XCTAssertEqual(source.dataProvider?.data, Data([1, 2, 3, 4]))
    }
}
