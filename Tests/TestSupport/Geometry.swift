import QuartzCore
import XCTest

/// Asserts two points are equal within `accuracy`.
public func assertEqual(_ a: CGPoint, _ b: CGPoint, accuracy: CGFloat = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.x, b.x, accuracy: accuracy, "x of \(a) vs \(b)", file: file, line: line)
    XCTAssertEqual(a.y, b.y, accuracy: accuracy, "y of \(a) vs \(b)", file: file, line: line)
}

/// Asserts two rectangles are equal within `accuracy`.
public func assertEqual(_ a: CGRect, _ b: CGRect, accuracy: CGFloat = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.origin.x, b.origin.x, accuracy: accuracy, "x of \(a) vs \(b)", file: file, line: line)
    XCTAssertEqual(a.origin.y, b.origin.y, accuracy: accuracy, "y of \(a) vs \(b)", file: file, line: line)
    XCTAssertEqual(a.size.width, b.size.width, accuracy: accuracy, "width of \(a) vs \(b)", file: file, line: line)
    XCTAssertEqual(a.size.height, b.size.height, accuracy: accuracy, "height of \(a) vs \(b)", file: file, line: line)
}

/// Asserts two transforms are equal entry by entry within `accuracy`.
public func assertEqual(_ a: CATransform3D, _ b: CATransform3D, accuracy: CGFloat = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
    let pairs: [(CGFloat, CGFloat)] = [
        (a.m11, b.m11), (a.m12, b.m12), (a.m13, b.m13), (a.m14, b.m14), (a.m21, b.m21), (a.m22, b.m22),
        (a.m23, b.m23), (a.m24, b.m24), (a.m31, b.m31), (a.m32, b.m32), (a.m33, b.m33), (a.m34, b.m34),
        (a.m41, b.m41), (a.m42, b.m42), (a.m43, b.m43), (a.m44, b.m44),
    ]
    for (index, pair) in pairs.enumerated() {
        XCTAssertEqual(pair.0, pair.1, accuracy: accuracy, "entry \(index) of \(a) vs \(b)", file: file, line: line)
    }
}
