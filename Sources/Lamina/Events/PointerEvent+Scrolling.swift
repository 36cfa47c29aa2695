import Foundation
import QuartzCore

// What a scroll event says beyond its amounts: the device, the phase of a finger scroll, wheel
// steps — with AppKit's names (`NSEvent`) where AppKit has the same thing.
//
// | Lamina | Wayland (`wl_pointer`) | AppKit (`NSEvent`) |
// |---|---|---|
// | `.scrolled(vertical:horizontal:)` | `axis` (positive: down, right) | — |
// | `scrollingDeltaY`, `scrollingDeltaX` | `axis` negated | `scrollingDeltaY`, `scrollingDeltaX` (positive: up, left) |
// | `hasPreciseScrollingDeltas` | `axis_source` finger or continuous | `hasPreciseScrollingDeltas` |
// | `scrollSource` | `axis_source` | — |
// | `scrollingSteps` | `axis_value120` ÷ 120, or `axis_discrete` | — (a wheel's lines) |
// | `phase` | finger `axis` … `axis_stop` | `phase` |
// | `momentumPhase` | — (always empty) | `momentumPhase` |
// | `isDirectionInvertedFromDevice` | `axis_relative_direction` inverted | `isDirectionInvertedFromDevice` |
extension PointerEvent {
    /// The phase of a scroll made by fingers on a touchpad, as AppKit's `NSEvent.Phase`.
    public struct Phase: OptionSet, Hashable, Sendable {
        /// The bits, with AppKit's values.
        public let rawValue: UInt
        /// Wraps bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The first event of a finger scroll.
        public static let began = Phase(rawValue: 1 << 0)
        /// The fingers are down and still (AppKit; Wayland compositors do not report it).
        public static let stationary = Phase(rawValue: 1 << 1)
        /// A further event of a finger scroll.
        public static let changed = Phase(rawValue: 1 << 2)
        /// The fingers left the touchpad (`wl_pointer.axis_stop`): the scroll is over, and
        /// kinetic scrolling (the app's own deceleration) may start.
        public static let ended = Phase(rawValue: 1 << 3)
        /// The scroll was interrupted: the pointer left the surface before the fingers lifted,
        /// so its end goes elsewhere.
        public static let cancelled = Phase(rawValue: 1 << 4)
        /// Fingers touched the touchpad (AppKit; Wayland compositors do not report it).
        public static let mayBegin = Phase(rawValue: 1 << 5)
    }

    /// The kind of device a scroll came from (`wl_pointer.axis_source`).
    public enum ScrollSource: Equatable, Sendable {
        /// A wheel turned by detents.
        case wheel
        /// Fingers on a touchpad: the scroll has phases, ending with `.ended`.
        case finger
        /// Another device scrolling in a continuous space (a trackpoint, a button held to
        /// scroll); its end may or may not be reported.
        case continuous
        /// A wheel tilted sideways.
        case wheelTilt
    }

    /// What the device said about a scroll (kept with the event; read through the public
    /// properties below).
    struct Scrolling: Equatable {
        var source: ScrollSource?
        var phase: Phase = []
        var steps: (vertical: Double, horizontal: Double) = (0, 0)
        var isInverted = false

        static func == (lhs: Scrolling, rhs: Scrolling) -> Bool {
            lhs.source == rhs.source && lhs.phase == rhs.phase && lhs.steps == rhs.steps && lhs.isInverted == rhs.isInverted
        }
    }

    /// The scroll's amounts, as `.scrolled` carries them; zero for other kinds.
    private var scrolledAmounts: (vertical: Double, horizontal: Double) {
        if case .scrolled(let vertical, let horizontal) = kind { return (vertical, horizontal) }
        return (0, 0)
    }

    /// The vertical scroll with AppKit's sign: positive when the content should move down
    /// (the user scrolled up). It is the `.scrolled` vertical amount negated, in points —
    /// also for a wheel, where AppKit counts lines (`hasPreciseScrollingDeltas` false): a
    /// Wayland compositor gives a wheel's detent as a distance (15 points with libinput).
    /// 0 for other kinds.
    public var scrollingDeltaY: CGFloat { CGFloat(-scrolledAmounts.vertical) }

    /// The horizontal scroll with AppKit's sign: positive when the content should move right
    /// (the user scrolled left); the `.scrolled` horizontal amount negated, in points.
    public var scrollingDeltaX: CGFloat { CGFloat(-scrolledAmounts.horizontal) }

    /// Whether the scroll came from a device that scrolls smoothly by points — fingers on a
    /// touchpad or another continuous device — rather than by a wheel's detents. Without a
    /// source from the compositor: whether the event has no wheel steps. False for other
    /// kinds.
    public var hasPreciseScrollingDeltas: Bool {
        guard case .scrolled = kind else { return false }
        switch scrolling.source {
        case .finger?, .continuous?: return true
        case .wheel?, .wheelTilt?: return false
        case nil: return scrolling.steps == (0, 0)
        }
    }

    /// The device the scroll came from; nil when the compositor did not say (it need not)
    /// and for other kinds.
    public var scrollSource: ScrollSource? { scrolling.source }

    /// The wheel's detents in this scroll along each axis, with the `.scrolled` signs
    /// (positive: down, right): whole steps from a compositor of pointer version 5 to 7
    /// (`axis_discrete`), fractions of a step from a high-resolution wheel on version 8 and
    /// later (`axis_value120` ÷ 120). (0, 0) when the device has no detents (fingers) or the
    /// compositor sent none.
    public var scrollingSteps: (vertical: Double, horizontal: Double) { scrolling.steps }

    /// Where a scroll made by fingers on a touchpad is: `.began` on its first event,
    /// `.changed` on the next ones, `.ended` when the fingers lift (a scroll of 0, 0), or
    /// `.cancelled` when the pointer leaves the surface first (a scroll of 0, 0 just before
    /// `.exited`). Empty for a wheel's or another device's scroll, as AppKit's is for a mouse
    /// wheel, and for other kinds.
    public var phase: Phase { scrolling.phase }

    /// The phase of momentum (kinetic) scrolling the system adds after the fingers lift, as
    /// in AppKit. Always empty: Wayland compositors add no momentum — an app that wants it
    /// decelerates by itself from the `.ended` phase (with a `CADisplayLink`).
    public var momentumPhase: Phase { [] }

    /// Whether the scroll's direction is the inverse of the fingers' or wheel's physical
    /// motion ("natural scrolling"), as the compositor reports it
    /// (`wl_pointer.axis_relative_direction`, version 9: sway 1.7 does not send it). Default:
    /// false.
    public var isDirectionInvertedFromDevice: Bool { scrolling.isInverted }
}
