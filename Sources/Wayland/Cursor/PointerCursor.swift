import CWaylandCursor
import Glibc

/// The pointer's image, from an XCursor theme through libwayland-cursor, shown on a cursor
/// surface of its own with `wl_pointer.set_cursor`.
///
/// The theme is `XCURSOR_THEME` (default: the `default` theme) at `XCURSOR_SIZE` (default 24)
/// logical pixels, loaded once per output scale and drawn at that scale. Cursor names are the
/// CSS / cursor-spec ones (`default`, `pointer`, `text`, …); themes that only have the
/// traditional X names (`left_ptr`, `hand2`, `xterm`, …) are asked for those next.
public final class PointerCursor {
    /// The theme name asked for (nil: libwayland-cursor's `default`).
    public let themeName: String?
    /// The cursor size in logical pixels.
    public let size: Int
    /// The name of the image last shown and the scale it was drawn at, if any.
    public private(set) var shown: (name: String, scale: Int)?

    private let shm: WlShm
    private let surface: WlSurface
    private var themes: [Int: OpaquePointer] = [:]
    private var buffers: [OpaquePointer: WlBuffer] = [:]

    /// A cursor drawn with `shm` buffers on a surface made by `compositor`. `theme` and `size`
    /// default to `XCURSOR_THEME` and `XCURSOR_SIZE` (24 when unset or not 1…256).
    public init(compositor: WlCompositor, shm: WlShm, theme: String? = nil, size: Int? = nil) throws(WaylandError) {
        self.shm = shm
        surface = try compositor.createSurface()
        let environmentTheme = getenv("XCURSOR_THEME").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        themeName = theme ?? environmentTheme
        let environmentSize = getenv("XCURSOR_SIZE").flatMap { Int(String(cString: $0)) }
        let requested = size ?? environmentSize ?? 24
        self.size = (1...256).contains(requested) ? requested : 24
    }

    deinit {
        buffers.removeAll()
        for theme in themes.values { wl_cursor_theme_destroy(theme) }
    }

    /// Other names for a cursor in themes that predate the CSS names.
    static let traditionalNames: [String: [String]] = [
        "default": ["left_ptr"], "pointer": ["hand2", "hand1"], "text": ["xterm"], "crosshair": ["cross", "tcross"],
        "move": ["fleur"], "grab": ["hand1"], "grabbing": ["fleur"], "not-allowed": ["crossed_circle", "X_cursor"],
        "wait": ["watch"], "progress": ["left_ptr_watch"], "help": ["question_arrow"],
        "ew-resize": ["sb_h_double_arrow"], "ns-resize": ["sb_v_double_arrow"], "col-resize": ["sb_h_double_arrow"],
        "row-resize": ["sb_v_double_arrow"], "n-resize": ["top_side"], "s-resize": ["bottom_side"],
        "w-resize": ["left_side"], "e-resize": ["right_side"], "nw-resize": ["top_left_corner"],
        "ne-resize": ["top_right_corner"], "sw-resize": ["bottom_left_corner"], "se-resize": ["bottom_right_corner"],
    ]

    /// Shows the cursor `name` (or, if the theme lacks it, a traditional equivalent, else the
    /// theme's default arrow) on `pointer` for the `wl_pointer.enter` with `serial`, drawn at
    /// `scale` (clamped to 1…8). Returns the image name shown, or nil when the theme has no
    /// usable image (the compositor's cursor stays).
    @discardableResult
    public func show(_ name: String, on pointer: WlPointer, serial: UInt32, scale: Int) throws(WaylandError) -> String? {
        let scale = min(max(scale, 1), 8)
        guard let theme = theme(scale: scale) else { return nil }
        let candidates = [name] + (Self.traditionalNames[name] ?? []) + ["default", "left_ptr"]
        for candidate in candidates {
            guard let cursor = wl_cursor_theme_get_cursor(theme, candidate), cursor.pointee.image_count > 0,
                let image = cursor.pointee.images?[0], let raw = wl_cursor_image_get_buffer(image)
            else { continue }
            let buffer = buffers[raw] ?? WlBuffer(borrowing: raw, version: 1)
            buffers[raw] = buffer
            let width = Int32(clamping: image.pointee.width), height = Int32(clamping: image.pointee.height)
            let hotspotX = Int32(clamping: image.pointee.hotspot_x) / Int32(scale)
            let hotspotY = Int32(clamping: image.pointee.hotspot_y) / Int32(scale)
            try pointer.setCursor(serial: serial, surface: surface, hotspotX: hotspotX, hotspotY: hotspotY)
            if surface.version >= 3 { try surface.setBufferScale(scale: Int32(scale)) }
            try surface.attach(buffer: buffer, x: 0, y: 0)
            if surface.version >= 4 {
                try surface.damageBuffer(x: 0, y: 0, width: width, height: height)
            } else {
                try surface.damage(x: 0, y: 0, width: width, height: height)
            }
            try surface.commit()
            shown = (candidate, scale)
            return candidate
        }
        return nil
    }

    /// Hides the pointer over our surfaces (`set_cursor` with no surface).
    public func hide(on pointer: WlPointer, serial: UInt32) throws(WaylandError) {
        try pointer.setCursor(serial: serial, surface: nil, hotspotX: 0, hotspotY: 0)
        shown = nil
    }

    private func theme(scale: Int) -> OpaquePointer? {
        if let loaded = themes[scale] { return loaded }
        guard let handle = shm.handle else { return nil }
        let pixels = Int32(clamping: size * scale)
        let loaded: OpaquePointer? = themeName.map { wl_cursor_theme_load($0, pixels, handle) } ?? wl_cursor_theme_load(nil, pixels, handle)
        if let loaded { themes[scale] = loaded }
        return loaded
    }
}
