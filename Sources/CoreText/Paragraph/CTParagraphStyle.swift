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

/// A copy of `paragraphStyle` (Core Text's `CTParagraphStyleCreateCopy`).
@discardableResult
public func CTParagraphStyleCreateCopy(_ paragraphStyle: CTParagraphStyle) -> CTParagraphStyle {
    let copy = NSParagraphStyle()
    copy.take(paragraphStyle.style)
    return CTParagraphStyle(copy)
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
    /// A `CGFloat` start of a paragraph's first line, from the frame's left edge.
    case firstLineHeadIndent = 1
    /// A `CGFloat` start of a paragraph's other lines, from the frame's left edge.
    case headIndent = 2
    /// A `CGFloat` end of lines: from the left edge when positive, in from the right edge otherwise.
    case tailIndent = 3
    /// An array of ``CTTextTab``s (`CFArray`), the tab stops.
    case tabStops = 4
    /// A `CGFloat` distance between the tab stops after the last one.
    case defaultTabInterval = 5
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
    /// A ``CTWritingDirection``, the direction the paragraph's lines run in.
    case baseWritingDirection = 13
    /// A `CGFloat` space between lines.
    case lineSpacingAdjustment = 16
}

/// The direction a paragraph's lines run in (`CTWritingDirection`), with
/// ``NSWritingDirection``'s raw values.
public enum CTWritingDirection: Int8, Sendable {
    /// The direction of the paragraph's first strong character. The default.
    case natural = -1
    /// Left to right.
    case leftToRight = 0
    /// Right to left.
    case rightToLeft = 1
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
@discardableResult
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
                if let alignment = byte().flatMap(CTTextAlignment.init(rawValue:)) { style.alignment = alignment.textAlignment }
            case .firstLineHeadIndent: if let v = float() { style.firstLineHeadIndent = v }
            case .headIndent: if let v = float() { style.headIndent = v }
            case .tailIndent: if let v = float() { style.tailIndent = v }
            case .tabStops:
                // The value is a pointer to an array of text tabs (a `CFArray`).
                guard setting.valueSize == MemoryLayout<CFArray>.size else { break }
                let tabs = setting.value.assumingMemoryBound(to: CFArray.self).pointee
                style.tabStops = tabs.compactMap { ($0 as? CTTextTab)?.tab }
            case .defaultTabInterval: if let v = float() { style.defaultTabInterval = v }
            case .lineBreakMode:
                if let mode = byte().flatMap({ NSLineBreakMode(rawValue: Int($0)) }) { style.lineBreakMode = mode }
            case .lineHeightMultiple: if let v = float() { style.lineHeightMultiple = v }
            case .maximumLineHeight: if let v = float() { style.maximumLineHeight = v }
            case .minimumLineHeight: if let v = float() { style.minimumLineHeight = v }
            case .paragraphSpacing: if let v = float() { style.paragraphSpacing = v }
            case .paragraphSpacingBefore: if let v = float() { style.paragraphSpacingBefore = v }
            case .lineSpacingAdjustment: if let v = float() { style.lineSpacing = v }
            case .baseWritingDirection:
                if let direction = byte().flatMap({ CTWritingDirection(rawValue: Int8(bitPattern: $0)) }),
                    let written = NSWritingDirection(rawValue: Int(direction.rawValue))
                {
                    style.baseWritingDirection = written
                }
            }
        }
    }
    return CTParagraphStyle(style)
}

/// Copies the value of `spec` in `paragraphStyle` into the `valueBufferSize` bytes at
/// `valueBuffer` (Core Text's `CTParagraphStyleGetValueForSpecifier`): a `CGFloat` for the
/// lengths, a byte for the alignment and line break mode, a `CFArray` of ``CTTextTab``s (into
/// an initialized array variable) for the tab stops. False, leaving the buffer alone, when
/// the size is not the value's.
@discardableResult
public func CTParagraphStyleGetValueForSpecifier(
    _ paragraphStyle: CTParagraphStyle, _ spec: CTParagraphStyleSpecifier, _ valueBufferSize: Int,
    _ valueBuffer: UnsafeMutableRawPointer
) -> Bool {
    let style = paragraphStyle.style
    func store<T>(_ value: T) -> Bool {
        guard valueBufferSize == MemoryLayout<T>.size else { return false }
        valueBuffer.assumingMemoryBound(to: T.self).pointee = value
        return true
    }
    switch spec {
    case .alignment: return store(CTTextAlignment(style.alignment).rawValue)
    case .firstLineHeadIndent: return store(style.firstLineHeadIndent)
    case .headIndent: return store(style.headIndent)
    case .tailIndent: return store(style.tailIndent)
    case .tabStops: return store(style.tabStops.map(CTTextTab.init) as CFArray)
    case .defaultTabInterval: return store(style.defaultTabInterval)
    case .lineBreakMode: return store(UInt8(clamping: style.lineBreakMode.rawValue))
    case .lineHeightMultiple: return store(style.lineHeightMultiple)
    case .maximumLineHeight: return store(style.maximumLineHeight)
    case .minimumLineHeight: return store(style.minimumLineHeight)
    case .paragraphSpacing: return store(style.paragraphSpacing)
    case .paragraphSpacingBefore: return store(style.paragraphSpacingBefore)
    case .lineSpacingAdjustment: return store(style.lineSpacing)
    case .baseWritingDirection: return store(Int8(style.baseWritingDirection.rawValue))
    }
}
