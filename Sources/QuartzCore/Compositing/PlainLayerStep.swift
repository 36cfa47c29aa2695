import CCompositor
import CoreGraphics

/// A layer whose whole appearance is its background colour, border and rounded corners,
/// drawn as geometry straight into the target at its exact affine transform on every frame
/// (`CCompositor`'s `lamina_draw_plain_layer`): no bitmap, no resampling while it moves,
/// scales or turns, and nothing to draw again once it rests.
///
/// Each pixel is the outline's exact area coverage of it (arcs, and the cubics of continuous
/// corners, as chords within 0.005 pixel),
/// the colours composited through it as pixman composites a solid colour through an 8-bit
/// mask. cairo's fill of the same outline differs at edge pixels (by up to about 20 levels
/// of 8 bits at corners, 8–15 at horizontal edges off its grid): its scan converter samples
/// 15 sub-rows in rows where an edge starts or ends, splits a shallow edge's height between
/// cells in fifteenths of a row, and flattens arcs to 0.1 pixel.
struct PlainLayerStep: Sendable, Equatable {
    /// Bounds space (its origin at 0, 0) → device pixels.
    var toDevice: CGAffineTransform
    var size: CGSize
    var radius: CGFloat
    var corners: CACornerMask
    /// Whether the corners follow the continuous curve (where the sides leave room for it).
    var continuous: Bool
    var borderWidth: CGFloat
    /// Premultiplied ARGB32, each with its part's opacity (0: not drawn).
    var background: UInt32
    var border: UInt32
    /// The opacity both parts are composited with as one group (255: none).
    var groupAlpha: UInt8

    /// Targets at least this wide keep plain layers in bitmaps (the loop's limit).
    static let widestTarget: Int32 = 16000

    /// The step drawing `part` of `layer` at `toDevice` with opacity `alpha` (inherited
    /// included), or nil when the layer draws more than a plain background and border (a
    /// pattern colour, contents,
    /// a shape, text, a gradient, particles, a shadow, a mask, filters; sublayers unless
    /// `part` is the background below them or the border above them) or the transform is not
    /// finite.
    init?(_ layer: CARenderLayer, part: LayerPlacement.Part = .whole, toDevice a: CGAffineTransform, alpha: CGFloat) {
        guard part != .whole || layer.sublayers.isEmpty, layer.contents == nil, layer.contentsCrossFade == nil, layer.shape == nil,
            layer.gradient == nil, layer.text == nil, layer.emitter == nil, !layer.castsShadow, layer.mask == nil,
            layer.transition == nil, layer.filters.isEmpty, layer.backgroundFilters.isEmpty, layer.compositingMode == nil,
            layer.replicator == nil, !layer.isTransformLayer,
            part == .border || layer.backgroundColor?.pattern == nil,
            part == .underSublayers || layer.borderWidth <= 0 || layer.borderColor?.pattern == nil
        else { return nil }
        let bounds = layer.bounds.standardized
        // Each checked on its own: an array of them would be allocated for every layer, every frame.
        guard !bounds.isEmpty, a.a.isFinite, a.b.isFinite, a.c.isFinite, a.d.isFinite, a.tx.isFinite, a.ty.isFinite
        else { return nil }
        let background = part == .border ? nil : layer.backgroundColor?.rgba.flatMap { $0.alpha > 0 ? $0 : nil }
        let border = part == .underSublayers || layer.borderWidth <= 0
            ? nil : layer.borderColor?.rgba.flatMap { $0.alpha > 0 ? $0 : nil }
        // As the render pass: two parts of a translucent layer are composited as one group.
        let grouped = alpha < 1 && layer.allowsGroupOpacity && background != nil && border != nil
        let partAlpha = grouped ? 1 : alpha
        toDevice = CGAffineTransform(translationX: bounds.minX, y: bounds.minY).concatenating(a)
        size = bounds.size
        radius = RenderPass.effectiveRadius(layer, bounds)
        corners = layer.maskedCorners
        continuous = layer.hasContinuousCorners
        borderWidth = border == nil ? 0 : layer.borderWidth
        self.background = background.map { Self.premultiplied($0, alpha: partAlpha) } ?? 0
        self.border = border.map { Self.premultiplied($0, alpha: partAlpha) } ?? 0
        groupAlpha = grouped ? OpacityMasks.maskAlpha8(alpha) : 255
        if self.background == 0 && self.border == 0 { return nil }
    }

    /// `color` with `alpha`, premultiplied in 8 bits as cairo converts a source colour
    /// (each channel to 16 bits, then its top 8 bits).
    static func premultiplied(_ color: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat), alpha: CGFloat)
        -> UInt32
    {
        func clamped(_ v: CGFloat) -> Double { v.isNaN ? 0 : min(max(Double(v), 0), 1) }
        let a = clamped(color.alpha) * clamped(alpha)
        func channel(_ v: Double) -> UInt32 { UInt32(UInt16(v * 65535 + 0.5) >> 8) }
        return channel(a) << 24 | channel(clamped(color.red) * a) << 16 | channel(clamped(color.green) * a) << 8
            | channel(clamped(color.blue) * a)
    }

    /// Whether the step's edges (outside, and inside its border) all lie on whole device
    /// pixels: an unrounded rectangle, unturned, whose every pixel it covers wholly or not at
    /// all — drawn so, its pixels are exactly those of a bitmap of it.
    var coversWholePixels: Bool {
        guard toDevice.b == 0, toDevice.c == 0, radius == 0 else { return false }
        func whole(_ v: CGFloat) -> Bool { v.isFinite && v == v.rounded() }
        let edges = [
            toDevice.tx, toDevice.ty, toDevice.tx + toDevice.a * size.width, toDevice.ty + toDevice.d * size.height,
            toDevice.a * borderWidth, toDevice.d * borderWidth,
        ]
        return edges.allSatisfy(whole)
    }

    /// The device pixels the step can change: those its bounds touch.
    var box: PixelRect {
        PixelRect(covering: CGRect(origin: .zero, size: size).applying(toDevice), margin: 0, within: DisplayListBuilder.farLimit)
    }

    /// The whole device pixels the layer makes opaque: inside its outline, where its
    /// background is opaque (a border over it keeps it so). Turned or skewed, a rectangle of
    /// whole pixels inside the turned interior (smaller than the largest there can be).
    var opaqueRect: PixelRect {
        guard background >> 24 == 255, groupAlpha == 255 else { return .empty }
        // The outline holds the bounds less the corners' reach across, or less it down (a
        // continuous corner reaches 1.53 radii along each side).
        let fitsContinuous = continuous && RenderPass.continuousCornersFit(radius: radius, in: CGRect(origin: .zero, size: size))
        let reach = fitsContinuous ? radius * CALayer.cornerCurveExpansionFactor(.continuous) : radius
        let wide = CGRect(x: reach, y: 0, width: size.width - 2 * reach, height: size.height)
        let tall = CGRect(x: 0, y: reach, width: size.width, height: size.height - 2 * reach)
        let interior = wide.width * wide.height >= tall.width * tall.height ? wide : tall
        guard toDevice.b == 0, toDevice.c == 0 else {
            return OpaqueInterior.wholePixels(inside: interior, toDevice: toDevice)
        }
        let inside = interior.applying(toDevice)
        guard RenderPass.isFinite(inside), !inside.isEmpty else { return .empty }
        let x0 = inside.minX.rounded(.up), y0 = inside.minY.rounded(.up)
        let x1 = inside.maxX.rounded(.down), y1 = inside.maxY.rounded(.down)
        let limit = CGFloat(1 << 29)
        guard x0 < x1, y0 < y1, abs(x0) < limit, abs(y0) < limit, abs(x1) < limit, abs(y1) < limit else { return .empty }
        return PixelRect(x0: Int32(x0), y0: Int32(y0), x1: Int32(x1), y1: Int32(y1))
    }

    /// Draws the layer into `rect` of the target (premultiplied ARGB32). Returns false, drawing
    /// nothing, when the loop cannot (the rectangle outside the target, a layer wider than
    /// it draws).
    func draw(into target: lamina_target_image, rect: PixelRect) -> Bool {
        var layer = lamina_plain_layer(
            a: Double(toDevice.a), b: Double(toDevice.b), c: Double(toDevice.c), d: Double(toDevice.d),
            tx: Double(toDevice.tx), ty: Double(toDevice.ty), width: Double(size.width), height: Double(size.height),
            radius: Double(radius), corners: UInt32(truncatingIfNeeded: corners.rawValue), continuous: continuous ? 1 : 0,
            border_width: Double(borderWidth), background: background, border: border, group_alpha: UInt32(groupAlpha))
        return lamina_draw_plain_layer(target, rect.x0, rect.y0, rect.width, rect.height, &layer)
    }
}
