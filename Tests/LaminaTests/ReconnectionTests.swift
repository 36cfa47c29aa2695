import Foundation
import Glibc
import Lamina
import LaminaTesting
import XCTest

/// An application that opted into reconnecting keeps its windows when the compositor closes
/// the connection, and shows them again on the compositor that listens on the same socket;
/// without one in time, or after a protocol error, it fails as an application that did not.
@MainActor
final class ReconnectionTests: XCTestCase {
    /// What the application's delegate heard, in order.
    @MainActor
    private final class DelegateLog: ApplicationDelegate {
        var events: [String] = []
        func applicationWillReconnect(_ application: Application, after error: LaminaError) {
            events.append("will: \(error)")
        }
        func applicationDidReconnect(_ application: Application) { events.append("did") }
        func application(_ application: Application, didFailToReconnectWith error: LaminaError) {
            events.append("failed")
        }
    }

    private func reconnecting(_ scripted: ScriptedWindow, timeout: Double = 10) -> DelegateLog {
        let log = DelegateLog()
        scripted.application.reconnectsToCompositor = true
        scripted.application.reconnectionTimeout = timeout
        scripted.application.delegate = log
        return log
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

    /// Resident memory of this process in bytes.
    private func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return -1 }
        let fields = text.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : -1
    }

    func testTwentyReconnectionsLeaveNoDescriptorBehind() async throws {
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
        // keep anything.
        await reconnect(1)
        let descriptors = descriptorCount(), mappings = sharedMemoryMappings(), resident = residentBytes()
        for number in 2...21 { await reconnect(number) }
        // The render threads of the old connections end and let go of their objects.
        await waitUntil("the old connections' descriptors were closed", timeout: 5) { self.descriptorCount() <= descriptors }
        print("after 20 reconnections: \(descriptorCount() - descriptors) descriptors more, \(sharedMemoryMappings() - mappings) shared-memory mappings more, resident memory \((residentBytes() - resident) / 1024) KiB more")
        XCTAssertEqual(descriptorCount(), descriptors)
        XCTAssertEqual(sharedMemoryMappings(), mappings, "every buffer pool of an old connection was unmapped")
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
