import CPixman
import Foundation

/// What the render server asks of a transform when it places cached pixels.
extension CGAffineTransform {
    /// The translation, when the transform only translates by whole pixels (within the
    /// coordinates pixel rectangles keep exactly); nil otherwise.
    var wholePixelTranslation: (dx: Int32, dy: Int32)? {
        guard a == 1, b == 0, c == 0, d == 1, let dx = Int32(exactly: tx), let dy = Int32(exactly: ty),
            abs(dx) < 1 << 30, abs(dy) < 1 << 30
        else { return nil }
        return (dx, dy)
    }

    /// Whether pixels drawn at `drawn` (layer → pixels) may be resampled to stand for the
    /// layer at this transform: its scale is between half and twice the scale they were
    /// drawn at (further, resampling would blur or alias visibly).
    func canBeResampled(from drawn: CGAffineTransform) -> Bool {
        func scale(_ t: CGAffineTransform) -> CGFloat { abs(t.a * t.d - t.b * t.c).squareRoot() }
        let ratio = scale(self) / scale(drawn)
        return ratio.isFinite && ratio >= 0.5 && ratio <= 2
    }

    /// How far the transform carries a unit step along x or y, at most: the length of the
    /// longer column (device pixels per point for a layer-to-device transform, image pixels
    /// per device pixel for a device-to-image one).
    var longerAxisStretch: CGFloat {
        max(hypot(a, b), hypot(c, d))
    }

    /// The transform in pixman's 16.16 fixed point, as pixman converts it; nil when a
    /// coefficient does not fit.
    var pixmanFixed: pixman_transform? {
        var floating = pixman_f_transform(m: (
            (Double(a), Double(c), Double(tx)),
            (Double(b), Double(d), Double(ty)),
            (0, 0, 1)))
        var fixed = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&fixed, &floating) != 0 else { return nil }
        return fixed
    }
}
