import Foundation

/// Core Foundation's bytes (Apple's `CFData`), as Foundation's `Data`, so `data as CFData`
/// compiles and costs nothing.
public typealias CFData = Data

/// Core Foundation's growable bytes (Apple's `CFMutableData`), as Foundation's
/// `NSMutableData`, so `NSMutableData() as CFMutableData` compiles.
public typealias CFMutableData = NSMutableData
