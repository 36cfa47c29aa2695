import Lamina

/// An application delegate that records what it heard of reconnecting, in order.
@MainActor
final class ReconnectionLog: ApplicationDelegate {
    /// "will: <error>", "did" and "failed", in the order heard.
    var events: [String] = []
    /// The error that ended the connection, as `applicationWillReconnect` heard it last.
    var breakError: LaminaError?
    /// Called when the application hears the connection closed, in that turn.
    var onWillReconnect: (() -> Void)?

    /// Makes `application` reconnect (within `timeout` seconds) and tell this log.
    init(_ application: Application, timeout: Double = 10) {
        application.reconnectsToCompositor = true
        application.reconnectionTimeout = timeout
        application.delegate = self
    }

    func applicationWillReconnect(_ application: Application, after error: LaminaError) {
        events.append("will: \(error)")
        breakError = error
        onWillReconnect?()
    }
    func applicationDidReconnect(_ application: Application) { events.append("did") }
    func application(_ application: Application, didFailToReconnectWith error: LaminaError) {
        events.append("failed")
    }
}
