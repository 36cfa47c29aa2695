import QuartzCore
import XCTest

@testable import QuartzCore

/// When cairo cannot do what drawing needs (here: a surface wider than its 32,767-pixel
/// limit), the part is skipped and a `.drawingFailed` diagnostic names what failed and why —
/// never a silent gap in the picture, never a trap.
@MainActor
final class CairoFailureReportingTests: XCTestCase {
    func testALayerBitmapCairoCannotWrapIsReportedAndNotMade() async throws {
        let wide = CARenderLayer(
            bounds: CGRect(x: 0, y: 0, width: 40_000, height: 1), position: CGPoint(x: 20_000, y: 0.5),
            backgroundColor: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        var bitmap: LayerBitmap?
        let diagnostics = capturingDiagnostics {
            bitmap = LayerBitmap(drawing: wide, toDevice: .identity, alpha: 1, box: PixelRect(x0: 0, y0: 0, x1: 40_000, y1: 1))
        }
        XCTAssertNil(bitmap)
        XCTAssertEqual(diagnostics.map(\.code), [.drawingFailed])
        let message = diagnostics.first?.message ?? ""
        // cairo's status 32 is CAIRO_STATUS_INVALID_SIZE (cairo.h); its text is cairo's own.
        XCTAssertTrue(message.hasPrefix("wrapping a 40000×1 layer bitmap failed: "), message)
        XCTAssertTrue(message.hasSuffix("(cairo status 32); that part is not drawn"), message)
    }
}
