import CCairo
import CPixman

/// One traversal of a render tree into one cairo context whose user space is the
/// target's device space (identity matrix between operations).
///
/// Per layer, back to front: shadow, background, a gradient or shape of a layer subclass
/// (RenderPass+Gradient.swift, RenderPass+Shape.swift), contents (clipped with
/// `masksToBounds`), a text layer's text (RenderPass+Text.swift), an emitter layer's
/// particles (RenderPass+Emitter.swift), sublayers (a replicator's once per instance), border; a layer in a transition draws its old and new bodies instead of
/// one (RenderPass+Transition.swift). A layer that needs a group (mask, shadow, group
/// opacity) is drawn into a cairo group first and then composited. A layer whose transform
/// to the device has perspective is drawn flat into an offscreen image and composited with
/// a projective pixman transform.
struct RenderPass {
    let cr: OpaquePointer
    /// The colour space of the pixels drawn into: every colour is converted into it, so the
    /// target's numbers (cairo mixes them as they are) hold colours of that space. `nil` is
    /// sRGB, what windows and the render server draw in.
    let colorSpace: CGColorSpace?
    /// How contents images are magnified: bilinear for windows, eased for `render(in:)`.
    let imageMagnification: ImageMagnification
    /// How fills and strokes are cut by a clip that is not a set of whole pixels: along
    /// its outline for windows, as Core Graphics masks for `render(in:)`.
    let clipCoverage: ClipCoverage

    init(
        cr: OpaquePointer, colorSpace: CGColorSpace? = nil, imageMagnification: ImageMagnification = .bilinear,
        clipCoverage: ClipCoverage = .geometric
    ) {
        self.cr = cr
        self.colorSpace = colorSpace.flatMap { $0.drawsAsSRGB ? nil : $0 }
        self.imageMagnification = imageMagnification
        self.clipCoverage = clipCoverage
    }

    /// A pass into another context (an offscreen image) that draws as this one does.
    func drawing(into other: OpaquePointer) -> RenderPass {
        RenderPass(cr: other, colorSpace: colorSpace, imageMagnification: imageMagnification, clipCoverage: clipCoverage)
    }

    /// `color`'s non-premultiplied components in the target's colour space, clamped to
    /// `0...1`; nil for no colour or one Lamina cannot convert.
    func rgba(_ color: CGColor?) -> (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)? {
        guard let color else { return nil }
        guard let colorSpace else { return color.rgba }
        guard let c = color.rgba(in: colorSpace) else { return nil }
        return (CGFloat(c.red), CGFloat(c.green), CGFloat(c.blue), CGFloat(c.alpha))
    }

    // MARK: - Layers

    /// Draws `layer` and its subtree. `parentToDevice` maps the superlayer's bounds space to
    /// the device, `parentSublayer` is the superlayer's sublayer-space transform, `alpha`
    /// the opacity inherited from ancestors not drawn as groups.
    ///
    /// Each level of the tree is one level of ``StackDepth``, so no depth of tree can
    /// exhaust the drawing thread's stack.
    func draw(
        _ layer: CARenderLayer, parentToDevice: CAProjectiveTransform, parentSublayer: CATransform3D, alpha: CGFloat
    ) {
        StackDepth.deeper { drawLevel(layer, parentToDevice: parentToDevice, parentSublayer: parentSublayer, alpha: alpha) }
    }

    private func drawLevel(
        _ layer: CARenderLayer, parentToDevice: CAProjectiveTransform, parentSublayer: CATransform3D, alpha: CGFloat
    ) {
        guard let placement = layer.drawPlacement(parentToDevice: parentToDevice, parentSublayer: parentSublayer, alpha: alpha)
        else { return }
        let (alpha, toDevice) = (placement.alpha, placement.toDevice)
        if layer.isTransformLayer {
            return drawTransformLayerSublayers(of: layer, local: placement.local, parentToDevice: parentToDevice, alpha: alpha)
        }
        if toDevice.isAffine {
            drawComposited(layer, toDevice: toDevice.affine, alpha: alpha)
        } else {
            drawProjected(layer, toDevice: toDevice, alpha: alpha)
        }
    }

    /// Draws the layer with its shadow, mask and group opacity, through a group if needed.
    func drawComposited(_ layer: CARenderLayer, toDevice a: CGAffineTransform, alpha: CGFloat) {
        // Filters (RenderPass+Filters.swift): what is behind first, then the layer's group.
        if !layer.backgroundFilters.isEmpty { applyBackgroundFilters(of: layer, toDevice: a) }
        if Self.drawsFilteredGroup(layer) { return drawFilteredGroup(layer, toDevice: a, alpha: alpha) }
        let shadow = layer.shadowOpacity > 0 ? rgba(layer.shadowColor).flatMap { $0.alpha > 0 ? $0 : nil } : nil
        let groupOpacity = alpha < 1 && layer.allowsGroupOpacity && !Self.isSinglePart(layer)
        guard shadow != nil || layer.mask != nil || groupOpacity else {
            drawBodyOrTransition(layer, toDevice: a, alpha: alpha)
            return
        }
        let groupAlpha = layer.allowsGroupOpacity ? alpha : 1
        cairo_save(cr)
        if let box = Self.subtreeBox(layer) {
            clip(toDeviceBoxOf: box, toDevice: a)
        }
        cairo_push_group(cr)
        drawBodyOrTransition(layer, toDevice: a, alpha: alpha / groupAlpha)
        var body = cairo_pop_group(cr)
        cairo_restore(cr)
        defer { cairo_pattern_destroy(body) }

        // As on Apple platforms, the layer's masks — `mask` and the implicit one of
        // `masksToBounds` — apply to its shadow too: the shadow joins the body before them.
        let bounds = layer.bounds.standardized
        let masksShadow = shadow != nil && (layer.mask != nil || layer.masksToBounds)
        if masksShadow {
            if layer.masksToBounds && bounds.isEmpty { return }
            cairo_push_group(cr)
        }
        if let shadow, let outline = layer.shadowPath {
            cairo_push_group(cr)
            addPath(outline, toDevice: a)
            cairo_set_source_rgba(cr, 0, 0, 0, 1)
            cairo_fill(cr)
            let shape = cairo_pop_group(cr)
            defer { cairo_pattern_destroy(shape) }
            drawShadow(
                of: shape, layer: layer, toDevice: a,
                red: shadow.red, green: shadow.green, blue: shadow.blue,
                alpha: shadow.alpha * CGFloat(layer.shadowOpacity) * alpha)
        } else if let shadow {
            drawShadow(
                of: body, layer: layer, toDevice: a,
                red: shadow.red, green: shadow.green, blue: shadow.blue,
                alpha: shadow.alpha * CGFloat(layer.shadowOpacity) * alpha)
        }
        if masksShadow {
            cairo_set_source(cr, body)
            cairo_paint(cr)
            let shadowed = cairo_pop_group(cr)
            cairo_pattern_destroy(body)
            body = shadowed
        }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if masksShadow && layer.masksToBounds {
            cairo_new_path(cr)
            addShape(
                bounds, radius: Self.effectiveRadius(layer, bounds), corners: layer.maskedCorners,
                continuous: layer.hasContinuousCorners, toDevice: a)
            cairo_clip(cr)
        }
        if var mask = layer.mask {
            // As on Apple platforms, a mask's compositing filter and background filters are ignored.
            mask.compositingMode = nil
            mask.backgroundFilters = []
            cairo_push_group(cr)
            draw(mask, parentToDevice: CAProjectiveTransform(a), parentSublayer: CATransform3DIdentity, alpha: 1)
            let maskPattern = cairo_pop_group(cr)
            defer { cairo_pattern_destroy(maskPattern) }
            if groupAlpha < 1 { cairo_push_group(cr) }
            cairo_set_source(cr, body)
            cairo_mask(cr, maskPattern)
            if groupAlpha < 1 {
                cairo_pop_group_to_source(cr)
                cairo_paint_with_alpha(cr, Double(groupAlpha))
            }
        } else {
            cairo_set_source(cr, body)
            cairo_paint_with_alpha(cr, Double(groupAlpha))
        }
    }

    /// Whether the layer draws at most one overlapping part (so group opacity and
    /// per-part opacity look the same).
    private static func isSinglePart(_ layer: CARenderLayer) -> Bool {
        guard layer.sublayers.isEmpty, layer.transition == nil else { return false }
        var parts = 0
        if paints(layer.backgroundColor) { parts += 1 }
        // A contents cross-fade is mixed in a group and drawn once: one part.
        if layer.contents != nil || layer.contentsCrossFade?.from != nil { parts += 1 }
        if layer.borderWidth > 0, paints(layer.borderColor) { parts += 1 }
        if layer.shape != nil { parts += 2 }  // fill and stroke may overlap
        if layer.gradient != nil { parts += 1 }
        if layer.text != nil { parts += 2 }  // glyphs of runs drawn one after another may overlap
        if layer.emitter != nil { parts += 2 }  // particles may overlap
        return parts <= 1
    }

    /// Background, contents, sublayers (clipped with `masksToBounds`) and border.
    func drawBody(_ layer: CARenderLayer, toDevice a: CGAffineTransform, alpha: CGFloat) {
        let b = layer.bounds.standardized
        let radius = Self.effectiveRadius(layer, b)
        if Self.paints(layer.backgroundColor), !b.isEmpty {
            cairo_new_path(cr)
            addShape(b, radius: radius, corners: layer.maskedCorners, continuous: layer.hasContinuousCorners, toDevice: a)
            fillPath(with: layer.backgroundColor, alpha: alpha, layerToDevice: a)
        }
        if layer.masksToBounds {
            guard !b.isEmpty else { return }
            cairo_save(cr)
            cairo_new_path(cr)
            addShape(b, radius: radius, corners: layer.maskedCorners, continuous: layer.hasContinuousCorners, toDevice: a)
            cairo_clip(cr)
        }
        if let gradient = layer.gradient, !b.isEmpty {
            drawGradient(
                gradient, in: b, radius: radius, corners: layer.maskedCorners, continuous: layer.hasContinuousCorners,
                toDevice: a, alpha: alpha)
        }
        if let shape = layer.shape { drawShape(shape, toDevice: a, alpha: alpha) }
        if !b.isEmpty {
            drawContentsOrCrossFade(of: layer, in: b, toDevice: a, alpha: alpha)
        }
        if let text = layer.text { drawText(text, in: b, toDevice: a, alpha: alpha) }
        if let emitter = layer.emitter { drawParticles(of: emitter, toDevice: a, alpha: alpha) }
        let sublayerSpace = layer.sublayerSpaceTransform
        let parent = CAProjectiveTransform(a)
        if let replicator = layer.replicator {
            drawReplicatedSublayers(of: layer, replicator, toDevice: a, alpha: alpha)
        } else {
            for sublayer in layer.sublayersInDrawingOrder {
                draw(sublayer, parentToDevice: parent, parentSublayer: sublayerSpace, alpha: alpha)
            }
        }
        if layer.masksToBounds {
            cairo_restore(cr)
        }
        if layer.borderWidth > 0, Self.paints(layer.borderColor), !b.isEmpty {
            let width = layer.borderWidth
            cairo_new_path(cr)
            addShape(b, radius: radius, corners: layer.maskedCorners, continuous: layer.hasContinuousCorners, toDevice: a)
            if width * 2 < min(b.width, b.height) {
                let inner = b.insetBy(dx: width, dy: width)
                addShape(
                    inner, radius: max(radius - width, 0), corners: layer.maskedCorners,
                    continuous: layer.hasContinuousCorners, toDevice: a)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            }
            fillPath(with: layer.borderColor, alpha: alpha, layerToDevice: a)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        }
    }

    /// Whether a background or border of `color` draws anything: a colour that is not clear,
    /// or a pattern colour.
    static func paints(_ color: CGColor?) -> Bool {
        guard let color else { return false }
        return color.pattern != nil || (color.rgba.map { $0.alpha > 0 } ?? false)
    }

    /// Fills cairo's current path (and clears it) with `color` times `alpha`. A pattern
    /// colour tiles from the origin of the layer's coordinate space (`layerToDevice` maps it to
    /// the device), in its points, y down: moving the bounds' origin scrolls it with the
    /// sublayers.
    private func fillPath(with color: CGColor?, alpha: CGFloat, layerToDevice a: CGAffineTransform) {
        if let c = rgba(color), c.alpha > 0 {
            cairo_set_source_rgba(cr, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha * alpha))
            paintThroughClip { cairo_fill(cr) }
        } else if let color, let paint = PatternPaint(color, in: colorSpace) {
            paint.withCairoSource(baseToDevice: a, userToDevice: .identity, space: colorSpace, filter: CAIRO_FILTER_GOOD) { source in
                cairo_save(cr)
                cairo_clip(cr)
                cairo_set_source(cr, source)
                cairo_paint_with_alpha(cr, Double(alpha))
                cairo_restore(cr)
            }
        }
        cairo_new_path(cr)
    }

    /// The corner radius actually drawn: clamped to half the shorter side, 0 if negative.
    static func effectiveRadius(_ layer: CARenderLayer, _ b: CGRect) -> CGFloat {
        guard layer.cornerRadius > 0, !layer.maskedCorners.isEmpty else { return 0 }
        return min(layer.cornerRadius, min(b.width, b.height) / 2)
    }

    /// Makes `a` (layer coordinates → device) cairo's current matrix.
    func setMatrix(_ a: CGAffineTransform) {
        var matrix = cairo_matrix_t(
            xx: Double(a.a), yx: Double(a.b), xy: Double(a.c), yy: Double(a.d), x0: Double(a.tx), y0: Double(a.ty))
        cairo_set_matrix(cr, &matrix)
    }

    /// Runs `body` in layer space: `a` as the matrix and an empty path; the graphics state
    /// is restored and the path emptied afterwards.
    func inLayerSpace(_ a: CGAffineTransform, _ body: () -> Void) {
        cairo_save(cr)
        defer {
            cairo_restore(cr)
            cairo_new_path(cr)
        }
        setMatrix(a)
        cairo_new_path(cr)
        body()
    }

    /// Adds `rect` (layer coordinates) with the rounded `corners` as a closed sub-path: quarter
    /// circles of `radius`, or Apple's continuous curve when `continuous` and the rectangle
    /// leaves room for it (``continuousCornersFit(radius:in:)``).
    func addShape(
        _ rect: CGRect, radius: CGFloat, corners: CACornerMask, continuous: Bool = false, toDevice a: CGAffineTransform
    ) {
        setMatrix(a)
        defer { cairo_identity_matrix(cr) }
        let (x0, y0, x1, y1) = (Double(rect.minX), Double(rect.minY), Double(rect.maxX), Double(rect.maxY))
        let r = Double(radius)
        let continuous = continuous && Self.continuousCornersFit(radius: radius, in: rect)
        // Device pixels per layer point, at most (the longer column of the matrix).
        let scale = Double(a.longerAxisStretch)
        // A corner at (x, y), reached along the edge in direction -back and left along
        // forward (unit vectors); a quarter circle's arc starts at angle `from`.
        func addCorner(_ corner: CACornerMask, _ x: Double, _ y: Double, back: (Double, Double), forward: (Double, Double), from: Double) {
            guard r > 0, corners.contains(corner) else {
                if cairo_has_current_point(cr) != 0 { cairo_line_to(cr, x, y) } else { cairo_move_to(cr, x, y) }
                return
            }
            if continuous {
                addContinuousCorner(atX: x, y: y, back: back, forward: forward, radius: r)
            } else {
                addCornerArc(
                    centerX: x + r * (back.0 + forward.0), centerY: y + r * (back.1 + forward.1), radius: r, from: from,
                    to: from + 0.5 * .pi, deviceScale: scale)
            }
        }
        cairo_new_sub_path(cr)
        addCorner(.layerMinXMinYCorner, x0, y0, back: (0, 1), forward: (1, 0), from: .pi)
        addCorner(.layerMaxXMinYCorner, x1, y0, back: (-1, 0), forward: (0, 1), from: 1.5 * .pi)
        addCorner(.layerMaxXMaxYCorner, x1, y1, back: (0, -1), forward: (-1, 0), from: 0)
        addCorner(.layerMinXMaxYCorner, x0, y1, back: (1, 0), forward: (0, -1), from: 0.5 * .pi)
        cairo_close_path(cr)
    }

    private func addCornerArc(centerX cx: Double, centerY cy: Double, radius r: Double, from start: Double, to end: Double, deviceScale: Double) {
        guard !(r * deviceScale < 1e6) else { return cairo_arc(cr, cx, cy, r, start, end) }
        let segments = 16
        let step = (end - start) / Double(segments)
        // The control points of a cubic that follows a circle over `step`.
        let k = 4.0 / 3.0 * tan(step / 4)
        let (startX, startY) = (cx + r * cos(start), cy + r * sin(start))
        if cairo_has_current_point(cr) != 0 {
            cairo_line_to(cr, startX, startY)
        } else {
            cairo_move_to(cr, startX, startY)
        }
        var angle = start
        for _ in 0..<segments {
            let next = angle + step
            let (c0, s0, c1, s1) = (cos(angle), sin(angle), cos(next), sin(next))
            cairo_curve_to(
                cr, cx + r * (c0 - k * s0), cy + r * (s0 + k * c0), cx + r * (c1 + k * s1), cy + r * (s1 - k * c1),
                cx + r * c1, cy + r * s1)
            angle = next
        }
    }

    /// Adds `path` (layer coordinates) as the current path.
    func addPath(_ path: CARenderPath, toDevice a: CGAffineTransform) {
        cairo_new_path(cr)
        func move(_ p: CGPoint) { let d = p.applying(a); cairo_move_to(cr, Double(d.x), Double(d.y)) }
        func line(_ p: CGPoint) { let d = p.applying(a); cairo_line_to(cr, Double(d.x), Double(d.y)) }
        var current = CGPoint.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                move(p)
                current = p
            case .line(let p):
                line(p)
                current = p
            case .quad(let c, let p):
                CairoCurveSegment.quadratic(cr, from: current.applying(a), c.applying(a), to: p.applying(a))
                current = p
            case .curve(let c1, let c2, let p):
                CairoCurveSegment.cubic(cr, from: current.applying(a), c1.applying(a), c2.applying(a), to: p.applying(a))
                current = p
            case .close:
                cairo_close_path(cr)
            }
        }
    }

    // MARK: - Geometry helpers

    /// Clips to the device pixels covering `box` (layer coordinates, mapped by `a`), with
    /// a pixel's margin for antialiasing; does nothing if the box is not finite.
    func clip(toDeviceBoxOf box: CGRect, toDevice a: CGAffineTransform) {
        let deviceBox = box.applying(a)
        guard Self.isFinite(deviceBox) else { return }
        cairo_rectangle(
            cr, Double(deviceBox.minX.rounded(.down)) - 1, Double(deviceBox.minY.rounded(.down)) - 1,
            Double(deviceBox.width.rounded(.up)) + 3, Double(deviceBox.height.rounded(.up)) + 3)
        cairo_clip(cr)
    }

    /// The box the layer's subtree can draw into, in the layer's coordinates (its bounds
    /// with `masksToBounds`); `nil` when unbounded (a sublayer maps to infinity). A
    /// transition's two bodies count at their offsets.
    static func subtreeBox(_ layer: CARenderLayer) -> CGRect? {
        guard !layer.masksToBounds else { return layer.bounds.standardized }
        guard let body = bodyBox(layer) else { return nil }
        guard let transition = layer.transition else { return body }
        let motion = TransitionMotion(transition, of: layer)
        guard let old = subtreeBox(transition.from) else { return nil }
        return body.applying(motion.newPlacement).union(old.applying(motion.oldPlacement))
    }

    /// The box the layer's body can draw into without `masksToBounds`: its bounds and its
    /// visible sublayers' subtrees; `nil` when unbounded.
    private static func bodyBox(_ layer: CARenderLayer) -> CGRect? {
        var box = layer.bounds.standardized
        if let shape = layer.shape, let shapeBox = shapeBox(shape) { box = box.union(shapeBox) }
        if let emitter = layer.emitter, let particleBox = emitter.particleBounds { box = box.union(particleBox) }
        if let replicator = layer.replicator { return replicatedBodyBox(layer, replicator).map { $0.union(box) } }
        let sublayerSpace = layer.sublayerSpaceTransform
        for sublayer in layer.sublayers where !sublayer.isHidden || sublayer.transition != nil {
            var local = sublayer.localTransform
            if !CATransform3DIsIdentity(sublayerSpace) { local = CATransform3DConcat(local, sublayerSpace) }
            guard let inner = subtreeBox(sublayer),
                let mapped = CAProjectiveTransform(flattening: local).boundingBox(of: inner)
            else { return nil }
            box = box.union(mapped)
        }
        return box
    }

    static func isFinite(_ r: CGRect) -> Bool {
        r.minX.isFinite && r.minY.isFinite && r.maxX.isFinite && r.maxY.isFinite && !r.isNull
    }
}
