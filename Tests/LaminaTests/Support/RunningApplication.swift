import Lamina

/// Runs an application in a task of its own; `outcome` holds how `run()` ended, once it did.
@MainActor
final class RunningApplication {
    var outcome: Result<Void, LaminaError>?

    init(_ application: Application) {
        Task { @MainActor [self] in
            do throws(LaminaError) {
                try await application.run()
                outcome = .success(())
            } catch {
                outcome = .failure(error)
            }
        }
    }
}
