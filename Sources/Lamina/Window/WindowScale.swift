/// How many device pixels a window draws per point, and how it tells the compositor.
struct WindowScale: Equatable, Sendable {
    /// Pixels per point, 1…8.
    var factor: Double
    /// Whether the buffer is `round(size × factor)` pixels shown through a `wp_viewport` at
    /// the window's size (a fractional scale), rather than `size × factor` pixels with an
    /// integer `wl_surface.set_buffer_scale`.
    var usesViewport: Bool

    /// One pixel per point, no viewport.
    static let one = WindowScale(factor: 1, usesViewport: false)

    /// The largest scale a window draws at (compositors have sent 0 and huge values).
    static let maximumFactor = 8
}
