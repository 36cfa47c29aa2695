import Foundation
import QuartzCore

/// Apple's `UIAccessibility` namespace: notifications an app posts to assistive
/// technologies.
@MainActor
public enum UIAccessibility {
    /// A notification an app posts to assistive technologies (Apple's
    /// `UIAccessibility.Notification`).
    public struct Notification: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt32

        /// Creates a notification from a raw value.
        public init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// A large part of the screen changed (a new window, a new view): assistive
        /// technologies read the tree again. The argument, if a layer, gets the focus.
        public static let screenChanged = Notification(rawValue: 1000)
        /// The layout of part of the screen changed (an element appeared or went): assistive
        /// technologies update. The argument, if a layer, gets the focus.
        public static let layoutChanged = Notification(rawValue: 1001)
        /// Speak a message: the argument is the `String` (or `NSAttributedString`) to announce.
        public static let announcement = Notification(rawValue: 1008)
        /// Content scrolled: the argument is a `String` that says where the user is now.
        public static let pageScrolled = Notification(rawValue: 1009)
    }

    /// Posts `notification` with its `argument` to the assistive technologies of every open
    /// ``Application`` (on Linux, as AT-SPI events). Does nothing when none is present.
    ///
    /// - `.announcement`, `.pageScrolled`: `argument` is the text spoken (`String` or
    ///   `NSAttributedString`; anything else is ignored).
    /// - `.screenChanged`, `.layoutChanged`: the layer trees are published again at once;
    ///   a `CALayer` argument becomes its window's focused layer, which assistive
    ///   technologies follow.
    public static func post(notification: Notification, argument: Any?) {
        for application in Application.open {
            let bridge = application.accessibility
            switch notification {
            case .announcement, .pageScrolled:
                let text = (argument as? String) ?? (argument as? NSAttributedString)?.string
                if let text, !text.isEmpty { bridge.announce(text) }
            default:
                if let layer = argument as? CALayer {
                    bridge.moveFocus(to: layer)
                } else {
                    bridge.setNeedsUpdate()
                }
            }
        }
    }

    /// Whether the user asked for less motion (Apple's `isReduceMotionEnabled`): on Linux, the
    /// desktop's animations turned off — GNOME's and GTK's `enable-animations` setting
    /// (`org.gnome.desktop.interface`), read each time from where the desktop keeps it. False
    /// where the desktop keeps no such setting. When it is true, animate less: cross-fade in
    /// place of sliding, zooming or spinning, or make the change at once.
    nonisolated public static var isReduceMotionEnabled: Bool {
        MotionPreference.reducesMotion()
    }

    /// Whether an assistive technology (a screen reader or another AT-SPI client) is present
    /// for any open application: Lamina then publishes its layer trees. Apple's nearest is
    /// `UIAccessibility.isVoiceOverRunning`.
    public static var isAssistiveTechnologyRunning: Bool {
        Application.open.contains { $0.accessibility.isPublishing }
    }
}
