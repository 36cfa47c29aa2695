import QuartzCore
internal import Wayland

extension Popup {
    /// A point of a rectangle, or a direction from it: where a popup is anchored on the
    /// rectangle it is shown relative to, and which way it extends from there.
    public enum Position: Sendable {
        /// The centre of the rectangle; as a direction, centred on the anchor point.
        case center
        /// The middle of the top edge; upwards.
        case top
        /// The middle of the bottom edge; downwards.
        case bottom
        /// The middle of the left edge; to the left.
        case left
        /// The middle of the right edge; to the right.
        case right
        /// The top-left corner; up and to the left.
        case topLeft
        /// The top-right corner; up and to the right.
        case topRight
        /// The bottom-left corner; down and to the left.
        case bottomLeft
        /// The bottom-right corner; down and to the right.
        case bottomRight
    }

    /// How the compositor may move or resize a popup that would not fit on screen where it
    /// was placed.
    public struct ConstraintAdjustment: OptionSet, Hashable, Sendable {
        /// The raw `xdg_positioner.constraint_adjustment` bits.
        public let rawValue: UInt32

        /// An adjustment from its raw bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Slide along the x axis until it fits.
        public static let slideX = ConstraintAdjustment(rawValue: 1)
        /// Slide along the y axis until it fits.
        public static let slideY = ConstraintAdjustment(rawValue: 2)
        /// Flip anchor and direction horizontally (a submenu opens to the left at the right
        /// edge of the screen).
        public static let flipX = ConstraintAdjustment(rawValue: 4)
        /// Flip anchor and direction vertically (a menu opens upwards at the bottom of the
        /// screen).
        public static let flipY = ConstraintAdjustment(rawValue: 8)
        /// Shrink the width to what fits.
        public static let resizeX = ConstraintAdjustment(rawValue: 16)
        /// Shrink the height to what fits.
        public static let resizeY = ConstraintAdjustment(rawValue: 32)
        /// Flip first, then slide, on both axes: what menus do.
        public static let menu: ConstraintAdjustment = [.flipX, .flipY, .slideX, .slideY]
    }

    /// Where a popup goes relative to the rectangle it is shown next to.
    public struct Placement: Equatable, Sendable {
        /// The point of the rectangle the popup is anchored at. Default `.bottomLeft`.
        public var anchor: Position
        /// The direction the popup extends from the anchor point. Default `.bottomRight`
        /// (with the default anchor: a menu dropping down from the rectangle's lower-left
        /// corner).
        public var direction: Position
        /// Added to the anchored position, in points. Default zero.
        public var offset: CGPoint
        /// How the compositor may move or resize the popup to keep it on screen. Default
        /// `.menu` (flip, then slide).
        public var constraintAdjustment: ConstraintAdjustment

        /// A placement; the defaults drop the popup down from the rectangle's lower-left corner.
        public init(
            anchor: Position = .bottomLeft, direction: Position = .bottomRight, offset: CGPoint = .zero,
            constraintAdjustment: ConstraintAdjustment = .menu
        ) {
            self.anchor = anchor
            self.direction = direction
            self.offset = offset
            self.constraintAdjustment = constraintAdjustment
        }
    }
}

extension Popup.Position {
    /// The `xdg_positioner` anchor for this point.
    var anchor: XdgPositioner.Anchor { XdgPositioner.Anchor(rawValue: positionerValue) }

    /// The `xdg_positioner` gravity for this direction.
    var gravity: XdgPositioner.Gravity { XdgPositioner.Gravity(rawValue: positionerValue) }

    /// `xdg_positioner`'s anchor and gravity share their values.
    private var positionerValue: UInt32 {
        switch self {
        case .center: 0
        case .top: 1
        case .bottom: 2
        case .left: 3
        case .right: 4
        case .topLeft: 5
        case .bottomLeft: 6
        case .topRight: 7
        case .bottomRight: 8
        }
    }
}
