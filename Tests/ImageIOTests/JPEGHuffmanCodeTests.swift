@testable import ImageIO
import XCTest

/// The Huffman codes the JPEG writer makes for its symbols: prefix-free (Kraft's sum at most
/// 1, no code of all ones, which JPEG reserves), at most 16 bits long, and shorter for more
/// frequent symbols — checked here from the code lengths alone.
final class JPEGHuffmanCodeTests: XCTestCase {
    private func check(_ counts: [Int], file: StaticString = #filePath, line: UInt = #line) {
        let code = JPEGEncoder.HuffmanCode(counts: counts + [Int](repeating: 0, count: 257 - counts.count))
        let used = counts.indices.filter { counts[$0] > 0 }
        let lengths = used.map { code.lengths[$0] }
        XCTAssertTrue(lengths.allSatisfy { (1...16).contains($0) }, "lengths \(lengths)", file: file, line: line)
        let kraft = lengths.reduce(0.0) { $0 + pow(2, -Double($1)) }
        XCTAssertLessThan(kraft, 1, "Kraft's sum \(kraft): one code point is left for the reserved all-ones code", file: file, line: line)
        for a in used {
            for b in used where a != b {
                let (shorter, longer) = code.lengths[a] <= code.lengths[b] ? (a, b) : (b, a)
                let prefix = code.codes[longer] >> (code.lengths[longer] - code.lengths[shorter])
                XCTAssertNotEqual(prefix, code.codes[shorter], "\(shorter)'s code starts \(longer)'s", file: file, line: line)
            }
            XCTAssertNotEqual(code.codes[a], (1 << code.lengths[a]) - 1, "an all-ones code", file: file, line: line)
        }
        // The specification's counts and symbols describe the same code.
        XCTAssertEqual(code.specification.prefix(16).reduce(0) { $0 + Int($1) }, used.count, file: file, line: line)
    }

    func testSkewedCountsWhoseTreeIsDeeperThanSixteenAreLimited() {
        // Counts each larger than all before together (powers of 3) join one at a time: an
        // optimal code's lengths would run 1, 2, … 24 (Python's heapq Huffman gives that).
        let skewed = (0..<24).map { Int(pow(3.0, Double($0))) }
        check(skewed)
        let code = JPEGEncoder.HuffmanCode(counts: skewed + [Int](repeating: 0, count: 257 - 24))
        XCTAssertEqual((0..<24).map { code.lengths[$0] }.max(), 16, "the deepest codes are cut to 16 bits")
        XCTAssertLessThanOrEqual(code.lengths[23], code.lengths[0], "the most frequent symbol's code is not longer")
    }

    func testEvenAndSingleCountsMakeValidCodes() {
        check([5])
        check([3, 3])
        check([Int](repeating: 7, count: 162))
        check((0..<256).map { $0 % 3 == 0 ? 0 : $0 })
    }
}
