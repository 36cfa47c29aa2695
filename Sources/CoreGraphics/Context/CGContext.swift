import CCairo

/// A drawing destination: Apple's Quartz 2D graphics context, drawn with cairo.
///
/// Lamina has bitmap contexts only. Create one with
/// ``init(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:)`` (Apple's
/// `CGBitmapContextCreate`) or, for `CALayer.draw(in:)`, with Lamina's
/// ``layerContext(width:height:scale:)``.
///
/// ## Coordinates
///
/// - A **bitmap context** has Apple's default coordinate space: the origin is at the
///   **bottom-left** of the image, y grows **up**, one unit is one pixel, and ``ctm`` starts
///   as the identity. Filling `CGRect(x: 0, y: 0, width: 10, height: 10)` in a 100×100
///   context colours image rows 90...99 (the bottom rows of ``makeImage()``'s result,
///   whose row 0 is the top), exactly as on macOS and iOS.
/// - A **layer context** (``layerContext(width:height:scale:)``) is pre-flipped like the
///   context UIKit and Core Animation hand to `draw(in:)`: origin at the **top-left**, y
///   grows **down**, units are points (`scale` pixels each). Its ``ctm`` starts as
///   `[scale, 0, 0, -scale, 0, height]`, as on iOS.
///
/// ``ctm`` maps user space to device space, where device space is always Apple's: pixels,
/// origin bottom-left, y up.
///
/// ## Arcs and "clockwise"
///
/// `clockwise` in ``addArc(center:radius:startAngle:endAngle:clockwise:)`` is meant in
/// the y-up default space, as in Apple's API: in a flipped space (a layer context) an arc
/// with `clockwise: true` appears counter-clockwise on screen — the same as on iOS.
///
/// ## Pixel format
///
/// Lamina draws in premultiplied BGRA (`premultipliedFirst | byteOrder32Little`, Wayland's
/// ARGB8888). Other 8-bit RGB layouts Apple accepts, 8-bit gray and 8-bit alpha-only
/// contexts are supported by drawing into a native copy and converting the touched pixels
/// back into ``data`` after each operation.
///
/// A context is not thread-safe: use it from one thread at a time.
public final class CGContext {
    /// The cairo context drawing into ``surface``.
    package let cr: OpaquePointer
    /// The cairo image surface (native premultiplied BGRA or xRGB).
    package let surface: OpaquePointer
    /// The native pixel storage cairo draws into.
    package let native: NativeStorage
    /// The caller-visible pixels, when their layout is not native.
    let foreign: ForeignPixels?

    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Bits per colour component: 8.
    public let bitsPerComponent: Int
    /// Bits per pixel: 32 for RGB, 8 for gray and alpha-only contexts.
    public let bitsPerPixel: Int
    /// The distance in bytes between the starts of two rows of ``data``.
    public let bytesPerRow: Int
    /// The colour space the context was created with.
    public let colorSpace: CGColorSpace?
    /// The bitmap layout the context was created with.
    public let bitmapInfo: CGBitmapInfo

    /// The current graphics state.
    var state: GState
    /// Saved graphics states, innermost last.
    var savedStates: [GState] = []
    /// The graphics states in effect when each open transparency layer began.
    var transparencyLayers: [(state: GState, savedCount: Int)] = []
    /// Maps Apple's device space (pixels, y up) to cairo's (pixels, y down).
    let deviceFlip: CGAffineTransform
    /// Maps the shadow base space to Apple's device space (only its linear part is used).
    var shadowBase: CGAffineTransform
    /// The context's base space → device pixels (y up): where patterns are anchored. The
    /// identity for a bitmap context; a layer context's flip and scale.
    var patternBase = CGAffineTransform.identity
    /// The text matrix (not part of the graphics state, unlike the rest of the text state).
    var textMatrixValue = CGAffineTransform.identity

    /// Creates a bitmap graphics context, or returns `nil` for parameters Lamina does not
    /// support, printing the reason to standard error as Apple's `CGBitmapContextCreate` does.
    ///
    /// - Parameters:
    ///   - data: Memory of at least `bytesPerRow × height` bytes to draw into, which must
    ///     outlive the context; or `nil` for zeroed (transparent) memory the context owns.
    ///   - width: Width in pixels, `1...32767`.
    ///   - height: Height in pixels, `1...32767`.
    ///   - bitsPerComponent: Must be 8.
    ///   - bytesPerRow: Row stride in bytes, at least `width × 4` (`width` for gray and
    ///     alpha-only contexts); 0 computes the least.
    ///   - space: An RGB or gray colour space: the space the pixels are stored in. Colours, gradients
    ///     and images drawn are converted into it, and blending and gradient interpolation
    ///     happen in it (a Display P3 context interpolates a gradient of sRGB colours in
    ///     Display P3, as Core Graphics does). 8 bits per component only: components outside
    ///     `0...1` (extended spaces) are clamped when stored.
    ///   - bitmapInfo: For RGB, a ``CGImageAlphaInfo`` raw value (`premultipliedFirst`,
    ///     `premultipliedLast`, `noneSkipFirst` or `noneSkipLast`) combined with a 32-bit
    ///     byte order (default/`byteOrder32Big` or `byteOrder32Little`);
    ///     `premultipliedFirst | byteOrder32Little` is Lamina's native, fastest layout. For a
    ///     gray space, `CGImageAlphaInfo.none`: one gray byte a pixel (colours are converted to
    ///     gray before they are drawn). `alphaOnly` in any space: one alpha byte a pixel, the
    ///     coverage and alpha of what is drawn, whatever its colour (as Apple's mask contexts).
    public init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
        bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32
    ) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        let format: BitmapPixelFormat
        let stride: Int
        switch BitmapContextParameters.validate(
            width: width, height: height, bitsPerComponent: bitsPerComponent,
            bytesPerRow: bytesPerRow, space: space, bitmapInfo: info)
        {
        case .failure(let message):
            Diagnostics.log("CGBitmapContextCreate: \(message)")
            return nil
        case .success(let parameters):
            format = parameters.format
            stride = parameters.bytesPerRow
        }

        let foreign: ForeignPixels?
        let native: NativeStorage
        if format.isNative && stride % 4 == 0 {
            if let data {
                native = NativeStorage(base: data, bytesPerRow: stride, owner: nil)
            } else {
                guard let buffer = PixelBuffer(zeroedByteCount: stride * height) else {
                    Diagnostics.log(
                        "CGBitmapContextCreate: cannot allocate \(stride * height) bytes for a "
                            + "\(width)×\(height) context")
                    return nil
                }
                native = NativeStorage(base: buffer.base, bytesPerRow: stride, owner: buffer)
            }
            foreign = nil
        } else {
            let nativeStride = width * 4
            guard let nativeBuffer = PixelBuffer(zeroedByteCount: nativeStride * height) else {
                Diagnostics.log(
                    "CGBitmapContextCreate: cannot allocate \(nativeStride * height) bytes for a "
                        + "\(width)×\(height) context")
                return nil
            }
            native = NativeStorage(base: nativeBuffer.base, bytesPerRow: nativeStride, owner: nativeBuffer)
            let visible: ForeignPixels
            if let data {
                visible = ForeignPixels(base: data, bytesPerRow: stride, format: format, owner: nil)
            } else {
                guard let buffer = PixelBuffer(zeroedByteCount: stride * height) else {
                    Diagnostics.log(
                        "CGBitmapContextCreate: cannot allocate \(stride * height) bytes for a "
                            + "\(width)×\(height) context")
                    return nil
                }
                visible = ForeignPixels(base: buffer.base, bytesPerRow: stride, format: format, owner: buffer)
            }
            foreign = visible
        }

        guard
            let surface = cairo_image_surface_create_for_data(
                native.base.assumingMemoryBound(to: UInt8.self), format.hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24,
                Int32(width), Int32(height), Int32(native.bytesPerRow))
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            Diagnostics.log(
                "CGBitmapContextCreate: cairo cannot create a \(width)×\(height) surface: "
                    + String(cString: cairo_status_to_string(cairo_surface_status(surface))))
            cairo_surface_destroy(surface)
            return nil
        }
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS else {
            Diagnostics.log(
                "CGBitmapContextCreate: cairo cannot create a context: "
                    + String(cString: cairo_status_to_string(cairo_status(cr))))
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
            return nil
        }
        self.cr = cr
        self.surface = surface
        self.native = native
        self.foreign = foreign
        self.width = width
        self.height = height
        self.bitsPerComponent = 8
        self.bitsPerPixel = format.bytesPerPixel * 8
        self.bytesPerRow = stride
        self.colorSpace = space
        self.bitmapInfo = info
        self.deviceFlip = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height))
        self.shadowBase = .identity
        self.state = GState()
        foreign?.importAll(into: native, width: width, height: height)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        applyCTM()
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// The pixels the context draws into: the memory passed at creation, or the context's
    /// own. Valid as long as the context lives.
    public var data: UnsafeMutableRawPointer? {
        foreign?.base ?? native.base
    }

    /// The alpha layout from ``bitmapInfo``.
    public var alphaInfo: CGImageAlphaInfo {
        bitmapInfo.alphaInfo ?? .premultipliedFirst
    }

    /// Returns an image of the context's current pixels (a copy: later drawing does not
    /// change it), or `nil` when the memory for the copy cannot be had. A gray context's image
    /// is RGB with three equal channels, in the RGB space whose gray axis the context's space
    /// is (sRGB for device gray); an alpha-only context's is black with the context's alpha.
    public func makeImage() -> CGImage? {
        cairo_surface_flush(surface)
        let opaque = !(foreign?.format.hasAlpha ?? true) || cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        return CGImage(
            copyingNative: UnsafeRawPointer(native.base), width: width, height: height,
            bytesPerRow: native.bytesPerRow, forceOpaque: opaque, colorSpace: colorSpace?.imageSpace)
    }

    /// Lamina: an image of the context's pixels that takes over the context's own memory
    /// instead of copying it, for a context drawn once and then thrown away (a layer's
    /// backing store). The context draws nothing after this: its surface is finished, so
    /// later drawing changes neither the image nor the context (cairo ignores it). Falls back
    /// to ``makeImage()`` (a copy) when the context draws into memory it does not own, into
    /// another layout, or without alpha.
    package func makeImageTakingStorage() -> CGImage? {
        cairo_surface_flush(surface)
        guard let owner = native.owner, foreign == nil, native.bytesPerRow == width * 4,
            cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { return makeImage() }
        cairo_surface_finish(surface)
        return CGImage(validatedWidth: width, height: height, storage: owner, colorSpace: colorSpace?.imageSpace)
    }

    /// Lamina: waits for nothing (drawing is synchronous) and makes sure every drawn pixel
    /// is in ``data``.
    public func flush() {
        cairo_surface_flush(surface)
    }

    /// Apple's `synchronize()`: same as ``flush()`` in Lamina.
    public func synchronize() {
        flush()
    }
}

/// The pixel memory cairo draws into: premultiplied BGRA (or xRGB) rows.
package struct NativeStorage {
    /// The first byte of the first row.
    package let base: UnsafeMutableRawPointer
    /// The row stride.
    package let bytesPerRow: Int
    /// Keeps owned memory alive; `nil` when the caller owns it.
    let owner: PixelBuffer?
}
