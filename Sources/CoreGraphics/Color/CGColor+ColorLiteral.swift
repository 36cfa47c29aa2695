/// Xcode's colour literals make a `CGColor` where one is expected, as the CoreGraphics overlay
/// lets them on Apple platforms: `shape.strokeColor = #colorLiteral(red: 1, green: 0.5, blue: 0,
/// alpha: 1)`.
extension CGColor: _ExpressibleByColorLiteral {
    /// Creates the colour a colour literal names, in the sRGB colour space (the space of
    /// Xcode's colour picker and of UIKit's literal colours); components are clamped to `0...1`.
    public convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }
}
