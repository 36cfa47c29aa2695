import CoreGraphics
import Foundation

/// The frame attribute holding paths a frame's text flows around (Core Text's
/// `kCTFrameClippingPathsAttributeName`): an array of dictionaries, each with a path
/// (``kCTFramePathClippingPathAttributeName``) and, optionally, the rule that finds its inside
/// (``kCTFramePathFillRuleAttributeName``, even-odd by default). No line goes where a
/// clipping path's inside is, at any height of the line.
public let kCTFrameClippingPathsAttributeName: CFString = "CTFrameClippingPaths"

/// A clipping path's path (Core Text's `kCTFramePathClippingPathAttributeName`): a `CGPath`,
/// in the coordinates of the frame's path.
public let kCTFramePathClippingPathAttributeName: CFString = "CTFramePathClippingPath"

/// The frame attribute for the width of the frame's path (Core Text's
/// `kCTFramePathWidthAttributeName`): a number, 0 by default. Lamina accepts it; the lines of
/// a frame are placed in its path as without it.
public let kCTFramePathWidthAttributeName: CFString = "CTFramePathWidth"

/// The frame attribute for the direction lines stack in (Core Text's
/// `kCTFrameProgressionAttributeName`): a ``CTFrameProgression``'s raw value.
public let kCTFrameProgressionAttributeName: CFString = "CTFrameProgression"

/// The direction a frame's lines stack in (Core Text's `CTFrameProgression`).
///
/// Lamina lays lines out top to bottom: a frame asked for vertical lines
/// (``rightToLeft``, ``leftToRight``) is laid out with horizontal ones, and a diagnostic on
/// standard error says so.
public enum CTFrameProgression: UInt32, Sendable {
    /// Horizontal lines, the first at the top. The default.
    case topToBottom = 0
    /// Vertical lines, the first at the right (Japanese and Chinese vertical text).
    case rightToLeft = 1
    /// Vertical lines, the first at the left (Mongolian).
    case leftToRight = 2

    /// The progression `frameAttributes` asks for (a ``CTFrameProgression`` or its raw
    /// value), else ``topToBottom``.
    static func `in`(_ frameAttributes: [String: Any]?) -> CTFrameProgression {
        switch frameAttributes?[kCTFrameProgressionAttributeName] {
        case let progression as CTFrameProgression: progression
        case let raw as UInt32: CTFrameProgression(rawValue: raw) ?? .topToBottom
        case let raw as Int: CTFrameProgression(rawValue: UInt32(clamping: raw)) ?? .topToBottom
        case let number as NSNumber: CTFrameProgression(rawValue: number.uint32Value) ?? .topToBottom
        default: .topToBottom
        }
    }
}

/// A frame's clipping paths, each with the rule that finds its inside.
struct FrameClippingPaths {
    var paths: [(path: CGPath, rule: CGPathFillRule)]

    /// The clipping paths `frameAttributes` gives under ``kCTFrameClippingPathsAttributeName``;
    /// entries without a path are left out.
    init(_ frameAttributes: [String: Any]?) {
        let entries = frameAttributes?[kCTFrameClippingPathsAttributeName] as? [Any] ?? []
        paths = entries.compactMap { entry in
            guard let dictionary = stringKeyedDictionary(entry), let path = dictionary[kCTFramePathClippingPathAttributeName] as? CGPath
            else { return nil }
            return (path, CTFramePathFillRule.in(dictionary).pathFillRule)
        }
    }
}

/// What frames report about attributes Lamina does not honour.
enum CTFrameDiagnostics {
    /// Reports a frame asked for vertical lines.
    static func reportProgression(_ progression: CTFrameProgression) {
        guard progression != .topToBottom else { return }
        Diagnostics.log(
            "CTFramesetterCreateFrame: vertical frames (kCTFrameProgressionAttributeName \(progression)) are not supported; "
                + "the lines are laid out top to bottom")
    }
}
