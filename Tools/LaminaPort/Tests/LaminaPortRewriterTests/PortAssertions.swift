import LaminaPortRewriter
import XCTest

extension XCTestCase {
    /// Checks that porting `files`' ported text again, together, changes nothing.
    func assertSecondRunChangesNothing(_ files: [PortedFile], file: StaticString = #filePath, line: UInt = #line) {
        let again = Porter(sources: files.map { .init(path: $0.path, text: $0.ported) }, addsMissingImports: false).port()
        XCTAssertEqual(again.map(\.ported), files.map(\.ported), "a second run changes nothing", file: file, line: line)
    }
}
