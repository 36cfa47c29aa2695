import CoreGraphics
import Dispatch
import XCTest

/// The names from Apple's C headers and UIKit that Apple code uses through `import
/// CoreGraphics`/`QuartzCore`: their types and Apple's values.
final class PlatformNamesTests: XCTestCase {
    func testHugeAndMaxFloatAreTheLargestFiniteFloat() {
        // Darwin: #define MAXFLOAT 0x1.fffffep+127f, #define HUGE MAXFLOAT.
        let huge: Float = HUGE
        let maximum: Float = MAXFLOAT
        XCTAssertEqual(maximum, Float(bitPattern: 0x7F7F_FFFF))
        XCTAssertEqual(huge, Float(bitPattern: 0x7F7F_FFFF))
        XCTAssertEqual(CGFloat(MAXFLOAT), 3.4028234663852886e38)
    }

    func testAppleStyleUsesCompile() {
        var repeatCount: Float = 0
        repeatCount = HUGE
        XCTAssertTrue(repeatCount.isFinite)
        let unbounded = CGSize(width: 100, height: CGFloat(MAXFLOAT))
        XCTAssertEqual(unbounded.height, CGFloat(Float.greatestFiniteMagnitude))
        let start = DispatchTime(uptimeNanoseconds: 1_000)
        let deadline = start + Double(Int64(0.5 * Double(NSEC_PER_SEC))) / Double(NSEC_PER_SEC)
        XCTAssertEqual(deadline.uptimeNanoseconds, 500_001_000)
    }

    func testTimeUnitsHaveApplesValues() {
        let perSecond: UInt64 = NSEC_PER_SEC
        XCTAssertEqual(perSecond, 1_000_000_000)
        XCTAssertEqual(NSEC_PER_MSEC, 1_000_000)
        XCTAssertEqual(NSEC_PER_USEC, 1_000)
        XCTAssertEqual(USEC_PER_SEC, 1_000_000)
    }

    func testIntegerLimitsAreFoundationsOnApplePlatforms() {
        // <NSObjCRuntime.h>: #define NSIntegerMax LONG_MAX, NSIntegerMin LONG_MIN, NSUIntegerMax ULONG_MAX (LP64).
        let largest: Int = NSIntegerMax
        let smallest: Int = NSIntegerMin
        let largestUnsigned: UInt = NSUIntegerMax
        XCTAssertEqual(largest, 9_223_372_036_854_775_807)
        XCTAssertEqual(smallest, -9_223_372_036_854_775_808)
        XCTAssertEqual(largestUnsigned, 18_446_744_073_709_551_615)
        // `Float(NSIntegerMax)` repeats an animation forever, as Apple code writes it.
        XCTAssertEqual(Float(NSIntegerMax), 9.223372e18)
        // <NSObjCRuntime.h>: typedef long NSInteger; typedef unsigned long NSUInteger (LP64).
        let count: NSInteger = -3
        let index: NSUInteger = 3
        XCTAssertEqual(MemoryLayout<NSInteger>.size, 8)
        XCTAssertEqual(count + Int(index), 0)
        XCTAssertTrue(NSUInteger.self == UInt.self)
    }

    func testCFBooleansReadBackAsBooleans() {
        let yes: Any = kCFBooleanTrue
        let no: Any = kCFBooleanFalse
        XCTAssertEqual(yes as? Bool, true)
        XCTAssertEqual(no as? Bool, false)
        XCTAssertTrue(kCFBooleanTrue.boolValue)
        XCTAssertFalse(kCFBooleanFalse.boolValue)
        XCTAssertNotEqual(kCFBooleanTrue, kCFBooleanFalse)
    }

    func testGeometryValuesRoundTrip() {
        XCTAssertEqual(NSValue(cgPoint: CGPoint(x: 1.5, y: -2)).cgPointValue, CGPoint(x: 1.5, y: -2))
        XCTAssertEqual(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue, CGSize(width: 3, height: 4))
        XCTAssertEqual(
            NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue, CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(NSValue(cgPoint: CGPoint(x: 1, y: 2)), NSValue(cgPoint: CGPoint(x: 1, y: 2)))
        XCTAssertNotEqual(NSValue(cgPoint: CGPoint(x: 1, y: 2)), NSValue(cgPoint: CGPoint(x: 2, y: 1)))
    }

    func testAffineTransformValuesRoundTripUnderApplesTypeEncoding() {
        let transform = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let value = NSValue(cgAffineTransform: transform)
        XCTAssertEqual(value.cgAffineTransformValue, transform)
        // Apple's encoding of the struct of six doubles (`@encode(CGAffineTransform)`).
        XCTAssertEqual(String(cString: value.objCType), "{CGAffineTransform=dddddd}")
        var read = [Double](repeating: 0, count: 6)
        read.withUnsafeMutableBytes { value.getValue($0.baseAddress!) }
        XCTAssertEqual(read, [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(value, NSValue(cgAffineTransform: transform))
        XCTAssertNotEqual(value, NSValue(cgAffineTransform: .identity))
        XCTAssertEqual(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgAffineTransformValue, .identity)
        XCTAssertEqual(NSNumber(value: 3).cgAffineTransformValue, .identity)
    }

    func testReadingAnotherGeometryTypeAnswersZero() {
        XCTAssertEqual(NSValue(cgSize: CGSize(width: 3, height: 4)).cgPointValue, .zero)
        XCTAssertEqual(NSValue(cgPoint: CGPoint(x: 3, y: 4)).cgRectValue, .zero)
        XCTAssertEqual(NSNumber(value: 7).cgSizeValue, .zero)
    }
}
