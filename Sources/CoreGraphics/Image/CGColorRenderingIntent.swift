/// How colours outside a destination's gamut are handled (Apple's raw values). Lamina
/// renders without colour management, so the intent is recorded but has no effect.
public enum CGColorRenderingIntent: Int32, Sendable {
    /// The context's default intent.
    case defaultIntent = 0
    /// Maps colours outside the gamut to the closest colour inside it, keeping white points.
    case absoluteColorimetric
    /// Like absolute colorimetric, but adapting the white point.
    case relativeColorimetric
    /// Preserves visual relationships between colours (good for photographs).
    case perceptual
    /// Preserves saturation (good for charts).
    case saturation
}
