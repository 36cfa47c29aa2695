import CCairo

extension CGContext {
    /// Lamina: lets code outside CoreGraphics (QuartzCore's `render(in:)`) draw with cairo
    /// into the context, as one drawing operation.
    ///
    /// `body` receives the cairo context with its matrix at the pixels of the surface drawn to
    /// (cairo's device space: y down; the identity but while a shadow is drawn), the transform
    /// from the context's user space to those pixels, and the context's alpha. The clip applies; the current path, the graphics
    /// state and cairo's state are unchanged afterwards; pixels of a non-native layout are
    /// converted as for every other operation. Nothing is drawn while the CTM is singular.
    /// With `castsShadow` (text Core Text draws, as Core Graphics shadows every drawing), what
    /// `body` draws casts the context's shadow.
    package func drawWithCairo(
        castsShadow: Bool = false, _ body: (_ cr: OpaquePointer, _ userToDevice: CGAffineTransform, _ alpha: CGFloat) -> Void
    ) {
        let userToDevice = cairoDeviceTransform
        let alpha = state.alpha
        let savedPath = cairo_copy_path(cr)
        defer {
            cairo_new_path(cr)
            if let savedPath {
                cairo_append_path(cr, savedPath)
                cairo_path_destroy(savedPath)
            }
        }
        performDrawing(usesPath: false, castsShadow: castsShadow, userExtents: { nil }) { context in
            cairo_save(context)
            defer { cairo_restore(context) }
            // The surface drawn to: the context's own, or a shadow's scratch buffer, whose
            // pixels are offset from the device's. `body` draws in its pixels.
            var current = cairo_matrix_t()
            cairo_get_matrix(context, &current)
            let userToTarget = CGAffineTransform(
                a: current.xx, b: current.yx, c: current.xy, d: current.yy, tx: current.x0, ty: current.y0)
            let deviceToTarget = userToDevice.inverted().concatenating(userToTarget)
            var offset = cairo_matrix_t(
                xx: 1, yx: 0, xy: 0, yy: 1, x0: Double(deviceToTarget.tx), y0: Double(deviceToTarget.ty))
            cairo_set_matrix(context, &offset)
            cairo_new_path(context)
            cairo_set_operator(context, CAIRO_OPERATOR_OVER)
            body(context, userToTarget, alpha)
        }
    }
}
