import CoreGraphics

/// A paragraph's alignment, line breaking and spacing (Core Text's `CTParagraphStyle`), the
/// value of ``kCTParagraphStyleAttributeName``; read like an ``NSParagraphStyle``.
public final class CTParagraphStyle: @unchecked Sendable {
    /// The style's values.
    let style: NSParagraphStyle

    init(_ style: NSParagraphStyle) {
        self.style = style
    }
}

/// Core Text's text alignment (`CTTextAlignment`).
public enum CTTextAlignment: UInt8, Sendable {
    /// Left.
    case left = 0
    /// Right.
    case right = 1
    /// Centred.
    case center = 2
    /// Justified.
    case justified = 3
    /// From the script's starting edge. The default.
    case natural = 4
}

/// Core Text's line break modes (`CTLineBreakMode`), with ``NSLineBreakMode``'s raw values.
public enum CTLineBreakMode: UInt8, Sendable {
    /// Between words. The default.
    case byWordWrapping = 0
    /// Between characters.
    case byCharWrapping = 1
    /// Not wrapped; clipped.
    case byClipping = 2
    /// Not wrapped; the start replaced by an ellipsis.
    case byTruncatingHead = 3
    /// Not wrapped; the end replaced by an ellipsis.
    case byTruncatingTail = 4
    /// Not wrapped; the middle replaced by an ellipsis.
    case byTruncatingMiddle = 5
}

/// Which value a ``CTParagraphStyleSetting`` sets (`CTParagraphStyleSpecifier`).
public enum CTParagraphStyleSpecifier: UInt32, Sendable {
    /// A ``CTTextAlignment``.
    case alignment = 0
    /// A ``CTLineBreakMode``.
    case lineBreakMode = 6
    /// A `CGFloat` line height multiple.
    case lineHeightMultiple = 7
    /// A `CGFloat` greatest line height.
    case maximumLineHeight = 8
    /// A `CGFloat` least line height.
    case minimumLineHeight = 9
    /// A `CGFloat` space after the paragraph.
    case paragraphSpacing = 11
    /// A `CGFloat` space before the paragraph.
    case paragraphSpacingBefore = 12
    /// A `CGFloat` space between lines.
    case lineSpacingAdjustment = 16
}

/// One value of a paragraph style (`CTParagraphStyleSetting`).
public struct CTParagraphStyleSetting {
    /// Which value.
    public var spec: CTParagraphStyleSpecifier
    /// The size of the value in bytes.
    public var valueSize: Int
    /// The value.
    public var value: UnsafeRawPointer

    /// A setting of `spec` to the `valueSize` bytes at `value`.
    public init(spec: CTParagraphStyleSpecifier, valueSize: Int, value: UnsafeRawPointer) {
        self.spec = spec
        self.valueSize = valueSize
        self.value = value
    }
}

/// A paragraph style with `settingCount` settings (Core Text's `CTParagraphStyleCreate`);
/// settings of the wrong size, or unknown alignments and modes, are ignored.
public func CTParagraphStyleCreate(_ settings: UnsafePointer<CTParagraphStyleSetting>?, _ settingCount: Int) -> CTParagraphStyle {
    let style = NSMutableParagraphStyle()
    if let settings {
        for setting in UnsafeBufferPointer(start: settings, count: max(settingCount, 0)) {
            func float() -> CGFloat? {
                guard setting.valueSize == MemoryLayout<CGFloat>.size else { return nil }
                let value = setting.value.loadUnaligned(as: CGFloat.self)
                return value.isFinite ? value : nil
            }
            func byte() -> UInt8? {
                setting.valueSize == 1 ? setting.value.load(as: UInt8.self) : nil
            }
            switch setting.spec {
            case .alignment:
                let alignment: NSTextAlignment? =
                    switch byte().flatMap(CTTextAlignment.init(rawValue:)) {
                    case .left: .left
                    case .right: .right
                    case .center: .center
                    case .justified: .justified
                    case .natural: .natural
                    case nil: nil
                    }
                if let alignment { style.alignment = alignment }
            case .lineBreakMode:
                if let mode = byte().flatMap({ NSLineBreakMode(rawValue: Int($0)) }) { style.lineBreakMode = mode }
            case .lineHeightMultiple: if let v = float() { style.lineHeightMultiple = v }
            case .maximumLineHeight: if let v = float() { style.maximumLineHeight = v }
            case .minimumLineHeight: if let v = float() { style.minimumLineHeight = v }
            case .paragraphSpacing: if let v = float() { style.paragraphSpacing = v }
            case .paragraphSpacingBefore: if let v = float() { style.paragraphSpacingBefore = v }
            case .lineSpacingAdjustment: if let v = float() { style.lineSpacing = v }
            }
        }
    }
    return CTParagraphStyle(style)
}
