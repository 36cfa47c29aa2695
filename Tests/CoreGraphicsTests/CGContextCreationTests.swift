import CoreGraphics
import TestSupport
import XCTest

final class CGContextCreationTests: XCTestCase {
    private let rgb = CGColorSpaceCreateDeviceRGB()
    private let native = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue

    private func create(
        _ width: Int, _ height: Int, bitsPerComponent: Int = 8, bytesPerRow: Int = 0, info: UInt32? = nil,
        space: CGColorSpace? = nil
    ) -> CGContext? {
        CGContext(
            data: nil, width: width, height: height, bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow,
            space: space ?? rgb, bitmapInfo: info ?? native)
    }

    /// Creates a context and returns it with the diagnostics printed meanwhile (this case's
    /// alone: standard error is captured around the call).
    private func createCapturingDiagnostics(
        _ width: Int, _ height: Int, bitsPerComponent: Int = 8, bytesPerRow: Int = 0
    ) -> (CGContext?, [String]) {
        var context: CGContext?
        let lines = standardErrorLines {
            context = create(width, height, bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow)
        }
        return (context, lines)
    }

    func testImpossibleSizesReturnNilWithOneDiagnosticEach() {
        for (w, h) in [(0, 10), (10, 0), (-1, 10), (10, -5)] {
            let (context, lines) = createCapturingDiagnostics(w, h)
            XCTAssertNil(context, "\(w)×\(h)")
            XCTAssertEqual(
                lines, ["CGBitmapContextCreate: invalid size \(w)×\(h): width and height must be at least 1"],
                "\(w)×\(h)")
        }
        for (w, h) in [(40000, 10), (10, 40000), (Int.max, Int.max)] {
            let (context, lines) = createCapturingDiagnostics(w, h)
            XCTAssertNil(context, "\(w)×\(h)")
            XCTAssertEqual(
                lines, ["CGBitmapContextCreate: unsupported size \(w)×\(h): Lamina's limit is 32767 on each side"],
                "\(w)×\(h)")
        }
    }

    func testValidSizePrintsNothing() {
        let (context, lines) = createCapturingDiagnostics(32767, 1)
        XCTAssertEqual(context?.width, 32767)
        XCTAssertEqual(context?.height, 1)
        XCTAssertEqual(lines, [])
    }

    func testBytesPerRowTooSmallOrOverflowingReturnsNil() {
        for bytesPerRow in [39, -40] {
            let (context, lines) = createCapturingDiagnostics(10, 10, bytesPerRow: bytesPerRow)
            XCTAssertNil(context, "\(bytesPerRow)")
            XCTAssertEqual(lines.count, 1, "\(bytesPerRow): \(lines)")
            XCTAssertEqual(lines.first?.hasPrefix("CGBitmapContextCreate: invalid data bytes/row"), true, "\(lines)")
        }
        let (overflowing, lines) = createCapturingDiagnostics(10, 10, bytesPerRow: Int.max / 2)
        XCTAssertNil(overflowing)
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertEqual(lines.first?.hasPrefix("CGBitmapContextCreate:"), true, "\(lines)")
        XCTAssertNotNil(create(10, 10, bytesPerRow: 48))
    }

    func testSixteenBitAndFloatContextsFailSayingWhichFormatsWork() throws {
        let extended = try XCTUnwrap(CGColorSpace(name: CGColorSpace.extendedLinearSRGB))
        let formats =
            "Lamina's bitmap contexts are 8 bits/component, 32 bits/pixel RGB (premultipliedFirst, "
            + "premultipliedLast, noneSkipFirst or noneSkipLast; extended-range colours are clamped to 0...1), "
            + "8-bit gray (alpha none) or 8-bit alpha only: "
            + "cairo 1.16 has no 16-bit or float formats to draw into"
        let premultipliedLast = CGImageAlphaInfo.premultipliedLast.rawValue
        let float = CGBitmapInfo.floatComponents.rawValue
        for (bits, info, what) in [
            (16, premultipliedLast, "16 bits/component"),
            (16, premultipliedLast | float | CGBitmapInfo.byteOrder16Little.rawValue, "16-bit float components"),
            (32, premultipliedLast | float | CGBitmapInfo.byteOrder32Little.rawValue, "32-bit float components"),
        ] {
            var context: CGContext?
            let lines = standardErrorLines(of: {
                context = create(4, 4, bitsPerComponent: bits, info: info, space: extended)
            })
            XCTAssertNil(context, what)
            XCTAssertEqual(lines, ["CGBitmapContextCreate: unsupported parameter combination: \(what); \(formats)"])
        }
    }

    func testUnsupportedFormatsReturnNil() {
        XCTAssertNil(create(10, 10, bitsPerComponent: 16))
        XCTAssertNil(create(10, 10, bitsPerComponent: 5))
        XCTAssertNil(create(10, 10, info: CGImageAlphaInfo.last.rawValue), "straight alpha is unsupported, as on Apple")
        XCTAssertNil(create(10, 10, info: CGImageAlphaInfo.none.rawValue))
        XCTAssertNil(create(10, 10, info: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.floatComponents.rawValue))
        XCTAssertNil(create(10, 10, info: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder16Little.rawValue))
        XCTAssertNil(create(10, 10, info: 31))
        XCTAssertNil(create(10, 10, space: CGColorSpaceCreateDeviceGray()))
    }

    func testHugeValidSizeFailsCleanlyWhenMemoryCannotBeHad() throws {
        // Limit the address space to what is mapped now plus 256 MB, then ask for 4 GB.
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        let mappedPages = Int(statm.split(separator: " ").first ?? "0") ?? 0
        var saved = rlimit()
        XCTAssertEqual(getrlimit(Int32(RLIMIT_AS.rawValue), &saved), 0)
        var limited = saved
        limited.rlim_cur = rlim_t(mappedPages * pageSize + 256 << 20)
        XCTAssertEqual(setrlimit(Int32(RLIMIT_AS.rawValue), &limited), 0)
        let (context, lines) = createCapturingDiagnostics(32767, 32767)
        let image = try? CGImage(width: 32767, height: 32767) { _, _ in }
        XCTAssertEqual(setrlimit(Int32(RLIMIT_AS.rawValue), &saved), 0)
        XCTAssertNil(context)
        XCTAssertEqual(
            lines, ["CGBitmapContextCreate: cannot allocate \(32767 * 4 * 32767) bytes for a 32767×32767 context"])
        XCTAssertNil(image)
    }

    func testCallerDataInNativeLayoutIsDrawnInPlace() throws {
        var bytes = [UInt8](repeating: 0, count: 4 * 4 * 2)
        try bytes.withUnsafeMutableBytes { buffer in
            let c = try XCTUnwrap(
                CGContext(
                    data: buffer.baseAddress, width: 4, height: 2, bitsPerComponent: 8, bytesPerRow: 16, space: rgb,
                    bitmapInfo: native))
            XCTAssertEqual(c.data, buffer.baseAddress)
            c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))  // bottom row, first pixel
            c.flush()
        }
        XCTAssertEqual(Array(bytes[16..<20]), [0, 0, 255, 255])
        XCTAssertEqual(Array(bytes[0..<4]), [0, 0, 0, 0])
    }

    func testRGBALayoutIsConvertedIntoCallerData() throws {
        // premultipliedLast with the default byte order: R, G, B, A bytes; rows padded to 20.
        var bytes = [UInt8](repeating: 0, count: 20 * 2)
        bytes[0...3] = [0, 0, 200, 255]  // existing opaque blue pixel at top-left is kept
        try bytes.withUnsafeMutableBytes { buffer in
            let c = try XCTUnwrap(
                CGContext(
                    data: buffer.baseAddress, width: 4, height: 2, bitsPerComponent: 8, bytesPerRow: 20, space: rgb,
                    bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            c.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
            c.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
            c.setFillColor(red: 0, green: 1, blue: 0, alpha: 0.5)
            c.fill(CGRect(x: 2, y: 0, width: 1, height: 1))
            let image = try XCTUnwrap(c.makeImage())
            assertPixel(image, 0, 0, px(0, 0, 200))
            assertPixel(image, 1, 1, px(255, 128, 0))
        }
        XCTAssertEqual(Array(bytes[0..<4]), [0, 0, 200, 255])
        XCTAssertEqual(Array(bytes[24..<28]), [255, 128, 0, 255])
        XCTAssertEqual(Array(bytes[28..<32]), [0, 128, 0, 128])
    }

    func testNoneSkipLayoutsAreOpaque() throws {
        let c = try XCTUnwrap(create(2, 1, info: CGImageAlphaInfo.noneSkipLast.rawValue))
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let image = c.makeImage()
        assertPixel(image, 1, 0, px(0, 0, 0))
        assertPixel(image, 0, 0, px(0, 0, 128), tolerance: 1)
        let data = try XCTUnwrap(c.data)
        XCTAssertEqual(data.load(fromByteOffset: 2, as: UInt8.self), 128)
        XCTAssertEqual(data.load(fromByteOffset: 3, as: UInt8.self), 255)
        let native = try XCTUnwrap(create(2, 1, info: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
        assertPixel(native.makeImage(), 0, 0, px(0, 0, 0))
    }

    func testContextReportsItsParameters() throws {
        let c = try XCTUnwrap(create(7, 3))
        XCTAssertEqual(c.width, 7)
        XCTAssertEqual(c.height, 3)
        XCTAssertEqual(c.bytesPerRow, 28)
        XCTAssertEqual(c.bitsPerComponent, 8)
        XCTAssertEqual(c.bitsPerPixel, 32)
        XCTAssertEqual(c.alphaInfo, .premultipliedFirst)
        XCTAssertEqual(c.bitmapInfo, CGBitmapInfo(rawValue: native))
        XCTAssertEqual(c.colorSpace, rgb)
        XCTAssertNotNil(c.data)
    }

    func testLayerContextRejectsBadScale() {
        XCTAssertNil(CGContext.layerContext(width: 10, height: 10, scale: 0))
        XCTAssertNil(CGContext.layerContext(width: 10, height: 10, scale: .nan))
        XCTAssertNil(CGContext.layerContext(width: 0, height: 10, scale: 1))
    }

    func testContextImageRoundTripsThroughPNG() throws {
        let c = try XCTUnwrap(create(8, 8))
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 8))
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 0.6)
        c.fill(CGRect(x: 4, y: 0, width: 4, height: 8))
        let image = try XCTUnwrap(c.makeImage())
        let decoded = try CGImage(pngData: image.pngData())
        assertPixel(decoded, 0, 0, try XCTUnwrap(image.pixel(x: 0, y: 0)))
        assertPixel(decoded, 6, 6, try XCTUnwrap(image.pixel(x: 6, y: 6)), tolerance: 1)
    }

    func testAnImageTakingTheContextsStorageKeepsWhatWasDrawnAndNothingAfter() throws {
        let c = try XCTUnwrap(create(3, 2))
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 2))
        let image = try XCTUnwrap(c.makeImageTakingStorage())
        // The image holds the context's own memory: no copy.
        XCTAssertEqual(UnsafeRawPointer(image.storage.base), UnsafeRawPointer(c.data))
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 3, height: 2))
        assertPixel(image, 0, 0, px(255, 0, 0))
        assertPixel(image, 2, 1, px(0, 0, 0, 0))  // drawing after it changes nothing
        // Memory the caller owns is copied, as by makeImage().
        var bytes = [UInt8](repeating: 0, count: 3 * 2 * 4)
        try bytes.withUnsafeMutableBytes { raw in
            let own = try XCTUnwrap(
                CGContext(data: raw.baseAddress, width: 3, height: 2, bitsPerComponent: 8, bytesPerRow: 12, space: rgb, bitmapInfo: native))
            own.fill(CGRect(x: 0, y: 0, width: 3, height: 2))
            let copy = try XCTUnwrap(own.makeImageTakingStorage())
            XCTAssertNotEqual(UnsafeRawPointer(copy.storage.base), UnsafeRawPointer(raw.baseAddress))
            own.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
            own.fill(CGRect(x: 0, y: 0, width: 3, height: 2))
            assertPixel(copy, 1, 1, px(0, 0, 0))
        }
    }

    func testMakeImageIsASnapshot() throws {
        let c = try XCTUnwrap(create(2, 2))
        let before = try XCTUnwrap(c.makeImage())
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        assertPixel(before, 0, 0, px(0, 0, 0, 0))
        assertPixel(c.makeImage(), 0, 0, px(0, 0, 0))
    }
}
