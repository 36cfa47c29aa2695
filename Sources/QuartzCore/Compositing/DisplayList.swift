import CPixman

/// One drawing step of a frame, in device pixels.
struct DisplayOp: Sendable {
    enum Kind: Sendable {
        /// A cached layer bitmap, composited with pixman at its box.
        case bitmap(LayerBitmap)
        /// A cached layer bitmap composited through an affine transform with bilinear
        /// filtering: rotated and skewed layers (drawn unrotated), and layers in motion whose
        /// bitmap was drawn at another sub-pixel position or scale.
        case transformedBitmap(LayerBitmap, deviceToBitmap: CGAffineTransform)
        /// A subtree the bitmap path does not cover (masks, group opacity over sublayers,
        /// perspective, transitions, rounded clips, …), drawn with cairo as a whole.
        case subtree(SubtreeStep)
        /// The image of a subtree drawn for another placement or opacity, composited through
        /// the transform that takes it to where its layer is now (bilinear), while the
        /// layer moves, scales, rotates or fades.
        case transformedGroup(GroupImage, deviceToImage: CGAffineTransform)
        /// A layer bitmap being drawn while the list is built; replaced before it is used. Its
        /// box is where the bitmap will be drawn (empty when rotated), for occlusion.
        case pending
        /// A layer's background filters applied to what the steps before drew.
        case backdrop(BackdropStep)
        /// A layer that is only a background, a border and rounded corners, drawn as geometry
        /// at its exact transform.
        case plainLayer(PlainLayerStep)
        /// A shadow of a known outline composited from its cached blurred coverage.
        case shadow(ShadowStep)
        /// The start of the steps a rounded (or sub-pixel, or turned) clip holds: the target
        /// pixels it does not cover wholly are kept. Its box is the clip's.
        case clipBegin(RoundedClip)
        /// The end of them: what they drew is masked by the clip's coverage.
        case clipEnd(RoundedClip)
    }

    var kind: Kind
    /// The pixels the step can change (conservative): for a bitmap, where its inked pixels
    /// go; they may reach outside ``clip``.
    var box: PixelRect
    /// The ancestors' rectangular clip, in whole device pixels.
    var clip: PixelRect
    /// The constant mask a bitmap is composited with (its layer's opacity where the bitmap
    /// was drawn opaque); 1 for none.
    var alpha: CGFloat = 1
    /// How a group step is composited: over, or its layer's compositing filter's mode.
    var operation: pixman_op_t = PIXMAN_OP_OVER
    /// The compositing formula a group step is combined by instead of ``operation``, for a
    /// compositing filter pixman has no operator for.
    var formula: CompositingFormula?

    /// Whether the step is composited with plain OVER.
    var isOver: Bool { operation == PIXMAN_OP_OVER && formula == nil }

    /// The pixels the step can change inside its clip.
    var reach: PixelRect { box.intersection(clip) }

    /// The pixels the step makes fully opaque whatever is below, inside its clip: where the
    /// opaque interior of its bitmap or image lands, at whole pixels or through its transform
    /// (pixels that bilinear filtering reads from opaque pixels only). Empty for a step
    /// composited with a mask or another operation, and for a group drawn later (see
    /// ``opaqueReach(group:)``).
    var opaqueReach: PixelRect { opaqueReach(group: nil) }

    /// ``opaqueReach``, with the image `group` drawn for a ``Kind/subtree`` step. Inlined:
    /// called on a step in a list, it would otherwise be called on a copy of the step.
    @inline(__always)
    func opaqueReach(group: GroupImage?) -> PixelRect {
        guard alpha >= 1 else { return .empty }
        let covered: PixelRect
        switch kind {
        case .bitmap(let bitmap):
            covered = bitmap.opaqueRect.offsetBy(dx: box.x0, dy: box.y0)
        case .transformedBitmap(let bitmap, let deviceToBitmap):
            guard !bitmap.opaqueRect.isEmpty else { return .empty }
            covered = OpaqueInterior.deviceRect(
                hiddenBy: bitmap.opaqueRect,
                deviceToImage: bitmap.deviceToImage(deviceToBitmap))
        case .transformedGroup(let image, let deviceToImage):
            guard isOver, !image.opaqueRect.isEmpty else { return .empty }
            if let (dx, dy) = deviceToImage.wholePixelTranslation {
                covered = image.opaqueRect.offsetBy(dx: -dx, dy: -dy)
            } else {
                covered = OpaqueInterior.deviceRect(hiddenBy: image.opaqueRect, deviceToImage: deviceToImage)
            }
        case .subtree:
            guard isOver, let group else { return .empty }
            covered = group.opaqueRect.offsetBy(dx: group.reach.x0, dy: group.reach.y0)
        case .plainLayer(let plain):
            covered = plain.opaqueRect
        case .pending, .backdrop, .shadow, .clipBegin, .clipEnd:
            return .empty
        }
        return covered.intersection(reach)
    }

    /// Whether the two steps draw the same pixels given the same pixels below.
    func drawsSame(as other: DisplayOp) -> Bool {
        guard box == other.box, clip == other.clip, alpha == other.alpha, operation == other.operation,
            formula == other.formula
        else { return false }
        switch (kind, other.kind) {
        case (.bitmap(let l), .bitmap(let r)):
            return l === r
        case (.transformedBitmap(let l, let lt), .transformedBitmap(let r, let rt)):
            return l === r && lt == rt
        case (.subtree(let l), .subtree(let r)):
            return l.drawsSame(as: r)
        case (.transformedGroup(let l, let lt), .transformedGroup(let r, let rt)):
            return l === r && lt == rt
        case (.backdrop(let l), .backdrop(let r)):
            return l.drawsSame(as: r)
        case (.plainLayer(let l), .plainLayer(let r)):
            return l == r
        case (.shadow(let l), .shadow(let r)):
            return l.drawsSame(as: r)
        case (.clipBegin(let l), .clipBegin(let r)), (.clipEnd(let l), .clipEnd(let r)):
            return l.drawsSame(as: r)
        default:
            return false
        }
    }
}

/// A subtree drawn by cairo as ``RenderPass`` draws it: the layer, where its parent is,
/// and the opacity it inherits. A class, so that a step stays small to keep and compare.
final class SubtreeStep: Sendable {
    let layer: CARenderLayer
    let parentToDevice: CAProjectiveTransform
    let parentSublayer: CATransform3D
    let alpha: CGFloat
    /// Which group image it is, from frame to frame.
    let key: LayerBitmapCache.Key
    /// The layer's bounds space → device (its own transform included).
    let toDevice: CAProjectiveTransform
    /// All the subtree can draw, in device pixels, ignoring the ancestors' clip; nil when
    /// it cannot be bounded.
    let wholeBox: PixelRect?
    /// Whether its image is drawn for ``wholeBox`` rather than only inside the clip: an
    /// image to move with the layer, drawn while it moves (as cairo draws it straight, a
    /// blurred shadow near the clip's edge may then differ until it rests).
    let drawsWhole: Bool

    init(
        _ layer: CARenderLayer, parentToDevice: CAProjectiveTransform, parentSublayer: CATransform3D, alpha: CGFloat,
        key: LayerBitmapCache.Key, toDevice: CAProjectiveTransform, wholeBox: PixelRect?, drawsWhole: Bool = false
    ) {
        self.layer = layer
        self.parentToDevice = parentToDevice
        self.parentSublayer = parentSublayer
        self.alpha = alpha
        self.key = key
        self.toDevice = toDevice
        self.wholeBox = wholeBox
        self.drawsWhole = drawsWhole
    }

    /// The opacity the subtree is drawn with: the inherited one times the layer's own.
    var effectiveAlpha: CGFloat { alpha * CGFloat(layer.opacity) }

    /// The same step drawn for moving with its layer: for its whole box, and when `opaque`
    /// with the layer's opacity 1 and nothing inherited (its image is then faded by the
    /// compositing mask while the layer fades).
    func motionForm(opaque: Bool) -> SubtreeStep {
        var layer = layer
        if opaque { layer.opacity = 1 }
        return SubtreeStep(
            layer, parentToDevice: parentToDevice, parentSublayer: parentSublayer, alpha: opaque ? 1 : alpha, key: key,
            toDevice: toDevice, wholeBox: wholeBox, drawsWhole: true)
    }

    /// Whether both draw the same pixels: the very same (unchanged) snapshot, placed alike.
    func drawsSame(as other: SubtreeStep) -> Bool {
        self === other
            || (layer.isSameSnapshot(as: other.layer) && parentToDevice == other.parentToDevice
                && CATransform3DEqualToTransform(parentSublayer, other.parentSublayer) && alpha == other.alpha
                && drawsWhole == other.drawsWhole)
    }
}

/// The steps that draw a frame, back to front.
struct DisplayList: Sendable {
    var ops: [DisplayOp] = []
    /// Bitmaps composited from pixels drawn for another placement or opacity while their
    /// layers move, scale or fade: each is drawn again exactly once its layer comes to rest.
    var approximatedCount = 0
    /// The target the list was made for.
    var target: PixelRect = .empty

    /// Drops the steps that opaque steps above them hide entirely (their pixels never show):
    /// each step is checked against the largest opaque steps found above it.
    mutating func removeOccluded() {
        let hidden = hiddenSteps()
        guard hidden.contains(true) else { return }
        ops = ops.indices.filter { !hidden[$0] }.map { ops[$0] }
    }

    /// For each step, whether opaque steps above it hide it entirely. A step waiting for its
    /// bitmap (``DisplayOp/Kind/pending``) is checked at the box its bitmap will be drawn
    /// for, so that a hidden one need not be drawn at all; it hides nothing itself.
    func hiddenSteps() -> [Bool] {
        var hidden = [Bool](repeating: false, count: ops.count)
        // One pass: without opaque steps, no step is visited.
        walkBehindOccluders(groups: [:]) { index, reach, occluders in
            hidden[index] = occluders.contains { $0.contains(reach) }
            return hidden[index]
        }
        return hidden
    }

    /// Steps whose reach opaque steps above them partly hide, with the pieces of it that
    /// stay visible (a step not listed is visible across its reach): compositing only those
    /// pieces gives the same pixels, since the opaque steps replace the rest. `groups` are
    /// the images drawn for ``DisplayOp/Kind/subtree`` steps, by index.
    func visiblePieces(groups: [Int: GroupImage]) -> [Int: [PixelRect]] {
        var pieces: [Int: [PixelRect]] = [:]
        walkBehindOccluders(groups: groups) { index, reach, occluders in
            var visible = [reach]
            for occluder in occluders where occluder.intersection(reach).area >= Occluders.smallestCut {
                visible = visible.flatMap { $0.subtracting(occluder) }
                if visible.count > Occluders.mostPieces { break }
            }
            if visible != [reach] { pieces[index] = visible }
            return visible.isEmpty
        }
        return pieces
    }

    /// Goes through the steps from the front of the list to its back, calling `visit` with
    /// each step that reaches any pixel (its index and reach) and the largest opaque
    /// rectangles of the steps above it, if any; a step `visit` says is hidden hides nothing
    /// itself. A backdrop that shows reads what is below it, hidden or not: no rectangle
    /// above it counts below it. The ends of a rounded clip are never hidden (what one keeps,
    /// the other mixes back), and a step inside one hides only what the clip covers wholly.
    /// `groups` are the images drawn for subtree steps.
    private func walkBehindOccluders(
        groups: [Int: GroupImage], _ visit: (_ index: Int, _ reach: PixelRect, _ occluders: [PixelRect]) -> Bool
    ) {
        var occluders = Occluders()
        // The wholly covered pixels of the rounded clips the walk is inside, innermost last.
        var interiors: [PixelRect] = []
        // Each step is read in place (a copy of a step would retain what it draws, on every
        // band's thread at once).
        for index in ops.indices.reversed() {
            switch ops[index].kind {
            case .clipEnd(let clip):
                interiors.append(interiors.last.map { $0.intersection(clip.interior) } ?? clip.interior)
                continue
            case .clipBegin:
                _ = interiors.popLast()
                continue
            default:
                break
            }
            let reach = ops[index].reach
            if !reach.isEmpty, !occluders.rects.isEmpty, visit(index, reach, occluders.rects) { continue }
            if case .backdrop = ops[index].kind {
                occluders.removeAll()
                continue
            }
            let group = groups.isEmpty ? nil : groups[index]
            let opaque = ops[index].opaqueReach(group: group)
            occluders.add(interiors.last.map { opaque.intersection($0) } ?? opaque)
        }
    }

    /// Whether the first step hides the whole target: the background need not be filled.
    var coversTarget: Bool { ops.first.map { $0.opaqueReach.contains(target) } ?? false }

    /// The pixels whose drawing differs between `old` and `self`: every step that changed,
    /// moved in the order, appeared or went away, at its old and new boxes.
    func damage(since old: DisplayList) -> DamageRegion {
        guard old.target == target else { return DamageRegion(target) }
        var pieces: [PixelRect] = []
        // Room for every step's old and new reach at once: no growth (and copies) in steps.
        pieces.reserveCapacity(2 * max(ops.count, old.ops.count))
        let common = min(ops.count, old.ops.count)
        for i in 0..<common where !ops[i].drawsSame(as: old.ops[i]) {
            pieces.append(ops[i].reach)
            pieces.append(old.ops[i].reach)
        }
        for op in ops[common...] { pieces.append(op.reach) }
        for op in old.ops[common...] { pieces.append(op.reach) }
        return DamageRegion(union: pieces, within: target)
    }
}

/// The largest opaque rectangles an occlusion pass has met so far, going from the front of
/// a display list to its back.
struct Occluders {
    /// The most rectangles kept.
    static let maximumCount = 8
    /// Overlaps smaller than this many pixels are composited rather than cut out (each cut
    /// piece costs a composite call of its own).
    static let smallestCut = 1024
    /// The most pieces a step's reach is cut into.
    static let mostPieces = 16

    private(set) var rects: [PixelRect] = []

    /// Keeps `rect` if it is among the largest met.
    mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        if rects.count < Self.maximumCount {
            rects.append(rect)
        } else if let smallest = rects.indices.min(by: { rects[$0].area < rects[$1].area }),
            rects[smallest].area < rect.area
        {
            rects[smallest] = rect
        }
    }

    /// Forgets every rectangle (what is below a backdrop is read by it, hidden or not).
    mutating func removeAll() { rects.removeAll(keepingCapacity: true) }
}
