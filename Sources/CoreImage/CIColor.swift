import Foundation

/// An immutable colour of red, green, blue and alpha components (unpremultiplied, in
/// `0...1` for displayable colours): the type of colour-valued filter inputs.
open class CIColor: NSObject, NSCopying, @unchecked Sendable {
    // Immutable: set by the initialisers only.
    /// The red component.
    public let red: CGFloat
    /// The green component.
    public let green: CGFloat
    /// The blue component.
    public let blue: CGFloat
    /// The alpha component.
    public let alpha: CGFloat

    /// A colour of the given components.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// An opaque colour of the given components.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: 1)
    }

    /// The colour of a `CGColor` (grey colours spread to red, green and blue); transparent
    /// black when it has no RGB equivalent.
    public convenience init(cgColor color: CGColor) {
        let rgba = color.rgba
        self.init(red: rgba?.red ?? 0, green: rgba?.green ?? 0, blue: rgba?.blue ?? 0, alpha: rgba?.alpha ?? 0)
    }

    /// The colour as a `CGColor`.
    open var cgColor: CGColor { CGColor(red: red, green: green, blue: blue, alpha: alpha) }

    /// The number of components: 4.
    open var numberOfComponents: Int { 4 }

    /// The components as a string, e.g. `"0.6 0.45 0.3 1"`.
    open var stringRepresentation: String { [red, green, blue, alpha].map { "\(Double($0))" }.joined(separator: " ") }

    open override var description: String { "<CIColor \(stringRepresentation)>" }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CIColor else { return false }
        return red == other.red && green == other.green && blue == other.blue && alpha == other.alpha
    }

    open override var hash: Int { [red, green, blue, alpha].hashValue }

    /// Colours are immutable: the copy is the colour itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Opaque black.
    public static let black = CIColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = CIColor(red: 1, green: 1, blue: 1)
    /// Opaque 50% grey.
    public static let gray = CIColor(red: 0.5, green: 0.5, blue: 0.5)
    /// Opaque red.
    public static let red = CIColor(red: 1, green: 0, blue: 0)
    /// Opaque green.
    public static let green = CIColor(red: 0, green: 1, blue: 0)
    /// Opaque blue.
    public static let blue = CIColor(red: 0, green: 0, blue: 1)
    /// Transparent black.
    public static let clear = CIColor(red: 0, green: 0, blue: 0, alpha: 0)
}
