import CoreText
import XCTest

// Apple's values of the version numbers (CTDefines.h; PyObjC's Core Text tests check the same
// numbers against Apple's framework).
final class CoreTextVersionTests: XCTestCase {
    func testTheVersionNumbersAreApplesAndTheVersionIsTheNewest() {
        let versions: [(Int32, Int32)] = [
            (kCTVersionNumber10_5, 0x0002_0000), (kCTVersionNumber10_5_2, 0x0002_0001), (kCTVersionNumber10_5_3, 0x0002_0002),
            (kCTVersionNumber10_5_5, 0x0002_0003), (kCTVersionNumber10_6, 0x0003_0000), (kCTVersionNumber10_7, 0x0004_0000),
            (kCTVersionNumber10_8, 0x0005_0000), (kCTVersionNumber10_9, 0x0006_0000), (kCTVersionNumber10_10, 0x0007_0000),
            (kCTVersionNumber10_11, 0x0008_0000), (kCTVersionNumber10_12, 0x0009_0000), (kCTVersionNumber10_13, 0x000A_0000),
            (kCTVersionNumber10_14, 0x000B_0000), (kCTVersionNumber10_15, 0x000C_0000), (kCTVersionNumber11_0, 0x000D_0000),
        ]
        for (constant, value) in versions {
            XCTAssertEqual(constant, value)
            XCTAssertGreaterThanOrEqual(CTGetCoreTextVersion(), UInt32(constant))
        }
        XCTAssertEqual(CTGetCoreTextVersion(), 0x000D_0000)
    }
}
