import Foundation
import QuartzCore
import TestSupport
import XCTest

// Swift 6 code that builds layers away from the main actor, as Apple's concurrency model
// allows: layers are not Sendable, so a tree is built in one place and handed over whole
// (`sending`); each thread has its own transactions, and code off the main thread wraps
// its changes in one (threads without a run loop never commit an implicit transaction);
// completion blocks come to the main thread.

/// Builds a row of `count` badges with a pulse, in a transaction of its own, off the main
/// actor, and hands the finished tree to the caller.
func makeBadgeRow(count: Int) async -> sending CALayer {
    let row = CALayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    row.name = "row"
    row.bounds = CGRect(x: 0, y: 0, width: 30 * CGFloat(count), height: 30)
    for index in 0..<count {
        let badge = makeBadge()
        badge.position = CGPoint(x: 15 + 30 * CGFloat(index), y: 15)
        row.addSublayer(badge)
    }
    row.add(makePulse(), forKey: "pulse")
    CATransaction.commit()
    return row
}

/// Builds a badge with a fade, off the main actor and without a transaction of its own: the
/// changes stay in the building thread's implicit transaction until the layer is handed on.
func makeFadingBadge() async -> sending CALayer {
    let badge = makeBadge()
    badge.position = CGPoint(x: 20, y: 20)
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 0
    fade.toValue = 1
    fade.duration = 2
    badge.add(fade, forKey: "fade")
    return badge
}

/// Draws `layer` into a new image: thumbnails made off the main thread.
func makeThumbnail(of layer: CALayer, width: Int, height: Int) -> CGImage? {
    guard
        let ctx = CGContext(
            data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
    else { return nil }
    ctx.translateBy(x: 0, y: CGFloat(height))
    ctx.scaleBy(x: 1, y: -1)
    layer.render(in: ctx)
    return ctx.makeImage()
}

/// What a thread saw of its transaction, and of the main thread's.
struct TransactionReading: Sendable, Hashable {
    var duration: CFTimeInterval
    var disablesActions: Bool
}

@MainActor
final class BackgroundLayerBuildingTests: XCTestCase {
    func testAnAsyncFunctionHandsItsTreeToTheMainActor() async {
        let window = WindowStandIn()
        defer { window.close() }
        let row = await makeBadgeRow(count: 3)
        XCTAssertEqual(row.sublayers?.map { $0.position.x }, [15, 45, 75])
        XCTAssertEqual(row.animationKeys(), ["pulse"])
        XCTAssertEqual(row.presentation()?.bounds, CGRect(x: 0, y: 0, width: 90, height: 30), "committed where it was built")
        CATransaction.begin()
        window.rootLayer.addSublayer(row)
        row.position = CGPoint(x: 45, y: 15)
        CATransaction.commit()
        XCTAssertEqual(row.animationKeys(), ["pulse", "position"], "the main thread's change animates implicitly")
        XCTAssertEqual(row.presentation()?.superlayer === window.rootLayer.presentation(), true)
    }

    func testATreeBuiltWithoutATransactionIsCommittedByTheMainActorThatAddsIt() async {
        let window = WindowStandIn()
        defer { window.close() }
        let badge = await makeFadingBadge()
        window.rootLayer.addSublayer(badge)
        CATransaction.flush()
        XCTAssertEqual(badge.presentation()?.position, CGPoint(x: 20, y: 20), "committed by the main thread")
        window.advance(by: 1)
        // Linear from 0 to 1 over 2 s, begun at the main thread's commit: halfway.
        XCTAssertEqual(Double(badge.presentation()?.opacity ?? -1), 0.5, accuracy: 1e-6)
        window.advance(by: 2)
        XCTAssertNil(badge.animationKeys(), "the main thread ran the animation to its end")
    }

    func testADetachedTaskRendersAThumbnail() async throws {
        let thumbnail = await Task.detached { () -> CGImage? in
            CATransaction.begin()
            defer { CATransaction.commit() }
            let card = CALayer()
            card.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
            card.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            let badge = makeBadge(diameter: 10)
            badge.position = CGPoint(x: 30, y: 10)
            card.addSublayer(badge)
            return makeThumbnail(of: card, width: 40, height: 20)
        }.value
        let image = try XCTUnwrap(thumbnail)
        XCTAssertEqual(image.width, 40)
        XCTAssertEqual(image.height, 20)
        let ctx = try XCTUnwrap(
            CGContext(
                data: nil, width: 40, height: 20, bitsPerComponent: 8, bytesPerRow: 160,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: 40, height: 20))
        let bytes = try XCTUnwrap(ctx.data).assumingMemoryBound(to: UInt8.self)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { (0..<4).map { bytes[y * 160 + x * 4 + $0] } }
        XCTAssertEqual(pixel(10, 10), [0, 0, 255, 255], "the card")
        XCTAssertEqual(pixel(30, 10), [255, 0, 0, 255], "the badge")
    }

    func testADetachedTaskAddsAnimationsToItsOwnLayers() async {
        let keys = await Task.detached { () -> [String] in
            CATransaction.begin()
            defer { CATransaction.commit() }
            let layer = makeBadge()
            layer.add(makeShake(), forKey: "shake")
            layer.add(CASpringAnimation.bounce("position.y", to: 40), forKey: "bounce")
            return layer.animationKeys() ?? []
        }.value
        XCTAssertEqual(keys, ["shake", "bounce"])
    }

    func testABackgroundThreadCommitsItsOwnTransaction() async {
        let window = WindowStandIn()
        defer { window.close() }
        let completed = expectation(description: "completion block on the main thread")
        let badge: CALayer = await withCheckedContinuation { continuation in
            Thread {
                CATransaction.begin()
                CATransaction.setCompletionBlock {
                    XCTAssertTrue(Thread.isMainThread)
                    completed.fulfill()
                }
                let badge = makeBadge()
                badge.position = CGPoint(x: 40, y: 40)
                badge.opacity = 0.5
                CATransaction.commit()
                continuation.resume(returning: badge)
            }.start()
        }
        await fulfillment(of: [completed], timeout: 10)
        XCTAssertEqual(badge.presentation()?.position, CGPoint(x: 40, y: 40))
        XCTAssertEqual(badge.presentation()?.opacity, 0.5)
    }

    func testTransactionValuesAreKeptPerThread() async {
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setDisableActions(true)
        // Threads read the defaults, then their own values, while the main thread's
        // transaction stays open and it reads its own: all at the same time.
        let threads = 3, rounds = 100
        let readings = ThreadOutcomes(count: threads, initial: Set<[TransactionReading]>())
        let crew = ThreadCrew()
        for thread in 0..<threads {
            crew.add("values \(thread)") {
                var seen = Set<[TransactionReading]>()
                for _ in 0..<rounds {
                    let before = TransactionReading(duration: CATransaction.animationDuration(), disablesActions: CATransaction.disableActions())
                    CATransaction.begin()
                    CATransaction.setAnimationDuration(7 + Double(thread))
                    let own = TransactionReading(duration: CATransaction.animationDuration(), disablesActions: CATransaction.disableActions())
                    CATransaction.commit()
                    seen.insert([before, own])
                }
                readings.set(thread, seen)
            }
        }
        crew.start()
        var main = Set<TransactionReading>()
        repeat {
            main.insert(TransactionReading(duration: CATransaction.animationDuration(), disablesActions: CATransaction.disableActions()))
        } while !crew.isFinished
        CATransaction.commit()
        XCTAssertEqual(readings.all, (0..<threads).map { thread in
            [[TransactionReading(duration: 0.25, disablesActions: false), TransactionReading(duration: 7 + Double(thread), disablesActions: false)]]
        })
        XCTAssertEqual(main, [TransactionReading(duration: 2, disablesActions: true)])
    }

    func testAThreadsChangesAreCommittedOnlyByThatThread() async {
        // Threads keep transactions of their own open while the main thread flushes over and
        // over: each layer shows its thread's change once that thread commits, never before.
        let threads = 3, rounds = 100
        let seed = stressSeed(0xA991_0001)
        let mismatches = ThreadOutcomes(count: threads, initial: -1)
        let crew = ThreadCrew()
        for thread in 0..<threads {
            crew.add("own commits \(thread)") {
                var random = SplitMix64(seed: seed &+ UInt64(thread))
                let layer = CALayer()
                var shown = CGPoint(x: -1, y: -1)
                CATransaction.begin()
                layer.position = shown
                CATransaction.commit()
                var wrong = 0
                for _ in 0..<rounds {
                    let next = CGPoint(x: random.int(1000), y: random.int(1000))
                    CATransaction.begin()
                    layer.position = next
                    for _ in 0...random.int(20) where layer.presentation()?.position != shown { wrong += 1 }
                    CATransaction.commit()
                    shown = next
                    if layer.presentation()?.position != shown { wrong += 1 }
                }
                mismatches.set(thread, wrong)
            }
        }
        crew.start()
        while !crew.isFinished { CATransaction.flush() }
        XCTAssertEqual(mismatches.all, Array(repeating: 0, count: threads))
    }
}
