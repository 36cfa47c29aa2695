/// The methods an application's delegate implements to hear about the application's
/// connection to the compositor. Every method has a default implementation that does nothing.
@MainActor
public protocol ApplicationDelegate: AnyObject {
    /// The compositor went away and the application waits for one to come back on the same
    /// socket (``Application/reconnectsToCompositor``). Windows and their layer trees are
    /// kept; popups were dismissed and input was reset. `error` says how the connection ended.
    func applicationWillReconnect(_ application: Application, after error: LaminaError)
    /// A compositor came back: every open window was shown on it again.
    func applicationDidReconnect(_ application: Application)
    /// No compositor came back within ``Application/reconnectionTimeout``: the application
    /// closes next, and ``Application/run()`` throws `error` (``Application/onFatalError`` hears
    /// it after this method).
    func application(_ application: Application, didFailToReconnectWith error: LaminaError)
}

extension ApplicationDelegate {
    public func applicationWillReconnect(_ application: Application, after error: LaminaError) {}
    public func applicationDidReconnect(_ application: Application) {}
    public func application(_ application: Application, didFailToReconnectWith error: LaminaError) {}
}
