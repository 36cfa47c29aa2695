import QuartzCore
internal import Wayland

/// What a popup needs of its parent — a window, or a popup for a submenu: the `xdg_surface`
/// to attach to, the layer whose coordinates are the parent's surface coordinates, and how
/// those map to the parent's content coordinates.
@MainActor
protocol PopupParent: AnyObject {
    /// The parent's application, nil while the parent is closed or not shown.
    var popupApplication: Application? { get }
    /// The parent's `xdg_surface`, nil while it is closed or not shown.
    var popupXdgSurface: XdgSurface? { get }
    /// The root of the parent's displayed tree: its coordinates are the surface's.
    var popupSurfaceRoot: CALayer { get }
    /// A rectangle of the parent's surface in the parent's content coordinates.
    func popupContentFrame(ofSurfaceRect rect: CGRect) -> CGRect
    /// A point in the parent's content coordinates in its surface coordinates.
    func popupSurfacePoint(ofContentPoint point: CGPoint) -> CGPoint
}

extension Window: PopupParent {
    var popupApplication: Application? { isClosed ? nil : application }
    var popupXdgSurface: XdgSurface? { isClosed ? nil : toplevel.xdgSurface }
    var popupSurfaceRoot: CALayer { frame.root }
    func popupContentFrame(ofSurfaceRect rect: CGRect) -> CGRect {
        rect.offsetBy(dx: -contentOrigin.x, dy: -contentOrigin.y)
    }
    func popupSurfacePoint(ofContentPoint point: CGPoint) -> CGPoint {
        CGPoint(x: point.x + contentOrigin.x, y: point.y + contentOrigin.y)
    }
}

extension Popup: PopupParent {
    var popupApplication: Application? { shown?.application }
    var popupXdgSurface: XdgSurface? { shown?.surface.xdgSurface }
    var popupSurfaceRoot: CALayer { surfaceRoot }
    func popupContentFrame(ofSurfaceRect rect: CGRect) -> CGRect { rect }
    func popupSurfacePoint(ofContentPoint point: CGPoint) -> CGPoint { point }
}
