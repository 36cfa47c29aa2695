/// One drawing step of a frame, in device pixels.
struct DisplayOp: Sendable {
    enum Kind: Sendable {
        /// A cached layer bitmap, composited with pixman at its box.
        case bitmap(LayerBitmap)
        /// A cached layer bitmap drawn unrotated, composited through its affine transform
        /// with bilinear filtering (rotated and skewed layers).
        case transformedBitmap(LayerBitmap, deviceToBitmap: CGAffineTransform)
        /// A subtree the bitmap path does not cover (masks, group opacity over sublayers,
        /// perspective, transitions, rounded clips, …), drawn with cairo as a whole.
        case subtree(CARenderLayer, parentToDevice: CAProjectiveTransform, parentSublayer: CATransform3D, alpha: CGFloat)
    }

    var kind: Kind
    /// The pixels the step can change (conservative), inside ``clip``.
    var box: PixelRect
    /// The ancestors' rectangular clip, in whole device pixels.
    var clip: PixelRect

    /// Whether the two steps draw the same pixels given the same pixels below.
    func drawsSame(as other: DisplayOp) -> Bool {
        guard box == other.box, clip == other.clip else { return false }
        switch (kind, other.kind) {
        case (.bitmap(let l), .bitmap(let r)):
            return l === r
        case (.transformedBitmap(let l, let lt), .transformedBitmap(let r, let rt)):
            return l === r && lt == rt
        case (.subtree(let l, let lp, let ls, let la), .subtree(let r, let rp, let rs, let ra)):
            return l.isSameSnapshot(as: r) && lp == rp && CATransform3DEqualToTransform(ls, rs) && la == ra
        default:
            return false
        }
    }
}

/// The steps that draw a frame, back to front.
struct DisplayList: Sendable {
    var ops: [DisplayOp] = []
    /// The target the list was made for.
    var target: PixelRect = .empty

    /// The pixels whose drawing differs between `old` and `self`: every step that changed,
    /// moved in the order, appeared or went away, at its old and new boxes.
    func damage(since old: DisplayList) -> DamageRegion {
        guard old.target == target else { return DamageRegion(target) }
        var pieces: [PixelRect] = []
        let common = min(ops.count, old.ops.count)
        for i in 0..<common where !ops[i].drawsSame(as: old.ops[i]) {
            pieces.append(ops[i].box)
            pieces.append(old.ops[i].box)
        }
        for op in ops[common...] { pieces.append(op.box) }
        for op in old.ops[common...] { pieces.append(op.box) }
        return DamageRegion(union: pieces, within: target)
    }
}
