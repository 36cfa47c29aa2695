import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import QuartzCore
import TestSupport
import XCTest

/// An application that opted into reconnecting outlives its compositor: a real headless
/// compositor killed with `SIGKILL` and started again on the same socket shows the same
/// window, with its tree, its animations at the time they reached, and input routed again.
@MainActor
final class ReconnectionEndToEndTests: XCTestCase {
    /// What the application's delegate heard, in order.
    @MainActor
    private final class DelegateLog: ApplicationDelegate {
        var events: [String] = []
        var failure: LaminaError?
        func applicationWillReconnect(_ application: Application, after error: LaminaError) {
            events.append("will")
        }
        func applicationDidReconnect(_ application: Application) { events.append("did") }
        func application(_ application: Application, didFailToReconnectWith error: LaminaError) {
            events.append("failed")
            failure = error
        }
    }

    /// A window on `compositor` showing a static scene (a red and a blue layer, and a layer
    /// whose animation is paused at a known time) and a green layer moving right at 10 points
    /// a second from x = 0 since `movingSince`.
    @MainActor
    private struct Scene {
        let application: Application
        let window: Window
        let log: DelegateLog
        let movingSince: Double
        var fatalErrors: [LaminaError] { fatalErrorBox.errors }
        let fatalErrorBox: FatalErrors
    }

    /// Counts the frames `window` shows after its application's first reconnection, and
    /// when the first one was shown.
    @MainActor
    private final class FramesAfterReconnecting {
        private(set) var count = 0
        private(set) var firstTime: Double?

        init(_ window: Window, of application: Application) {
            window.onFrameDisplayed = { [weak self, weak application] _ in
                guard let self, application?.reconnectionCount == 1 else { return }
                if firstTime == nil { firstTime = CACurrentMediaTime() }
                count += 1
            }
        }
    }

    @MainActor
    private final class FatalErrors {
        var errors: [LaminaError] = []
    }

    private func openScene(on compositor: HeadlessCompositor, timeout: Double = 20) async throws -> Scene {
        let application = try Application(socket: compositor.socketPath)
        application.reconnectsToCompositor = true
        application.reconnectionTimeout = timeout
        let log = DelegateLog()
        application.delegate = log
        let fatalErrors = FatalErrors()
        application.onFatalError = { fatalErrors.errors.append($0) }
        addTeardownBlock { @MainActor in
            application.close()
            compositor.stop()
        }
        let window = try Window(
            application: application, title: "reconnecting", appID: "org.lamina.reconnection",
            preferredSize: CGSize(width: 1100, height: 660))
        window.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let red = CALayer()
        red.name = "red"
        red.frame = CGRect(x: 100, y: 100, width: 300, height: 200)
        red.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        red.cornerRadius = 24
        let blue = CALayer()
        blue.name = "blue"
        blue.frame = CGRect(x: 500, y: 120, width: 200, height: 300)
        blue.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        blue.borderWidth = 6
        blue.borderColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
        // Paused half way through a turn: the same picture at every frame.
        let paused = CALayer()
        paused.frame = CGRect(x: 850, y: 150, width: 160, height: 160)
        paused.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        paused.speed = 0
        paused.timeOffset = 0.5
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0
        turn.toValue = Double.pi / 2
        turn.duration = 4
        paused.add(turn, forKey: "turn")
        for layer in [red, blue, paused] { window.rootLayer.addSublayer(layer) }
        CATransaction.commit()
        try await window.settled(timeout: 30, where: { $0.isSizeFromCompositor || compositor.kind == .weston })
        // Added once settled: a window does not settle while an animation runs.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let moving = CALayer()
        moving.frame = CGRect(x: 0, y: 600, width: 20, height: 20)
        moving.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        let movingSince = CACurrentMediaTime()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 10
        move.toValue = 1010
        move.duration = 100
        move.beginTime = movingSince
        moving.add(move, forKey: "move")
        window.rootLayer.addSublayer(moving)
        CATransaction.commit()
        let callbacks = window.statistics.frameCallbacks
        try await waitFor("the moving layer was shown") { window.statistics.frameCallbacks >= callbacks + 2 }
        return Scene(
            application: application, window: window, log: log, movingSince: movingSince, fatalErrorBox: fatalErrors)
    }

    /// Where the window is in a screenshot: its top-left pixel, its size in pixels, and how
    /// many rows below its top its content starts (below the title bar Lamina draws where the
    /// compositor draws none).
    private struct WindowInScreenshot: Equatable {
        let x: Int, y: Int, width: Int, height: Int, contentTop: Int

        /// sway tiles the window over the whole output.
        static func wholeOutput(_ image: CGImage) -> WindowInScreenshot {
            WindowInScreenshot(x: 0, y: 0, width: image.width, height: image.height, contentTop: 0)
        }
    }

    /// The window in a screenshot of weston, which places windows where it likes: its corner
    /// is where Lamina's title bar begins, in the colour of a window that is not active
    /// (headless weston has no seat, so none ever is).
    private func windowOnWeston(_ window: Window, in image: CGImage) throws -> WindowInScreenshot {
        let corner = try XCTUnwrap(firstRun(of: (246, 246, 246), length: 300, in: image), "the window's title bar is in the screenshot")
        return WindowInScreenshot(
            x: corner.x, y: corner.y, width: Int(window.size.width), height: Int(window.size.height),
            contentTop: Int(window.contentOrigin.y))
    }

    /// The left edge of the green moving layer in the window content's row 610, if it is there.
    private func greenLeftEdge(in image: CGImage, _ window: WindowInScreenshot) -> Int? {
        (0..<window.width).first { x in
            let pixel = rgba(image, window.x + x, window.y + window.contentTop + 610)
            return pixel.count == 4 && pixel[1] > 200 && pixel[0] < 60 && pixel[2] < 60
        }
    }

    /// Pixels of the window that differ between `a` and `b` (window coordinates), outside
    /// the content rows the moving layer crosses.
    private func differingPixels(
        _ a: CGImage, _ inA: WindowInScreenshot, _ b: CGImage, _ inB: WindowInScreenshot
    ) -> [(Int, Int)] {
        var differing: [(Int, Int)] = []
        for y in 0..<min(inA.height, inB.height) where !(590..<640).contains(y - inA.contentTop) {
            for x in 0..<min(inA.width, inB.width) where rgba(a, inA.x + x, inA.y + y) != rgba(b, inB.x + x, inB.y + y) {
                differing.append((x, y))
                if differing.count > 20 { return differing }
            }
        }
        return differing
    }

    /// Checks the screenshot after reconnecting against the one before: the same static
    /// scene and paused animation, and the moving layer where 10 points a second since it
    /// began put it (position is its centre: left edge = 10 × elapsed), give or take a frame,
    /// for a screenshot taken between `start` and `end`.
    private func assertSameScene(
        before: CGImage, _ inBefore: WindowInScreenshot, after: CGImage, _ inAfter: WindowInScreenshot,
        takenBetween start: Double, and end: Double, movingSince: Double, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(
            differingPixels(before, inBefore, after, inAfter).map { "\($0)" }, [],
            "the static scene and the paused animation look the same", file: file, line: line)
        let edge = try XCTUnwrap(greenLeftEdge(in: after, inAfter), "the moving layer is shown", file: file, line: line)
        let earliest = 10 * (start - movingSince) - 2, latest = 10 * (end - movingSince) + 2
        XCTAssertTrue(
            Double(edge) >= earliest && Double(edge) <= latest, "the moving layer's left edge \(edge) is in \(earliest)...\(latest)",
            file: file, line: line)
    }

    /// Kills `compositor` and starts it again; returns when the new one accepted a
    /// connection (monotonic seconds) once the application heard the connection close.
    private func restart(_ compositor: HeadlessCompositor, scene: Scene) async throws -> Double {
        let reconnections = scene.application.reconnectionCount
        compositor.kill()
        try await waitFor("the application noticed the compositor went away") {
            scene.application.isReconnecting || scene.application.reconnectionCount > reconnections
        }
        let ready = try await Task.detached { try compositor.start() }.value
        try await waitFor("the application reconnected") { scene.application.reconnectionCount > reconnections }
        return ready
    }

    func testAWindowComesBackOnARestartedSwayWithItsSceneAnimationsAndInput() async throws {
        let sway = try HeadlessCompositor.start(.sway)
        let scene = try await openScene(on: sway)
        let window = scene.window
        var hits: [String] = []
        window.onPointerEvent = { event in
            switch event.kind {
            case .pressed: hits.append("pressed \(event.layer?.name ?? "none")")
            case .released: hits.append("released \(event.layer?.name ?? "none")")
            case .exited: hits.append("exited")
            default: break
            }
        }
        // Before any pointer exists: sway draws its cursor into screenshots.
        let before = try sway.screenshot()
        // A button held on the red layer when the compositor dies is released by the reset.
        let pointer = try VirtualPointer(compositor: sway)
        try await movePointer(pointer, toX: 200, y: 200, reachingOneOf: [window])
        try pointer.button(pressed: true)
        try await waitFor("the press arrived") { hits.contains("pressed red") }

        let shown = FramesAfterReconnecting(window, of: scene.application)
        let socketReady = try await restart(sway, scene: scene)
        XCTAssertEqual(Array(hits.suffix(2)), ["released red", "exited"], "the held button was released, the pointer left")
        try await waitFor("frames at the compositor's size were shown after reconnecting") {
            window.isSizeFromCompositor && shown.count >= 3
        }
        let latency = (shown.firstTime ?? 0) - socketReady
        print("reconnection on sway: \(Int((latency * 1000).rounded())) ms from the new socket to the first frame shown")

        let start = CACurrentMediaTime()
        let after = try sway.screenshot()
        let end = CACurrentMediaTime()
        // The moving layer continued from where it was.
        try assertSameScene(
            before: before, .wholeOutput(before), after: after, .wholeOutput(after), takenBetween: start, and: end,
            movingSince: scene.movingSince)

        // Input is routed again, through a pointer of the new compositor.
        let newPointer = try VirtualPointer(compositor: sway)
        try await movePointer(newPointer, toX: 600, y: 250, reachingOneOf: [window])
        try newPointer.click(atX: 600, y: 250)
        try await waitFor("the click reached the blue layer") { hits.contains("released blue") }
        XCTAssertEqual(scene.log.events, ["will", "did"])
        XCTAssertEqual(scene.fatalErrors, [])
        XCTAssertEqual(window.title, "reconnecting")
    }

    func testAWindowComesBackOnARestartedWestonWithItsSceneAndAnimations() async throws {
        let weston = try HeadlessCompositor.start(.weston, screenshots: true)
        let scene = try await openScene(on: weston)
        let window = scene.window
        let sizeBefore = window.size
        let before = try weston.screenshot()
        let inBefore = try windowOnWeston(window, in: before)
        let shown = FramesAfterReconnecting(window, of: scene.application)
        let socketReady = try await restart(weston, scene: scene)
        // weston presents every frame: the moving layer keeps them coming.
        try await waitFor("frames were shown after reconnecting") { shown.count >= 3 }
        let latency = (shown.firstTime ?? 0) - socketReady
        print("reconnection on weston: \(Int((latency * 1000).rounded())) ms from the new socket to the first frame shown")
        XCTAssertEqual(window.size, sizeBefore, "the window kept its size (weston leaves it to the client)")

        let start = CACurrentMediaTime()
        let after = try weston.screenshot()
        let end = CACurrentMediaTime()
        let inAfter = try windowOnWeston(window, in: after)
        print("weston placed the window at (\(inBefore.x), \(inBefore.y)) before the restart, at (\(inAfter.x), \(inAfter.y)) after")
        try assertSameScene(
            before: before, inBefore, after: after, inAfter, takenBetween: start, and: end, movingSince: scene.movingSince)
        XCTAssertGreaterThan(window.statistics.presentedFrames, 0, "weston presented frames")
        XCTAssertEqual(scene.log.events, ["will", "did"])
        XCTAssertEqual(scene.fatalErrors, [])
    }

    func testAWindowOpenedWhileTheCompositorIsAwayIsShownWhenItComesBack() async throws {
        let sway = try HeadlessCompositor.start(.sway)
        let scene = try await openScene(on: sway)
        sway.kill()
        try await waitFor("the application noticed the compositor went away") { scene.application.isReconnecting }

        // Opened between compositors: nothing to show it on yet.
        let late = try Window(
            application: scene.application, title: "opened while away", appID: "org.lamina.reconnection.late",
            preferredSize: CGSize(width: 400, height: 300))
        late.backgroundColor = CGColor(red: 1, green: 0, blue: 1, alpha: 1)
        XCTAssertTrue(scene.application.isReconnecting)

        _ = try await Task.detached { try sway.start() }.value
        try await waitFor("the application reconnected") { scene.application.reconnectionCount == 1 }
        let callbacks = late.statistics.frameCallbacks
        try await waitFor("the late window shows frames at the compositor's size") {
            late.isSizeFromCompositor && late.statistics.frameCallbacks >= callbacks + 2
        }
        try await late.settled(timeout: 10)
        // sway tiles both windows side by side: the late one's magenta reaches the screen once
        // sway has applied the new layout, which waits for both windows' commits at their new
        // sizes — a little after the late window has settled.
        var magenta = 0
        try await waitFor("the late window's magenta is on screen", timeout: 10) {
            magenta = (try? Self.magentaSamples(in: sway.screenshot())) ?? 0
            return magenta > 1000
        }
        XCTAssertGreaterThan(magenta, 1000, "the window opened while the compositor was away is on screen")
        XCTAssertEqual(scene.log.events, ["will", "did"])
        XCTAssertEqual(scene.fatalErrors, [])
        XCTAssertEqual(late.title, "opened while away")
    }

    /// The number of magenta pixels in every fourth row and column of `image`.
    private static func magentaSamples(in image: CGImage) throws -> Int {
        let pixels = try XCTUnwrap(image.dataProvider?.data as Data?)
        var magenta = 0
        for y in stride(from: 0, to: image.height, by: 4) {
            for x in stride(from: 0, to: image.width, by: 4) {
                let i = y * image.bytesPerRow + x * 4
                // BGRA or RGBA: magenta has red and blue full and no green either way.
                if pixels[i] > 240, pixels[i + 1] < 15, pixels[i + 2] > 240 { magenta += 1 }
            }
        }
        return magenta
    }

    func testACompositorStoppedForFiveSecondsNeitherStallsTheMainThreadNorBreaksTheConnection() async throws {
        let sway = try HeadlessCompositor.start(.sway)
        let scene = try await openScene(on: sway)
        let window = scene.window
        let ticker = CALayer()
        ticker.frame = CGRect(x: 20, y: 20, width: 10, height: 10)
        ticker.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        window.rootLayer.addSublayer(ticker)
        // A timer every 10 ms that changes the tree (the window keeps committing updates)
        // and records how late each tick came after the one before.
        let timer = MainQueueTicker()
        defer { timer.stop() }
        timer.onTick = { ticks in ticker.position.x = CGFloat(20 + ticks % 200) }
        // The same five seconds with the compositor running: the machine's own lateness.
        try await Task.sleep(nanoseconds: 300_000_000)
        timer.resetLateness()
        try await Task.sleep(nanoseconds: 5_000_000_000)
        let runningWorst = timer.worstLateness
        let ticksBefore = timer.ticks
        timer.resetLateness()
        sway.setSuspended(true)
        try await Task.sleep(nanoseconds: 5_000_000_000)
        let ticksWhileStopped = timer.ticks - ticksBefore
        let stoppedWorst = timer.worstLateness
        sway.setSuspended(false)
        let callbacks = window.statistics.frameCallbacks
        try await waitFor("frames are shown again") { window.statistics.frameCallbacks > callbacks + 2 }
        print("while sway was stopped 5 s: \(ticksWhileStopped) timer ticks of 10 ms, the latest \(Int((stoppedWorst * 1000).rounded())) ms late (5 s with sway running: the latest \(Int((runningWorst * 1000).rounded())) ms late)")
        XCTAssertGreaterThan(ticksWhileStopped, 250, "the timer kept running")
        XCTAssertEqual(scene.application.reconnectionCount, 0, "the connection held")
        XCTAssertEqual(scene.log.events, [])
        XCTAssertEqual(scene.fatalErrors, [])
    }
}
