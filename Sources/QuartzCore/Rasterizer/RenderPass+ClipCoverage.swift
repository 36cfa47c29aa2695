import CCairo

extension RenderPass {
    /// How a fill or stroke is cut by a clip (`masksToBounds`, a mask's box) whose edges are
    /// not on whole device pixels.
    enum ClipCoverage: Sendable {
        /// Along the clip's outline: a pixel on both edges gets the area of the shape inside
        /// the clip. Cairo's own rule, and the cheaper one: the window compositor's offscreen
        /// passes use it.
        case geometric
        /// As Core Graphics clips: the shape is filled whole, then each pixel is scaled by
        /// the share of it the clip covers — a pixel where the shape's edge meets the clip's
        /// edge gets the product of the two coverages. What Apple's `render(in:)` draws:
        /// Lottie's shapes in pre-compositions clipped at fractional positions have edges of
        /// exactly that product in Apple's renders. Cairo also fills a path at 15 sub-rows
        /// per pixel when any clip edge is fractional, and exactly otherwise; the whole fill
        /// keeps such a rectangle's top and bottom edges exact, as Apple's are.
        case multiplied
    }

    /// Runs `paint` — a cairo fill or stroke of the current path with the current source,
    /// operator and matrix — cut by the current clip as the pass's ``ClipCoverage`` says.
    /// What `paint` leaves of the path (a `_preserve` call keeps it) stays.
    func paintThroughClip(_ paint: () -> Void) {
        guard clipCoverage == .multiplied, !clipIsWholePixels else { return paint() }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        // What the shape can cover, filled or stroked with the current line (user space),
        // within what the clip lets through (device space).
        let shape = deviceExtents(of: [cairo_fill_extents, cairo_stroke_extents])
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_identity_matrix(cr)
        var (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        (x0, y0, x1, y1) = (max(x0, shape.x0), max(y0, shape.y0), min(x1, shape.x1), min(y1, shape.y1))
        guard x1 > x0, y1 > y0, let path = cairo_copy_path(cr) else {
            // Nothing of the shape shows: drawn as it is, which leaves the path as `paint` does.
            cairo_set_matrix(cr, &matrix)
            return paint()
        }
        defer { cairo_path_destroy(path) }
        let operation = cairo_get_operator(cr)

        // The shape, whole, into a group over the pixels it covers within the clip.
        cairo_save(cr)
        cairo_reset_clip(cr)
        cairo_new_path(cr)
        let (left, top) = (x0.rounded(.down), y0.rounded(.down))
        cairo_rectangle(cr, left, top, x1.rounded(.up) - left, y1.rounded(.up) - top)
        cairo_clip(cr)
        cairo_push_group(cr)
        cairo_append_path(cr, path)
        cairo_set_matrix(cr, &matrix)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        paint()
        let keepsPath = cairo_has_current_point(cr) != 0
        let group = cairo_pop_group(cr)
        defer { cairo_pattern_destroy(group) }
        cairo_restore(cr)

        // Painted through the clip: cairo scales each pixel by the clip's coverage of it.
        cairo_set_source(cr, group)
        cairo_set_operator(cr, operation)
        cairo_paint(cr)
        cairo_new_path(cr)
        if keepsPath { cairo_append_path(cr, path) }
    }

    /// With ``ClipCoverage/multiplied``, scales what `offscreen` (a context on an image in
    /// this pass's device space, drawn to be composited here) holds by the current clip's
    /// coverage of each pixel: Core Graphics draws a transparency layer's contents through
    /// the clip, then composites the layer through it again.
    func scaleByClipCoverage(_ offscreen: OpaquePointer) {
        guard clipCoverage == .multiplied, !clipIsWholePixels else { return }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_paint(cr)
        let coverage = cairo_pop_group(cr)
        cairo_restore(cr)
        defer { cairo_pattern_destroy(coverage) }
        cairo_save(offscreen)
        cairo_identity_matrix(offscreen)
        cairo_set_source(offscreen, coverage)
        cairo_set_operator(offscreen, CAIRO_OPERATOR_DEST_IN)
        cairo_paint(offscreen)
        cairo_restore(offscreen)
    }

    /// The device-space box around the user-space boxes that `measures` give of the current
    /// path (cairo's fill and stroke extents).
    private func deviceExtents(
        of measures: [(OpaquePointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Void]
    ) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
        var box = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
        for measure in measures {
            var (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0)
            measure(cr, &x0, &y0, &x1, &y1)
            for var (x, y) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
                cairo_user_to_device(cr, &x, &y)
                box = (min(box.x0, x), min(box.y0, y), max(box.x1, x), max(box.y1, y))
            }
        }
        return box
    }

    /// Whether the current clip is a set of whole device pixels (or there is none).
    private var clipIsWholePixels: Bool {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_identity_matrix(cr)
        guard let rectangles = cairo_copy_clip_rectangle_list(cr) else { return false }
        defer { cairo_rectangle_list_destroy(rectangles) }
        guard rectangles.pointee.status == CAIRO_STATUS_SUCCESS else { return false }
        for index in 0..<Int(rectangles.pointee.num_rectangles) {
            let r = rectangles.pointee.rectangles[index]
            for value in [r.x, r.y, r.width, r.height] where value != value.rounded() { return false }
        }
        return true
    }
}
