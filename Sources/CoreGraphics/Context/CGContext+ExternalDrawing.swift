import CCairo

extension CGContext {
    /// Lamina: lets code outside CoreGraphics (QuartzCore's `render(in:)`) draw with cairo
    /// into the context, as one drawing operation.
    ///
    /// `body` receives the cairo context with an identity matrix — user space is cairo's
    /// device space (pixels, y down) — the transform from the context's user space to that
    /// space, and the context's alpha. The clip applies; the current path, the graphics
    /// state and cairo's state are unchanged afterwards; pixels of a non-native layout are
    /// converted as for every other operation. Nothing is drawn while the CTM is singular.
    package func drawWithCairo(_ body: (_ cr: OpaquePointer, _ userToDevice: CGAffineTransform, _ alpha: CGFloat) -> Void) {
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
        performDrawing(usesPath: false, castsShadow: false, userExtents: { nil }) { context in
            cairo_save(context)
            defer { cairo_restore(context) }
            cairo_identity_matrix(context)
            cairo_new_path(context)
            cairo_set_operator(context, CAIRO_OPERATOR_OVER)
            body(context, userToDevice, alpha)
        }
    }
}
