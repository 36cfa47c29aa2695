/// A glyph's index in its font (Apple's `CGGlyph`).
public typealias CGGlyph = UInt16
