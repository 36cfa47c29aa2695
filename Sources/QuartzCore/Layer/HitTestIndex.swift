import Synchronization

/// A per-layer cache that lets ``CALayer/hitTest(_:)`` skip the sublayers a point cannot
/// hit, with exactly the result of testing every sublayer front to back.
///
/// **Validity.** Every change that can affect hit testing in a tree — a property write, a
/// replaced or animated presentation store, a change of sublayers, mask or superlayer —
/// bumps that tree's revision (``TreeRevision``; the observers of `storage`,
/// `storedSublayers`, `storedMask` and `storedSuperlayer` in the class body, so every
/// writer, present or future, is covered). An index is used only while its stamp equals
/// its tree's revision, and rebuilt lazily otherwise. The revision is coarse on purpose:
/// any change in a tree invalidates every index of that tree (and of no other: a window's
/// commits leave another window's index alone), and the first hit test after it rebuilds
/// what it visits (O(layers visited)).
///
/// **What is cached for a layer `L`.**
/// - The inverse of `L.transformToParent`.
/// - `L`'s *reach*: a box, in the space `L`'s superlayer passes to `L.hitTest(_:)`, outside
///   which no point can hit anything in `L`'s subtree — the bounding box of `L`'s
///   standardized bounds mapped through `transformToParent`, united (unless `L` masks to
///   its bounds) with its sublayers' reaches mapped the same way, padded against rounding.
///   A hidden layer, or one whose transform cannot be inverted, reaches nothing (its
///   `hitTest` returns `nil` at once). A layer reaches everywhere (is always a candidate)
///   when its class is not exactly `CALayer` (a subclass may override `contains(_:)` or
///   `hitTest(_:)` and hit outside its bounds), when its transform has perspective or is
///   badly conditioned (the box would not bound the points the inverse maps inside), when a
///   box is not finite, or when a sublayer reaches everywhere and nothing clips it.
/// - `L`'s sublayers in hit-testing order (higher `zPosition` first, then later siblings
///   first) with their reaches, and for more than ``gridThreshold`` sublayers a uniform grid
///   over the finite reaches: each cell lists, in front-to-back order, the sublayers whose
///   reach overlaps it; sublayers reaching everywhere (or over a large part of the grid)
///   are kept in one more ordered list, merged with the cell's at query time.
///
/// Overridden property getters are assumed to answer from the layer's properties (so a
/// change reaches them through a property write), as every other cache of the layer
/// model assumes.
final class HitTestIndex {
    /// Where a layer's subtree can be hit.
    enum Reach: UInt8 {
        /// Nowhere: hidden, or the transform cannot be inverted.
        case nothing
        /// Only inside a finite box.
        case box
        /// Anywhere: always a candidate.
        case everywhere
    }

    /// A closed box (both edges included).
    struct Box {
        var minX: CGFloat
        var minY: CGFloat
        var maxX: CGFloat
        var maxY: CGFloat

        static let empty = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

        @inline(__always)
        func contains(_ p: CGPoint) -> Bool {
            p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
        }

        mutating func formUnion(_ other: Box) {
            minX = Swift.min(minX, other.minX)
            minY = Swift.min(minY, other.minY)
            maxX = Swift.max(maxX, other.maxX)
            maxY = Swift.max(maxY, other.maxY)
        }

        var isFinite: Bool { minX.isFinite && minY.isFinite && maxX.isFinite && maxY.isFinite }
    }

    /// Sublayer counts above which a parent keeps a grid.
    static let gridThreshold = 16

    /// How many indexes the calling thread (re)built; tests use it to check that hit tests
    /// reuse them.
    static let builds = ThreadLocal({ 0 })

    // MARK: - The layer itself

    /// The revision the layer's own entries (inverse, reach) were computed for.
    private var selfRevision: UInt64 = .max
    /// The inverse of the layer's `transformToParent`; `nil` if it has none.
    private(set) var inverse: CAProjectiveTransform?
    private(set) var reach: Reach = .everywhere
    /// The reach's box, when ``reach`` is ``Reach/box``.
    private(set) var box: Box = .empty

    // MARK: - The sublayers

    /// The revision the sublayer entries were computed for.
    private var sublayersRevision: UInt64 = .max
    /// The sublayers, front-most first.
    private var sublayers: [CALayer] = []
    private var reaches: [Reach] = []
    private var boxes: [Box] = []

    // MARK: - The grid (more than `gridThreshold` sublayers)

    private var gridRevision: UInt64 = .max
    private var gridBox: Box = .empty
    private var columns = 0
    private var rows = 0
    private var columnScale: CGFloat = 0
    private var rowScale: CGFloat = 0
    /// Cell `c` lists `cellItems[cellStarts[c]..<cellStarts[c + 1]]`, ascending.
    private var cellStarts: [Int32] = []
    private var cellItems: [Int32] = []
    /// The sublayers tested wherever the point is (reach everywhere, or a large box), ascending.
    private var alwaysItems: [Int32] = []

    // MARK: - Scratch space for rebuilding

    private var zPositions: [CGFloat] = []
    private var order: [Int32] = []

    /// Forgets the sublayers (called when they change, so removed layers are not kept
    /// alive by a stale index).
    func releaseSublayers() {
        sublayers.removeAll(keepingCapacity: true)
        sublayersRevision = .max
        gridRevision = .max
    }

    // MARK: - Building

    /// Computes the layer's own entries for the current revision, if not done yet.
    func validateSelf(of layer: CALayer) {
        let revision = layer.currentTreeRevision
        guard selfRevision != revision else { return }
        selfRevision = revision
        HitTestIndex.builds.value += 1
        let transform = layer.transformToParent
        inverse = transform.inverted()
        box = .empty
        guard ObjectIdentifier(Swift.type(of: layer)) == ObjectIdentifier(CALayer.self) else {
            reach = .everywhere
            return
        }
        guard !layer.isHidden, inverse != nil else {
            reach = .nothing
            return
        }
        guard transform.isAffine, HitTestIndex.isWellConditioned(transform) else {
            reach = .everywhere
            return
        }
        let bounds = layer.bounds.standardized
        var region = Box(minX: bounds.minX, minY: bounds.minY, maxX: bounds.maxX, maxY: bounds.maxY)
        if !layer.masksToBounds, !layer.storedSublayers.isEmpty {
            validateSublayers(of: layer)
            for i in reaches.indices {
                switch reaches[i] {
                case .nothing: continue
                case .box: region.formUnion(boxes[i])
                case .everywhere:
                    reach = .everywhere
                    return
                }
            }
        }
        guard region.isFinite, let mapped = HitTestIndex.map(region, through: transform) else {
            reach = .everywhere
            return
        }
        reach = .box
        box = mapped
    }

    /// Computes the sublayer entries for the current revision, if not done yet.
    func validateSublayers(of layer: CALayer) {
        let revision = layer.currentTreeRevision
        guard sublayersRevision != revision else { return }
        sublayersRevision = revision
        HitTestIndex.builds.value += 1
        let source = layer.storedSublayers
        let count = source.count
        sublayers.removeAll(keepingCapacity: true)
        reaches.removeAll(keepingCapacity: true)
        boxes.removeAll(keepingCapacity: true)
        guard count > 0 else { return }

        // Front to back: the reverse of a stable sort by zPosition.
        order.removeAll(keepingCapacity: true)
        zPositions.removeAll(keepingCapacity: true)
        var sameZ = true
        for sublayer in source {
            let z = sublayer.zPosition
            if let first = zPositions.first, first != z { sameZ = false }
            zPositions.append(z)
        }
        for i in stride(from: count - 1, through: 0, by: -1) { order.append(Int32(i)) }
        if !sameZ {
            let z = zPositions
            order.sort { lhs, rhs in
                let l = z[Int(lhs)], r = z[Int(rhs)]
                return l != r ? l > r : lhs > rhs
            }
        }
        sublayers.reserveCapacity(count)
        reaches.reserveCapacity(count)
        boxes.reserveCapacity(count)
        HitTestIndex.validateSelfEntries(of: source)
        for i in order {
            let sublayer = source[Int(i)]
            let index = sublayer.validHitTestIndexSelf()
            sublayers.append(sublayer)
            reaches.append(index.reach)
            boxes.append(index.box)
        }
    }

    /// Brings the own entries of `layers` up to date, after those of every descendant their
    /// reaches are made of (deepest first, with a stack of its own): validating one of them
    /// then goes only one level down, so no depth of tree can exhaust the thread's stack.
    static func validateSelfEntries(of layers: [CALayer]) {
        var steps: [(layer: CALayer, sublayersDone: Bool)] = []
        for layer in layers.reversed() where !isSelfValid(layer) { steps.append((layer, false)) }
        while let (layer, sublayersDone) = steps.popLast() {
            if sublayersDone {
                _ = layer.validHitTestIndexSelf()
                continue
            }
            guard !isSelfValid(layer) else { continue }
            steps.append((layer, true))
            // What `validateSelf` reads its sublayers' reaches for (more is harmless).
            guard ObjectIdentifier(Swift.type(of: layer)) == ObjectIdentifier(CALayer.self), !layer.isHidden,
                !layer.masksToBounds
            else { continue }
            for sublayer in layer.storedSublayers.reversed() where !isSelfValid(sublayer) {
                steps.append((sublayer, false))
            }
        }
    }

    /// Whether `layer`'s own entries are those of its tree's current revision.
    private static func isSelfValid(_ layer: CALayer) -> Bool {
        layer.hitTestIndex?.selfRevision == layer.currentTreeRevision
    }

    /// Builds the grid for the current sublayer entries, if not done yet.
    func validateGrid() {
        guard gridRevision != sublayersRevision else { return }
        gridRevision = sublayersRevision
        let count = sublayers.count
        alwaysItems.removeAll(keepingCapacity: true)
        cellItems.removeAll(keepingCapacity: true)
        cellStarts.removeAll(keepingCapacity: true)

        var extent = Box.empty
        var finite = 0
        for i in 0..<count where reaches[i] == .box {
            extent.formUnion(boxes[i])
            finite += 1
        }
        guard finite > 0, extent.isFinite, (extent.maxX - extent.minX).isFinite, (extent.maxY - extent.minY).isFinite
        else {
            columns = 0
            rows = 0
            for i in 0..<count where reaches[i] != .nothing { alwaysItems.append(Int32(i)) }
            return
        }
        // About one cell per finite box, shaped like the extent.
        let width = extent.maxX - extent.minX, height = extent.maxY - extent.minY
        let target = CGFloat(Swift.min(finite, 1 << 16))
        var cols: Int, rowCount: Int
        if width <= 0 || height <= 0 {
            cols = width > 0 ? Int(target) : 1
            rowCount = height > 0 ? Int(target) : 1
        } else {
            let aspect = width / height
            let c = (target * aspect).squareRoot().rounded(.up)
            cols = Int(Swift.max(1, Swift.min(c, target)))
            rowCount = Int(Swift.max(1, Swift.min((target / CGFloat(cols)).rounded(.up), target)))
        }
        columns = cols
        rows = rowCount
        gridBox = extent
        columnScale = width > 0 ? CGFloat(cols) / width : 0
        rowScale = height > 0 ? CGFloat(rowCount) / height : 0
        let cellCount = cols * rowCount
        // A box over more than this many cells is tested for every point instead (so the
        // cell lists hold at most 64 entries per sublayer).
        let largeCells = 64

        cellStarts = Array(repeating: 0, count: cellCount + 1)
        for i in 0..<count {
            switch reaches[i] {
            case .nothing: continue
            case .everywhere: continue
            case .box:
                let (c0, c1, r0, r1) = cellRange(of: boxes[i])
                if (c1 - c0 + 1) * (r1 - r0 + 1) > largeCells { continue }
                for r in r0...r1 {
                    for c in c0...c1 { cellStarts[r * cols + c + 1] += 1 }
                }
            }
        }
        for c in 0..<cellCount { cellStarts[c + 1] += cellStarts[c] }
        cellItems = Array(repeating: 0, count: Int(cellStarts[cellCount]))
        var fill = cellStarts
        for i in 0..<count {
            switch reaches[i] {
            case .nothing: continue
            case .everywhere: alwaysItems.append(Int32(i))
            case .box:
                let (c0, c1, r0, r1) = cellRange(of: boxes[i])
                if (c1 - c0 + 1) * (r1 - r0 + 1) > largeCells {
                    alwaysItems.append(Int32(i))
                    continue
                }
                for r in r0...r1 {
                    for c in c0...c1 {
                        let cell = r * cols + c
                        cellItems[Int(fill[cell])] = Int32(i)
                        fill[cell] += 1
                    }
                }
            }
        }
    }

    /// The column of `x` (clamped to the grid): monotonic in `x`, so a point inside a box
    /// falls in a cell the box was entered in.
    @inline(__always)
    func column(_ x: CGFloat) -> Int {
        let c = ((x - gridBox.minX) * columnScale).rounded(.down)
        return c >= CGFloat(columns - 1) ? columns - 1 : (c > 0 ? Int(c) : 0)
    }

    @inline(__always)
    func row(_ y: CGFloat) -> Int {
        let r = ((y - gridBox.minY) * rowScale).rounded(.down)
        return r >= CGFloat(rows - 1) ? rows - 1 : (r > 0 ? Int(r) : 0)
    }

    private func cellRange(of box: Box) -> (Int, Int, Int, Int) {
        (column(box.minX), column(box.maxX), row(box.minY), row(box.maxY))
    }

    // MARK: - Querying

    /// The sublayers of one layer that can contain a point, front to back: a cursor over
    /// the index's entries, so a walk can stop at a sublayer, test beneath it and go on.
    /// Visits exactly the sublayers the plain loop (every sublayer's `hitTest`, in order)
    /// could find a hit in; allocates nothing (it holds the index's arrays, not copies).
    struct Candidates {
        // The entries as they were when the cursor was made: a sublayer's `hitTest` override
        // could change the tree, and a rebuild must not pull the arrays from under the walk.
        private let layers: [CALayer]
        private let reaches: [Reach]
        private let boxes: [Box]
        private let cellItems: [Int32]
        private let alwaysItems: [Int32]
        private let point: CGPoint
        private let tree: TreeRevision
        private let revision: UInt64
        private let usesGrid: Bool
        /// The grid cell's list still to merge, and the next always-tested item.
        private var cellStart = 0, cellEnd = 0, always = 0
        /// The next sublayer of the plain order (no grid, or every remaining one).
        private var nextIndex = 0
        /// The tree changed under the walk (an override with side effects): the reaches are
        /// stale, so every remaining sublayer is tested, as the plain loop does.
        private var everyRemaining = false

        /// The candidates among `layer`'s sublayers for `p`, in `layer`'s own coordinates.
        init(of layer: CALayer, at p: CGPoint) {
            let index = layer.hitTestIndex ?? HitTestIndex()
            if layer.hitTestIndex == nil { layer.hitTestIndex = index }
            index.validateSublayers(of: layer)
            let count = index.sublayers.count
            usesGrid = count > HitTestIndex.gridThreshold
            if usesGrid {
                index.validateGrid()
                if index.columns > 0, index.gridBox.contains(p) {
                    let cell = index.row(p.y) * index.columns + index.column(p.x)
                    cellStart = Int(index.cellStarts[cell])
                    cellEnd = Int(index.cellStarts[cell + 1])
                }
            }
            layers = index.sublayers
            reaches = index.reaches
            boxes = index.boxes
            cellItems = usesGrid ? index.cellItems : []
            alwaysItems = usesGrid ? index.alwaysItems : []
            point = p
            tree = layer.treeRevision
            revision = tree.current
        }

        /// The next sublayer whose subtree can contain the point; `nil` when none is left.
        /// Call ``missed()`` when it (and its subtree) hit nothing, before asking again.
        mutating func next() -> CALayer? {
            while true {
                let i: Int
                if everyRemaining || !usesGrid {
                    guard nextIndex < layers.count else { return nil }
                    i = nextIndex
                } else if cellStart < cellEnd || always < alwaysItems.count {
                    // Merge the cell's list with the always-tested one, both ascending.
                    if always < alwaysItems.count, cellStart >= cellEnd || alwaysItems[always] < cellItems[cellStart] {
                        i = Int(alwaysItems[always])
                        always += 1
                    } else {
                        i = Int(cellItems[cellStart])
                        cellStart += 1
                    }
                } else {
                    return nil
                }
                nextIndex = i + 1
                if everyRemaining { return layers[i] }
                switch reaches[i] {
                case .nothing: continue
                case .box: if !boxes[i].contains(point) { continue }
                case .everywhere: break
                }
                return layers[i]
            }
        }

        /// Records that the last sublayer ``next()`` gave hit nothing.
        mutating func missed() {
            if !everyRemaining, tree.current != revision { everyRemaining = true }
        }
    }

    // MARK: - Geometry

    /// Whether the affine part of `t` is far enough from singular that mapping a point
    /// through its computed inverse and back lands within ``map(_:through:)``'s padding
    /// (an upper bound of its condition number, ‖A‖²_F / |det A|, at most 10⁶).
    static func isWellConditioned(_ t: CAProjectiveTransform) -> Bool {
        let (a, b, c, d) = (t.m.0, t.m.1, t.m.3, t.m.4)
        let det = a * d - b * c
        let frobenius = a * a + b * b + c * c + d * d
        return frobenius / Swift.abs(det) <= 1e6
    }

    /// The bounding box of `region` mapped through the affine `t`, padded by 10⁻⁶ of the
    /// magnitudes involved (far above the rounding of the hit test's inverse mapping, which
    /// is ~10⁻¹⁶ × the condition number); `nil` if not finite.
    static func map(_ region: Box, through t: CAProjectiveTransform) -> Box? {
        let (a, b, c, d, tx, ty) = (t.m.0, t.m.1, t.m.3, t.m.4, t.m.6, t.m.7)
        let minX = tx + Swift.min(a * region.minX, a * region.maxX) + Swift.min(c * region.minY, c * region.maxY)
        let maxX = tx + Swift.max(a * region.minX, a * region.maxX) + Swift.max(c * region.minY, c * region.maxY)
        let minY = ty + Swift.min(b * region.minX, b * region.maxX) + Swift.min(d * region.minY, d * region.maxY)
        let maxY = ty + Swift.max(b * region.minX, b * region.maxX) + Swift.max(d * region.minY, d * region.maxY)
        let magnitude = Swift.max(Swift.abs(minX), Swift.abs(maxX), Swift.abs(minY), Swift.abs(maxY))
            + Swift.abs(tx) + Swift.abs(ty) + 1
        let pad = magnitude * 1e-6
        let result = Box(minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad)
        return result.isFinite ? result : nil
    }
}

/// The hit-testing revision of one tree (model or presentation): bumped by every change in
/// the tree that can affect hit testing. Each tree's revisions start at its own multiple
/// of 2³², taken from one process-wide sequence, so no two trees share one (short of 2³²
/// changes in one tree): a layer moving to another tree never finds its old stamp valid
/// there.
final class TreeRevision: Sendable {
    /// The root layer it was made for (compared, never followed).
    let root: ObjectIdentifier
    private let value: Atomic<UInt64>

    private static let sequence = Atomic<UInt64>(0)

    init(root: ObjectIdentifier) {
        self.root = root
        value = Atomic(TreeRevision.sequence.wrappingAdd(1 << 32, ordering: .relaxed).newValue)
    }

    /// The current revision.
    var current: UInt64 { value.load(ordering: .relaxed) }

    /// Marks every hit-testing entry of the tree as out of date.
    @inline(__always)
    func bump() {
        value.wrappingAdd(1, ordering: .relaxed)
    }
}

extension CALayer {
    /// Bumped whenever a layer's superlayer or mask owner changes anywhere: a layer's cached
    /// ``treeRevision`` is used only while its epoch equals this.
    private static let hierarchyEpoch = Atomic<UInt64>(0)

    /// The current hierarchy epoch: it changes whenever a layer's superlayer or mask owner
    /// does.
    static var currentHierarchyEpoch: UInt64 { hierarchyEpoch.load(ordering: .relaxed) }

    /// Marks every layer's cached tree as out of date (the hierarchy changed).
    @inline(__always)
    static func hierarchyDidChange() {
        hierarchyEpoch.wrappingAdd(1, ordering: .relaxed)
    }

    /// Marks every hit-testing entry of this layer's tree as out of date.
    @inline(__always)
    func bumpTreeRevision() {
        if treeRevisionEpoch == CALayer.hierarchyEpoch.load(ordering: .relaxed), let cached = treeRevisionCache {
            cached.bump()
        } else {
            treeRevision.bump()
        }
    }

    /// The current revision of this layer's tree (``treeRevision``'s value).
    @inline(__always)
    var currentTreeRevision: UInt64 {
        if treeRevisionEpoch == CALayer.hierarchyEpoch.load(ordering: .relaxed), let cached = treeRevisionCache {
            return cached.current
        }
        return treeRevision.current
    }

    /// The revision of this layer's tree: cached per layer until the hierarchy changes,
    /// then found again through the nearest ancestor whose cache is current (so each layer
    /// walks up once per change of the hierarchy).
    @inline(__always)
    var treeRevision: TreeRevision {
        let epoch = CALayer.hierarchyEpoch.load(ordering: .relaxed)
        if treeRevisionEpoch == epoch, let cached = treeRevisionCache { return cached }
        return findTreeRevision(epoch: epoch)
    }

    private func findTreeRevision(epoch: UInt64) -> TreeRevision {
        var path: [CALayer] = [self]
        var top: CALayer = self
        var found: TreeRevision?
        while let parent = top.geometricParent, path.count < 100_000 {
            if parent.treeRevisionEpoch == epoch, let cached = parent.treeRevisionCache {
                found = cached
                break
            }
            path.append(parent)
            top = parent
        }
        // A root keeps its own revision; a layer that just became a root gets a new one.
        let revision = found ?? {
            if let own = top.treeRevisionCache, own.root == ObjectIdentifier(top) { return own }
            return TreeRevision(root: ObjectIdentifier(top))
        }()
        for layer in path {
            layer.treeRevisionCache = revision
            layer.treeRevisionEpoch = epoch
        }
        return revision
    }

    /// This layer's index with its own entries (inverse transform, reach) valid.
    @inline(__always)
    func validHitTestIndexSelf() -> HitTestIndex {
        let index: HitTestIndex
        if let existing = hitTestIndex {
            index = existing
        } else {
            index = HitTestIndex()
            hitTestIndex = index
        }
        index.validateSelf(of: self)
        return index
    }
}
