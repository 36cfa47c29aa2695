import CoreGraphics
import Foundation

/// A drop shadow's offset, blur radius and colour, for text drawn with UIKit's or AppKit's
/// string drawing (the `NSAttributedString.Key.shadow` attribute).
///
/// Declared as UIKit and AppKit declare it, so that Apple code making one compiles. Core Text
/// draws no shadow for the attribute (`CTLineDraw`, `CTFrameDraw` and text layers lay out and
/// draw a run with it as they do without it), as on Apple platforms; code ported from UIKit's
/// string drawing sets the shadow on the context around the text itself
/// (`CGContext.setShadow(offset:blur:color:)`).
open class NSShadow: NSObject, NSCopying {
    /// How far the shadow is from the text, in the default user coordinate space. Default:
    /// `.zero`.
    ///
    /// Positive values extend down and to the right from the user's perspective, whatever the
    /// current transformation.
    open var shadowOffset: CGSize = .zero

    /// How much the shadow is blurred, in the default user coordinate space: 0 (the default)
    /// draws a hard edge, larger values an increasingly large blur. Not negative.
    open var shadowBlurRadius: CGFloat = 0

    /// The shadow's colour, a `CGColor`. Default: black with an alpha of 1/3. With `nil` no
    /// shadow is drawn.
    open var shadowColor: Any? = CGColor(gray: 0, alpha: 1.0 / 3)

    /// A shadow with a zero offset, no blur and the default colour.
    public override init() {
        super.init()
    }

    /// A shadow with the same offset, blur radius and colour.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSShadow()
        copy.shadowOffset = shadowOffset
        copy.shadowBlurRadius = shadowBlurRadius
        copy.shadowColor = shadowColor
        return copy
    }

    /// Whether `object` is a shadow of the same offset, blur radius and colour.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSShadow else { return false }
        return other.shadowOffset == shadowOffset && other.shadowBlurRadius == shadowBlurRadius
            && Self.sameColor(other.shadowColor, shadowColor)
    }

    /// A hash of the offset and blur radius: shadows equal by ``isEqual(_:)`` hash alike.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(shadowOffset.width)
        hasher.combine(shadowOffset.height)
        hasher.combine(shadowBlurRadius)
        return hasher.finalize()
    }

    private static func sameColor(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a as CGColor, let b as CGColor): return a == b
        case (let a as NSObject, let b as NSObject): return a.isEqual(b)
        default: return false
        }
    }
}
