import CCairo
import CoreGraphics

/// Sets `cr`'s matrix so that a text layout's space (points, y down from `origin`) draws in
/// Core Text's text space (y up) through the text matrix's linear part, at `origin` in user
/// space, mapped to the device by `userToDevice`.
func setLayoutSpace(on cr: OpaquePointer, textMatrix matrix: CGAffineTransform, origin: CGPoint, userToDevice: CGAffineTransform) {
    let layoutToDevice = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 0)
        .concatenating(CGAffineTransform(a: matrix.a, b: matrix.b, c: matrix.c, d: matrix.d, tx: 0, ty: 0))
        .concatenating(CGAffineTransform(translationX: origin.x, y: origin.y))
        .concatenating(userToDevice)
    var cairoMatrix = cairo_matrix_t(
        xx: Double(layoutToDevice.a), yx: Double(layoutToDevice.b), xy: Double(layoutToDevice.c),
        yy: Double(layoutToDevice.d), x0: Double(layoutToDevice.tx), y0: Double(layoutToDevice.ty))
    cairo_set_matrix(cr, &cairoMatrix)
}
