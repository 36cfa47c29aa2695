import Foundation

/// The accessibility values an app set on a layer, and the bridge's number for it: made the
/// first time one is set or the layer is published to an assistive technology, so a layer
/// nobody describes costs one pointer.
final class CALayerAccessibility {
    var isElement: Bool?
    var label: String?
    var value: String?
    var hint: String?
    var traits: UIAccessibilityTraits?
    var identifier: String?
    var language: String?
    var frame: CGRect?
    var activationPoint: CGPoint?
    var elements: [Any]?
    var elementsHidden = false
    var viewIsModal = false
    var groupsChildren = false
    /// The number the accessibility bridge names this layer by (0: none yet).
    var nodeID: UInt64 = 0
}
