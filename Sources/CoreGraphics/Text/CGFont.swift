/// A font without a size (Apple's `CGFont`), as ``CGContext/setFont(_:)`` takes one: Lamina
/// keeps its name, which fontconfig resolves when glyphs are drawn.
public final class CGFont: Sendable {
    /// The name the font was created with.
    public let fullName: CFString?
    /// The name the font was created with (Lamina does not map it to a PostScript name).
    public let postScriptName: CFString?

    /// A font named `name`; nil for an empty name.
    public init?(_ name: CFString) {
        guard !name.isEmpty else { return nil }
        fullName = name
        postScriptName = name
    }
}
