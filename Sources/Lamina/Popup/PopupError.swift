import Foundation
internal import Wayland

/// Why a popup could not be shown or moved.
public enum PopupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The popup's content size is not 1…`ShmBufferPool.maximumDimension` points on each side
    /// (or not finite).
    case invalidSize(CGSize)
    /// The rectangle to show the popup next to is not finite, or lies wholly outside the
    /// parent's surface.
    case invalidAnchorRectangle(CGRect)
    /// The layer given is not in the parent's layer tree.
    case layerNotInParent
    /// The parent is closed or not shown.
    case parentNotShown
    /// The popup is shown already (close it first, or reposition it).
    case alreadyShown
    /// The popup is not shown.
    case notShown
    /// A grab was asked for, but no button press (or touch) of the user came yet whose serial
    /// the compositor requires.
    case noInputEventToGrabWith
    /// A grabbing popup's parent popup does not grab: the compositor would refuse it.
    case parentDoesNotGrab
    /// The connection to the compositor failed (``LaminaError/connectionLost(_:)`` and the
    /// like), or the application is between compositors (``Application/isReconnecting``) and
    /// has none to show the popup on.
    case connectionFailed(LaminaError)

    /// What went wrong, in one sentence.
    public var description: String {
        switch self {
        case .invalidSize(let size):
            return "a popup's size must be 1...\(ShmBufferPool.maximumDimension) points on each side, not \(size)"
        case .invalidAnchorRectangle(let rect):
            return "a popup cannot be shown next to \(rect): it is not finite or lies outside its parent"
        case .layerNotInParent:
            return "a popup is shown next to a layer of its parent's layer tree; this layer is not in it"
        case .parentNotShown:
            return "a popup's parent must be shown (an open window or a shown popup)"
        case .alreadyShown:
            return "the popup is shown already: close it first, or reposition it"
        case .notShown:
            return "the popup is not shown"
        case .noInputEventToGrabWith:
            return "a grabbing popup (a menu) must answer a button press or touch of the user, and none came yet"
        case .parentDoesNotGrab:
            return "a grabbing popup's parent popup must grab too"
        case .connectionFailed(let error):
            return error.description
        }
    }
}
