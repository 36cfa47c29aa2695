import CoreGraphics
import Foundation
import XCTest

// Core Foundation's number calls as older Apple code makes them (a frame attribute's value,
// `CFNumberCreate(kCFAllocatorDefault, .sInt32Type, &value)`). The raw values are Apple's
// (CFNumber.h: kCFNumberSInt8Type = 1 … kCFNumberCGFloatType = 16).
final class CFNumberTests: XCTestCase {
    func testTheTypesHaveApplesRawValues() {
        XCTAssertEqual(CFNumberType.sInt8Type.rawValue, 1)
        XCTAssertEqual(CFNumberType.sInt32Type.rawValue, 3)
        XCTAssertEqual(CFNumberType.float64Type.rawValue, 6)
        XCTAssertEqual(CFNumberType.longType.rawValue, 10)
        XCTAssertEqual(CFNumberType.cfIndexType.rawValue, 14)
        XCTAssertEqual(CFNumberType.cgFloatType.rawValue, 16)
        XCTAssertEqual(CFNumberType.maxType, .cgFloatType)
    }

    func testANumberIsMadeFromTheValueOfItsType() throws {
        var int32: Int32 = -5
        var int8: Int8 = 100
        var double = 2.75
        var float: Float = 0.5
        var cgFloat: CGFloat = 12.25
        var long = Int.max
        XCTAssertEqual(try XCTUnwrap(CFNumberCreate(kCFAllocatorDefault, .sInt32Type, &int32)).intValue, -5)
        XCTAssertEqual(try XCTUnwrap(CFNumberCreate(nil, .charType, &int8)).intValue, 100)
        XCTAssertEqual(try XCTUnwrap(CFNumberCreate(nil, .float64Type, &double)).doubleValue, 2.75)
        XCTAssertEqual(try XCTUnwrap(CFNumberCreate(nil, .floatType, &float)).doubleValue, 0.5)
        XCTAssertEqual(try XCTUnwrap(CFNumberCreate(nil, .cgFloatType, &cgFloat)).doubleValue, 12.25)
        XCTAssertEqual(try XCTUnwrap(CFNumberCreate(nil, .longType, &long)).intValue, Int.max)
        XCTAssertNil(CFNumberCreate(nil, .sInt32Type, nil) as CFNumber?)
        // As a dictionary value, it reads back as any number type, as Apple's does.
        let attributes: [CFString: Any] = ["width": CFNumberCreate(kCFAllocatorDefault, .sInt32Type, &int32) as Any]
        XCTAssertEqual(attributes["width"] as? Int, -5)
        XCTAssertFalse(CFNumberIsFloatType(try XCTUnwrap(CFNumberCreate(nil, .sInt32Type, &int32))))
        XCTAssertTrue(CFNumberIsFloatType(try XCTUnwrap(CFNumberCreate(nil, .float64Type, &double))))
    }

    func testGettingAValueSaysWhetherItFitsTheType() {
        var int8: Int8 = 0
        XCTAssertTrue(CFNumberGetValue(NSNumber(value: 100), .sInt8Type, &int8))
        XCTAssertEqual(int8, 100)
        // 300 does not fit 8 bits: written truncated (300 − 256), and false.
        XCTAssertFalse(CFNumberGetValue(NSNumber(value: 300), .sInt8Type, &int8))
        XCTAssertEqual(int8, 44)
        // A fraction into an integer: written towards zero, and false.
        var int32: Int32 = 0
        XCTAssertFalse(CFNumberGetValue(NSNumber(value: -2.75), .sInt32Type, &int32))
        XCTAssertEqual(int32, -2)
        var double = 0.0
        XCTAssertTrue(CFNumberGetValue(NSNumber(value: 7), .float64Type, &double))
        XCTAssertEqual(double, 7)
        var float: Float = 0
        XCTAssertFalse(CFNumberGetValue(NSNumber(value: 0.1), .float32Type, &float), "0.1 is not a Float")
        XCTAssertEqual(float, 0.1)
        XCTAssertTrue(CFNumberGetValue(NSNumber(value: 0.5), .float32Type, &float))
        var cgFloat: CGFloat = 0
        XCTAssertTrue(CFNumberGetValue(NSNumber(value: 1.5), .cgFloatType, &cgFloat))
        XCTAssertEqual(cgFloat, 1.5)
        XCTAssertFalse(CFNumberGetValue(nil, .sInt32Type, &int32))
        XCTAssertFalse(CFNumberGetValue(NSNumber(value: 1), .sInt32Type, nil))
    }
}
