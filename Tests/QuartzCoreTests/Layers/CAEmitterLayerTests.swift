import Foundation
@testable import QuartzCore
import TestSupport
import XCTest

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CAEmitterLayerTests: XCTestCase, RenderingSwatches {
    // MARK: - Helpers

    /// A `size` × `size` image filled with `color` (premultiplied BGRA bytes).
    private func solidImage(_ size: Int, blue: UInt8 = 255, green: UInt8 = 255, red: UInt8 = 255, alpha: UInt8 = 255) throws
        -> CGImage
    {
        let bytes = [UInt8](repeating: 0, count: size * size * 4).enumerated().map { index, _ -> UInt8 in
            [blue, green, red, alpha][index % 4]
        }
        return try CGImage(width: size, height: size, bytesPerRow: size * 4, premultipliedBGRA: bytes)
    }

    /// An emitter layer of 100 × 100 points at the origin, emitting `cell` from `position`.
    private func emitter(_ cell: CAEmitterCell, at position: CGPoint = CGPoint(x: 50, y: 50)) -> CAEmitterLayer {
        let layer = CAEmitterLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.emitterPosition = position
        layer.emitterCells = [cell]
        return layer
    }

    /// A cell emitting `rate` particles a second living `lifetime` seconds, at `velocity`
    /// towards `longitude`, drawn as `contents`.
    private func cell(
        rate: Float = 1, lifetime: Float = 10, velocity: CGFloat = 0, longitude: CGFloat = 0, contents: CGImage? = nil
    ) -> CAEmitterCell {
        let cell = CAEmitterCell()
        cell.birthRate = rate
        cell.lifetime = lifetime
        cell.velocity = velocity
        cell.emissionLongitude = longitude
        cell.contents = contents
        return cell
    }

    /// The layer's emitter snapshot (emission starts at the snapshot's time when emitting).
    private func snapshot(_ layer: CAEmitterLayer) throws -> CARenderEmitter {
        try XCTUnwrap(layer.makeRenderTree().emitter)
    }

    /// The particles of `layer` `seconds` after it started emitting.
    private func particles(of layer: CAEmitterLayer, after seconds: Double) throws -> [CARenderParticle] {
        let emitter = try snapshot(layer)
        let start = try XCTUnwrap(emitter.emissionStart)
        return emitter.particles(at: start + seconds)
    }

    /// The image of `layer`'s tree with its particles `seconds` after it started emitting.
    private func image(of layer: CAEmitterLayer, after seconds: Double, size: Int = 100) throws -> CGImage {
        var tree = layer.makeRenderTree()
        var emitter = try XCTUnwrap(tree.emitter)
        emitter.evaluate(at: try XCTUnwrap(emitter.emissionStart) + seconds)
        tree.emitter = emitter
        return try CALayerCompositor().renderImage(tree, width: size, height: size)
    }

    /// The bytes of `image`.
    private func bytes(_ image: CGImage) -> [[Int]] {
        (0..<image.height).flatMap { y in (0..<image.width).map { x in rgba(image, x, y) } }
    }

    // MARK: - Defaults and names

    func testLayerDefaultsAreApples() async {
        let layer = CAEmitterLayer()
        XCTAssertNil(layer.emitterCells)
        XCTAssertEqual(layer.birthRate, 1)
        XCTAssertEqual(layer.lifetime, 1)
        XCTAssertEqual(layer.emitterPosition, .zero)
        XCTAssertEqual(layer.emitterZPosition, 0)
        XCTAssertEqual(layer.emitterSize, .zero)
        XCTAssertEqual(layer.emitterDepth, 0)
        XCTAssertEqual(layer.emitterShape, .point)
        XCTAssertEqual(layer.emitterMode, .volume)
        XCTAssertEqual(layer.renderMode, .unordered)
        XCTAssertFalse(layer.preservesDepth)
        XCTAssertEqual(layer.velocity, 1)
        XCTAssertEqual(layer.scale, 1)
        XCTAssertEqual(layer.spin, 1)
        XCTAssertEqual(layer.seed, 0)
    }

    func testLayerDefaultValueForEachKey() async {
        for key in ["birthRate", "lifetime", "velocity", "scale", "spin"] {
            XCTAssertEqual(CAEmitterLayer.defaultValue(forKey: key) as? Float, 1, key)
        }
        XCTAssertEqual(CAEmitterLayer.defaultValue(forKey: "emitterPosition") as? CGPoint, .zero)
        XCTAssertEqual(CAEmitterLayer.defaultValue(forKey: "emitterZPosition") as? CGFloat, 0)
        XCTAssertEqual(CAEmitterLayer.defaultValue(forKey: "emitterSize") as? CGSize, .zero)
        XCTAssertEqual(CAEmitterLayer.defaultValue(forKey: "emitterDepth") as? CGFloat, 0)
        XCTAssertEqual(CAEmitterLayer.defaultValue(forKey: "emitterShape") as? CAEmitterLayerEmitterShape, .point)
        XCTAssertEqual(CAEmitterLayer.defaultValue(forKey: "emitterMode") as? CAEmitterLayerEmitterMode, .volume)
        XCTAssertEqual(CAEmitterLayer.defaultValue(forKey: "renderMode") as? CAEmitterLayerRenderMode, .unordered)
        XCTAssertEqual(CAEmitterLayer.defaultValue(forKey: "preservesDepth") as? Bool, false)
        XCTAssertEqual(CAEmitterLayer.defaultValue(forKey: "seed") as? UInt32, 0)
        XCTAssertNil(CAEmitterLayer.defaultValue(forKey: "emitterCells"))
        XCTAssertEqual(CAEmitterLayer.defaultValue(forKey: "opacity") as? Float, 1, "CALayer's keys still answer")
    }

    func testRawValuesAreApples() async {
        XCTAssertEqual(
            [.point, .line, .rectangle, .cuboid, .circle, .sphere].map { (s: CAEmitterLayerEmitterShape) in s.rawValue },
            ["point", "line", "rectangle", "cuboid", "circle", "sphere"])
        XCTAssertEqual(
            [.points, .outline, .surface, .volume].map { (m: CAEmitterLayerEmitterMode) in m.rawValue },
            ["points", "outline", "surface", "volume"])
        XCTAssertEqual(
            [.unordered, .oldestFirst, .oldestLast, .backToFront, .additive].map { (m: CAEmitterLayerRenderMode) in m.rawValue },
            ["unordered", "oldestFirst", "oldestLast", "backToFront", "additive"])
    }

    func testKeyValueCodingReadsAndWritesTheLayerKeys() async {
        let layer = CAEmitterLayer()
        layer.setValue(2.5, forKey: "birthRate")
        layer.setValue(CGPoint(x: 3, y: 4), forKey: "emitterPosition")
        layer.setValue("circle", forKey: "emitterShape")
        layer.setValue("outline", forKey: "emitterMode")
        layer.setValue("additive", forKey: "renderMode")
        layer.setValue(7, forKey: "seed")
        XCTAssertEqual(layer.birthRate, 2.5)
        XCTAssertEqual(layer.emitterPosition, CGPoint(x: 3, y: 4))
        XCTAssertEqual(layer.emitterShape, .circle)
        XCTAssertEqual(layer.emitterMode, .outline)
        XCTAssertEqual(layer.renderMode, .additive)
        XCTAssertEqual(layer.seed, 7)
    }

    func testCellKeyPathsReadAndWriteNamedCells() async throws {
        let spark = cell(rate: 5)
        spark.name = "spark"
        let rocket = cell(rate: 1)
        rocket.name = "rocket"
        rocket.emitterCells = [spark]
        let layer = emitter(rocket)
        layer.setValue(0, forKeyPath: "emitterCells.rocket.birthRate")
        layer.setValue(2.5, forKeyPath: "emitterCells.rocket.emitterCells.spark.velocity")
        XCTAssertEqual(rocket.birthRate, 0)
        XCTAssertEqual(spark.velocity, 2.5, "a Double converted to CGFloat")
        XCTAssertEqual(layer.value(forKeyPath: "emitterCells.rocket.birthRate") as? Float, 0)
        XCTAssertEqual(layer.value(forKeyPath: "emitterCells.rocket.emitterCells.spark.velocity") as? CGFloat, 2.5)
        XCTAssertNil(layer.value(forKeyPath: "emitterCells.missing.birthRate"))
        let diagnostics = capturingDiagnostics { layer.setValue(1, forKeyPath: "emitterCells.missing.birthRate") }
        XCTAssertEqual(diagnostics.map(\.code), [.invalidKeyPath])
        XCTAssertEqual(layer.value(forKeyPath: "emitterPosition.x") as? CGFloat, 50, "other key paths as CALayer's")
        spark.setValue("nearest", forKey: "magnificationFilter")
        spark.setValue("a string", forKey: "scale")
        spark.setValue(7, forKey: "custom")
        XCTAssertEqual(spark.magnificationFilter, "nearest")
        XCTAssertEqual(spark.scale, 1, "a value of the wrong type is ignored")
        XCTAssertEqual(spark.value(forKey: "custom") as? Int, 7)
        XCTAssertEqual(spark.value(forKey: "alphaSpeed") as? Float, 0)
    }

    func testCellDefaultsAreApples() async {
        let cell = CAEmitterCell()
        XCTAssertNil(cell.name)
        XCTAssertTrue(cell.isEnabled)
        XCTAssertEqual(cell.birthRate, 0)
        XCTAssertEqual(cell.lifetime, 0)
        XCTAssertEqual(cell.lifetimeRange, 0)
        XCTAssertEqual(cell.emissionLatitude, 0)
        XCTAssertEqual(cell.emissionLongitude, 0)
        XCTAssertEqual(cell.emissionRange, 0)
        XCTAssertEqual(cell.velocity, 0)
        XCTAssertEqual(cell.velocityRange, 0)
        XCTAssertEqual(cell.xAcceleration, 0)
        XCTAssertEqual(cell.yAcceleration, 0)
        XCTAssertEqual(cell.zAcceleration, 0)
        XCTAssertEqual(cell.scale, 1)
        XCTAssertEqual(cell.scaleRange, 0)
        XCTAssertEqual(cell.scaleSpeed, 0)
        XCTAssertEqual(cell.spin, 0)
        XCTAssertEqual(cell.spinRange, 0)
        assertComponents(cell.color, [1, 1, 1, 1])
        for value in [cell.redRange, cell.greenRange, cell.blueRange, cell.alphaRange] { XCTAssertEqual(value, 0) }
        for value in [cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed] { XCTAssertEqual(value, 0) }
        XCTAssertNil(cell.contents)
        XCTAssertEqual(cell.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(cell.contentsScale, 1)
        XCTAssertEqual(cell.minificationFilter, "linear")
        XCTAssertEqual(cell.magnificationFilter, "linear")
        XCTAssertEqual(cell.minificationFilterBias, 0)
        XCTAssertNil(cell.emitterCells)
        XCTAssertNil(cell.style)
        XCTAssertEqual(cell.beginTime, 0)
        XCTAssertEqual(cell.duration, 0)
        XCTAssertEqual(cell.speed, 1)
        XCTAssertEqual(cell.repeatCount, 0)
        XCTAssertFalse(cell.autoreverses)
        XCTAssertEqual(cell.fillMode, .removed)
        XCTAssertEqual(CAEmitterCell.defaultValue(forKey: "scale") as? CGFloat, 1)
        XCTAssertEqual(CAEmitterCell.defaultValue(forKey: "birthRate") as? Float, 0)
        XCTAssertEqual(CAEmitterCell.defaultValue(forKey: "color") as? CGColor, CGColor(gray: 1, alpha: 1))
        XCTAssertEqual(CAEmitterCell.defaultValue(forKey: "contentsRect") as? CGRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(CAEmitterCell.defaultValue(forKey: "minificationFilter") as? String, "linear")
        XCTAssertNil(CAEmitterCell.defaultValue(forKey: "unknown"))
    }

    func testEmitterKeysAnimateImplicitly() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = CAEmitterLayer()
        _ = world.committedSublayer(layer)
        world.animateImplicitly(layer, to: 0.25) {
            $0.emitterPosition = CGPoint(x: 40, y: 80)
            $0.emitterSize = CGSize(width: 20, height: 40)
            $0.birthRate = 3
            $0.velocity = 5
            $0.emitterShape = .circle
            $0.seed = 4
        }
        XCTAssertEqual(
            Set(layer.animationKeys() ?? []), ["emitterPosition", "emitterSize", "birthRate", "velocity"],
            "shape and seed change at once")
        let presentation = layer.presentation()
        XCTAssertEqual(Double(presentation?.emitterPosition.x ?? 0), 10, accuracy: 1e-9, "a quarter of the way from 0")
        XCTAssertEqual(Double(presentation?.emitterPosition.y ?? 0), 20, accuracy: 1e-9)
        XCTAssertEqual(Double(presentation?.emitterSize.width ?? 0), 5, accuracy: 1e-9)
        XCTAssertEqual(Double(presentation?.emitterSize.height ?? 0), 10, accuracy: 1e-9)
        XCTAssertEqual(presentation?.birthRate ?? 0, 1.5, accuracy: 1e-6)
    }

    // MARK: - Simulation

    func testParticlesMoveAtTheirVelocityFromWhereAndWhenTheyWereBorn() async throws {
        // Two a second, straight down (longitude π/2) at 30 points a second, from (50, 10).
        let layer = emitter(cell(rate: 2, lifetime: 10, velocity: 30, longitude: .pi / 2), at: CGPoint(x: 50, y: 10))
        let particles = try self.particles(of: layer, after: 1.3)
        // Born at 0, 0.5 and 1 s.
        XCTAssertEqual(particles.map(\.birthTime).map { $0 - particles[0].birthTime }, [0, 0.5, 1])
        for (particle, born) in zip(particles, [0.0, 0.5, 1.0]) {
            XCTAssertEqual(Double(particle.position.x), 50, accuracy: 1e-9)
            XCTAssertEqual(Double(particle.position.y), 10 + 30 * (1.3 - born), accuracy: 1e-9)
        }
    }

    func testAccelerationAddsHalfATimesTheAgeSquared() async throws {
        let c = cell(rate: 1, lifetime: 10, velocity: 10)
        c.yAcceleration = 4
        let particles = try self.particles(of: emitter(c, at: CGPoint(x: 5, y: 5)), after: 3)
        // Born at 0, 1, 2, 3 s: ages 3, 2, 1, 0.
        XCTAssertEqual(particles.count, 4)
        for (particle, age) in zip(particles, [3.0, 2, 1, 0]) {
            XCTAssertEqual(Double(particle.position.x), 5 + 10 * age, accuracy: 1e-9)
            XCTAssertEqual(Double(particle.position.y), 5 + 0.5 * 4 * age * age, accuracy: 1e-9)
        }
    }

    func testLayerMultipliersScaleTheCells() async throws {
        let c = cell(rate: 1, lifetime: 1, velocity: 10)
        c.spin = 1
        let layer = emitter(c, at: .zero)
        layer.birthRate = 4
        layer.lifetime = 2
        layer.velocity = 3
        layer.scale = 0.5
        layer.spin = 2
        let particles = try self.particles(of: layer, after: 1.75)
        // Four a second living two seconds: born at 0, 0.25, …, 1.75.
        XCTAssertEqual(particles.count, 8)
        let oldest = try XCTUnwrap(particles.first)
        XCTAssertEqual(Double(oldest.position.x), 30 * 1.75, accuracy: 1e-9)
        XCTAssertEqual(oldest.scale, 0.5, accuracy: 1e-12)
        XCTAssertEqual(oldest.angle, 2 * 1.75, accuracy: 1e-12)
    }

    func testNoParticleOutlivesItsLifetime() async throws {
        let layer = emitter(cell(rate: 4, lifetime: 1))
        let particles = try self.particles(of: layer, after: 5)
        let emitter = try snapshot(layer)
        let start = try XCTUnwrap(emitter.emissionStart)
        // Born at 4.25, 4.5, 4.75 and 5: the one born at 4 s has just died.
        XCTAssertEqual(particles.map { $0.birthTime - start }, [4.25, 4.5, 4.75, 5])
        for particle in particles { XCTAssertLessThan(start + 5 - particle.birthTime, 1) }
    }

    func testParticlesLiveOutTheirLifetimeAfterEmissionStops() async throws {
        let world = AnimationWorld(test: self)
        let layer = emitter(cell(rate: 2, lifetime: 1))
        let started = try snapshot(layer)
        XCTAssertEqual(started.emissionStart, 100)
        world.clock.set(103)
        layer.birthRate = 0
        let stopped = try snapshot(layer)
        XCTAssertEqual(stopped.emissionStart, 100)
        XCTAssertEqual(stopped.emissionEnd, 103)
        XCTAssertEqual(stopped.activeUntil, 104, "no particle lives beyond a lifetime after it stopped")
        XCTAssertEqual(stopped.particles(at: 103.4).map(\.birthTime), [102.5], "born before it stopped, still alive")
        XCTAssertEqual(stopped.particles(at: 103.6).count, 0, "the one born at 102.5 s died at 103.5 s; none born at 103 s")
        XCTAssertEqual(stopped.particles(at: 104).count, 0)
        XCTAssertEqual(stopped.particles(at: 110).count, 0)
        XCTAssertEqual(started.activeUntil, .infinity, "emitting")
    }

    func testStoppingEveryCellLetsTheParticlesLiveOutTheirLifetime() async throws {
        let world = AnimationWorld(test: self)
        let c = cell(rate: 2, lifetime: 1, velocity: 10)
        c.name = "dust"
        let layer = emitter(c, at: .zero)
        _ = try snapshot(layer)
        world.clock.set(103)
        layer.setValue(0, forKeyPath: "emitterCells.dust.birthRate")
        let stopped = try snapshot(layer)
        XCTAssertEqual(stopped.emissionEnd, 103)
        let alive = stopped.particles(at: 103.4)
        XCTAssertEqual(alive.map(\.birthTime), [102.5], "born before it stopped, still alive")
        XCTAssertEqual(Double(alive.first?.position.x ?? 0), 9, accuracy: 1e-9, "still moving at its velocity")
        world.clock.set(105)
        layer.setValue(4, forKeyPath: "emitterCells.dust.birthRate")
        let restarted = try snapshot(layer)
        XCTAssertEqual(restarted.emissionStart, 105, "emission starts again")
        XCTAssertEqual(restarted.particles(at: 105.5).map(\.birthTime), [105, 105.25, 105.5])
    }

    func testNestedCellsAreEmittedFromTheirParticle() async throws {
        _ = AnimationWorld(test: self)  // whole-second times, exact in binary
        let child = cell(rate: 1, lifetime: 10, contents: try solidImage(2))
        let parent = cell(rate: 1, lifetime: 10, velocity: 20)
        parent.emitterCells = [child]
        let layer = emitter(parent, at: CGPoint(x: 10, y: 30))
        layer.emitterCells = [parent]
        parent.birthRate = 1
        let emitter = try snapshot(layer)
        let start = try XCTUnwrap(emitter.emissionStart)
        let all = emitter.particles(at: start + 2.5)
        let childIndex = try XCTUnwrap(emitter.drawnCells.firstIndex { $0.contents != nil })
        let children = all.filter { $0.cell == childIndex }
        // Parents born at 0, 1 and 2 s (moving right at 20 points a second from x = 10)
        // each emit a child when born and every second after: 3 + 2 + 1 children, still
        // where their parent was at their birth.
        XCTAssertEqual(all.count - children.count, 3, "the parents")
        XCTAssertEqual(children.count, 3 + 2 + 1)
        let places = children.map { [($0.birthTime - start).rounded(), Double($0.position.x), Double($0.position.y)] }
        XCTAssertEqual(
            Set(places), [[0, 10, 30], [1, 30, 30], [2, 50, 30], [1, 10, 30], [2, 30, 30], [2, 10, 30]],
            "born at 0 s: at x = 10; at 1 s: at 30 (first parent) or 10 (second); …")
    }

    func testShapesPlaceParticlesOnTheirGeometry() async throws {
        func origins(_ shape: CAEmitterLayerEmitterShape, _ mode: CAEmitterLayerEmitterMode) throws -> [CGPoint] {
            let layer = emitter(cell(rate: 50, lifetime: 10), at: CGPoint(x: 50, y: 40))
            layer.emitterShape = shape
            layer.emitterMode = mode
            layer.emitterSize = CGSize(width: 20, height: 10)
            return try particles(of: layer, after: 1).map(\.position)
        }
        for p in try origins(.line, .volume) {
            XCTAssertEqual(p.y, 40)
            XCTAssert((40...60).contains(p.x), "\(p)")
        }
        XCTAssertEqual(Set(try origins(.line, .points).map(\.x)), [40, 60], "a line's points are its ends")
        for p in try origins(.rectangle, .volume) { XCTAssert((40...60).contains(p.x) && (35...45).contains(p.y), "\(p)") }
        for p in try origins(.rectangle, .outline) {
            XCTAssert(abs(p.x - 40) < 1e-9 || abs(p.x - 60) < 1e-9 || abs(p.y - 35) < 1e-9 || abs(p.y - 45) < 1e-9, "\(p)")
        }
        for p in try origins(.circle, .outline) {
            XCTAssertEqual(Double(hypot(p.x - 50, p.y - 40)), 20, accuracy: 1e-9, "radius emitterSize.width")
        }
        for p in try origins(.circle, .volume) { XCTAssertLessThanOrEqual(hypot(p.x - 50, p.y - 40), 20) }
        XCTAssertEqual(Set(try origins(.point, .volume)), [CGPoint(x: 50, y: 40)])
    }

    func testRenderModesOrderTheParticles() async throws {
        func births(_ mode: CAEmitterLayerRenderMode) throws -> [Double] {
            let layer = emitter(cell(rate: 2, lifetime: 10, contents: try solidImage(2)))
            layer.renderMode = mode
            let particles = try particles(of: layer, after: 1.5)
            return particles.map { $0.birthTime - particles.map(\.birthTime).min()! }
        }
        XCTAssertEqual(try births(.oldestFirst), [0, 0.5, 1, 1.5])
        XCTAssertEqual(try births(.oldestLast), [1.5, 1, 0.5, 0])
    }

    // MARK: - Determinism

    func testTheSameSeedDrawsTheSamePixelsAndAnotherSeedOthers() async throws {
        func drawn(seed: UInt32) throws -> [[Int]] {
            let c = cell(rate: 20, lifetime: 3, velocity: 20, contents: try solidImage(3))
            c.emissionRange = 2 * .pi
            c.velocityRange = 10
            c.scaleRange = 0.5
            c.redRange = 0.5
            let layer = emitter(c)
            layer.seed = seed
            return bytes(try image(of: layer, after: 2))
        }
        let first = try drawn(seed: 7)
        let again = try drawn(seed: 7), other = try drawn(seed: 8)
        XCTAssertTrue(first == again, "same seed, same pixels")
        XCTAssertFalse(first == other, "another seed, other pixels")
        XCTAssert(first.contains { $0[3] > 0 }, "particles are drawn")
    }

    // MARK: - Drawing

    func testOneParticleDrawsItsContentsCentredOnItsPosition() async throws {
        // One particle (born at 0, lifetime 10), moving right at 10 points a second from
        // (10, 20): at 0.5 s its 4 × 4 red image is centred on (15, 20).
        let layer = emitter(cell(rate: 1, lifetime: 10, velocity: 10, contents: try solidImage(4, blue: 0, green: 0)), at: CGPoint(x: 10, y: 20))
        let image = try image(of: layer, after: 0.5, size: 40)
        XCTAssertEqual(inkBox(of: image).map { [$0.minX, $0.minY, $0.maxX, $0.maxY] }, [13, 18, 17, 22])
        for y in 18..<22 { for x in 13..<17 { XCTAssertEqual(image.pixel(x: x, y: y), redPixel, "(\(x), \(y))") } }
    }

    func testParticlesAreMultipliedByTheirColour() async throws {
        let c = cell(rate: 1, lifetime: 10, contents: try solidImage(4))
        c.color = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        let image = try image(of: emitter(c, at: CGPoint(x: 10, y: 10)), after: 0.5, size: 20)
        XCTAssertEqual(image.pixel(x: 10, y: 10), rgba(0, 0, 128, 128), "white × half-transparent blue")
        XCTAssertEqual(image.pixel(x: 5, y: 5), clear)
    }

    func testAdditiveRenderModeAddsOverlappingParticles() async throws {
        func centre(_ mode: CAEmitterLayerRenderMode) throws -> CGImage.Pixel? {
            // Two still particles on the same place, each red at half alpha.
            let c = cell(rate: 2, lifetime: 10, contents: try solidImage(4, blue: 0, green: 0))
            c.color = CGColor(red: 1, green: 1, blue: 1, alpha: 0.5)
            let layer = emitter(c, at: CGPoint(x: 10, y: 10))
            layer.renderMode = mode
            return try image(of: layer, after: 0.6, size: 20).pixel(x: 10, y: 10)
        }
        XCTAssertEqual(try centre(.additive), rgba(255, 0, 0, 255), "½ + ½")
        XCTAssertEqual(try centre(.unordered), rgba(192, 0, 0, 192), "½ over ½ (¾, rounded in 8 bits as cairo does)")
    }

    // MARK: - Render server

    func testRendererDrawsEachFrameAtItsTimeAndKeepsFramesComingWhileEmitting() async throws {
        let world = AnimationWorld(test: self)
        let layer = emitter(cell(rate: 1, lifetime: 2, velocity: 10, contents: try solidImage(2)), at: CGPoint(x: 5, y: 10))
        let renderer = CARenderer()
        renderer.update = CARenderUpdate(tree: layer.makeRenderTree(), mediaTime: 100)
        var pixels = [UInt8](repeating: 0, count: 40 * 20 * 4)
        func frame(at time: CFTimeInterval) throws -> Int? {
            try pixels.withUnsafeMutableBytes { bytes in
                try renderer.setDestination(bytes.baseAddress!, width: 40, height: 20, bytesPerRow: 160, bufferAge: 1)
            }
            renderer.beginFrame(atTime: time)
            try renderer.render()
            renderer.endFrame()
            // The rightmost inked column at row 10 (the oldest particle's right edge).
            return (0..<40).last { pixels[(10 * 40 + $0) * 4 + 3] > 0 }
        }
        XCTAssertEqual(try frame(at: 100.5), 10, "the first particle (2 points wide) at x = 10 at 0.5 s")
        XCTAssertEqual(renderer.nextFrameTime(), 100.5, "emitting: the next frame as soon as possible")
        XCTAssertEqual(try frame(at: 101.5), 20, "at x = 20 at 1.5 s: the frame's time reached the particles")
        XCTAssertEqual(renderer.nextFrameTime(), 101.5)

        world.clock.set(102)
        layer.birthRate = 0
        renderer.update = CARenderUpdate(tree: layer.makeRenderTree(), mediaTime: 102)
        _ = try frame(at: 103.5)
        XCTAssertEqual(renderer.nextFrameTime(), 103.5, "the particle born at 1 s lives until 3 s")
        XCTAssertNil(try frame(at: 104.25), "every particle has died")
        XCTAssertEqual(renderer.nextFrameTime(), .infinity, "no particle left, none to come: idle")
        let update = try XCTUnwrap(renderer.update)
        XCTAssertTrue(
            update.tree(at: 104.25).isSameSnapshot(as: update.tree(at: 110)),
            "after the last particle, every frame shows one unchanged snapshot (nothing to redraw)")
        _ = try frame(at: 110)
        XCTAssertEqual(renderer.updateRegion, [], "no damage")
    }

    func testADisplayedEmitterStartsAtItsCommitAndIsSimulatedInItsPlaceInTheTree() async throws {
        let world = AnimationWorld(test: self, displayed: true)
        let holder = world.committedSublayer()
        world.clock.set(100.25)
        let layer = emitter(cell(rate: 1, lifetime: 5, velocity: 10, contents: try solidImage(2)), at: CGPoint(x: 5, y: 10))
        holder.addSublayer(CALayer())
        holder.addSublayer(layer)
        CATransaction.flush()
        // A window makes its update right after each commit.
        let update = try XCTUnwrap(world.context).makeRenderUpdate(at: 100.25)
        XCTAssertEqual(update.emitterPaths, [[0, 1]], "the root's first sublayer's second sublayer")
        XCTAssertEqual(update.emittersEndTime, .infinity)
        let emitter = try XCTUnwrap(update.tree(at: 102.25).sublayers[0].sublayers[1].emitter)
        XCTAssertEqual(emitter.emissionStart, 100.25, "emission starts when the layer is first committed")
        XCTAssertEqual(emitter.time, 102.25, "evaluated at the frame's time")
        XCTAssertEqual(emitter.particles.map(\.position.x), [25, 15, 5], "born at 0, 1 and 2 s after the commit")
    }

    func testACellChangedByKeyPathReachesTheRenderServerAtTheNextCommit() async throws {
        let world = AnimationWorld(test: self, displayed: true)
        let c = cell(rate: 2, lifetime: 1)
        c.name = "dust"
        let layer = emitter(c)
        world.root.addSublayer(layer)
        CATransaction.flush()
        let context = try XCTUnwrap(world.context)
        XCTAssertEqual(context.makeRenderUpdate(at: 100).emittersEndTime, .infinity, "emitting")
        world.clock.set(102)
        layer.setValue(0, forKeyPath: "emitterCells.dust.birthRate")
        CATransaction.flush()
        let update = context.makeRenderUpdate(at: 102)
        XCTAssertEqual(update.emittersEndTime, 103, "stopped at the commit; the last particles die a second later")
    }

    func testATreeWithoutEmittersStaysIdle() async throws {
        let renderer = CARenderer()
        renderer.update = CARenderUpdate(tree: CARenderLayer(bounds: CGRect(x: 0, y: 0, width: 10, height: 10)), mediaTime: 0)
        var pixels = [UInt8](repeating: 0, count: 10 * 10 * 4)
        try pixels.withUnsafeMutableBytes { bytes in
            try renderer.setDestination(bytes.baseAddress!, width: 10, height: 10, bytesPerRow: 40)
        }
        renderer.beginFrame(atTime: 1)
        try renderer.render()
        renderer.endFrame()
        XCTAssertEqual(renderer.nextFrameTime(), .infinity)
    }

    // MARK: - Bad input

    func testHugeBirthRatesAreCappedAndBadNumbersEmitNothing() async throws {
        let flood = emitter(cell(rate: 1e9, lifetime: 1e6, contents: try solidImage(1)))
        let particles = try self.particles(of: flood, after: 1e5)
        XCTAssertEqual(particles.count, CAEmitterLayer.maximumParticleCount, "at most the cap")
        for rate: Float in [.nan, .infinity, -5] {
            XCTAssertNil(try snapshot(emitter(cell(rate: rate, contents: try solidImage(1)))).emissionStart, "cell birth rate \(rate) never starts emitting")
            let layer = emitter(cell(rate: 1, contents: try solidImage(1)))
            layer.birthRate = rate
            XCTAssertNil(try snapshot(layer).emissionStart, "layer birth rate \(rate) never starts emitting")
        }
        let c = cell(rate: 1, lifetime: .nan, velocity: .infinity, contents: try solidImage(1))
        c.scale = .nan
        XCTAssertEqual(try self.particles(of: emitter(c), after: 3).count, 0, "a NaN lifetime lives no time")
        let odd = cell(rate: 1, lifetime: 10, velocity: .infinity, contents: try solidImage(1))
        odd.xAcceleration = .nan
        XCTAssertEqual(try image(of: emitter(odd), after: 2).width, 100, "drawn without trouble")
    }
}
