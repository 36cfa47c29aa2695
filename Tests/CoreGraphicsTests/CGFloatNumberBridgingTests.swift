import CoreGraphics
import Foundation
import XCTest

/// `CGFloat` bridges to `NSNumber` as on Apple platforms (Swift's overlay there declares the
/// bridge); expected values are the numbers themselves.
final class CGFloatNumberBridgingTests: XCTestCase {
    func testACGFloatBecomesANumberHoldingItsValue() {
        let offset: CGFloat = 2.5
        let number = offset as NSNumber
        XCTAssertEqual(number.doubleValue, 2.5)
        XCTAssertEqual(([CGFloat(1), 0.5] as [NSNumber]).map(\.doubleValue), [1, 0.5])
        let boxed: Any = CGFloat(-4)
        XCTAssertEqual((boxed as? NSNumber)?.doubleValue, -4)
    }

    func testANumberReadsBackAsACGFloat() {
        let stored: Any = NSNumber(value: 0.25)
        XCTAssertEqual(stored as? CGFloat, 0.25)
        let values: [Any] = [NSNumber(value: 1), NSNumber(value: 3)]
        XCTAssertEqual(values as? [CGFloat], [1, 3])
        // As on Apple platforms, a Swift Double or Int is still not a CGFloat, nor the reverse.
        let double: Any = 1.5
        XCTAssertNil(double as? CGFloat)
        let cgFloat: Any = CGFloat(1.5)
        XCTAssertNil(cgFloat as? Double)
    }
}
