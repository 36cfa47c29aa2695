import Foundation
import LaminaPortRewriter
import XCTest

extension XCTestCase {
    /// Checks that porting `files`' ported text again, together, changes nothing.
    func assertSecondRunChangesNothing(_ files: [PortedFile], file: StaticString = #filePath, line: UInt = #line) {
        let again = Porter(sources: files.map { .init(path: $0.path, text: $0.ported) }, addsMissingImports: false).port()
        XCTAssertEqual(again.map(\.ported), files.map(\.ported), "a second run changes nothing", file: file, line: line)
    }

    /// The text of one of Lamina's own test files (`Tests/LaminaTests/<name>`), which run code the
    /// command writes word for word: a test checks that the command still writes that text.
    func laminaTestFile(_ name: String) throws -> String {
        let laminaRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: laminaRoot.appendingPathComponent("Tests/LaminaTests/\(name)"), encoding: .utf8)
    }
}
