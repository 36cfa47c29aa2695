/// Core Text's version on macOS 10.5 (Apple's `kCTVersionNumber10_5`), for comparing with
/// ``CTGetCoreTextVersion()``; the others are named alike, with Apple's values.
public let kCTVersionNumber10_5: Int32 = 0x0002_0000
/// Core Text's version on macOS 10.5.2.
public let kCTVersionNumber10_5_2: Int32 = 0x0002_0001
/// Core Text's version on macOS 10.5.3.
public let kCTVersionNumber10_5_3: Int32 = 0x0002_0002
/// Core Text's version on macOS 10.5.5.
public let kCTVersionNumber10_5_5: Int32 = 0x0002_0003
/// Core Text's version on macOS 10.6.
public let kCTVersionNumber10_6: Int32 = 0x0003_0000
/// Core Text's version on macOS 10.7 and iOS 5.
public let kCTVersionNumber10_7: Int32 = 0x0004_0000
/// Core Text's version on macOS 10.8 and iOS 6.
public let kCTVersionNumber10_8: Int32 = 0x0005_0000
/// Core Text's version on macOS 10.9 and iOS 7.
public let kCTVersionNumber10_9: Int32 = 0x0006_0000
/// Core Text's version on macOS 10.10 and iOS 8.
public let kCTVersionNumber10_10: Int32 = 0x0007_0000
/// Core Text's version on macOS 10.11 and iOS 9.
public let kCTVersionNumber10_11: Int32 = 0x0008_0000
/// Core Text's version on macOS 10.12 and iOS 10.
public let kCTVersionNumber10_12: Int32 = 0x0009_0000
/// Core Text's version on macOS 10.13 and iOS 11.
public let kCTVersionNumber10_13: Int32 = 0x000A_0000
/// Core Text's version on macOS 10.14 and iOS 12.
public let kCTVersionNumber10_14: Int32 = 0x000B_0000
/// Core Text's version on macOS 10.15 and iOS 13.
public let kCTVersionNumber10_15: Int32 = 0x000C_0000
/// Core Text's version on macOS 11 and iOS 14.
public let kCTVersionNumber11_0: Int32 = 0x000D_0000

/// The version of Core Text Lamina stands for (Core Text's `CTGetCoreTextVersion`): the
/// newest version it names, ``kCTVersionNumber11_0``, so that checks for an older version's
/// features pass (`CTGetCoreTextVersion() >= UInt32(kCTVersionNumber10_9)`).
public func CTGetCoreTextVersion() -> UInt32 {
    UInt32(kCTVersionNumber11_0)
}
