import QuartzCore
import XCTest

/// Runs `body` with diagnostics captured instead of printed; returns them.
@MainActor
func capturingDiagnostics(_ body: () -> Void) -> [CALayerDiagnostic] {
    var captured: [CALayerDiagnostic] = []
    let previous = CALayer.diagnosticHandler
    CALayer.diagnosticHandler = { captured.append($0) }
    body()
    CALayer.diagnosticHandler = previous
    return captured
}

/// Commits anything earlier tests left pending and removes the scheduler.
@MainActor
func resetTransactions() {
    CATransaction.implicitCommitScheduler = nil
    CATransaction.flush()
}

/// A pixel as the tests spell it.
func rgba(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> CGImage.Pixel {
    CGImage.Pixel(red: r, green: g, blue: b, alpha: a)
}

/// Asserts two points are equal within `accuracy`.
func assertEqual(_ a: CGPoint, _ b: CGPoint, accuracy: CGFloat = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.x, b.x, accuracy: accuracy, "x of \(a) vs \(b)", file: file, line: line)
    XCTAssertEqual(a.y, b.y, accuracy: accuracy, "y of \(a) vs \(b)", file: file, line: line)
}

/// Asserts two rectangles are equal within `accuracy`.
func assertEqual(_ a: CGRect, _ b: CGRect, accuracy: CGFloat = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.origin.x, b.origin.x, accuracy: accuracy, "x of \(a) vs \(b)", file: file, line: line)
    XCTAssertEqual(a.origin.y, b.origin.y, accuracy: accuracy, "y of \(a) vs \(b)", file: file, line: line)
    XCTAssertEqual(a.size.width, b.size.width, accuracy: accuracy, "width of \(a) vs \(b)", file: file, line: line)
    XCTAssertEqual(a.size.height, b.size.height, accuracy: accuracy, "height of \(a) vs \(b)", file: file, line: line)
}

/// Asserts two transforms are equal entry by entry within `accuracy`.
func assertEqual(_ a: CATransform3D, _ b: CATransform3D, accuracy: CGFloat = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
    let pairs: [(CGFloat, CGFloat)] = [
        (a.m11, b.m11), (a.m12, b.m12), (a.m13, b.m13), (a.m14, b.m14), (a.m21, b.m21), (a.m22, b.m22),
        (a.m23, b.m23), (a.m24, b.m24), (a.m31, b.m31), (a.m32, b.m32), (a.m33, b.m33), (a.m34, b.m34),
        (a.m41, b.m41), (a.m42, b.m42), (a.m43, b.m43), (a.m44, b.m44),
    ]
    for (index, pair) in pairs.enumerated() {
        XCTAssertEqual(pair.0, pair.1, accuracy: accuracy, "entry \(index) of \(a) vs \(b)", file: file, line: line)
    }
}

/// An image whose pixel at (x, y) (row 0 at the top) is `pixel(x, y)`, given premultiplied.
/// Falls back to a 1×1 transparent image if the size is invalid (tests use valid sizes).
func makeImage(width: Int, height: Int, _ pixel: (Int, Int) -> CGImage.Pixel) -> CGImage {
    let image = try? CGImage(width: width, height: height) { buffer, bytesPerRow in
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x, y)
                let offset = y * bytesPerRow + x * 4
                buffer[offset] = p.blue
                buffer[offset + 1] = p.green
                buffer[offset + 2] = p.red
                buffer[offset + 3] = p.alpha
            }
        }
    }
    XCTAssertNotNil(image, "test image \(width)×\(height)")
    return image ?? fallbackImage
}

/// A 1×1 transparent image, so the helper needs no force unwrap.
private let fallbackImage = makeRawImage()

private func makeRawImage() -> CGImage {
    let bytes: [UInt8] = [0, 0, 0, 0]
    guard let image = try? CGImage(width: 1, height: 1, bytesPerRow: 4, premultipliedBGRA: bytes) else {
        preconditionFailure("a 1×1 image cannot fail")
    }
    return image
}

/// Opaque primaries and their premultiplied pixels, shared by the rendering tests.
@MainActor
protocol RenderingSwatches {}

extension RenderingSwatches {
    var red: CGColor { CGColor(red: 1, green: 0, blue: 0, alpha: 1) }
    var green: CGColor { CGColor(red: 0, green: 1, blue: 0, alpha: 1) }
    var blue: CGColor { CGColor(red: 0, green: 0, blue: 1, alpha: 1) }
    var clear: CGImage.Pixel { rgba(0, 0, 0, 0) }
    var redPixel: CGImage.Pixel { rgba(255, 0, 0, 255) }
    var greenPixel: CGImage.Pixel { rgba(0, 255, 0, 255) }
    var bluePixel: CGImage.Pixel { rgba(0, 0, 255, 255) }
}
