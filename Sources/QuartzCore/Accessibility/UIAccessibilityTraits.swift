/// What an accessibility element is and how it behaves, as assistive technologies describe
/// it: a button, a link, a header, selected, not enabled, adjustable, …
///
/// Apple's `UIAccessibilityTraits`, with the same member names. Combine them as an option
/// set: `[.button, .selected]`. A layer's ``CALayer/accessibilityTraits`` default to
/// ``none`` (a `CATextLayer`'s to ``staticText``). On Linux the traits choose the element's
/// AT-SPI role and states (a screen reader such as Orca reads those): see *Making your app
/// accessible* in Lamina's documentation for the mapping.
///
/// The raw values are Lamina's; do not store them.
public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64

    /// Creates traits from a raw value.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// No traits: the element is described by its label alone.
    public static let none = UIAccessibilityTraits([])
    /// The element behaves as a button (AT-SPI's push button).
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    /// The element behaves as a link.
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    /// The element is an image.
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    /// The element is selected (for example a chosen row or tab).
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    /// The element plays its own sound when activated.
    public static let playsSound = UIAccessibilityTraits(rawValue: 1 << 4)
    /// The element behaves as a keyboard key.
    public static let keyboardKey = UIAccessibilityTraits(rawValue: 1 << 5)
    /// The element is static text that does not change.
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    /// The element summarises the current state when the app starts.
    public static let summaryElement = UIAccessibilityTraits(rawValue: 1 << 7)
    /// The element is not enabled and does not respond to the user.
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
    /// The element's label or value changes frequently (a clock, a progress figure).
    public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
    /// The element is a search field.
    public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
    /// Activating the element starts a media session.
    public static let startsMediaSession = UIAccessibilityTraits(rawValue: 1 << 11)
    /// The element can be adjusted through a range of values: assistive technologies call
    /// ``CALayer/accessibilityIncrement()`` and ``CALayer/accessibilityDecrement()``.
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
    /// The element takes touches directly (a drawing surface, an instrument).
    public static let allowsDirectInteraction = UIAccessibilityTraits(rawValue: 1 << 13)
    /// The element turns the page when reading reaches its end.
    public static let causesPageTurn = UIAccessibilityTraits(rawValue: 1 << 14)
    /// The element is a tab bar.
    public static let tabBar = UIAccessibilityTraits(rawValue: 1 << 15)
    /// The element is a header that divides content into sections.
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
    /// The element is a toggle button (a switch).
    public static let toggleButton = UIAccessibilityTraits(rawValue: 1 << 17)
    /// The element can be zoomed.
    public static let supportsZoom = UIAccessibilityTraits(rawValue: 1 << 18)
}
