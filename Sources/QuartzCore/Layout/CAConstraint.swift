import CoreGraphics
import Foundation

/// One rule of a constraint layout (Apple's `CAConstraint`, from macOS): an attribute of a
/// layer's frame equals an attribute of another layer's, times ``scale``, plus ``offset``.
///
/// Add constraints to a layer with ``CALayer/addConstraint(_:)``; the layer's superlayer
/// applies them when its ``CALayer/layoutManager`` is a ``CAConstraintLayoutManager``. The
/// other layer is named by ``sourceName``: `"superlayer"` for the superlayer (its bounds), or
/// the ``CALayer/name`` of a sibling (its frame, after its own constraints).
public final class CAConstraint: CustomStringConvertible, @unchecked Sendable {
    /// The attribute of the constrained layer's frame the constraint sets.
    public let attribute: CAConstraintAttribute
    /// The name of the layer the value is read from: `"superlayer"`, or a sibling's name.
    public let sourceName: String
    /// The attribute of the source layer the value is read from.
    public let sourceAttribute: CAConstraintAttribute
    /// What the source's value is multiplied by. 1 unless given.
    public let scale: CGFloat
    /// What is added to the scaled value. 0 unless given.
    public let offset: CGFloat

    /// A constraint setting `attribute` to `srcAttr` of the layer named `srcLayer`, times `m`,
    /// plus `c`.
    public init(
        attribute: CAConstraintAttribute, relativeTo srcLayer: String, attribute srcAttr: CAConstraintAttribute,
        scale m: CGFloat, offset c: CGFloat
    ) {
        self.attribute = attribute
        sourceName = srcLayer
        sourceAttribute = srcAttr
        scale = m
        offset = c
    }

    /// A constraint setting `attribute` to `srcAttr` of the layer named `srcLayer` plus `c`
    /// (a scale of 1).
    public convenience init(
        attribute: CAConstraintAttribute, relativeTo srcLayer: String, attribute srcAttr: CAConstraintAttribute,
        offset c: CGFloat
    ) {
        self.init(attribute: attribute, relativeTo: srcLayer, attribute: srcAttr, scale: 1, offset: c)
    }

    /// A constraint setting `attribute` to `srcAttr` of the layer named `srcLayer` (a scale of
    /// 1, an offset of 0).
    public convenience init(attribute: CAConstraintAttribute, relativeTo srcLayer: String, attribute srcAttr: CAConstraintAttribute) {
        self.init(attribute: attribute, relativeTo: srcLayer, attribute: srcAttr, scale: 1, offset: 0)
    }

    /// `"<attribute> = <source>.<attribute> * scale + offset"`.
    public var description: String {
        "\(attribute) = \(sourceName).\(sourceAttribute) * \(scale) + \(offset)"
    }
}
