/// A UTF-16 code unit (Core Foundation's `UniChar`).
public typealias UniChar = UInt16
