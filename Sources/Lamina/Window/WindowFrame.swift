import QuartzCore
internal import Wayland

/// The layer tree a window displays: the app's root layer inside a content container, and,
/// when Lamina draws the decorations, a title bar above it with the title and the minimise,
/// maximise and close buttons.
///
/// ```
/// root                    the whole surface (the render context's root)
/// ├── content             at (0, titleBarHeight) with a title bar, else at (0, 0)
/// │   └── the app's rootLayer   at (0, 0) of content: its coordinates never change
/// └── titleBar            hidden without client-side decorations
///     ├── title           a CATextLayer
///     └── minimise, maximise, close buttons
/// ```
///
/// Geometry answers which part of the frame is under a point (``zone(at:)``); the window
/// turns presses there into `xdg_toplevel` requests.
@MainActor
final class WindowFrame {
    /// A button of the title bar.
    enum Button: CaseIterable {
        case minimize, maximize, close
    }

    /// What is under a point of the surface.
    enum Zone: Equatable {
        /// The app's content.
        case content
        /// The title bar, away from its buttons.
        case titleBar
        /// A title-bar button.
        case button(Button)
        /// A resize edge or corner.
        case edge(XdgToplevel.ResizeEdge)
    }

    /// The title bar's height, in points.
    static let titleBarHeight: CGFloat = 32
    /// How far from the window's edges a press resizes it, in points.
    static let resizeBorder: CGFloat = 5
    /// The side of a title-bar button, in points.
    static let buttonSize: CGFloat = 24
    /// The title bar's colour while the window is active, and while it is not (dimmed).
    static let activeTitleBarColor = CGColor(red: 235 / 255, green: 235 / 255, blue: 235 / 255, alpha: 1)
    static let inactiveTitleBarColor = CGColor(red: 246 / 255, green: 246 / 255, blue: 246 / 255, alpha: 1)
    static let activeTextColor = CGColor(red: 0.15, green: 0.15, blue: 0.15, alpha: 1)
    static let inactiveTextColor = CGColor(red: 0.6, green: 0.6, blue: 0.6, alpha: 1)
    static let hoveredButtonColor = CGColor(red: 204 / 255, green: 204 / 255, blue: 204 / 255, alpha: 1)
    static let hoveredCloseButtonColor = CGColor(red: 224 / 255, green: 69 / 255, blue: 61 / 255, alpha: 1)

    /// The displayed tree's root: the whole surface.
    let root = CALayer()
    /// Holds the app's root layer, below the title bar.
    let content = CALayer()
    let titleBar = CALayer()
    let title = CATextLayer()
    private var buttons: [Button: CALayer] = [:]
    private var glyphs: [Button: CAShapeLayer] = [:]

    /// The surface's size in points.
    private(set) var size: CGSize = .zero
    /// Whether the title bar is shown (client-side decorations, not fullscreen).
    private(set) var showsTitleBar = false
    /// Whether presses near the edges resize the window (client-side decorations, not
    /// maximised or fullscreen).
    private var resizesFromEdges = false
    /// Edges the compositor tiled the window along: they do not resize.
    private var tiledEdges: Set<XdgToplevel.ResizeEdge> = []
    private var isActive = true
    private var isMaximized = false
    private var hovered: Button?

    init(rootLayer: CALayer) {
        root.addSublayer(content)
        content.addSublayer(rootLayer)
        root.addSublayer(titleBar)
        titleBar.isHidden = true
        title.fontSize = 14
        title.alignmentMode = .center
        title.truncationMode = .end
        titleBar.addSublayer(title)
        for button in Button.allCases {
            let layer = CALayer()
            layer.cornerRadius = Self.buttonSize / 2
            let glyph = CAShapeLayer()
            glyph.frame = CGRect(x: 0, y: 0, width: Self.buttonSize, height: Self.buttonSize)
            glyph.fillColor = nil
            glyph.lineWidth = 1.5
            layer.addSublayer(glyph)
            titleBar.addSublayer(layer)
            buttons[button] = layer
            glyphs[button] = glyph
        }
        applyAppearance()
    }

    /// The offset of the app's content from the surface's top-left corner.
    var contentOrigin: CGPoint { CGPoint(x: 0, y: showsTitleBar ? Self.titleBarHeight : 0) }

    /// The height the decorations add to the content, for a window in these states.
    static func decorationHeight(showsTitleBar: Bool) -> CGFloat { showsTitleBar ? titleBarHeight : 0 }

    /// Lays the frame out for a surface of `size` points; the app's root layer gets the rest
    /// (its frame is set by the window). Call inside a transaction with actions disabled.
    func layout(
        size: CGSize, showsTitleBar: Bool, isActive: Bool, isMaximized: Bool, tiledEdges: Set<XdgToplevel.ResizeEdge>
    ) {
        self.size = size
        self.showsTitleBar = showsTitleBar
        self.isActive = isActive
        self.isMaximized = isMaximized
        self.tiledEdges = tiledEdges
        resizesFromEdges = showsTitleBar && !isMaximized
        root.frame = CGRect(origin: .zero, size: size)
        let barHeight = Self.decorationHeight(showsTitleBar: showsTitleBar)
        content.frame = CGRect(x: 0, y: barHeight, width: size.width, height: max(0, size.height - barHeight))
        titleBar.isHidden = !showsTitleBar
        titleBar.frame = CGRect(x: 0, y: 0, width: size.width, height: Self.titleBarHeight)
        var x = size.width - 8
        for button in [Button.close, .maximize, .minimize] {
            x -= Self.buttonSize
            buttons[button]?.frame = CGRect(
                x: x, y: (Self.titleBarHeight - Self.buttonSize) / 2, width: Self.buttonSize, height: Self.buttonSize)
            x -= 6
        }
        // Centred on the window, clear of the buttons on both sides.
        let reserved = 3 * Self.buttonSize + 2 * 6 + 16
        title.frame = CGRect(x: reserved, y: 7, width: max(0, size.width - 2 * reserved), height: 18)
        applyAppearance()
    }

    /// Sets the text of the title bar.
    func setTitle(_ text: String) {
        title.string = text
    }

    /// Shows `button` as hovered (nil: none).
    func setHovered(_ button: Button?) {
        guard button != hovered else { return }
        hovered = button
        applyAppearance()
    }

    /// The part of the frame at `point` (surface coordinates).
    func zone(at point: CGPoint) -> Zone {
        guard showsTitleBar else { return .content }
        if resizesFromEdges, let edge = edge(at: point) { return .edge(edge) }
        guard point.y < Self.titleBarHeight else { return .content }
        for (button, layer) in buttons where layer.frame.contains(point) { return .button(button) }
        return .titleBar
    }

    private func edge(at point: CGPoint) -> XdgToplevel.ResizeEdge? {
        let border = Self.resizeBorder
        var bits: UInt32 = 0
        if point.y < border, !tiledEdges.contains(.top) { bits |= XdgToplevel.ResizeEdge.top.rawValue }
        if point.y >= size.height - border, !tiledEdges.contains(.bottom) { bits |= XdgToplevel.ResizeEdge.bottom.rawValue }
        if point.x < border, !tiledEdges.contains(.left) { bits |= XdgToplevel.ResizeEdge.left.rawValue }
        if point.x >= size.width - border, !tiledEdges.contains(.right) { bits |= XdgToplevel.ResizeEdge.right.rawValue }
        return bits == 0 ? nil : XdgToplevel.ResizeEdge(rawValue: bits)
    }

    /// The cursor over `zone`: a resize arrow over an edge, the arrow elsewhere on the frame,
    /// nil over the content (the layers choose).
    static func cursor(for zone: Zone) -> Cursor? {
        switch zone {
        case .content: return nil
        case .titleBar, .button: return .arrow
        case .edge(let edge):
            switch edge {
            case .top: return .resizeTop
            case .bottom: return .resizeBottom
            case .left: return .resizeLeft
            case .right: return .resizeRight
            case .topLeft: return .resizeTopLeft
            case .topRight: return .resizeTopRight
            case .bottomLeft: return .resizeBottomLeft
            case .bottomRight: return .resizeBottomRight
            default: return .arrow
            }
        }
    }

    /// Colours and glyphs for the current state.
    private func applyAppearance() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        titleBar.backgroundColor = isActive ? Self.activeTitleBarColor : Self.inactiveTitleBarColor
        let ink = isActive ? Self.activeTextColor : Self.inactiveTextColor
        title.foregroundColor = ink
        for button in Button.allCases {
            let isHovered = hovered == button
            buttons[button]?.backgroundColor =
                isHovered ? (button == .close ? Self.hoveredCloseButtonColor : Self.hoveredButtonColor) : nil
            glyphs[button]?.strokeColor = isHovered && button == .close ? .white : ink
            glyphs[button]?.path = glyph(for: button)
        }
    }

    /// The button's symbol, drawn in its 24×24 square: ×, a square (two for restore), –.
    private func glyph(for button: Button) -> CGPath {
        let path = CGMutablePath()
        switch button {
        case .close:
            path.move(to: CGPoint(x: 8, y: 8))
            path.addLine(to: CGPoint(x: 16, y: 16))
            path.move(to: CGPoint(x: 16, y: 8))
            path.addLine(to: CGPoint(x: 8, y: 16))
        case .maximize:
            if isMaximized {
                path.addRect(CGRect(x: 7.5, y: 9.5, width: 7, height: 7))
                path.move(to: CGPoint(x: 9.5, y: 9.5))
                path.addLine(to: CGPoint(x: 9.5, y: 7.5))
                path.addLine(to: CGPoint(x: 16.5, y: 7.5))
                path.addLine(to: CGPoint(x: 16.5, y: 14.5))
                path.addLine(to: CGPoint(x: 14.5, y: 14.5))
            } else {
                path.addRect(CGRect(x: 7.5, y: 7.5, width: 9, height: 9))
            }
        case .minimize:
            path.move(to: CGPoint(x: 7.5, y: 16.5))
            path.addLine(to: CGPoint(x: 16.5, y: 16.5))
        }
        return path
    }
}
