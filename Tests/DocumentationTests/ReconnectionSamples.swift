import Foundation
import Lamina

// The sample of the "Surviving a compositor restart" article. ArticleSampleTests checks that
// its ```swift block appears here verbatim, so it compiles.

/// An app that outlives its compositor and hears about it.
@MainActor
final class ReconnectingApp: ApplicationDelegate {
    var application: Application?

    func start() throws {
        let app = try Application()
        app.reconnectsToCompositor = true            // or LAMINA_RECONNECT=1 in the environment
        app.reconnectionTimeout = 30                 // seconds to wait for a compositor (default 10)
        app.delegate = self                          // hears willReconnect / didReconnect / didFail
        application = app
    }

    func applicationDidReconnect(_ application: Application) {
        print("shown again on the compositor that came back")
    }
}
