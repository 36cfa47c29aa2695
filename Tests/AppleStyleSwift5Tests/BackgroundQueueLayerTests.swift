import Foundation
import QuartzCore
import TestSupport
import XCTest

// Layers and transactions on background queues, in the Swift 5 style of many apps: a
// controller whose closures reach its layers through `self`, explicit transactions on the
// background thread, results handed back with DispatchQueue.main.async.

class ChartController {
    let chartLayer = CALayer()
    var pendingBars: CALayer?
    var completionRanOnMainThread = false
    let renderQueue = DispatchQueue(label: "chart.render")

    init() {
        chartLayer.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
    }

    /// Builds the bars on a background queue and installs them on the main queue.
    func reload(values: [CGFloat], completion: @escaping () -> Void) {
        DispatchQueue.global().async {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let bars = CALayer()
            bars.frame = self.chartLayer.bounds
            for (index, value) in values.enumerated() {
                let bar = CALayer()
                bar.frame = CGRect(x: CGFloat(index) * 25, y: 50 - value, width: 20, height: value)
                bar.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                bars.addSublayer(bar)
            }
            CATransaction.commit()
            self.pendingBars = bars
            DispatchQueue.main.async {
                self.installPendingBars()
                completion()
            }
        }
    }

    func installPendingBars() {
        guard let bars = pendingBars else { return }
        chartLayer.sublayers?.forEach { $0.removeFromSuperlayer() }
        chartLayer.addSublayer(bars)
        pendingBars = nil
    }

    /// Moves the chart from a background queue, in a transaction whose completion block
    /// comes back to the main thread.
    func moveInBackground(to position: CGPoint, completion: @escaping () -> Void) {
        DispatchQueue.global().async {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            CATransaction.setCompletionBlock {
                self.completionRanOnMainThread = Thread.isMainThread
                completion()
            }
            self.chartLayer.position = position
            CATransaction.commit()
        }
    }

    /// Renders the chart on a serial queue and hands the image to the main queue.
    func renderThumbnail(width: Int, height: Int, completion: @escaping (CGImage?) -> Void) {
        renderQueue.async {
            let colorSpace = CGColorSpaceCreateDeviceRGB()
            guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                          space: colorSpace, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else {
                DispatchQueue.main.async { completion(nil) }
                return
            }
            context.translateBy(x: 0, y: CGFloat(height))
            context.scaleBy(x: 1, y: -1)
            self.chartLayer.render(in: context)
            let image = context.makeImage()
            DispatchQueue.main.async {
                completion(image)
            }
        }
    }
}

class BackgroundQueueLayerTests: XCTestCase {
    var window: WindowStandIn!

    override func setUp() {
        super.setUp()
        window = WindowStandIn()
    }

    override func tearDown() {
        window.close()
        window = nil
        super.tearDown()
    }

    func testBarsBuiltOnABackgroundQueueAreInstalledOnTheMainQueue() {
        let controller = ChartController()
        let installed = expectation(description: "installed")
        controller.reload(values: [10, 20, 30, 40]) {
            XCTAssertTrue(Thread.isMainThread)
            installed.fulfill()
        }
        wait(for: [installed], timeout: 10)
        let bars = controller.chartLayer.sublayers?.first
        XCTAssertEqual(bars?.sublayers?.map { $0.frame.height }, [10, 20, 30, 40])
        XCTAssertEqual(bars?.sublayers?.map { $0.frame.minY }, [40, 30, 20, 10])
        XCTAssertEqual(bars?.presentation()?.sublayers?.count, 4, "committed on the background queue")
    }

    func testABackgroundTransactionsCompletionBlockRunsOnTheMainThread() {
        let controller = ChartController()
        CATransaction.begin()
        window.rootLayer.addSublayer(controller.chartLayer)
        CATransaction.commit()
        let done = expectation(description: "completion block")
        controller.moveInBackground(to: CGPoint(x: 80, y: 60)) {
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertTrue(controller.completionRanOnMainThread)
        XCTAssertEqual(controller.chartLayer.position, CGPoint(x: 80, y: 60))
        XCTAssertEqual(controller.chartLayer.presentation()?.position, CGPoint(x: 80, y: 60))
    }

    func testTransactionValuesOfOneThreadAreNotSeenOnAnother() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(3)
        CATransaction.setDisableActions(true)
        // Background blocks read their thread's values while the main thread keeps its
        // transaction open and reads its own, at the same time.
        let group = DispatchGroup()
        let readers = 8
        let seenOnBackground = ThreadOutcomes(count: readers, initial: "")
        for reader in 0..<readers {
            DispatchQueue.global().async(group: group) {
                seenOnBackground.set(reader, "\(CATransaction.animationDuration()) \(CATransaction.disableActions())")
            }
        }
        var seenOnMain: Set<String> = []
        while group.wait(timeout: .now()) == .timedOut {
            seenOnMain.insert("\(CATransaction.animationDuration()) \(CATransaction.disableActions())")
        }
        seenOnMain.insert("\(CATransaction.animationDuration()) \(CATransaction.disableActions())")
        CATransaction.commit()
        XCTAssertEqual(seenOnBackground.all, Array(repeating: "0.25 false", count: readers))
        XCTAssertEqual(seenOnMain, ["3.0 true"])
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
    }

    func testAThumbnailIsRenderedOnASerialQueue() {
        let controller = ChartController()
        controller.chartLayer.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        let bar = CALayer()
        bar.frame = CGRect(x: 50, y: 0, width: 50, height: 25)
        bar.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        controller.chartLayer.addSublayer(bar)
        // The changes are committed before the tree goes to another queue: Lamina's layers,
        // unlike Apple's, have no lock of their own, so one thread at a time uses a tree.
        CATransaction.flush()
        let rendered = expectation(description: "thumbnail")
        var thumbnail: CGImage?
        controller.renderThumbnail(width: 100, height: 50) { image in
            thumbnail = image
            rendered.fulfill()
        }
        wait(for: [rendered], timeout: 10)
        guard let image = thumbnail,
              let context = CGContext(data: nil, width: 100, height: 50, bitsPerComponent: 8, bytesPerRow: 400,
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else {
            return XCTFail("no thumbnail")
        }
        context.draw(image, in: CGRect(x: 0, y: 0, width: 100, height: 50))
        guard let data = context.data else { return XCTFail("no pixels") }
        let bytes = Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt8.self), count: 100 * 50 * 4))
        XCTAssertEqual(bytes.pixel(x: 75, y: 10, width: 100), [255, 0, 0, 255], "the bar, top right")
        XCTAssertEqual(bytes.pixel(x: 25, y: 10, width: 100), [0, 255, 0, 255])
        XCTAssertEqual(bytes.pixel(x: 75, y: 40, width: 100), [0, 255, 0, 255])
    }

    func testConcurrentWorkCountsUnderTheTransactionLock() {
        var count = 0
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<500 {
                CATransaction.lock()
                count += 1
                CATransaction.unlock()
            }
        }
        XCTAssertEqual(count, 4000)
    }
}
