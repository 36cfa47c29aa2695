@testable import QuartzCore
import TestSupport
import XCTest

/// The cached hit-test index (HitTestIndex) against two oracles written here:
/// - `documentedHitTest`: the documented rules from scratch — front-most first (higher
///   `zPosition`, then later sibling), hidden layers never hit, `masksToBounds` clips the
///   subtree, the point mapped through the inverse of the layer's own 4×4 geometry
///   (anchor point, transform, position/zPosition, the superlayer's sublayerTransform and
///   flip) computed with this file's own matrix code;
/// - `plainHitTest`: the algorithm before the index (invert every layer's
///   `transformToParent`, sort the sublayers on every call, test all), which must agree to
///   the bit.
///
/// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
/// @MainActor test methods to nonisolated ones.
@MainActor
final class CALayerHitTestIndexTests: XCTestCase {
    // MARK: - Randomness

    typealias Generator = SplitMix64

    /// Hit anywhere within twice its bounds around their centre: outside its own bounds.
    final class WideLayer: CALayer {
        override func contains(_ p: CGPoint) -> Bool {
            let b = bounds.standardized
            return b.insetBy(dx: -b.width / 2, dy: -b.height / 2).contains(p)
        }
    }

    // MARK: - Random trees

    /// Gives `layer` random geometry and flags (in a space about 400 × 400).
    private func randomize(_ layer: CALayer, _ g: inout Generator) {
        layer.bounds = CGRect(
            x: g.chance(0.3) ? g.uniform(-40, 40) : 0, y: g.chance(0.3) ? g.uniform(-40, 40) : 0,
            width: g.chance(0.05) ? 0 : g.uniform(5, 160) * (g.chance(0.1) ? -1 : 1),
            height: g.uniform(5, 160))
        layer.position = CGPoint(x: g.uniform(-60, 460), y: g.uniform(-60, 460))
        if g.chance(0.2) { layer.anchorPoint = CGPoint(x: g.uniform(-0.5, 1.5), y: g.uniform(-0.5, 1.5)) }
        let zs: [CGFloat] = [0, 0, 0, 0, 1, -1, 2, 0.5]
        layer.zPosition = zs[g.int(zs.count)]
        layer.isHidden = g.chance(0.1)
        layer.masksToBounds = g.chance(0.2)
        layer.transform = randomTransform(&g)
        if g.chance(0.1) {
            layer.sublayerTransform = g.chance(0.5)
                ? CATransform3DMakeRotation(g.uniform(-3, 3), 0, 0, 1)
                : CATransform3DMakeTranslation(g.uniform(-30, 30), g.uniform(-30, 30), 0)
        }
        layer.isGeometryFlipped = g.chance(0.05)
    }

    private func randomTransform(_ g: inout Generator) -> CATransform3D {
        switch g.int(20) {
        case 0..<9: return CATransform3DIdentity
        case 9..<13: return CATransform3DMakeRotation(g.uniform(-3.2, 3.2), 0, 0, 1)
        case 13..<15: return CATransform3DMakeScale(g.uniform(0.3, 2) * (g.chance(0.3) ? -1 : 1), g.uniform(0.3, 2), 1)
        case 15..<17:
            // Perspective: a rotation about y or x seen through m34.
            var t = CATransform3DIdentity
            t.m34 = -1 / g.uniform(150, 600)
            return CATransform3DRotate(t, g.uniform(-1.2, 1.2), g.chance(0.5) ? 1 : 0, g.chance(0.5) ? 0 : 1, 0)
        case 17: return CATransform3DMakeScale(0, 1, 1) // singular: never hit
        case 18: return CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 0.3, c: g.uniform(-0.8, 0.8), d: 1, tx: 0, ty: 0))
        default: return CATransform3DMakeTranslation(g.uniform(-50, 50), g.uniform(-50, 50), 0)
        }
    }

    /// A random tree under a root covering (0, 0, 400, 400): nested layers, some parents
    /// with many sublayers (the grid), some `WideLayer`s. Returns the root and every layer.
    private func randomTree(seed: UInt64) -> (root: CALayer, all: [CALayer]) {
        var g = Generator(seed: seed)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        var all = [root]
        func grow(_ parent: CALayer, depth: Int) {
            let count = depth == 0 ? 20 + g.int(30) : (g.chance(0.1) ? 17 + g.int(20) : g.int(depth > 2 ? 2 : 4))
            for _ in 0..<count {
                let layer = g.chance(0.06) ? WideLayer() : CALayer()
                randomize(layer, &g)
                if depth > 0 {
                    // Smaller and nearer inside deeper parents (still often outside them).
                    layer.position = CGPoint(x: g.uniform(-40, 200), y: g.uniform(-40, 200))
                    layer.bounds.size = CGSize(width: layer.bounds.width / 2, height: layer.bounds.height / 2)
                }
                parent.addSublayer(layer)
                all.append(layer)
                if depth < 3, g.chance(0.2) { grow(layer, depth: depth + 1) }
            }
        }
        grow(root, depth: 0)
        return (root, all)
    }

    // MARK: - Oracle 1: the documented rules, from scratch

    private typealias Matrix = [[Double]] // 4 × 4, row vectors (p' = p × M), like CATransform3D

    private func matrix(_ t: CATransform3D) -> Matrix {
        [[t.m11, t.m12, t.m13, t.m14], [t.m21, t.m22, t.m23, t.m24],
         [t.m31, t.m32, t.m33, t.m34], [t.m41, t.m42, t.m43, t.m44]].map { $0.map { Double($0) } }
    }

    private func translation(_ x: Double, _ y: Double, _ z: Double) -> Matrix {
        [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [x, y, z, 1]]
    }

    private func multiply(_ a: Matrix, _ b: Matrix) -> Matrix {
        (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0.0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    /// The layer's own space → its superlayer's bounds space: the anchor point to the
    /// origin, `transform`, to (position, zPosition); then the superlayer's
    /// `sublayerTransform` about its anchor point and its geometry flip.
    private func ownToParent(_ layer: CALayer) -> Matrix {
        let b = layer.bounds
        let ax = Double(b.origin.x + layer.anchorPoint.x * b.size.width)
        let ay = Double(b.origin.y + layer.anchorPoint.y * b.size.height)
        let az = Double(layer.anchorPointZ)
        var m = multiply(translation(-ax, -ay, -az), matrix(layer.transform))
        m = multiply(m, translation(Double(layer.position.x), Double(layer.position.y), Double(layer.zPosition)))
        if let parent = layer.superlayer {
            let pb = parent.bounds
            let pax = Double(pb.origin.x + parent.anchorPoint.x * pb.size.width)
            let pay = Double(pb.origin.y + parent.anchorPoint.y * pb.size.height)
            let paz = Double(parent.anchorPointZ)
            m = multiply(m, translation(-pax, -pay, -paz))
            m = multiply(m, matrix(parent.sublayerTransform))
            m = multiply(m, translation(pax, pay, paz))
            if parent.isGeometryFlipped {
                let s = pb.standardized
                var flip = translation(0, Double(s.minY + s.maxY), 0)
                flip[1][1] = -1
                m = multiply(m, flip)
            }
        }
        return m
    }

    /// The inverse of the plane-to-plane part of the layer's own-to-superlayer matrix
    /// (rows x, y, w of the z = 0 plane), by cofactors; nil when singular.
    private typealias Inverse = [[Double]]

    private func inverse(_ layer: CALayer) -> Inverse? {
        let m = ownToParent(layer)
        let h = [[m[0][0], m[0][1], m[0][3]], [m[1][0], m[1][1], m[1][3]], [m[3][0], m[3][1], m[3][3]]]
        let det = h[0][0] * (h[1][1] * h[2][2] - h[1][2] * h[2][1])
            - h[0][1] * (h[1][0] * h[2][2] - h[1][2] * h[2][0])
            + h[0][2] * (h[1][0] * h[2][1] - h[1][1] * h[2][0])
        guard det != 0, det.isFinite else { return nil }
        func cofactor(_ r: Int, _ s: Int) -> Double {
            let rows = [0, 1, 2].filter { $0 != r }, cols = [0, 1, 2].filter { $0 != s }
            let minor = h[rows[0]][cols[0]] * h[rows[1]][cols[1]] - h[rows[0]][cols[1]] * h[rows[1]][cols[0]]
            return (r + s) % 2 == 0 ? minor : -minor
        }
        return (0..<3).map { i in (0..<3).map { j in cofactor(j, i) / det } }
    }

    /// What the oracles need of each layer under a root, computed once per check (the tree
    /// does not change while points are tested): the documented inverse, the plain
    /// algorithm's inverse, and the sublayers front-most first (higher `zPosition`, then
    /// later sibling).
    private struct Facts {
        var documented: Inverse?
        var plain: CAProjectiveTransform?
        var frontToBack: [CALayer]
    }

    private func facts(under root: CALayer) -> [ObjectIdentifier: Facts] {
        var result: [ObjectIdentifier: Facts] = [:]
        func visit(_ layer: CALayer) {
            let sublayers = layer.sublayers ?? []
            let order = sublayers.indices.sorted { a, b in
                sublayers[a].zPosition != sublayers[b].zPosition ? sublayers[a].zPosition > sublayers[b].zPosition : a > b
            }
            result[ObjectIdentifier(layer)] = Facts(
                documented: inverse(layer), plain: layer.transformToParent.inverted(),
                frontToBack: order.map { sublayers[$0] })
            sublayers.forEach(visit)
        }
        visit(root)
        return result
    }

    /// Maps `p` (superlayer space) into the layer's plane; nil when the layer's geometry is
    /// singular or the point is behind the viewer (w ≤ 0).
    private func toLocal(_ inverse: Inverse?, _ p: CGPoint) -> CGPoint? {
        guard let inv = inverse else { return nil }
        let x = Double(p.x), y = Double(p.y)
        let X = x * inv[0][0] + y * inv[1][0] + inv[2][0]
        let Y = x * inv[0][1] + y * inv[1][1] + inv[2][1]
        let W = x * inv[0][2] + y * inv[1][2] + inv[2][2]
        guard W > 0, (X / W).isFinite, (Y / W).isFinite else { return nil }
        return CGPoint(x: X / W, y: Y / W)
    }

    private func documentedHitTest(_ layer: CALayer, _ p: CGPoint, _ facts: [ObjectIdentifier: Facts]) -> CALayer? {
        if layer.isHidden { return nil }
        let known = facts[ObjectIdentifier(layer)]!
        guard let local = toLocal(known.documented, p) else { return nil }
        let inside = layer.contains(local)
        if layer.masksToBounds && !inside { return nil }
        for sublayer in known.frontToBack {
            if let hit = documentedHitTest(sublayer, local, facts) { return hit }
        }
        return inside ? layer : nil
    }

    // MARK: - Oracle 2: the plain algorithm the index replaces

    private func plainHitTest(_ layer: CALayer, _ p: CGPoint, _ facts: [ObjectIdentifier: Facts]) -> CALayer? {
        let known = facts[ObjectIdentifier(layer)]!
        guard !layer.isHidden, let toLocal = known.plain, let local = toLocal.apply(p) else { return nil }
        let inside = layer.contains(local)
        if layer.masksToBounds && !inside { return nil }
        for sublayer in known.frontToBack {
            if let hit = plainHitTest(sublayer, local, facts) { return hit }
        }
        return inside ? layer : nil
    }

    // MARK: - Checking

    private func name(_ layer: CALayer?, in all: [CALayer]) -> String {
        guard let layer else { return "nil" }
        let model = layer.model()
        return all.firstIndex { $0 === model }.map { "layer \($0)" } ?? "a layer outside the tree"
    }

    /// Hit-tests `count` random points over and around the root (plus every layer's
    /// position) and compares the indexed answer with both oracles.
    private func assertMatchesOracles(
        _ root: CALayer, all: [CALayer], points count: Int, _ g: inout Generator, _ context: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        var points = (0..<count).map { _ in CGPoint(x: g.uniform(-120, 520), y: g.uniform(-120, 520)) }
        // Positions are often inside layers (in their superlayer's space, so not always in
        // the root's): a sample of them.
        points += (0..<min(20, all.count)).map { _ in all[g.int(all.count)].position }
        var mismatches = 0
        let facts = facts(under: root)
        for p in points {
            let indexed = root.hitTest(p)
            let documented = documentedHitTest(root, p, facts)
            let plain = plainHitTest(root, p, facts)
            if indexed !== documented || indexed !== plain {
                mismatches += 1
                if mismatches <= 5 {
                    XCTFail("\(context), point \(p): index \(name(indexed, in: all)), documented rules \(name(documented, in: all)), plain \(name(plain, in: all))", file: file, line: line)
                }
            }
        }
        XCTAssertEqual(mismatches, 0, "\(context): mismatching points", file: file, line: line)
    }

    override func setUp() async throws {
        commitEarlierTestsChanges()
    }

    // MARK: - Random trees

    func testRandomModelTreesMatchTheOracles() async throws {
        var totalHits = 0
        for seed in UInt64(1)...30 {
            let (root, all) = randomTree(seed: seed)
            var g = Generator(seed: seed &* 7919)
            assertMatchesOracles(root, all: all, points: 400, &g, "seed \(seed)")
            // The trees exercise what they should: something other than the root is hit.
            for _ in 0..<100 where root.hitTest(CGPoint(x: g.uniform(0, 400), y: g.uniform(0, 400))).map({ $0 !== root }) ?? false {
                totalHits += 1
            }
        }
        XCTAssertGreaterThan(totalHits, 300)
    }

    /// Points a few units in the last place from the corners of scaled, rotated and sheared
    /// layers far from the origin get the same answer as the plain algorithm: the reaches
    /// are padded, never short of a point the inverse maps inside by rounding.
    func testEdgesOfTransformedLayersMatchThePlainAlgorithm() async throws {
        var g = Generator(seed: 99)
        var checked = 0
        for round in 0..<160 {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 2e6, height: 2e6) // transformToParent is the identity
            var layers: [CALayer] = []
            let far = round % 3 == 0 ? 1e5 : 300
            for _ in 0..<(round % 8 == 0 ? 20 : 3) {
                let layer = CALayer()
                layer.bounds = CGRect(x: g.uniform(-1e3, 1e3), y: g.uniform(-1e3, 1e3), width: g.uniform(0.1, 80), height: g.uniform(0.1, 80))
                layer.position = CGPoint(x: 1e6 + g.uniform(-far, far), y: g.uniform(300, 300 + far))
                layer.anchorPoint = CGPoint(x: g.uniform(0, 1), y: g.uniform(0, 1))
                switch g.int(3) {
                case 0: layer.transform = CATransform3DMakeRotation(g.uniform(-3.2, 3.2), 0, 0, 1)
                case 1: layer.transform = CATransform3DMakeScale(g.uniform(0.01, 3) * 10, g.uniform(0.01, 3) / 3, 1)
                default:
                    layer.transform = CATransform3DMakeAffineTransform(
                        CGAffineTransform(a: g.uniform(-3, 3), b: g.uniform(-3, 3), c: g.uniform(-3, 3), d: g.uniform(-3, 3), tx: 0, ty: 0))
                }
                root.addSublayer(layer)
                layers.append(layer)
            }
            let facts = facts(under: root)
            for layer in layers {
                let b = layer.bounds.standardized
                for corner in [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.maxY),
                               CGPoint(x: b.minX, y: b.maxY), CGPoint(x: b.maxX, y: b.minY)] {
                    guard let q = layer.transformToParent.apply(corner) else { continue }
                    for dx in -2...2 {
                        for dy in -2...2 {
                            var p = q
                            for _ in 0..<abs(dx) { p.x = dx < 0 ? p.x.nextDown : p.x.nextUp }
                            for _ in 0..<abs(dy) { p.y = dy < 0 ? p.y.nextDown : p.y.nextUp }
                            let expected = plainHitTest(root, p, facts)
                            XCTAssertTrue(root.hitTest(p) === expected, "round \(round), point \(p)")
                            if expected !== root { checked += 1 }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 1000, "too few corner points hit a layer")
    }

    func testRandomPresentationTreesMatchTheOracles() async throws {
        for seed in UInt64(100)...115 {
            let (root, all) = randomTree(seed: seed)
            let context = CARenderContext(rootLayer: root)
            CATransaction.flush()
            let presentation = try XCTUnwrap(root.presentation())
            var g = Generator(seed: seed)
            assertMatchesOracles(presentation, all: all, points: 300, &g, "presentation, seed \(seed)")
            withExtendedLifetime(context) {}
        }
    }

    // MARK: - Invalidation

    /// Random changes of every kind after hit tests: each next hit test sees the change.
    func testChangesAfterAHitTestAreSeenOnModelTrees() async throws {
        for seed in UInt64(200)...209 {
            let (root, all0) = randomTree(seed: seed)
            var all = all0
            var g = Generator(seed: seed)
            for step in 0..<20 {
                _ = root.hitTest(CGPoint(x: 200, y: 200)) // builds the index
                mutate(root, &all, &g)
                assertMatchesOracles(root, all: all, points: 40, &g, "seed \(seed), step \(step)")
            }
        }
    }

    func testChangesAfterAHitTestAreSeenOnPresentationTrees() async throws {
        for seed in UInt64(300)...305 {
            let (root, all0) = randomTree(seed: seed)
            let context = CARenderContext(rootLayer: root)
            CATransaction.flush()
            var all = all0
            var g = Generator(seed: seed)
            for step in 0..<15 {
                _ = root.presentation()?.hitTest(CGPoint(x: 200, y: 200))
                quietly { mutate(root, &all, &g) }
                let presentation = try XCTUnwrap(root.presentation())
                assertMatchesOracles(presentation, all: all, points: 40, &g, "presentation, seed \(seed), step \(step)")
            }
            withExtendedLifetime(context) {}
        }
    }

    /// One random change: a property of a random layer, or a layer added or removed.
    private func mutate(_ root: CALayer, _ all: inout [CALayer], _ g: inout Generator) {
        let layer = all[g.int(all.count)]
        switch g.int(12) {
        case 0: layer.zPosition = [-1, 0, 1, 3][g.int(4)]
        case 1: layer.position = CGPoint(x: g.uniform(-60, 460), y: g.uniform(-60, 460))
        case 2: layer.isHidden.toggle()
        case 3: layer.masksToBounds.toggle()
        case 4: layer.bounds = CGRect(x: g.uniform(-20, 20), y: 0, width: g.uniform(5, 200), height: g.uniform(5, 200))
        case 5: layer.transform = randomTransform(&g)
        case 6: layer.sublayerTransform = CATransform3DMakeRotation(g.uniform(-3, 3), 0, 0, 1)
        case 7: layer.anchorPoint = CGPoint(x: g.uniform(0, 1), y: g.uniform(0, 1))
        case 8, 9:
            let added = g.chance(0.2) ? WideLayer() : CALayer()
            randomize(added, &g)
            added.isHidden = false
            if g.chance(0.5) {
                layer.addSublayer(added)
            } else {
                layer.insertSublayer(added, at: UInt32(g.int((layer.sublayers?.count ?? 0) + 1)))
            }
            all.append(added)
        case 10:
            guard layer !== root else { return }
            layer.removeFromSuperlayer()
            all.removeAll { candidate in
                var current: CALayer? = candidate
                while let c = current, c !== root { current = c.superlayer }
                return current == nil
            }
        default:
            layer.frame = CGRect(x: g.uniform(-50, 400), y: g.uniform(-50, 400), width: g.uniform(5, 100), height: g.uniform(5, 100))
        }
    }

    func testZPositionChangeAfterAHitTestIsSeen() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        let back = layer(CGRect(x: 0, y: 0, width: 100, height: 100), in: root)
        let front = layer(CGRect(x: 0, y: 0, width: 100, height: 100), in: root)
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 50)) === front)
        back.zPosition = 1
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 50)) === back)
        back.zPosition = 0
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 50)) === front)
        // Same with a grid (many siblings).
        let many = (0..<40).map { layer(CGRect(x: CGFloat($0 % 8) * 25, y: CGFloat($0 / 8) * 25, width: 20, height: 20), in: root) }
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10)) === many[0])
        back.zPosition = 2
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10)) === back)
        many[0].zPosition = 3
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10)) === many[0])
    }

    func testAddingRemovingAndMovingAfterAHitTestAreSeen() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 400, height: 400))
        let many = (0..<40).map { layer(CGRect(x: CGFloat($0 % 8) * 50, y: CGFloat($0 / 8) * 50, width: 40, height: 40), in: root) }
        let p = CGPoint(x: 345, y: 345) // outside every sublayer
        XCTAssertTrue(root.hitTest(p) === root)
        let added = layer(CGRect(x: 330, y: 330, width: 30, height: 30), in: root)
        XCTAssertTrue(root.hitTest(p) === added)
        let nested = layer(CGRect(x: 10, y: 10, width: 10, height: 10), in: added)
        XCTAssertTrue(root.hitTest(p) === nested)
        nested.removeFromSuperlayer()
        XCTAssertTrue(root.hitTest(p) === added)
        added.removeFromSuperlayer()
        XCTAssertTrue(root.hitTest(p) === root)
        many[3].position = p
        XCTAssertTrue(root.hitTest(p) === many[3])
        many[3].bounds = .zero
        XCTAssertTrue(root.hitTest(p) === root)
        // A sublayer of a layer far from the point, moved under it.
        let child = layer(CGRect(x: 0, y: 0, width: 5, height: 5), in: many[0])
        XCTAssertTrue(root.hitTest(CGPoint(x: 2, y: 2)) === child)
        child.position = CGPoint(x: p.x, y: p.y) // in many[0]'s space, outside it
        XCTAssertTrue(root.hitTest(p) === child)
        many[0].masksToBounds = true
        XCTAssertTrue(root.hitTest(p) === root)
        // Adding a layer outside its new parent's reach is the only change since the last
        // hit test: the ancestors' reaches must grow.
        let outside = CALayer()
        outside.frame = CGRect(x: p.x - 50 - 5, y: p.y - 5, width: 10, height: 10) // in many[1]'s space
        XCTAssertTrue(root.hitTest(p) === root)
        many[1].addSublayer(outside)
        XCTAssertTrue(root.hitTest(p) === outside)
    }

    func testPresentationTreeSeesCommittedAndAnimatedChanges() async throws {
        let world = AnimationWorld(test: self, start: 100, displayed: true)
        let root = world.root
        let many = (0..<40).map { layer(CGRect(x: CGFloat($0 % 8) * 50, y: CGFloat($0 / 8) * 50, width: 40, height: 40), in: root) }
        CATransaction.flush()
        let p = CGPoint(x: 395, y: 295)
        XCTAssertTrue(root.presentation()?.hitTest(p)?.model() === root)
        quietly { many[5].position = p }
        XCTAssertTrue(root.presentation()?.hitTest(p)?.model() === many[5])
        quietly {
            many[6].zPosition = 1
            many[6].position = p
        }
        XCTAssertTrue(root.presentation()?.hitTest(p)?.model() === many[6])
        quietly { many[6].removeFromSuperlayer() }
        XCTAssertTrue(root.presentation()?.hitTest(p)?.model() === many[5])

        // An animation moves a layer under the point over time.
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 20, y: 20)
        move.toValue = CGPoint(x: 380, y: 280)
        move.duration = 10
        quietly {
            many[7].add(move, forKey: "move")
            many[7].zPosition = 2
        }
        world.advance(to: 100)
        XCTAssertTrue(root.presentation()?.hitTest(CGPoint(x: 20, y: 20))?.model() === many[7])
        world.advance(to: 110 - 1e-6)
        XCTAssertTrue(root.presentation()?.hitTest(CGPoint(x: 20, y: 20))?.model() === many[0])
        XCTAssertTrue(root.presentation()?.hitTest(CGPoint(x: 380, y: 280))?.model() === many[7])
        world.advance(to: 111)
        // Finished: back at its model position, so what is under the point shows again.
        XCTAssertTrue(root.presentation()?.hitTest(CGPoint(x: 380, y: 280))?.model() === many[5])
        let presentation = try XCTUnwrap(root.presentation())
        let model = many[7].frame
        XCTAssertTrue(presentation.hitTest(CGPoint(x: model.midX, y: model.midY))?.model() === many[7])
    }

    /// Commits the changes `body` makes with actions disabled (no implicit animations).
    private func quietly(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
        CATransaction.flush()
    }

    // MARK: - Reuse

    /// Hit tests without changes reuse the index: nothing is rebuilt (so nothing is
    /// allocated on its behalf), and the answers stay those of the plain algorithm.
    func testRepeatedHitTestsRebuildNothing() async throws {
        let (root, all) = randomTree(seed: 7)
        var g = Generator(seed: 7)
        let points = (0..<1000).map { _ in CGPoint(x: g.uniform(-120, 520), y: g.uniform(-120, 520)) }
        let facts = facts(under: root)
        // The first pass builds the entries of the layers it goes through.
        for p in points { XCTAssertTrue(root.hitTest(p) === plainHitTest(root, p, facts)) }
        let builds = HitTestIndex.builds.value
        let revision = root.treeRevision.current
        for _ in 0..<3 {
            for p in points { XCTAssertTrue(root.hitTest(p) === plainHitTest(root, p, facts)) }
        }
        XCTAssertEqual(HitTestIndex.builds.value, builds, "hit tests without changes rebuilt an index")
        XCTAssertEqual(root.treeRevision.current, revision, "hit testing changed the revision")
        // Any change in the tree invalidates.
        all[3].opacity = 0.5
        XCTAssertNotEqual(root.treeRevision.current, revision)
        _ = root.hitTest(CGPoint(x: 1, y: 1))
        XCTAssertGreaterThan(HitTestIndex.builds.value, builds)
    }

    /// Two displayed trees side by side, one animating and committing: the other's
    /// presentation index is left as it is (nothing rebuilt), and its answers stay right.
    func testCommitsAndAnimationsInOneWindowLeaveAnotherWindowsIndexAlone() async throws {
        func window(seed: UInt64) -> (root: CALayer, context: CARenderContext, all: [CALayer]) {
            let (root, all) = randomTree(seed: seed)
            let context = CARenderContext(rootLayer: root)
            quietly {}
            return (root, context, all)
        }
        let busy = window(seed: 11), quiet = window(seed: 12)
        defer { busy.context.invalidate(); quiet.context.invalidate() }
        var g = Generator(seed: 12)
        let points = (0..<200).map { _ in CGPoint(x: g.uniform(-120, 520), y: g.uniform(-120, 520)) }
        let quietPresentation = try XCTUnwrap(quiet.root.presentation())
        let answers = points.map { quietPresentation.hitTest($0) }
        let builds = HitTestIndex.builds.value
        // The busy window: a committed change, a new sublayer, a running animation, a frame.
        quietly {
            busy.all[2].opacity = 0.25
            busy.root.addSublayer(CALayer())
        }
        busy.all[1].add(linearAnimation("position.x", from: 0, to: 100), forKey: "slide")
        CATransaction.flush()
        busy.context.advanceAnimations(to: CACurrentMediaTime() + 0.1)
        _ = busy.context.makeRenderTree(at: CACurrentMediaTime() + 0.1)
        _ = busy.root.presentation()?.hitTest(CGPoint(x: 10, y: 10))
        let busyBuilds = HitTestIndex.builds.value
        XCTAssertGreaterThan(busyBuilds, builds, "the busy window's own index is rebuilt")
        for (p, answer) in zip(points, answers) {
            XCTAssertTrue(quiet.root.presentation()?.hitTest(p) === answer)
        }
        XCTAssertEqual(HitTestIndex.builds.value, busyBuilds, "the quiet window's index was rebuilt")
    }

    /// A removed layer is not kept alive by its old parent's index.
    func testRemovedLayerIsReleased() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        weak var weakChild: CALayer?
        do {
            let child = layer(CGRect(x: 0, y: 0, width: 50, height: 50), in: root)
            weakChild = child
            XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10)) === child)
            child.removeFromSuperlayer()
        }
        CATransaction.flush() // the transaction holds the layers it changed until then
        XCTAssertNil(weakChild)
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10)) === root)
    }

    // MARK: - Overrides with side effects

    /// Calls `onHitTest` before hit-testing as usual.
    final class MeddlingLayer: CALayer {
        var onHitTest: (() -> Void)?
        override func hitTest(_ p: CGPoint) -> CALayer? {
            onHitTest?()
            return super.hitTest(p)
        }
    }

    /// A front layer whose `hitTest` moves a back layer under the point: the plain loop
    /// tests the back layer with its new position next; so must the index.
    func testOverrideThatChangesTheTreeDuringAHitTest() async throws {
        for count in [3, 40] {
            let root = layer(CGRect(x: 0, y: 0, width: 400, height: 400))
            let back = layer(CGRect(x: 300, y: 300, width: 20, height: 20), in: root)
            for i in 0..<count { _ = layer(CGRect(x: CGFloat(i % 8) * 30 + 100, y: CGFloat(i / 8) * 30, width: 10, height: 10), in: root) }
            let front = MeddlingLayer()
            front.frame = CGRect(x: 0, y: 200, width: 10, height: 10)
            root.addSublayer(front)
            front.onHitTest = { back.position = CGPoint(x: 20, y: 20) }
            XCTAssertTrue(root.hitTest(CGPoint(x: 20, y: 20)) === back, "\(count) sublayers")
        }
    }
}
