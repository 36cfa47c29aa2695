import Foundation
import Glibc
import Lamina
import LaminaTesting
import TestSupport
import XCTest

/// An application that opted into reconnecting keeps its windows when the compositor closes
/// the connection, and shows them again on the compositor that listens on the same socket;
/// without one in time, or after a protocol error, it fails as an application that did not.
@MainActor
final class ReconnectionTests: XCTestCase {
    private func reconnecting(_ scripted: ScriptedWindow, timeout: Double = 10) -> ReconnectionLog {
        ReconnectionLog(scripted.application, timeout: timeout)
    }

    func testTheWindowIsShownAgainWithItsTitleAppIDAndSizeLimitsOnTheCompositorListeningThere() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let log = reconnecting(scripted)
        let running = RunningApplication(scripted.application)
        scripted.window.appID = "org.lamina.reconnected"
        scripted.window.minimumSize = CGSize(width: 120, height: 80)
        _ = await scripted.compositor.roundtrip()
        scripted.compositor.disconnectClients()
        await waitUntil("the application reconnected") { scripted.application.reconnectionCount == 1 }
        // The scripted compositor still listens: the window's new surface gets a configure and
        // answers it with a frame of the whole tree.
        let drawn = await scripted.compositor.waitUntil { $0.frames.count == 2 }
        XCTAssertTrue(drawn, "a frame was committed on the new connection")
        let state = scripted.compositor.state
        XCTAssertEqual(state.titles, ["scripted", "scripted"])
        XCTAssertEqual(state.appIDs, ["org.lamina.app", "org.lamina.reconnected", "org.lamina.reconnected"])
        XCTAssertEqual(state.frames.last?.bufferSize?.width, 320)
        XCTAssertEqual(state.frames.last?.bufferSize?.height, 200)
        XCTAssertEqual(log.events.count, 2)
        XCTAssertTrue(log.events.first?.hasPrefix("will: the connection to the Wayland compositor was lost") ?? false, "\(log.events)")
        XCTAssertEqual(log.events.last, "did")
        XCTAssertNil(running.outcome, "run() goes on")
        XCTAssertEqual(scripted.fatalErrors, [])
        XCTAssertFalse(scripted.application.isReconnecting)
    }

    func testNoCompositorWithinTheTimeoutEndsRunWithAnErrorNamingTheSocket() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let log = reconnecting(scripted, timeout: 0.3)
        let running = RunningApplication(scripted.application)
        _ = await scripted.compositor.roundtrip()
        let socket = scripted.compositor.socketPath
        scripted.compositor.stop()
        await waitUntil("run() ended") { running.outcome != nil }
        guard case .failure(.connectionLost(let message)) = running.outcome else {
            return XCTFail("expected connectionLost, got \(String(describing: running.outcome))")
        }
        XCTAssertTrue(message.hasPrefix("the Wayland compositor went away and none came back at '\(socket)' within 0.3 s"), message)
        XCTAssertEqual(log.events.count, 2)
        XCTAssertEqual(log.events.last, "failed")
        XCTAssertEqual(scripted.fatalErrors, [.connectionLost(message)], "the fatal-error handler heard it once")
        XCTAssertTrue(scripted.window.isClosed || scripted.application.reconnectionCount == 0)
    }

    func testACompositorThatTakesTheConnectionButNeverAnswersNeitherStallsTheMainThreadNorKeepsTheApplicationWaiting() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let log = reconnecting(scripted, timeout: 2.5)
        let running = RunningApplication(scripted.application)
        _ = await scripted.compositor.roundtrip()
        let socket = scripted.compositor.socketPath
        let ticker = MainQueueTicker()
        defer { ticker.stop() }
        let broken = CACurrentMediaTime()
        scripted.compositor.stop()
        // In its place, a socket that takes every try's connection and never answers.
        let silent = try SilentCompositorSocket(path: socket)
        defer { silent.close() }
        ticker.resetLateness()
        await waitUntil("run() ended") { running.outcome != nil }
        let waited = CACurrentMediaTime() - broken
        let worst = ticker.worstLateness
        print("reconnecting to a compositor that never answers: a 10 ms main-queue timer at most \(Int((worst * 1000).rounded())) ms late over \(ticker.ticks) ticks; gave up after \(Int((waited * 1000).rounded())) ms")
        // Each try waits a second for an answer; the main thread must not wait with it. The
        // bound leaves room for a loaded machine, far below the second a blocking try costs.
        XCTAssertLessThan(worst, 0.25, "the main thread's timer kept firing")
        // The expected text: the message the application documents for giving up
        // (reconnectionTimeout), with the last try's reason.
        let expected = "the Wayland compositor went away and none came back at '\(socket)' within 2.5 s (last try: the compositor at '\(socket)' accepted the connection but did not answer within 1.0 s)"
        guard case .failure(let error) = running.outcome else {
            return XCTFail("expected run() to throw, got \(String(describing: running.outcome))")
        }
        XCTAssertEqual(error, .connectionLost(expected))
        XCTAssertGreaterThanOrEqual(waited, 2.5, "it gave up only once the reconnection timeout passed")
        XCTAssertEqual(log.events.count, 2)
        XCTAssertEqual(log.events.last, "failed")
        XCTAssertEqual(scripted.fatalErrors, [.connectionLost(expected)])
    }

    func testAProtocolErrorStaysFatalWhenReconnecting() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let log = reconnecting(scripted)
        let running = RunningApplication(scripted.application)
        scripted.compositor.postProtocolError(on: "xdg_wm_base", code: 2, message: "scripted failure")
        await waitUntil("run() ended") { running.outcome != nil }
        guard case .failure(.protocolError(let interface, _, let code)) = running.outcome else {
            return XCTFail("expected a protocol error, got \(String(describing: running.outcome))")
        }
        XCTAssertEqual(interface, "xdg_wm_base")
        XCTAssertEqual(code, 2)
        XCTAssertEqual(log.events, [], "no reconnection was tried")
    }

    func testTheEnvironmentSwitchTurnsReconnectionOn() throws {
        let compositor = try ScriptedCompositor()
        defer { compositor.stop() }
        let plain = try Application(socket: compositor.socketPath)
        defer { plain.close() }
        XCTAssertFalse(plain.reconnectsToCompositor, "off by default")
        setenv("LAMINA_RECONNECT", "1", 1)
        defer { unsetenv("LAMINA_RECONNECT") }
        let switched = try Application(socket: compositor.socketPath)
        defer { switched.close() }
        XCTAssertTrue(switched.reconnectsToCompositor)
        XCTAssertEqual(switched.reconnectionTimeout, 10)
    }

    /// Open file descriptors of this process.
    private func descriptorCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }

    /// Shared-memory files (buffer pools) mapped into this process.
    private func sharedMemoryMappings() -> Int {
        let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
        return maps.split(separator: "\n").filter { $0.contains("/memfd:") }.count
    }

    /// The windows' buffer pools (the shared-memory files Lamina names `lamina-shm`) this
    /// process still maps or has open, by inode: the window's own and the scripted
    /// compositor's mappings of them. A connection's pools are its own — a new connection's
    /// render server makes new ones — so an inode seen during one connection names that
    /// connection's pool.
    private func heldPools() -> Set<UInt64> {
        var pools = Set<UInt64>()
        let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
        for line in maps.split(separator: "\n") where line.contains("/memfd:lamina-shm") {
            // address, permissions, offset, device, inode, path
            let fields = line.split(separator: " ")
            if fields.count > 4, let inode = UInt64(fields[4]) { pools.insert(inode) }
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
            let path = "/proc/self/fd/\(name)"
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path),
                target.hasPrefix("/memfd:lamina-shm")
            else { continue }
            var info = stat()
            if stat(path, &info) == 0 { pools.insert(UInt64(info.st_ino)) }
        }
        return pools
    }

    /// Resident memory of this process in bytes.
    private func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return -1 }
        let fields = text.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : -1
    }

    func testTwentyReconnectionsLeaveNoDescriptorBehind() async throws {
        // Pools this process holds before the window exists (other tests' windows, not yet
        // let go) are not this window's.
        let foreign = heldPools()
        let scripted = try await ScriptedWindow(test: self)
        _ = reconnecting(scripted)
        scripted.addLayer(CGRect(x: 10, y: 10, width: 100, height: 60), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        func reconnect(_ number: Int) async {
            let frames = scripted.compositor.state.frames.count
            let committed = scripted.window.statistics.committedFrames
            scripted.compositor.disconnectClients()
            await waitUntil("reconnection \(number)") { scripted.application.reconnectionCount == number }
            let drawn = await scripted.compositor.waitUntil { $0.frames.count > frames }
            XCTAssertTrue(drawn, "reconnection \(number) drew a frame")
            await waitUntil("the window heard of the frame") { scripted.window.statistics.committedFrames > committed }
        }
        // The first reconnection loads what is loaded once (caches), the next twenty must not
        // keep anything. The old connection's render thread ends after the new connection
        // drew, so the counts to compare with are taken once it let go of its pools.
        let firstPools = heldPools().subtracting(foreign)
        XCTAssertFalse(firstPools.isEmpty, "the window's buffer pools are seen")
        await reconnect(1)
        await waitUntil("the first connection's pools were let go", timeout: 5) { self.heldPools().isDisjoint(with: firstPools) }
        let descriptors = descriptorCount(), mappings = sharedMemoryMappings(), resident = residentBytes()
        var oldPools = Set<UInt64>()
        for number in 2...21 {
            oldPools.formUnion(heldPools().subtracting(foreign))
            await reconnect(number)
        }
        // The render threads of the old connections end and let go of their objects.
        await waitUntil("the old connections' pools were let go and descriptors closed", timeout: 5) {
            self.heldPools().isDisjoint(with: oldPools) && self.descriptorCount() <= descriptors
        }
        print("after 20 reconnections: \(descriptorCount() - descriptors) descriptors more, \(sharedMemoryMappings() - mappings) shared-memory mappings more, resident memory \((residentBytes() - resident) / 1024) KiB more; \(foreign.count) pools of windows made before this one were held when it began")
        XCTAssertGreaterThanOrEqual(oldPools.count, 20, "each old connection had pools of its own")
        XCTAssertEqual(heldPools().intersection(oldPools), [], "every buffer pool of an old connection was unmapped and closed")
        XCTAssertEqual(descriptorCount(), descriptors)
        XCTAssertEqual(scripted.fatalErrors, [])
    }

    // MARK: - The connection closing at each stage

    func testAFramePendingWhenTheConnectionClosesIsNotWaitedForAfterReconnecting() async throws {
        let scripted = try await ScriptedWindow(test: self)
        _ = reconnecting(scripted)
        XCTAssertTrue(scripted.window.isFramePending, "the first frame's callback is pending")
        scripted.compositor.disconnectClients()
        await waitUntil("the application reconnected") { scripted.application.reconnectionCount == 1 }
        let drawn = await scripted.compositor.waitUntil { $0.frames.count == 2 }
        XCTAssertTrue(drawn, "the new surface's configure was answered with a frame")
        await scripted.completeFrame()
        XCTAssertFalse(scripted.window.isFramePending, "the lost frame's callback is not waited for")
        scripted.addLayer(CGRect(x: 10, y: 10, width: 50, height: 50), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        await scripted.waitForFrames(3, "a change after reconnecting")
        XCTAssertEqual(scripted.fatalErrors, [])
    }

    func testTheConnectionClosingBeforeTheFirstConfigureShowsTheWindowOnceTheNewCompositorConfiguresIt() async throws {
        var configuration = ScriptedCompositor.Configuration()
        configuration.firstConfigure = nil
        let scripted = try await ScriptedWindow(test: self, configuration: configuration, title: "unconfigured", waitsForFirstFrame: false)
        let compositor = scripted.compositor, application = scripted.application
        let log = reconnecting(scripted)
        // The surface's initial commit came; no configure was sent, so none was acknowledged.
        let committed = await compositor.waitUntil { $0.commits.count == 1 }
        XCTAssertTrue(committed, "the initial commit came")
        XCTAssertEqual(compositor.state.acknowledgedConfigures, [])
        compositor.disconnectClients()
        await waitUntil("the application reconnected") { application.reconnectionCount == 1 }
        let recommitted = await compositor.waitUntil { $0.commits.count == 2 }
        XCTAssertTrue(recommitted, "the new surface made its initial commit")
        XCTAssertEqual(compositor.state.frames.count, 0, "nothing is drawn before a configure")
        compositor.configure(width: 400, height: 300)
        let drawn = await compositor.waitUntil { $0.frames.count == 1 }
        XCTAssertTrue(drawn, "the configure on the new connection was answered with a frame")
        let state = compositor.state
        XCTAssertEqual(state.frames.first?.bufferSize?.width, 400)
        XCTAssertEqual(state.frames.first?.bufferSize?.height, 300)
        XCTAssertEqual(state.acknowledgedConfigures.count, 1, "the new surface acknowledged its one configure")
        XCTAssertEqual(state.titles, ["unconfigured", "unconfigured"])
        XCTAssertEqual(log.events.last, "did")
        XCTAssertEqual(scripted.fatalErrors, [])
        XCTAssertFalse(scripted.window.isClosed)
    }

    func testACompositorThatStopsReadingBreaksTheConnectionOnlyPastItsBuffersAndTheApplicationReconnectsWithoutStalling() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let log = reconnecting(scripted)
        let running = RunningApplication(scripted.application)
        _ = await scripted.compositor.roundtrip()
        let ticker = MainQueueTicker()
        defer { ticker.stop() }
        scripted.compositor.setSuspended(true)
        // Each title is one request of about 2 KB.
        let title = String(repeating: "t", count: 2000)
        // A few requests wait in the buffers: the connection holds.
        for number in 0..<10 { scripted.window.title = "\(number) \(title)" }
        await nextTurnOfTheMainQueue()  // the requests were flushed
        XCTAssertFalse(scripted.application.isReconnecting, "20 KB fit in the buffers")
        // Many more do not: past the buffers the connection is broken, never waited on.
        var sent = 10
        let writing = CACurrentMediaTime()
        while !scripted.application.isReconnecting, sent < 5000 {
            scripted.window.title = "\(sent) \(title)"
            sent += 1
            if sent % 10 == 0 { await nextTurnOfTheMainQueue() }
        }
        let wrote = CACurrentMediaTime() - writing
        print("a compositor that stopped reading: the connection broke after \(sent) requests of about 2 KB (\(Int((wrote * 1000).rounded())) ms of writing); the main-queue timer was at most \(Int((ticker.worstLateness * 1000).rounded())) ms late")
        XCTAssertTrue(scripted.application.isReconnecting, "the connection was treated as broken")
        // The message WaylandError gives a connection broken by full buffers.
        XCTAssertEqual(log.events, [
            "will: the connection to the Wayland compositor was lost: the compositor stopped reading, and the requests waiting for it outgrew the connection's buffers.",
        ])
        // The compositor goes on: it takes the new connection waiting in its queue and answers.
        let frames = scripted.compositor.state.frames.count
        scripted.compositor.setSuspended(false)
        await waitUntil("the application reconnected") { scripted.application.reconnectionCount == 1 }
        let drawn = await scripted.compositor.waitUntil { $0.frames.count > frames }
        XCTAssertTrue(drawn, "the window was drawn on the new connection")
        // The old connection is closed: its window does not stay on the compositor that goes on.
        let oneClient = await scripted.compositor.waitUntil { $0.connectedClients == 1 }
        XCTAssertTrue(oneClient, "the old connection was closed: \(scripted.compositor.state.connectedClients) clients")
        XCTAssertLessThan(ticker.worstLateness, 0.25, "the main thread's timer kept firing")
        XCTAssertNil(running.outcome)
        XCTAssertEqual(scripted.fatalErrors, [])
    }

    /// Returns once the main queue ran what was queued on it before this call.
    private func nextTurnOfTheMainQueue() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { continuation.resume() }
        }
    }

    func testAPopupOpenWhenTheConnectionClosesIsDismissed() async throws {
        let scripted = try await ScriptedWindow(test: self)
        _ = reconnecting(scripted)
        let popup = Popup(contentSize: CGSize(width: 80, height: 40))
        var dismissals = 0
        popup.onDismiss = { dismissals += 1 }
        try scripted.window.showPopup(popup, relativeTo: CGRect(x: 0, y: 0, width: 10, height: 10), of: scripted.window.rootLayer)
        let shown = await scripted.compositor.waitUntil { $0.popups.count == 1 }
        XCTAssertTrue(shown, "the popup was shown")
        scripted.compositor.disconnectClients()
        await waitUntil("the application reconnected") { scripted.application.reconnectionCount == 1 }
        XCTAssertEqual(dismissals, 1, "the popup heard it was dismissed")
        XCTAssertFalse(popup.isShown)
        XCTAssertEqual(scripted.compositor.state.popups.count, 1, "it is not shown again on its own")
        // The app may show it again.
        try scripted.window.showPopup(popup, relativeTo: CGRect(x: 0, y: 0, width: 10, height: 10), of: scripted.window.rootLayer)
        let again = await scripted.compositor.waitUntil { $0.popups.count == 2 }
        XCTAssertTrue(again, "the popup was shown again on the new connection")
    }

    func testRequestsMadeInTheTurnOfTheBreakNeverReachTheOldConnectionAndWhatNeedsACompositorFailsWithTheBreaksError() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let log = reconnecting(scripted)
        let window = scripted.window, application = scripted.application
        let old = application.connection
        // A held button: the reset at the break releases it, in the break's turn.
        await scripted.press()
        var outcomes: [String] = []
        /// The errors the requests failed with, to compare with the break's.
        var errors: [LaminaError] = []
        /// "failed with the break" for a connection failure (its error kept), else the error.
        func describe(_ failure: LaminaError?, _ other: any Error) -> String {
            guard let failure else { return "\(other)" }
            errors.append(failure)
            return "failed with the break"
        }
        /// What an app might do from a handler or a timer: rename the window, change its tree
        /// (a frame to commit), start a drag, copy, open a popup.
        func requestEverything(_ moment: String) {
            let dropped = old.requestsDroppedAfterAbandoning
            window.title = moment
            scripted.addLayer(CGRect(x: 10, y: 10, width: 40, height: 30), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            CATransaction.flush()
            // Counted for the whole connection: an old render thread ending may drop its own.
            outcomes.append("\(moment): title \(old.requestsDroppedAfterAbandoning > dropped ? "dropped" : "sent")")
            do {
                _ = try window.beginDraggingSession(items: [.string: Data("dragged".utf8)])
                outcomes.append("\(moment): drag started")
            } catch {
                var failure: LaminaError?
                if case .connectionFailed(let error) = error { failure = error }
                outcomes.append("\(moment): drag \(describe(failure, error))")
            }
            do {
                try application.pasteboard.setString("copied")
                outcomes.append("\(moment): copied")
            } catch {
                var failure: LaminaError?
                if case .connectionFailed(let error) = error { failure = error }
                outcomes.append("\(moment): copy \(describe(failure, error))")
            }
            let popup = Popup(contentSize: CGSize(width: 80, height: 40))
            do {
                try window.showPopup(popup, relativeTo: CGRect(x: 0, y: 0, width: 10, height: 10), of: window.rootLayer)
                outcomes.append("\(moment): popup shown")
            } catch {
                var failure: LaminaError?
                if case .connectionFailed(let error) = error { failure = error }
                outcomes.append("\(moment): popup \(describe(failure, error))")
            }
        }
        window.onPointerEvent = { event in
            if case .released = event.kind { requestEverything("released") }
        }
        log.onWillReconnect = { requestEverything("will reconnect") }
        scripted.compositor.disconnectClients()
        await waitUntil("the application reconnected") { application.reconnectionCount == 1 }
        // The title is asked of the old connection, and dropped there; the tree's change is
        // drawn by no render thread until the new connection is there.
        XCTAssertEqual(outcomes, [
            "released: title dropped",
            "released: drag failed with the break", "released: copy failed with the break", "released: popup failed with the break",
            "will reconnect: title dropped",
            "will reconnect: drag failed with the break", "will reconnect: copy failed with the break",
            "will reconnect: popup failed with the break",
        ])
        let breakError = try XCTUnwrap(log.breakError)
        XCTAssertEqual(errors, Array(repeating: breakError, count: 6))
        XCTAssertTrue(old.isAbandoned)
        // The new connection shows the window as the app left it.
        let drawn = await scripted.compositor.waitUntil { $0.frames.count == 2 }
        XCTAssertTrue(drawn, "the window was drawn on the new connection")
        XCTAssertEqual(scripted.compositor.state.titles, ["scripted", "will reconnect"])
        XCTAssertEqual(scripted.compositor.state.frames.last?.image?.pixel(x: 20, y: 20 + Int(window.contentOrigin.y)), px(0, 0, 255))
        XCTAssertEqual(scripted.compositor.state.popups.count, 0)
        XCTAssertEqual(log.events.last, "did")
        XCTAssertEqual(scripted.fatalErrors, [])
        // And the app goes on: a drag from a press on the new connection starts.
        await scripted.press()
        XCTAssertNoThrow(try window.beginDraggingSession(items: [.string: Data("dragged".utf8)]))
    }

    func testAButtonHeldWhenTheConnectionClosesIsReleasedAndThePointerLeaves() async throws {
        let scripted = try await ScriptedWindow(test: self)
        _ = reconnecting(scripted)
        await scripted.press()
        var events: [String] = []
        scripted.window.onPointerEvent = { event in
            switch event.kind {
            case .released(let button): events.append("released \(button)")
            case .exited: events.append("exited")
            default: events.append("\(event.kind)")
            }
        }
        scripted.compositor.disconnectClients()
        await waitUntil("the application reconnected") { scripted.application.reconnectionCount == 1 }
        XCTAssertEqual(events, ["released 272", "exited"])
    }
}
