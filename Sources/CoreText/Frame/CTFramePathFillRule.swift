import CoreGraphics
import Foundation

/// Which parts of a frame's path are inside it (Core Text's `CTFramePathFillRule`).
public enum CTFramePathFillRule: UInt32, Sendable {
    /// Inside where a ray out crosses an odd number of the path's edges: a subpath within
    /// another is a hole. The default.
    case evenOdd = 0
    /// Inside where the path winds a nonzero number of times.
    case windingNumber = 1

    /// The rule `frameAttributes` gives under ``kCTFramePathFillRuleAttributeName`` (a
    /// ``CTFramePathFillRule`` or its raw value), else ``evenOdd``.
    static func `in`(_ frameAttributes: [String: Any]?) -> CTFramePathFillRule {
        switch frameAttributes?[kCTFramePathFillRuleAttributeName] {
        case let rule as CTFramePathFillRule: rule
        case let raw as UInt32: CTFramePathFillRule(rawValue: raw) ?? .evenOdd
        case let raw as Int: raw == 1 ? .windingNumber : .evenOdd
        case let number as NSNumber: number.intValue == 1 ? .windingNumber : .evenOdd
        default: .evenOdd
        }
    }

    /// The same rule for Core Graphics.
    var pathFillRule: CGPathFillRule {
        self == .windingNumber ? .winding : .evenOdd
    }
}

/// The frame attribute that says how the inside of a frame's path is found (Core Text's
/// `kCTFramePathFillRuleAttributeName`): a ``CTFramePathFillRule``'s raw value.
public let kCTFramePathFillRuleAttributeName: CFString = "CTFramePathFillRule"
