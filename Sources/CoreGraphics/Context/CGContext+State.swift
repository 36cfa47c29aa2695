import CCairo

extension CGContext {
    // MARK: Graphics state

    /// Pushes a copy of the graphics state (CTM, clip, colours, alpha, line settings,
    /// blend mode, shadow, interpolation quality, antialiasing) onto the state stack.
    /// The current path is not part of the state.
    public func saveGState() {
        savedStates.append(state)
        cairo_save(cr)
    }

    /// Pops the most recently saved graphics state. An unbalanced call is ignored with a
    /// diagnostic, as Apple does.
    public func restoreGState() {
        if let layer = transparencyLayers.last, savedStates.count <= layer.savedCount {
            Diagnostics.log("CGContextRestoreGState: no graphics state saved inside the current transparency layer")
            return
        }
        guard let saved = savedStates.popLast() else {
            Diagnostics.log("CGContextRestoreGState: invalid context: no saved graphics state to restore")
            return
        }
        state = saved
        cairo_restore(cr)
    }

    // MARK: Current transformation matrix

    /// The current transformation matrix: user space → device space (pixels, origin
    /// bottom-left, y up). Identity for a new bitmap context.
    public var ctm: CGAffineTransform { state.ctm }

    /// Apple's `userSpaceToDeviceSpaceTransform`: the same as ``ctm`` in Lamina.
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }

    /// Moves the user-space origin by `(tx, ty)` user units.
    public func translateBy(x tx: CGFloat, y ty: CGFloat) {
        concatenate(CGAffineTransform(translationX: tx, y: ty))
    }

    /// Scales user space by `sx` horizontally and `sy` vertically. A zero scale makes
    /// everything drawn afterwards invisible (until the state is restored).
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) {
        concatenate(CGAffineTransform(scaleX: sx, y: sy))
    }

    /// Rotates user space by `angle` radians (counter-clockwise in the y-up default space).
    public func rotate(by angle: CGFloat) {
        concatenate(CGAffineTransform(rotationAngle: angle))
    }

    /// Applies `transform` to user space: the new CTM is `transform × ctm`.
    public func concatenate(_ transform: CGAffineTransform) {
        state.ctm = transform.concatenating(state.ctm)
        applyCTM()
    }

    /// Converts a point from user space to device space (pixels, y up).
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm) }
    /// Converts a point from device space (pixels, y up) to user space.
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm.inverted()) }
    /// Converts a size from user space to device space.
    public func convertToDeviceSpace(_ size: CGSize) -> CGSize { size.applying(state.ctm) }
    /// Converts a size from device space to user space.
    public func convertToUserSpace(_ size: CGSize) -> CGSize { size.applying(state.ctm.inverted()) }
    /// Converts a rectangle from user space to device space (its bounding box).
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm) }
    /// Converts a rectangle from device space to user space (its bounding box).
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm.inverted()) }

    /// Hands the CTM to cairo (as user → cairo's y-down device space). A matrix cairo
    /// cannot invert would break the cairo context, so it is kept out and drawing is
    /// suspended instead.
    func applyCTM() {
        let device = state.ctm.concatenating(deviceFlip)
        guard device.invertedIfPossible() != nil, abs(device.a * device.d - device.b * device.c) > 1e-12 else {
            state.isDegenerate = true
            return
        }
        state.isDegenerate = false
        var matrix = cairo_matrix_t(xx: device.a, yx: device.b, xy: device.c, yy: device.d, x0: device.tx, y0: device.ty)
        cairo_set_matrix(cr, &matrix)
    }

    /// User space → cairo's device space (pixels, y down).
    var cairoDeviceTransform: CGAffineTransform { state.ctm.concatenating(deviceFlip) }

    // MARK: Colours and alpha

    /// Sets the fill colour (default opaque black), converted into the context's colour space.
    /// Colours in unsupported spaces fill black.
    /// A pattern colour (``CGColor/init(patternSpace:pattern:components:)``) fills with its pattern.
    public func setFillColor(_ color: CGColor) {
        state.fill = Paint(color, in: colorSpace)
    }
    /// Sets the fill colour from sRGB components (device RGB, which is sRGB), each clamped to
    /// `0...1`, converted into the context's colour space.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fill = .color(deviceRGB(red, green, blue, alpha))
    }
    /// Sets the fill colour to a gray level, both values clamped to `0...1`.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        state.fill = .color(deviceGray(gray, alpha))
    }

    /// Sets the stroke colour (default opaque black), converted into the context's colour
    /// space. Colours in unsupported spaces stroke black.
    /// A pattern colour strokes with its pattern.
    public func setStrokeColor(_ color: CGColor) {
        state.stroke = Paint(color, in: colorSpace)
    }
    /// Sets the stroke colour from sRGB components (device RGB, which is sRGB), each clamped to
    /// `0...1`, converted into the context's colour space.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.stroke = .color(deviceRGB(red, green, blue, alpha))
    }

    /// A clamped gray level (device gray, which is generic gray) converted into the context's
    /// colour space: the same level on each channel of sRGB.
    private func deviceGray(_ gray: CGFloat, _ alpha: CGFloat) -> RGBA {
        let clamped = RGBA.clamped(gray, gray, gray, alpha)
        guard let colorSpace, !colorSpace.drawsAsSRGB else { return clamped }
        return RGBA(CGColor(gray: clamped.red, alpha: clamped.alpha), in: colorSpace)
    }

    /// Clamped sRGB components converted into the context's colour space.
    private func deviceRGB(_ red: CGFloat, _ green: CGFloat, _ blue: CGFloat, _ alpha: CGFloat) -> RGBA {
        let clamped = RGBA.clamped(red, green, blue, alpha)
        guard let colorSpace, !colorSpace.drawsAsSRGB else { return clamped }
        let color = CGColor(red: clamped.red, green: clamped.green, blue: clamped.blue, alpha: clamped.alpha)
        return RGBA(color, in: colorSpace)
    }
    /// Sets the stroke colour to a gray level, both values clamped to `0...1`.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
        state.stroke = .color(deviceGray(gray, alpha))
    }

    /// Sets the opacity multiplied into everything drawn, clamped to `0...1` (default 1).
    public func setAlpha(_ alpha: CGFloat) {
        state.alpha = alpha.isNaN ? 0 : min(max(alpha, 0), 1)
    }

    /// Sets how drawing combines with the existing pixels (default ``CGBlendMode/normal``).
    /// See ``CGBlendMode`` for the one mode cairo cannot draw.
    public func setBlendMode(_ mode: CGBlendMode) {
        state.blendMode = mode
        cairo_set_operator(cr, mode.cairoOperator)
    }

    // MARK: Line settings

    /// Sets the stroke width in user units at the time of stroking (default 1). Negative
    /// values are treated as 0 (a hairline of nothing).
    public func setLineWidth(_ width: CGFloat) {
        cairo_set_line_width(cr, width.isFinite ? Double(max(width, 0)) : 0)
    }

    /// Sets how open subpath ends are stroked (default ``CGLineCap/butt``).
    public func setLineCap(_ cap: CGLineCap) { cairo_set_line_cap(cr, cap.cairoValue) }

    /// Sets how corners are stroked (default ``CGLineJoin/miter``).
    public func setLineJoin(_ join: CGLineJoin) { cairo_set_line_join(cr, join.cairoValue) }

    /// Sets the miter limit (default 10): miter joins longer than `limit × lineWidth` are
    /// bevelled.
    public func setMiterLimit(_ limit: CGFloat) {
        if limit.isFinite { cairo_set_miter_limit(cr, Double(max(limit, 1))) }
    }

    /// Sets the dash pattern for strokes: alternating painted and unpainted lengths in user
    /// units, starting `phase` units into the pattern. An empty `lengths` turns dashing off
    /// (the default). Lengths that are negative or all zero are rejected with a diagnostic
    /// and dashing is turned off.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        guard !lengths.isEmpty else {
            cairo_set_dash(cr, nil, 0, 0)
            return
        }
        guard lengths.allSatisfy({ $0 >= 0 && $0.isFinite }), lengths.contains(where: { $0 > 0 }), phase.isFinite else {
            Diagnostics.log("CGContextSetLineDash: invalid dash array \(lengths) with phase \(phase): dashing turned off")
            cairo_set_dash(cr, nil, 0, 0)
            return
        }
        let values = lengths.map { Double($0) }
        values.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), Double(phase)) }
    }

    /// Sets the flatness tolerance for curves in device pixels (default 0.1 in cairo; Apple's
    /// default is 0.5).
    public func setFlatness(_ flatness: CGFloat) {
        if flatness.isFinite, flatness > 0 { cairo_set_tolerance(cr, Double(flatness)) }
    }

    // MARK: Rendering quality

    /// How images are resampled when drawn scaled (default ``CGInterpolationQuality/default``).
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    /// Turns anti-aliasing of paths on or off (default on). Has effect only while
    /// ``setAllowsAntialiasing(_:)`` allows it.
    public func setShouldAntialias(_ shouldAntialias: Bool) {
        state.shouldAntialias = shouldAntialias
        applyAntialias()
    }

    /// Allows or forbids anti-aliasing (default allowed).
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {
        state.allowsAntialiasing = allowsAntialiasing
        applyAntialias()
    }

    private func applyAntialias() {
        let on = state.shouldAntialias && state.allowsAntialiasing
        cairo_set_antialias(cr, on ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
    }

    // MARK: Shadow

    /// Draws a shadow under everything drawn afterwards, in `color` (`nil` turns shadows off).
    ///
    /// - Parameters:
    ///   - offset: The shadow's displacement in the context's base space, unaffected by the
    ///     CTM. In a bitmap context that is pixels with y up (positive `height` moves the
    ///     shadow up), as on macOS; in a layer context it is points with y down (positive
    ///     `height` moves it down), as in UIKit.
    ///   - blur: The blur amount (≥ 0) in base-space units; Lamina blurs with a Gaussian of
    ///     standard deviation `blur / 2` (three box blurs). 0 gives a hard-edged shadow.
    ///   - color: The shadow colour; its alpha is multiplied with the context's alpha.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.alpha > 0 else {
            state.shadow = nil
            return
        }
        let safeOffset = CGSize(
            width: offset.width.isFinite ? offset.width : 0, height: offset.height.isFinite ? offset.height : 0)
        state.shadow = Shadow(offset: safeOffset, blur: blur.isFinite ? max(blur, 0) : 0, color: RGBA(color, in: colorSpace))
    }

    /// Draws a shadow under everything drawn afterwards in black with 1/3 alpha, Apple's
    /// default shadow colour. See ``setShadow(offset:blur:color:)``.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1.0 / 3.0))
    }
}
