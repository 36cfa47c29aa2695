import CCompositor
import CoreGraphics

/// A `masksToBounds` clip that is not a rectangle of whole device pixels — rounded corners
/// (`cornerRadius`, `maskedCorners`, `cornerCurve`), a sub-pixel position, a scale, a turn —
/// applied as coverage while its sublayers are composited, rather than by drawing them as
/// one group with cairo.
///
/// Its coverage (each device pixel's exact area inside the rounded bounds, as a plain layer's
/// background covers it) is computed once per frame. Before the sublayers' steps, the target
/// pixels the clip does not cover wholly are kept (``DisplayOp/Kind/clipBegin(_:)``); the
/// steps draw inside the clip's box; afterwards each of those pixels becomes what was drawn
/// times its coverage plus what was kept times the rest (``DisplayOp/Kind/clipEnd(_:)``). So
/// the sublayers are masked once, together, as Apple's render server masks an offscreen
/// group; cairo, drawing each sublayer through its clip, mixes the edge pixels once per
/// sublayer, and its 15-sub-row coverage differs from the exact one at edge pixels.
final class RoundedClip: Sendable {
    /// The device pixels the clip's bounds touch, within the target (the coverage's rectangle).
    let box: PixelRect
    /// Pixels the clip covers wholly: what opaque steps inside it hide of those below.
    let interior: PixelRect
    /// What the coverage is of: the outline's geometry.
    private let outline: Outline
    /// One byte a pixel of ``box``, and two columns a row (the span covered wholly).
    private let coverage: [UInt8]
    private let full: [Int32]

    /// Clips with at most this many sublayers are applied as coverage; those with more are
    /// drawn as one group (composited as one image while they move, where each sublayer's
    /// step would cost a composite of its own).
    static let mostSublayers = 16

    /// The geometry of a clip's outline, in device pixels.
    struct Outline: Equatable, Sendable {
        /// Bounds space (its origin at 0, 0) → device pixels.
        var toDevice: CGAffineTransform
        var size: CGSize
        var radius: CGFloat
        var corners: CACornerMask
        var continuous: Bool

        var layer: lamina_plain_layer {
            lamina_plain_layer(
                a: Double(toDevice.a), b: Double(toDevice.b), c: Double(toDevice.c), d: Double(toDevice.d),
                tx: Double(toDevice.tx), ty: Double(toDevice.ty), width: Double(size.width), height: Double(size.height),
                radius: Double(radius), corners: UInt32(truncatingIfNeeded: corners.rawValue), continuous: continuous ? 1 : 0,
                border_width: 0, background: 0xFF00_0000, border: 0, group_alpha: 255)
        }
    }

    /// The outline of `layer`'s bounds placed by `a` (its bounds space → device), and the
    /// pixels of `target` it touches; nil when its geometry is not finite or cannot be
    /// covered (wider than the coverage loop takes), or it touches nothing of `target`.
    static func geometry(of layer: CARenderLayer, toDevice a: CGAffineTransform, within target: PixelRect)
        -> (outline: Outline, box: PixelRect)?
    {
        let bounds = layer.bounds.standardized
        guard !bounds.isEmpty, a.a.isFinite, a.b.isFinite, a.c.isFinite, a.d.isFinite, a.tx.isFinite, a.ty.isFinite
        else { return nil }
        let outline = Outline(
            toDevice: CGAffineTransform(translationX: bounds.minX, y: bounds.minY).concatenating(a), size: bounds.size,
            radius: RenderPass.effectiveRadius(layer, bounds), corners: layer.maskedCorners,
            continuous: layer.hasContinuousCorners)
        let box = PixelRect(
            covering: CGRect(origin: .zero, size: bounds.size).applying(outline.toDevice), margin: 0, within: target)
        guard !box.isEmpty, box.width < PlainLayerStep.widestTarget, box.x0 >= 0, box.y0 >= 0 else { return nil }
        return (outline, box)
    }

    /// The clip of `outline` over the pixels `box` (inside the target, from
    /// ``geometry(of:toDevice:within:)``); nil when its coverage cannot be computed.
    init?(_ outline: Outline, box: PixelRect) {
        let (width, height) = (Int(box.width), Int(box.height))
        var coverage = [UInt8](repeating: 0, count: width * height)
        var full = [Int32](repeating: 0, count: 2 * height)
        var geometry = outline.layer
        let covered = coverage.withUnsafeMutableBufferPointer { mask in
            full.withUnsafeMutableBufferPointer { spans in
                lamina_plain_layer_coverage(&geometry, box.x0, box.y0, box.width, box.height, mask.baseAddress, spans.baseAddress)
            }
        }
        guard covered else { return nil }
        self.box = box
        self.outline = outline
        self.coverage = coverage
        self.full = full
        interior = Self.interior(full, box: box)
    }

    /// A large rectangle of wholly covered pixels: the middle row's span, and the rows above
    /// and below whose spans hold it.
    private static func interior(_ full: [Int32], box: PixelRect) -> PixelRect {
        let rows = Int(box.height)
        let middle = rows / 2
        let (from, to) = (full[2 * middle], full[2 * middle + 1])
        guard from < to else { return .empty }
        func holds(_ row: Int) -> Bool { full[2 * row] <= from && full[2 * row + 1] >= to }
        var (top, bottom) = (middle, middle + 1)
        while top > 0, holds(top - 1) { top -= 1 }
        while bottom < rows, holds(bottom) { bottom += 1 }
        return PixelRect(x0: from, y0: box.y0 + Int32(top), x1: to, y1: box.y0 + Int32(bottom))
    }

    /// Bytes of coverage held.
    var byteCount: Int { coverage.count + full.count * MemoryLayout<Int32>.size }

    /// Whether both clip the same pixels alike.
    func drawsSame(as other: RoundedClip) -> Bool { self === other || clips(outline: other.outline, box: other.box) }

    /// Whether it is the clip of `outline` over `box`.
    func clips(outline: Outline, box: PixelRect) -> Bool { self.box == box && self.outline == outline }

    /// Keeps the pixels of `rect` (inside ``box``) of `target` that the clip does not cover
    /// wholly in `saved`.
    func save(_ target: lamina_target_image, into saved: lamina_saved_pixels, rect: PixelRect) {
        withCoverage { _ = lamina_clip_save($0, target, saved, rect.x0, rect.y0, rect.width, rect.height) }
    }

    /// Mixes the pixels of `rect` drawn since ``save(_:into:rect:)`` with those kept, by coverage.
    func restore(_ target: lamina_target_image, from saved: lamina_saved_pixels, rect: PixelRect) {
        withCoverage { _ = lamina_clip_restore($0, target, saved, rect.x0, rect.y0, rect.width, rect.height) }
    }

    private func withCoverage(_ body: (UnsafePointer<lamina_clip_coverage>) -> Void) {
        coverage.withUnsafeBufferPointer { mask in
            full.withUnsafeBufferPointer { spans in
                var clip = lamina_clip_coverage(
                    coverage: mask.baseAddress, full: spans.baseAddress, x: box.x0, y: box.y0, width: box.width,
                    height: box.height)
                body(&clip)
            }
        }
    }
}

/// The target pixels one band keeps for the rounded clips it is inside, innermost last.
struct KeptPixelStack {
    private var kept: [lamina_saved_pixels?] = []

    /// Keeps the pixels of `pieces` (inside the clip's box) before the clip's steps.
    mutating func begin(_ clip: RoundedClip, pieces: [PixelRect], target: lamina_target_image) {
        let bounding = pieces.reduce(PixelRect.empty) { $0.union($1) }
        guard !bounding.isEmpty else { return kept.append(nil) }
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: bounding.area)
        let saved = lamina_saved_pixels(
            pixels: pixels, x: bounding.x0, y: bounding.y0, width: bounding.width, height: bounding.height)
        for piece in pieces { clip.save(target, into: saved, rect: piece) }
        kept.append(saved)
    }

    /// Masks what the clip's steps drew in `pieces` by its coverage, and forgets the pixels kept.
    mutating func end(_ clip: RoundedClip, pieces: [PixelRect], target: lamina_target_image) {
        guard let last = kept.popLast(), let saved = last else { return }
        for piece in pieces { clip.restore(target, from: saved, rect: piece) }
        saved.pixels.deallocate()
    }

    /// Forgets every pixel kept (a band that stopped early).
    mutating func release() {
        for saved in kept { saved?.pixels.deallocate() }
        kept = []
    }
}
