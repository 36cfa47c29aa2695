import Foundation
import Lamina
import LaminaTesting
import XCTest

/// The getting-started article's headless sample runs as written, on a real headless sway
/// (as the end-to-end tests do), and leaves its screenshot where it says.
@MainActor
final class HeadlessSampleTests: XCTestCase {
    func testTheHeadlessSampleTakesItsScreenshot() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path))
        defer {
            _ = FileManager.default.changeCurrentDirectoryPath(previous)
            try? FileManager.default.removeItem(at: folder)
        }
        try await GettingStartedSamples.runHeadless()
        let image = try CGImage(contentsOfPNGFile: folder.appendingPathComponent("hello.png"))
        let card = try XCTUnwrap(image.pixel(x: 100, y: 100))   // (0.2, 0.5, 0.9) within rounding
        XCTAssertEqual(Double(card.red), 51, accuracy: 1)
        XCTAssertEqual(Double(card.green), 127.5, accuracy: 1)
        XCTAssertEqual(Double(card.blue), 229.5, accuracy: 1)
        XCTAssertEqual(card.alpha, 255)
    }
}
