import Foundation
@_exported import HeadlessCompositors
import Lamina

/// How the examples start and end: on the user's display, or in an embedded headless
/// compositor when there is none; with a message and status 1 when something fails, after
/// stopping that compositor so none is left behind. The library never exits on its own: the
/// examples decide here.
@MainActor
public final class ExampleSession {
    /// The example's name: its messages on standard error begin with it.
    public let name: String
    /// The headless compositor the example runs in, when it started one.
    public let embedded: HeadlessCompositor?

    /// Whether `WAYLAND_DISPLAY` names a display.
    public static var hasDisplay: Bool {
        ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"].map { !$0.isEmpty } ?? false
    }

    /// Starts a headless compositor of `kind` when one is given (after printing
    /// `announcement`, when given); nil runs on the user's display. A compositor that cannot
    /// start ends the program with status 1, after a message.
    public init(name: String, embedding kind: HeadlessCompositor.Kind? = nil, announcement: String? = nil) {
        self.name = name
        guard let kind else {
            embedded = nil
            return
        }
        if let announcement { FileHandle.standardError.write(Data("\(name): \(announcement)\n".utf8)) }
        do {
            embedded = try HeadlessCompositor.start(kind)
        } catch {
            FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
            exit(1)
        }
    }

    /// The socket to connect to: the embedded compositor's, or nil for `WAYLAND_DISPLAY`.
    public var socket: String? { embedded?.socketPath }

    /// Connects to the compositor (the embedded one, else `WAYLAND_DISPLAY`'s) and opens the
    /// example's window; either failing ends the program with status 1, after a message.
    public func openWindow(
        title: String, appID: String, preferredSize: CGSize, decorations: Window.Decorations = .automatic
    ) -> (Application, Window) {
        do {
            let application = try Application(socket: socket)
            // With LAMINA_RECONNECT=1 the examples outlive a compositor restart, and say so.
            application.delegate = self
            let window = try Window(
                application: application, title: title, appID: appID, preferredSize: preferredSize,
                decorations: decorations)
            return (application, window)
        } catch {
            fail(error)
        }
    }

    /// Ends the program with `status`, stopping the embedded compositor first.
    public func finish(_ status: Int32) -> Never {
        embedded?.stop()
        exit(status)
    }

    /// Prints `NAME: error` on standard error and ends the program with status 1.
    public func fail(_ error: any Error) -> Never {
        FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
        finish(1)
    }

    /// Runs `application` until it closes (status 0) or its connection fails (status 1: the
    /// default `onFatalError` printed why), serving the main queue meanwhile.
    public func run(_ application: Application) -> Never {
        Task {
            do { try await application.run() } catch { finish(1) }
            finish(0)
        }
        dispatchMain()
    }

    /// Calls `body` once `window` is settled (nothing animates, its last commit is shown) at
    /// a moment `condition` holds; never when the window closes first.
    public func whenSettled(
        _ window: Window, where condition: @escaping @MainActor (Window) -> Bool = { _ in true },
        _ body: @escaping @MainActor () -> Void
    ) {
        Task {
            do { try await window.settled(where: condition) } catch { return }
            body()
        }
    }
}

extension ExampleSession: ApplicationDelegate {
    public func applicationWillReconnect(_ application: Application, after error: LaminaError) {
        FileHandle.standardError.write(Data("\(name): \(error) Waiting for a compositor to come back.\n".utf8))
    }

    public func applicationDidReconnect(_ application: Application) {
        FileHandle.standardError.write(Data("\(name): reconnected; the windows are shown again\n".utf8))
    }
}
